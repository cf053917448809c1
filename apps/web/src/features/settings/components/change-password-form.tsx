import { zodResolver } from '../../../lib/zod-resolver';
import { ChangePasswordRequest } from '@lyceum/shared/auth';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useMemo } from 'react';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { applyServerError } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n';
import { useChangePassword } from '../api/change-password';

/** The request plus the confirmation, whose messages are this form's own (in the reader's language). */
function changePasswordForm(messages: { confirm: string; mismatch: string }) {
  return ChangePasswordRequest.extend({
    confirmPassword: z.string().min(1, messages.confirm),
  }).refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.mismatch,
  });
}

export function ChangePasswordCard() {
  const { t } = useT('settings');
  const schema = useMemo(
    () => changePasswordForm({ confirm: t('password.confirmRequired'), mismatch: t('password.mismatch') }),
    [t],
  );
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
      toast.success(t('password.changed'));
    } catch (error) {
      applyServerError(error, setError, ['currentPassword', 'newPassword']);
    }
  });

  return (
    <CardSection titleId="password-title" title={t('password.title')} description={t('password.description')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <TextField
          id="current-password"
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          containerClassName="sm:max-w-sm"
          {...register('currentPassword')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="new-password"
            label={t('password.new')}
            type="password"
            autoComplete="new-password"
            hint={t('password.hint')}
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <TextField
            id="confirm-password"
            label={t('password.confirm')}
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </CardSection>
  );
}
