import { type Payment, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, SubmitPaymentRequest } from '@lyceum/shared/company';
import { formatMoney } from '@lyceum/shared/plans';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { fieldErrors, fromMinor, toMinor, serverFieldErrors } from '../../../lib/zod-fields';
import { newIdempotencyKey, useSubmitPayment } from '../api/submit-payment';

export type PaymentTarget = { subscriptionId: string } | { addonRequestId: string };

interface PaymentModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: PaymentTarget;
  /** What is being paid, e.g. "Standard (monthly)". */
  description: string;
  amountMinor: number;
  currency: string;
  /** Called once the payment is recorded (e.g. to ask for the renewal it pays for). */
  onRecorded?: (payment: Payment) => void;
}

type Method = (typeof PAYMENT_METHODS)[number];

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
  onRecorded,
  onDone,
}: Omit<PaymentModalProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [method, setMethod] = useState<Method>('bank_transfer');
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState(fromMinor(amountMinor));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [recorded, setRecorded] = useState<Payment | null>(null);
  const submit = useSubmitPayment();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const parsed = SubmitPaymentRequest.safeParse({
      ...target,
      method,
      reference,
      amountMinor: toMinor(amount),
      idempotencyKey,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    submit.mutate(parsed.data, {
      onSuccess: (payment) => {
        setRecorded(payment);
        toast.success('Payment recorded');
        onRecorded?.(payment);
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
      },
    });
  };

  if (recorded) {
    return (
      <div className="space-y-4">
        <Alert tone="success">
          Payment {recorded.receiptNumber} of {formatMoney(recorded.amountMinor, recorded.currency)} is recorded and
          waits for confirmation by our team.
        </Alert>
        <div className="flex flex-wrap gap-2">
          <Link to={`/payments/${recorded.id}/receipt`} className={buttonClasses('secondary')}>
            View receipt
          </Link>
          <Button onClick={onDone}>Done</Button>
        </div>
      </div>
    );
  }

  return (
    <form id="payment-form" onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        For: <span className="font-medium text-slate-900">{description}</span>
      </p>
      {errors.form && <Alert>{errors.form}</Alert>}
      {errors.subscriptionId && <Alert>{errors.subscriptionId}</Alert>}
      <SelectField
        id="payment-method"
        label="Payment method"
        value={method}
        onChange={(e) => setMethod(e.target.value as Method)}
        error={errors.method}
      >
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {PAYMENT_METHOD_LABELS[m]}
          </option>
        ))}
      </SelectField>
      <TextField
        id="payment-reference"
        label="Reference"
        hint="Transfer reference, card slip or cheque number."
        value={reference}
        onChange={(e) => setReference(e.target.value)}
        error={errors.reference}
      />
      <TextField
        id="payment-amount"
        label={`Amount (${currency})`}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amountMinor}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" loading={submit.isPending}>
          Submit payment
        </Button>
      </div>
    </form>
  );
}

export function PaymentModal({ open, onOpenChange, ...form }: PaymentModalProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Make a payment" size="md">
      {open && <PaymentForm {...form} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}
