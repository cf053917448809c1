import { zodResolver } from '../../../lib/zod-resolver';
import { type Payment, PAYMENT_METHODS, SubmitPaymentRequest } from '@lyceum/shared/company';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { applyServerError, flatErrors } from '../../../lib/form-errors';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { asRequest, fromMinor, toMinor } from '../../../lib/zod-fields';
import { newIdempotencyKey, useSubmitPayment } from '../api/submit-payment';

export type PaymentTarget = { subscriptionId: string } | { addonRequestId: string };

interface PaymentModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: PaymentTarget;
  /** What is being paid, e.g. "Standard (monthly)" (translated). */
  description: string;
  amountMinor: number;
  currency: string;
  /** Paying for another period: the server records a renewal request with the payment, or refuses both. */
  renewal?: boolean;
  /**
   * Of `amountMinor`, the next billing cycle, which a renewal payment may pay ahead; the rest is what is
   * outstanding. `amountMinor` is the most the server takes (docs/product.md, "Billing: what is due").
   */
  nextCycleMinor?: number;
  /** Called once the payment is recorded. */
  onRecorded?: (payment: Payment) => void;
}

type Method = (typeof PAYMENT_METHODS)[number];

/** The payment as typed: the amount in currency units. */
interface PaymentForm {
  method: Method;
  reference: string;
  amountMinor: string;
}

/**
 * Records a payment (pending until company staff confirm it). The idempotency key is made once when the form
 * opens and sent with every submit of that form, so a double click or a retry after a lost answer can never
 * record the payment twice; the next opening is a new payment with a new key.
 */
function PaymentForm({
  target,
  description,
  amountMinor,
  currency,
  renewal,
  nextCycleMinor = 0,
  onRecorded,
  onDone,
}: Omit<PaymentModalProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const { t } = useT('subscription');
  const format = useFormat();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [recorded, setRecorded] = useState<Payment | null>(null);
  const submit = useSubmitPayment();
  const form = useForm({
    resolver: zodResolver(
      asRequest(
        (values: PaymentForm) => ({
          ...target,
          ...values,
          amountMinor: toMinor(values.amountMinor),
          idempotencyKey,
          ...(renewal ? { renewal } : {}),
        }),
        SubmitPaymentRequest,
      ),
    ),
    defaultValues: { method: 'bank_transfer' as Method, reference: '', amountMinor: fromMinor(amountMinor) },
  });
  const {
    register,
    formState: { errors },
  } = form;
  // The target is not a field: a refusal of it (e.g. an unknown subscription) is shown above the form. Every
  // refusal shows here and nowhere else (the mutation has no toast), so it is never said twice.
  const flat = flatErrors(errors);

  const onSubmit = form.handleSubmit(async (request) => {
    if (submit.isPending) return;
    try {
      const payment = await submit.mutateAsync(request);
      setRecorded(payment);
      toast.success(t('payment.recordedToast'));
      onRecorded?.(payment);
    } catch (error) {
      applyServerError(error, form.setError, 'all');
    }
  });

  if (recorded) {
    // A receipt is for money received (docs/product.md, "Payments"): a payment waiting for confirmation has none.
    const confirmed = recorded.status === 'confirmed';
    return (
      <div className="space-y-4">
        <Alert tone="success">
          {t('payment.recorded', {
            receipt: recorded.receiptNumber,
            amount: format.money(recorded.amountMinor, recorded.currency),
            status: recorded.status,
          })}
        </Alert>
        <div className="flex flex-wrap gap-2">
          {confirmed && (
            <Link to={`/payments/${recorded.id}/receipt`} className={buttonClasses('secondary')}>
              {t('payment.viewReceipt')}
            </Link>
          )}
          <Button onClick={onDone}>{t('payment.done')}</Button>
        </div>
      </div>
    );
  }

  return (
    <form id="payment-form" onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        {t('payment.for')} <span className="font-medium text-slate-900">{description}</span>
      </p>
      {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
      {flat.subscriptionId && <Alert>{flat.subscriptionId}</Alert>}
      {flat.addonRequestId && <Alert>{flat.addonRequestId}</Alert>}
      <SelectField
        id="payment-method"
        label={t('payment.method')}
        error={errors.method?.message}
        {...register('method')}
      >
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {t(`payment.methods.${m}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        id="payment-reference"
        label={t('payment.reference')}
        hint={t('payment.referenceHint')}
        error={errors.reference?.message}
        {...register('reference')}
      />
      <TextField
        id="payment-amount"
        label={t('payment.amount', { currency })}
        inputMode="decimal"
        hint={
          nextCycleMinor > 0
            ? t('payment.renewalHint', {
                amount: format.money(amountMinor, currency),
                next: format.money(nextCycleMinor, currency),
              })
            : t('payment.outstandingHint', { amount: format.money(amountMinor, currency) })
        }
        error={errors.amountMinor?.message}
        {...register('amountMinor')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('payment.submit')}
        </Button>
      </div>
    </form>
  );
}

export function PaymentModal({ open, onOpenChange, ...form }: PaymentModalProps) {
  const { t } = useT('subscription');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('payment.title')} size="md">
      {open && <PaymentForm {...form} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}
