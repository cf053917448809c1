import { zodResolver } from '../../../lib/zod-resolver';
import { phoneSchema } from '@lyceum/shared/auth';
import { CreateUserRequest } from '@lyceum/shared/people';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import type { CreatedAccount } from '../../../components/people/account-created-dialog';
import { InvitationCheckbox } from '../../../components/people/invitation-checkbox';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useT } from '../../../lib/i18n/i18n';
import { useCreateUser } from '../api/create-user';

const UserForm = z.object({
  name: CreateUserRequest.shape.name,
  email: CreateUserRequest.shape.email,
  phone: phoneSchema,
  role: CreateUserRequest.shape.role,
  sendInvitation: z.boolean(),
});
type UserFormInput = z.input<typeof UserForm>;

/** Add a principal or school administrator (a principal may add principals only). */
export function CreateUserDialog({
  open,
  onOpenChange,
  canCreateAdmins,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canCreateAdmins: boolean;
  onCreated: (accounts: CreatedAccount[]) => void;
}) {
  const { t } = useT('users');
  const { t: tc } = useT();
  const create = useCreateUser();
  const form = useForm<UserFormInput>({
    resolver: zodResolver(UserForm),
    defaultValues: { name: '', email: '', phone: '', role: 'principal', sendInvitation: false },
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;

  const onSubmit = async (values: UserFormInput): Promise<CreatedAccount[]> => {
    const result = await create.mutateAsync({ ...values, phone: values.phone || undefined });
    toast.success(t('create.added', { name: result.user.name }));
    return [
      {
        kind: tc(`roles.${result.user.role}`),
        name: result.user.name,
        email: result.user.email,
        temporaryPassword: result.temporaryPassword,
      },
    ];
  };

  const roles = canCreateAdmins ? (['principal', 'school_admin'] as const) : (['principal'] as const);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('create.title')}
      description={t('create.description')}
      form={form}
      onSubmit={onSubmit}
      onSaved={onCreated}
      submitLabel={t('create.submit')}
      serverFields={['name', 'email', 'phone', 'role']}
      errorToast={t('create.error')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="user-name" label={t('fields.name')} error={errors.name?.message} {...register('name')} />
        <TextField
          id="user-email"
          label={t('fields.email')}
          type="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id="user-phone"
          label={t('fields.phone')}
          type="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <Select
          id="user-role"
          label={t('fields.role')}
          options={roles.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
          error={errors.role?.message}
          {...register('role')}
        />
      </div>
      {canCreateAdmins && (
        <p className="text-xs text-slate-500">
          {watch('role') === 'school_admin' ? t('create.adminHint') : t('create.principalHint')}
        </p>
      )}
      <InvitationCheckbox
        id="user-invite"
        label={t('create.invite')}
        hint={t('create.inviteHint')}
        {...register('sendInvitation')}
      />
    </FormDialog>
  );
}
