import { ContactSalesRequest, LapsedContactSalesRequest } from '@lyceum/shared/company';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Dialog } from '../../../components/ui/dialog';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';
import { TextField } from '../../../components/ui/field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { useAuthContext } from '../../../lib/auth';
import { fieldErrors, serverFieldErrors } from '../../../lib/zod-fields';
import { useContactSales } from '../api/contact-sales';
import { useContactSalesLapsed } from '../api/contact-sales-lapsed';

interface ContactSalesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Prefilled message, e.g. about an expired subscription. */
  defaultMessage?: string;
  /**
   * Signed out after a refused sign-in: the user confirms who they are with e-mail and password instead of a
   * session (POST /sales-leads/lapsed).
   */
  lapsed?: { defaultEmail: string; onSent: () => void };
}

const THANKS = 'Thanks! Our sales team will contact you shortly.';

/** The contact-sales modal: records a lead company staff see on their dashboard. */
export function ContactSalesDialog({ open, onOpenChange, defaultMessage = '', lapsed }: ContactSalesDialogProps) {
  const user = useAuthContext()?.user ?? null;
  const signedIn = useContactSales();
  const signedOut = useContactSalesLapsed();
  const pending = signedIn.isPending || signedOut.isPending;
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(lapsed?.defaultEmail ?? user?.email ?? '');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [message, setMessage] = useState(defaultMessage);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const callbacks = {
    onSuccess: () => {
      toast.success(THANKS);
      lapsed?.onSent();
      onOpenChange(false);
    },
    onError: (error: Error) => {
      setErrors(serverFieldErrors(error));
    },
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = { email, phone: phone || undefined, message };
    const parsed = lapsed
      ? LapsedContactSalesRequest.safeParse({ ...common, password })
      : ContactSalesRequest.safeParse({ ...common, name });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    if (lapsed) signedOut.mutate(parsed.data as LapsedContactSalesRequest, callbacks);
    else signedIn.mutate(parsed.data as ContactSalesRequest, callbacks);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Contact sales"
      description={
        lapsed
          ? 'Your sign-in details confirm it is you; you stay signed out.'
          : 'Tell us what your school needs; we answer within one working day.'
      }
      preventClose={pending}
      footer={
        <DialogFormFooter
          formId="contact-sales-form"
          submitLabel="Send"
          pending={pending}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id="contact-sales-form" onSubmit={submit} noValidate className="space-y-4">
        {errors.form && <Alert>{errors.form}</Alert>}
        {!lapsed && (
          <TextField
            id="sales-name"
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
          />
        )}
        <TextField
          id="sales-email"
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        {lapsed && (
          <TextField
            id="sales-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
        )}
        <TextField
          id="sales-phone"
          label="Phone"
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
        />
        <TextAreaField
          id="sales-message"
          label="Message"
          rows={4}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={errors.message}
        />
      </form>
    </Dialog>
  );
}
