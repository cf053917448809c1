import { AssignSubscriptionRequest, type Subscription } from '@lyceum/shared/company';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrors, serverFieldErrors } from '../../../lib/zod-fields';
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
        setErrors(serverFieldErrors(error));
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
        <DialogFormFooter
          formId="assign-plan-form"
          submitLabel="Assign plan"
          pending={assign.isPending}
          onCancel={() => onOpenChange(false)}
          disabled={catalogue.isPending}
        />
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
