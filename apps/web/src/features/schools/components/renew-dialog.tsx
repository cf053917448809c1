import { zodResolver } from '../../../lib/zod-resolver';
import { RenewSubscriptionRequest, type Subscription } from '@lyceum/shared/company';
import { DEFAULT_SUBSCRIPTION_MONTHS } from '@lyceum/shared/plans';
import { type BillingCycle, lengthFitsCycle, YEARLY_LENGTH_MESSAGE } from '@lyceum/shared/subscription-rules';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { TextField } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { formatDate, useFormat } from '../../../lib/i18n/format';
import { translate, useT } from '../../../lib/i18n/i18n';
import { asRequest } from '../../../lib/zod-fields';
import { useRenewSubscription } from '../api/renew-subscription';

/**
 * The renewal as typed, checked as the server checks it: a yearly subscription renews by whole years
 * (docs/product.md, "Prices and billing cycles"), said under Months before anything is sent.
 */
const renewForm = (cycle: BillingCycle) =>
  asRequest(
    (values: { months: string }) => ({ months: values.months.trim() === '' ? Number.NaN : Number(values.months) }),
    RenewSubscriptionRequest.refine((r) => lengthFitsCycle(r.months, cycle), {
      message: YEARLY_LENGTH_MESSAGE,
      path: ['months'],
    }),
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
  const { t } = useT('schools');
  useFormat();
  const renew = useRenewSubscription(schoolId);
  const form = useForm({
    resolver: zodResolver(renewForm(subscription.billingCycle)),
    defaultValues: { months: String(DEFAULT_SUBSCRIPTION_MONTHS) },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('renew.title', { plan: subscription.planName })}
      description={t('renew.description', { date: formatDate(subscription.endDate) })}
      size="sm"
      form={form}
      onSubmit={async (request) => {
        const sub = await renew.mutateAsync(request);
        toast.success(translate('schools', 'renew.renewed', { date: formatDate(sub.endDate) }));
      }}
      submitLabel={t('renew.submit')}
      serverFields={['months']}
      className=""
    >
      <TextField
        id="renew-months"
        label={t('renew.months')}
        type="number"
        min={1}
        max={60}
        error={form.formState.errors.months?.message}
        {...form.register('months')}
      />
    </FormDialog>
  );
}
