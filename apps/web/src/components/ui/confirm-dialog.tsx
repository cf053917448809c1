import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, in the user's words; shown under the title. */
  description: ReactNode;
  /** Label of the confirming button, e.g. "Deactivate". */
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` for destructive or hard-to-undo actions. */
  tone?: 'primary' | 'danger';
  /** True while the action runs: the button spins and the dialog cannot be dismissed. */
  pending?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}

/** Asks before an action; the caller runs it in `onConfirm` and closes the dialog when it settles. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  pending = false,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      preventClose={pending}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
