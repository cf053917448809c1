import { zodResolver } from '@hookform/resolvers/zod';
import { phoneSchema } from '@lyceum/shared/auth';
import { CreateUserRequest } from '@lyceum/shared/people';
import { ROLE_LABELS } from '@lyceum/shared/roles';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import type { CreatedAccount } from '../../../components/people/account-created-dialog';
import { Checkbox } from '../../../components/people/checkbox';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
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
  const create = useCreateUser();
  const form = useForm<UserFormInput>({
    resolver: zodResolver(UserForm),
    defaultValues: { name: '', email: '', phone: '', role: 'principal', sendInvitation: true },
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;

  const onSubmit = async (values: UserFormInput): Promise<CreatedAccount[]> => {
    const result = await create.mutateAsync({ ...values, phone: values.phone || undefined });
    toast.success(`${result.user.name} added`);
    return [
      {
        kind: ROLE_LABELS[result.user.role],
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
      title="Add a principal or administrator"
      description="Students, teachers and parents are added on their own pages."
      form={form}
      onSubmit={onSubmit}
      onSaved={onCreated}
      submitLabel="Add account"
      serverFields={['name', 'email', 'phone', 'role']}
      errorToast="The account could not be created"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="user-name" label="Full name" error={errors.name?.message} {...register('name')} />
        <TextField id="user-email" label="E-mail" type="email" error={errors.email?.message} {...register('email')} />
        <TextField id="user-phone" label="Phone" type="tel" error={errors.phone?.message} {...register('phone')} />
        <Select
          id="user-role"
          label="Role"
          options={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          error={errors.role?.message}
          {...register('role')}
        />
      </div>
      {canCreateAdmins && (
        <p className="text-xs text-slate-500">
          {watch('role') === 'school_admin'
            ? 'A school administrator has full control of this school only.'
            : 'A principal manages classes and people; only a school administrator manages the subscription and other administrators.'}
        </p>
      )}
      <Checkbox
        id="user-invite"
        label="Send an invitation e-mail"
        hint="Otherwise a temporary password is shown once after saving."
        {...register('sendInvitation')}
      />
    </FormDialog>
  );
}
