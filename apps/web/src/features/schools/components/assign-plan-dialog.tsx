import { zodResolver } from '../../../lib/zod-resolver';
import { AssignSubscriptionRequest, type Subscription } from '@lyceum/shared/company';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { flatErrors } from '../../../lib/form-errors';
import { translate, useT } from '../../../lib/i18n/i18n';
import { asRequest } from '../../../lib/zod-fields';
import { useAssignSubscription } from '../api/assign-subscription';
import { useCatalogue } from '../api/get-catalogue';
import { emptySubscription, SubscriptionFields, type SubscriptionValue, toAssignRequest } from './subscription-fields';

interface AssignPlanDialogProps {
  schoolId: string;
  current: Subscription | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Assigns a (new) plan: the active subscription is cancelled and counted as an upgrade or downgrade. */
export function AssignPlanDialog({ schoolId, current, open, onOpenChange }: AssignPlanDialogProps) {
  const { t } = useT('schools');
  const catalogue = useCatalogue();
  const assign = useAssignSubscription(schoolId);
  // The current add-ons carry over, except those no longer offered: the school kept them until its subscription
  // changes, and this is that change. They have no checkbox, so they are named below and left out of the request
  // (which the server would refuse with 'Choose add-ons from the offered ones').
  const offered = new Set(catalogue.addons.map((a) => a.id));
  const notCarried = catalogue.isPending
    ? []
    : (current?.addonIds ?? [])
        .filter((id) => !offered.has(id))
        .map(
          (id) =>
            catalogue.retiredAddons.find((a) => a.id === id)?.name ?? current?.addonNames[current.addonIds.indexOf(id)],
        )
        .filter((name) => name !== undefined);
  const form = useForm({
    resolver: zodResolver(
      asRequest(
        (values: { subscription: SubscriptionValue }) =>
          toAssignRequest(catalogue.plans, {
            ...values.subscription,
            addonIds: values.subscription.addonIds.filter((id) => offered.has(id)),
          }),
        AssignSubscriptionRequest,
      ),
    ),
    defaultValues: {
      subscription: {
        ...emptySubscription(current?.planId),
        billingCycle: current?.billingCycle ?? 'monthly',
        addonIds: current?.addonIds ?? [],
        autoRenew: current?.autoRenew ?? false,
      },
    },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('assign.title')}
      description={current ? t('assign.replaces', { plan: current.planName }) : undefined}
      size="lg"
      form={form}
      onSubmit={async (request) => {
        const sub = await assign.mutateAsync(request);
        toast.success(translate('schools', 'assign.assigned', { plan: sub.planName, kind: sub.changeKind }));
      }}
      submitLabel={t('assign.submit')}
      submitDisabled={catalogue.isPending}
      serverFields="all"
    >
      {catalogue.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner className="text-blue-600" />
        </div>
      ) : (
        <>
          {catalogue.error && <Alert>{errorMessage(catalogue.error)}</Alert>}
          <Controller
            control={form.control}
            name="subscription"
            render={({ field }) => (
              <SubscriptionFields
                idPrefix="assign"
                plans={catalogue.plans}
                addons={catalogue.addons}
                value={field.value}
                onChange={field.onChange}
                errors={flatErrors(form.formState.errors)}
              />
            )}
          />
          {notCarried.map((name) => (
            <p key={name} className="text-sm text-amber-800">
              {t('assign.notCarried', { addon: name })}
            </p>
          ))}
        </>
      )}
    </FormDialog>
  );
}
