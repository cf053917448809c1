import { LapsedContactSalesRequest } from '@lyceum/shared/company';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Dialog } from '../../../components/ui/dialog';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';
import { TextField } from '../../../components/ui/field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrors, serverFieldErrors } from '../../../lib/zod-fields';
import { useContactSalesLapsed } from '../api/contact-sales-lapsed';

interface LapsedContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail: string;
  onSent: () => void;
}

/** The contact-sales modal of the signed-out plan-expiry screen: the user's sign-in proves who they are. */
export function LapsedContactDialog({ open, onOpenChange, defaultEmail, onSent }: LapsedContactDialogProps) {
  const contact = useContactSalesLapsed();
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('Our subscription has expired and we would like to renew.');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = LapsedContactSalesRequest.safeParse({ email, password, phone: phone || undefined, message });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    contact.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Thanks! Our sales team will contact you shortly.');
        onSent();
        onOpenChange(false);
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Contact sales"
      description="Sign in details confirm it is you; you stay signed out."
      preventClose={contact.isPending}
      footer={
        <DialogFormFooter
          formId="lapsed-contact-form"
          submitLabel="Send"
          pending={contact.isPending}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id="lapsed-contact-form" onSubmit={submit} noValidate className="space-y-4">
        {errors.form && <Alert>{errors.form}</Alert>}
        <TextField
          id="lapsed-email"
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <TextField
          id="lapsed-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <TextField
          id="lapsed-phone"
          label="Phone"
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
        />
        <TextAreaField
          id="lapsed-message"
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
