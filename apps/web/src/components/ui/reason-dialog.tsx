import { ReasonRequest } from '@lyceum/shared/company';
import { type FormEvent, useState } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
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
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form="reason-form" loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id="reason-form" onSubmit={submit} noValidate className="space-y-1.5">
        <label htmlFor="reject-reason" className="block text-sm font-medium text-slate-700">
          Reason
        </label>
        <textarea
          id="reject-reason"
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reject-reason-error' : undefined}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
        />
        {error && (
          <p id="reject-reason-error" className="text-xs font-medium text-red-600">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
