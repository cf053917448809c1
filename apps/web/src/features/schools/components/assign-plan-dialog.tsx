import { AssignSubscriptionRequest, type Subscription } from '@lyceum/shared/company';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/zod-fields';
import { useAssignSubscription } from '../api/assign-subscription';
import { useCatalogue } from '../api/get-catalogue';
import { emptySubscription, SubscriptionFields, toAssignRequest } from './subscription-fields';

interface AssignPlanDialogProps {
  schoolId: string;
  current: Subscription | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Assigns a (new) plan: the active subscription is cancelled and counted as an upgrade or downgrade. */
export function AssignPlanDialog({ schoolId, current, open, onOpenChange }: AssignPlanDialogProps) {
  const catalogue = useCatalogue();
  const assign = useAssignSubscription(schoolId);
  const [value, setValue] = useState(() => ({
    ...emptySubscription(current?.planId),
    billingCycle: current?.billingCycle ?? 'monthly',
    addonIds: current?.addonIds ?? [],
    autoRenew: current?.autoRenew ?? false,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AssignSubscriptionRequest.safeParse(toAssignRequest(catalogue.plans, value));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    assign.mutate(parsed.data, {
      onSuccess: (sub) => {
        const kind = sub.changeKind === 'upgrade' ? ' (upgrade)' : sub.changeKind === 'downgrade' ? ' (downgrade)' : '';
        toast.success(`${sub.planName} assigned${kind}`);
        onOpenChange(false);
      },
      onError: (error) => {
        setErrors(error instanceof ApiError && error.fields ? error.fields : { form: errorMessage(error) });
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Assign plan"
      description={current ? `Replaces the current ${current.planName} subscription.` : undefined}
      size="lg"
      preventClose={assign.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="assign-plan-form" loading={assign.isPending} disabled={catalogue.isPending}>
            Assign plan
          </Button>
        </>
      }
    >
      {catalogue.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner className="text-blue-600" />
        </div>
      ) : (
        <form id="assign-plan-form" onSubmit={submit} noValidate className="space-y-4">
          {(errors.form || catalogue.error) && <Alert>{errors.form ?? errorMessage(catalogue.error)}</Alert>}
          <SubscriptionFields
            idPrefix="assign"
            plans={catalogue.plans}
            addons={catalogue.addons}
            value={value}
            onChange={setValue}
            errors={errors}
          />
        </form>
      )}
    </Dialog>
  );
}
