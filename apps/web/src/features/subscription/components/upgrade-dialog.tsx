import { formatMoney } from '@lyceum/shared/plans';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { usePublicPlans } from '../../../api/get-public-plans';
import { useRequestChange } from '../api/request-change';

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
  const [planId, setPlanId] = useState('');
  const [billingCycle, setBillingCycle] = useState<'monthly' | 'yearly'>('monthly');
  const [error, setError] = useState<string | undefined>();
  const choices = plans.data?.filter((p) => p.id !== currentPlanId) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!planId) {
      setError('Choose a plan');
      return;
    }
    request.mutate(
      { kind: 'upgrade', planId, billingCycle },
      {
        onSuccess: () => {
          toast.success('Request sent. We will switch your plan and let you know.');
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change plan"
      description="Our team switches your plan; you then pay the new subscription here."
      preventClose={request.isPending}
      footer={
        <DialogFormFooter
          formId="upgrade-form"
          submitLabel="Request plan"
          pending={request.isPending}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      {plans.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner className="text-blue-600" />
        </div>
      ) : (
        <form id="upgrade-form" onSubmit={submit} noValidate className="space-y-4">
          {plans.isError && <Alert>{errorMessage(plans.error)}</Alert>}
          <SelectField
            id="upgrade-plan"
            label="Plan"
            value={planId}
            onChange={(e) => setPlanId(e.target.value)}
            error={error}
          >
            <option value="">Choose a plan</option>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} — {formatMoney(p.priceMinor, p.currency)}/month
              </option>
            ))}
          </SelectField>
          <SelectField
            id="upgrade-cycle"
            label="Billing cycle"
            value={billingCycle}
            onChange={(e) => setBillingCycle(e.target.value as 'monthly' | 'yearly')}
          >
            <option value="monthly">Monthly</option>
            <option value="yearly">Yearly (discounted)</option>
          </SelectField>
        </form>
      )}
    </Dialog>
  );
}
