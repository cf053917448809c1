import { zodResolver } from '../../../lib/zod-resolver';
import { ContactSalesRequest, LapsedContactSalesRequest } from '@lyceum/shared/company';
import { type Resolver, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { TextField } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { useAuthContext } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { asRequest } from '../../../lib/zod-fields';
import { useContactSales } from '../api/contact-sales';
import { useContactSalesLapsed } from '../api/contact-sales-lapsed';

/** Both variants' fields; a signed-in user gives a name, a lapsed one a password. */
interface SalesForm {
  name: string;
  email: string;
  password: string;
  phone: string;
  message: string;
}
type SalesRequest = ContactSalesRequest | LapsedContactSalesRequest;

const common = (v: SalesForm) => ({ email: v.email, phone: v.phone || undefined, message: v.message });
const SignedInSales = asRequest((v: SalesForm) => ({ ...common(v), name: v.name }), ContactSalesRequest);
const LapsedSales = asRequest((v: SalesForm) => ({ ...common(v), password: v.password }), LapsedContactSalesRequest);

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

/** The contact-sales modal: records a lead company staff see on their dashboard. */
export function ContactSalesDialog({ open, onOpenChange, defaultMessage = '', lapsed }: ContactSalesDialogProps) {
  const { t } = useT('subscription');
  const user = useAuthContext()?.user ?? null;
  const signedIn = useContactSales();
  const signedOut = useContactSalesLapsed();
  const form = useForm<SalesForm, unknown, SalesRequest>({
    resolver: (lapsed ? zodResolver(LapsedSales) : zodResolver(SignedInSales)) as Resolver<
      SalesForm,
      unknown,
      SalesRequest
    >,
    defaultValues: {
      name: user?.name ?? '',
      email: lapsed?.defaultEmail ?? user?.email ?? '',
      password: '',
      phone: user?.phone ?? '',
      message: defaultMessage,
    },
  });
  const {
    register,
    formState: { errors },
  } = form;

  const send = async (request: SalesRequest) => {
    if (lapsed) await signedOut.mutateAsync(request as LapsedContactSalesRequest);
    else await signedIn.mutateAsync(request as ContactSalesRequest);
    toast.success(t('sales.thanks'));
    lapsed?.onSent();
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('sales.title')}
      description={lapsed ? t('sales.lapsedDescription') : t('sales.description')}
      form={form}
      onSubmit={send}
      submitLabel={t('sales.send')}
      serverFields="all"
    >
      {!lapsed && (
        <TextField id="sales-name" label={t('sales.name')} error={errors.name?.message} {...register('name')} />
      )}
      <TextField
        id="sales-email"
        label={t('sales.email')}
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...register('email')}
      />
      {lapsed && (
        <TextField
          id="sales-password"
          label={t('sales.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
      )}
      <TextField
        id="sales-phone"
        label={t('sales.phone')}
        type="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextAreaField
        id="sales-message"
        label={t('sales.message')}
        rows={4}
        error={errors.message?.message}
        {...register('message')}
      />
    </FormDialog>
  );
}
