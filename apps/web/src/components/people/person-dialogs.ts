import type { CreatedAccount } from './account-created-dialog';

/** The dialogs of a people list page, for `useDialogState`: one open at a time, with what it is about. */
export type PersonDialog<T> =
  | { kind: 'create' }
  | { kind: 'import' }
  | { kind: 'edit'; person: T }
  | { kind: 'toggle'; person: T }
  | { kind: 'created'; accounts: CreatedAccount[] };
