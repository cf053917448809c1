import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequest } from '@lyceum/shared/auth';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { applyServerError } from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';

const ChangePasswordForm = ChangePasswordRequest.extend({
  confirmPassword: z.string().min(1, 'Confirm the new password'),
}).refine((v) => v.newPassword === v.confirmPassword, {
  path: ['confirmPassword'],
  message: 'Passwords do not match',
});

export function ChangePasswordCard() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
      toast.success('Password changed. Other devices have been signed out.');
    } catch (error) {
      applyServerError(error, setError, ['currentPassword', 'newPassword']);
    }
  });

  return (
    <CardSection
      titleId="password-title"
      title="Change password"
      description="Changing your password signs you out everywhere else."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {errors.root?.server && <Alert>{errors.root.server.message}</Alert>}
        <TextField
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          containerClassName="sm:max-w-sm"
          {...register('currentPassword')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <TextField
            id="confirm-password"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting}>
            Change password
          </Button>
        </div>
      </form>
    </CardSection>
  );
}
