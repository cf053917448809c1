import { ContactSalesRequest } from '@lyceum/shared/company';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { fieldErrors, serverFieldErrors } from '../../../lib/zod-fields';
import { useContactSales } from '../api/contact-sales';

interface ContactSalesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Prefilled message, e.g. about an expired subscription. */
  defaultMessage?: string;
}

/** The contact-sales modal: name, e-mail, phone and a message, recorded as a lead for company staff. */
export function ContactSalesDialog({ open, onOpenChange, defaultMessage = '' }: ContactSalesDialogProps) {
  const { user } = useAuth();
  const contact = useContactSales();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [message, setMessage] = useState(defaultMessage);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ContactSalesRequest.safeParse({ name, email, phone: phone || undefined, message });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    contact.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Thanks! Our sales team will contact you shortly.');
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
      description="Tell us what your school needs; we answer within one working day."
      preventClose={contact.isPending}
      footer={
        <DialogFormFooter
          formId="contact-sales-form"
          submitLabel="Send"
          pending={contact.isPending}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id="contact-sales-form" onSubmit={submit} noValidate className="space-y-4">
        {errors.form && <Alert>{errors.form}</Alert>}
        <TextField
          id="sales-name"
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          id="sales-email"
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
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
