import { useState } from 'react';

/**
 * Which of a page's dialogs is open, and for what: one value instead of a boolean or a "target" per dialog,
 * so two dialogs can never be open at once and opening one is a single call.
 *
 *   type Dialogs = { kind: 'create' } | { kind: 'edit'; student: StudentResponse };
 *   const dialogs = useDialogState<Dialogs>();
 *   dialogs.open({ kind: 'edit', student });
 *   <StudentFormDialog open={dialogs.is('edit')} editing={dialogs.of('edit')?.student} … />
 */
export function useDialogState<D extends { kind: string }>(initial: D | null = null) {
  const [dialog, setDialog] = useState<D | null>(initial);
  return {
    dialog,
    open: (next: D) => setDialog(next),
    close: () => setDialog(null),
    is: (kind: D['kind']) => dialog?.kind === kind,
    /** The open dialog's data when it is of this kind, else null. */
    of: <K extends D['kind']>(kind: K) => (dialog?.kind === kind ? (dialog as Extract<D, { kind: K }>) : null),
    /** For a dialog's `onOpenChange`: closing clears the state, opening is done with `open`. */
    onOpenChange: (isOpen: boolean) => {
      if (!isOpen) setDialog(null);
    },
  };
}
