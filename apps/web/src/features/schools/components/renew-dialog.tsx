import { zodResolver } from '@hookform/resolvers/zod';
import { RenewSubscriptionRequest, type Subscription } from '@lyceum/shared/company';
import { DEFAULT_SUBSCRIPTION_MONTHS } from '@lyceum/shared/plans';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { TextField } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { formatDate } from '../../../lib/format-date';
import { asRequest } from '../../../lib/zod-fields';
import { useRenewSubscription } from '../api/renew-subscription';

const RenewForm = asRequest(
  (values: { months: string }) => ({ months: values.months.trim() === '' ? Number.NaN : Number(values.months) }),
  RenewSubscriptionRequest,
);

/** Renews for N months (default 12), counted from the later of the current end date and today (see docs/product.md, Subscriptions). */
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
  const form = useForm({
    resolver: zodResolver(RenewForm),
    defaultValues: { months: String(DEFAULT_SUBSCRIPTION_MONTHS) },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Renew ${subscription.planName}`}
      description={`Counted from the later of the current end date (${formatDate(subscription.endDate)}) and today.`}
      size="sm"
      form={form}
      onSubmit={async (request) => {
        const sub = await renew.mutateAsync(request);
        toast.success(`Renewed until ${formatDate(sub.endDate)}`);
      }}
      submitLabel="Renew"
      serverFields={['months']}
      className=""
    >
      <TextField
        id="renew-months"
        label="Months"
        type="number"
        min={1}
        max={60}
        error={form.formState.errors.months?.message}
        {...form.register('months')}
      />
    </FormDialog>
  );
}
