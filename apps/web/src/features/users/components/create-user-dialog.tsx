import { zodResolver } from '@hookform/resolvers/zod';
import { phoneSchema } from '@lyceum/shared/auth';
import { CreateUserRequest } from '@lyceum/shared/people';
import { ROLE_LABELS } from '@lyceum/shared/roles';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import type { CreatedAccount } from '../../../components/people/account-created-dialog';
import { Checkbox } from '../../../components/people/checkbox';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { applyServerError } from '../../../lib/form-errors';
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
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<UserFormInput>({
    resolver: zodResolver(UserForm),
    defaultValues: { name: '', email: '', phone: '', role: 'principal', sendInvitation: true },
  });

  const close = () => {
    reset();
    onOpenChange(false);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync({ ...values, phone: values.phone || undefined });
      toast.success(`${result.user.name} added`);
      close();
      onCreated([
        {
          kind: ROLE_LABELS[result.user.role],
          name: result.user.name,
          email: result.user.email,
          temporaryPassword: result.temporaryPassword,
        },
      ]);
    } catch (error) {
      applyServerError(error, setError, ['name', 'email', 'phone', 'role']);
      toast.error('The account could not be created');
    }
  });

  const roles = canCreateAdmins ? (['principal', 'school_admin'] as const) : (['principal'] as const);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Add a principal or administrator"
      description="Students, teachers and parents are added on their own pages."
      preventClose={isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form="user-form" loading={isSubmitting}>
            Add account
          </Button>
        </>
      }
    >
      <form id="user-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {errors.root?.server && <Alert>{errors.root.server.message}</Alert>}
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
      </form>
    </Dialog>
  );
}
