// Every form's resolver comes from here, so zod's checks without a message of their own say ours (zod-words.ts).
import './zod-words';

export { zodResolver } from '@hookform/resolvers/zod';
