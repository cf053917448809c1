import { ReasonRequest } from '@lyceum/shared/company';
import { type FormEvent, useState } from 'react';
import { Dialog } from './dialog';
import { DialogFormFooter } from './dialog-form-footer';
import { TextAreaField } from './textarea-field';
import { fieldErrors } from '../../lib/zod-fields';

interface ReasonDialogProps {
  title: string;
  /** Who will read the reason, e.g. "The school sees this reason." */
  description?: string;
  confirmLabel?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onSubmit: (reason: string) => void;
}

/** Asks for a reason (3–500 characters, the shared `ReasonRequest`) before a rejection. */
export function ReasonDialog({
  title,
  description = 'The school sees this reason.',
  confirmLabel = 'Reject',
  open,
  onOpenChange,
  pending,
  onSubmit,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReasonRequest.safeParse({ reason });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).reason);
      return;
    }
    setError(undefined);
    onSubmit(parsed.data.reason);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      preventClose={pending}
      footer={
        <DialogFormFooter
          formId="reason-form"
          submitLabel={confirmLabel}
          tone="danger"
          pending={pending}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id="reason-form" onSubmit={submit} noValidate>
        <TextAreaField
          id="reject-reason"
          label="Reason"
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error}
        />
      </form>
    </Dialog>
  );
}
