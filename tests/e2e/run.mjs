// Entry point for `npm run test:e2e`: runs the TypeScript journeys through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./run.ts', import.meta.url));
const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
