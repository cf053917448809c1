import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../lib/i18n/i18n';
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
  /** The deactivate/reactivate mutation's `mutate` (a refusal is shown inside the dialog by `ConfirmDialog`). */
  mutate: (variables: { id: string; active: boolean }, options: { onSuccess: () => void }) => void;
  pending: boolean;
  /** What deactivating means for this kind of record, after "They are signed out everywhere…" (translated). */
  deactivateNote?: string;
  /** The plan limit reactivating counts against, as it reads in "the plan’s {limit} limit" (translated). */
  limitNoun: string;
  /** "reactivate" by default; the Users page says "activate". */
  mode?: 'reactivate' | 'activate';
  /** The way forward under a refusal (see `ConfirmDialog`), e.g. to a teacher's timetable. */
  afterRefusal?: (error: unknown) => ReactNode;
}

/** Asks before deactivating (signs the account out everywhere) or reactivating (counts against the plan). */
export function ToggleActiveDialog<T extends Target>({
  target,
  onClose,
  mutate,
  pending,
  deactivateNote,
  limitNoun,
  mode = 'reactivate',
  afterRefusal,
}: ToggleActiveDialogProps<T>) {
  const { t } = useT('people');
  const deactivating = target?.isActive ?? true;
  const action = deactivating ? 'deactivate' : mode;
  const name = target?.name ?? '';
  const confirm = () => {
    if (!target) return;
    mutate(
      { id: target.id, active: !target.isActive },
      {
        onSuccess: () => {
          toast.success(t('toggle.done', { action, name: target.name }));
          onClose();
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('toggle.title', { action, name })}
      description={
        deactivating
          ? t('toggle.deactivateDescription', { mode, note: deactivateNote ?? t('toggle.recordsKept') })
          : t('toggle.activateDescription', { limit: limitNoun })
      }
      confirmLabel={t('toggle.confirm', { action })}
      tone={deactivating ? 'danger' : 'primary'}
      pending={pending}
      onConfirm={confirm}
      afterRefusal={afterRefusal}
    />
  );
}
