import { zodResolver } from '../../../lib/zod-resolver';
import { SubscriptionChangeRequest } from '@lyceum/shared/company';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { usePublicPlans } from '../../../api/get-public-plans';
import { Alert } from '../../../components/ui/alert';
import { SelectField } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useRequestChange } from '../api/request-change';

/** An upgrade names its plan (optional in the shared request, which also carries renewals). */
const upgradeForm = (choosePlan: string) =>
  z.object({
    planId: z.string().min(1, choosePlan),
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
  const { t } = useT('subscription');
  const format = useFormat();
  const schema = useMemo(() => upgradeForm(t('upgrade.choosePlan')), [t]);
  const plans = usePublicPlans(open);
  const request = useRequestChange();
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { planId: '', billingCycle: 'monthly' as const },
  });
  const choices = plans.data?.filter((p) => p.id !== currentPlanId) ?? [];

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('upgrade.title')}
      description={t('upgrade.description')}
      form={form}
      onSubmit={async ({ planId, billingCycle }) => {
        await request.mutateAsync({ kind: 'upgrade', planId, billingCycle });
        toast.success(t('upgrade.sent'));
      }}
      submitLabel={t('upgrade.submit')}
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
            label={t('upgrade.plan')}
            error={form.formState.errors.planId?.message}
            {...form.register('planId')}
          >
            <option value="">{t('upgrade.choosePlan')}</option>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {t('upgrade.option', { plan: p.name, price: format.money(p.priceMinor, p.currency) })}
              </option>
            ))}
          </SelectField>
          <SelectField id="upgrade-cycle" label={t('upgrade.cycle')} {...form.register('billingCycle')}>
            <option value="monthly">{t('upgrade.monthly')}</option>
            <option value="yearly">{t('upgrade.yearly')}</option>
          </SelectField>
        </>
      )}
    </FormDialog>
  );
}
