import { zodResolver } from '@hookform/resolvers/zod';
import { SubscriptionChangeRequest } from '@lyceum/shared/company';
import { formatMoney } from '@lyceum/shared/plans';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { usePublicPlans } from '../../../api/get-public-plans';
import { Alert } from '../../../components/ui/alert';
import { SelectField } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useRequestChange } from '../api/request-change';

/** An upgrade names its plan (optional in the shared request, which also carries renewals). */
const UpgradeForm = z.object({
  planId: z.string().min(1, 'Choose a plan'),
  billingCycle: SubscriptionChangeRequest.shape.billingCycle.unwrap(),
});

/** Asks for another plan; the company assigns it, then the school pays the new subscription. */
export function UpgradeDialog({
  currentPlanId,
  open,
  onOpenChange,
}: {
  currentPlanId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const plans = usePublicPlans(open);
  const request = useRequestChange();
  const form = useForm({
    resolver: zodResolver(UpgradeForm),
    defaultValues: { planId: '', billingCycle: 'monthly' as const },
  });
  const choices = plans.data?.filter((p) => p.id !== currentPlanId) ?? [];

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change plan"
      description="Our team switches your plan; you then pay the new subscription here."
      form={form}
      onSubmit={async ({ planId, billingCycle }) => {
        await request.mutateAsync({ kind: 'upgrade', planId, billingCycle });
        toast.success('Request sent. We will switch your plan and let you know.');
      }}
      submitLabel="Request plan"
      serverFields={['planId', 'billingCycle']}
    >
      {plans.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner className="text-blue-600" />
        </div>
      ) : (
        <>
          {plans.isError && <Alert>{errorMessage(plans.error)}</Alert>}
          <SelectField
            id="upgrade-plan"
            label="Plan"
            error={form.formState.errors.planId?.message}
            {...form.register('planId')}
          >
            <option value="">Choose a plan</option>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} — {formatMoney(p.priceMinor, p.currency)}/month
              </option>
            ))}
          </SelectField>
          <SelectField id="upgrade-cycle" label="Billing cycle" {...form.register('billingCycle')}>
            <option value="monthly">Monthly</option>
            <option value="yearly">Yearly (discounted)</option>
          </SelectField>
        </>
      )}
    </FormDialog>
  );
}
