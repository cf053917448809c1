import toast from 'react-hot-toast';
import { ConfirmDialog } from '../ui/confirm-dialog';

interface Target {
  id: string;
  name: string;
  isActive: boolean;
}

interface ToggleActiveDialogProps<T extends Target> {
  /** The person (or class) to deactivate or reactivate; null = closed. */
  target: T | null;
  onClose: () => void;
  /** The deactivate/reactivate mutation's `mutate` (a failure is toasted by the query client). */
  mutate: (variables: { id: string; active: boolean }, options: { onSuccess: () => void }) => void;
  pending: boolean;
  /** What deactivating means for this kind of record, after "They are signed out everywhere…". */
  deactivateNote?: string;
  /** e.g. "student": reactivating counts against the plan's student limit. */
  limitNoun: string;
  /** "Reactivate" by default; the Users page says "Activate". */
  activateLabel?: string;
}

/** Asks before deactivating (signs the account out everywhere) or reactivating (counts against the plan). */
export function ToggleActiveDialog<T extends Target>({
  target,
  onClose,
  mutate,
  pending,
  deactivateNote = 'Their records are kept.',
  limitNoun,
  activateLabel = 'Reactivate',
}: ToggleActiveDialogProps<T>) {
  const deactivating = target?.isActive ?? true;
  const confirm = () => {
    if (!target) return;
    mutate(
      { id: target.id, active: !target.isActive },
      {
        onSuccess: () => {
          toast.success(`${target.name} ${deactivating ? 'deactivated' : `${activateLabel.toLowerCase()}d`}`);
          onClose();
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`${deactivating ? 'Deactivate' : activateLabel} ${target?.name ?? ''}?`}
      description={
        deactivating
          ? `They are signed out everywhere and cannot sign in until ${activateLabel.toLowerCase()}d. ${deactivateNote}`
          : `They can sign in again. This counts against the plan’s ${limitNoun} limit.`
      }
      confirmLabel={deactivating ? 'Deactivate' : activateLabel}
      tone={deactivating ? 'danger' : 'primary'}
      pending={pending}
      onConfirm={confirm}
    />
  );
}
