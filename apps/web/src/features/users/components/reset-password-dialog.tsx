import { zodResolver } from '@hookform/resolvers/zod';
import { ResetUserPasswordRequest, type UserAccountResponse } from '@lyceum/shared/people';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useT } from '../../../lib/i18n/i18n';
import { useResetUserPassword } from '../api/reset-user-password';

type Mode = 'temporary' | 'email';

/** Reset someone's password: a new temporary one shown once, or a set-password link by e-mail. */
export function ResetPasswordDialog({
  user,
  onClose,
  onTemporaryPassword,
}: {
  user: UserAccountResponse | null;
  onClose: () => void;
  onTemporaryPassword: (user: UserAccountResponse, password: string) => void;
}) {
  const { t } = useT('users');
  const reset = useResetUserPassword();
  const form = useForm({ resolver: zodResolver(ResetUserPasswordRequest), defaultValues: { mode: 'email' as Mode } });

  const submit = async ({ mode }: ResetUserPasswordRequest) => {
    if (!user) return null;
    const result = await reset.mutateAsync({ id: user.id, data: { mode } });
    return { user, temporaryPassword: result.temporaryPassword };
  };

  return (
    <FormDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('reset.title', { name: user?.name ?? '' })}
      description={t('reset.description')}
      size="sm"
      form={form}
      onSubmit={submit}
      onSaved={(done) => {
        if (!done) return;
        if (done.temporaryPassword) onTemporaryPassword(done.user, done.temporaryPassword);
        else toast.success(t('reset.linkSent', { email: done.user.email }));
      }}
      submitLabel={t('actions.resetPassword')}
      tone="danger"
      className=""
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">{t('reset.how')}</legend>
        {(
          [
            [
              'email',
              t('reset.email'),
              user?.email ? t('reset.emailHint', { email: user.email }) : t('reset.emailHintNoAddress'),
            ],
            ['temporary', t('reset.temporary'), t('reset.temporaryHint')],
          ] as const
        ).map(([value, label, hint]) => (
          <label key={value} className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 p-3">
            <input type="radio" value={value} {...form.register('mode')} className="mt-0.5 size-4 accent-blue-600" />
            <span>
              <span className="block text-sm font-medium text-slate-800">{label}</span>
              <span className="block text-xs text-slate-500">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </FormDialog>
  );
}
