import { RenewSubscriptionRequest, type Subscription } from '@lyceum/shared/company';
import { DEFAULT_SUBSCRIPTION_MONTHS } from '@lyceum/shared/plans';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { fieldErrors } from '../../../lib/zod-fields';
import { useRenewSubscription } from '../api/renew-subscription';
import { formatDate } from '../../../lib/format-date';

/** Renews for N months (default 12), counted from the later of the current end date and today (SPEC §4). */
export function RenewDialog({
  schoolId,
  subscription,
  open,
  onOpenChange,
}: {
  schoolId: string;
  subscription: Subscription;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const renew = useRenewSubscription(schoolId);
  const [months, setMonths] = useState(String(DEFAULT_SUBSCRIPTION_MONTHS));
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RenewSubscriptionRequest.safeParse({ months: months.trim() === '' ? Number.NaN : Number(months) });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).months);
      return;
    }
    renew.mutate(parsed.data, {
      onSuccess: (sub) => {
        toast.success(`Renewed until ${formatDate(sub.endDate)}`);
        onOpenChange(false);
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Renew ${subscription.planName}`}
      description={`Counted from the later of the current end date (${formatDate(subscription.endDate)}) and today.`}
      size="sm"
      preventClose={renew.isPending}
      footer={
        <DialogFormFooter
          formId="renew-form"
          submitLabel="Renew"
          pending={renew.isPending}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id="renew-form" onSubmit={submit} noValidate>
        <TextField
          id="renew-months"
          label="Months"
          type="number"
          min={1}
          max={60}
          value={months}
          onChange={(e) => setMonths(e.target.value)}
          error={error}
        />
      </form>
    </Dialog>
  );
}
