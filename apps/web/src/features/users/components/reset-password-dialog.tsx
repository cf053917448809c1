import { zodResolver } from '../../../lib/zod-resolver';
import { ResetUserPasswordRequest, type UserAccountResponse } from '@lyceum/shared/people';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useSchoolMailRefusal } from '../../../api/mail-verification';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ServerMessage } from '../../../components/ui/server-message';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n/i18n';
import { useResetUserPassword } from '../api/reset-user-password';

type Mode = 'temporary' | 'email';

/**
 * Reset someone's password: a new temporary one shown once, or a set-password link by e-mail. While the school
 * may not send e-mail the link is off, with the server's reason as its hint, and a temporary password is chosen.
 */
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
  const mailRefusal = useSchoolMailRefusal();
  useEffect(() => {
    if (user && mailRefusal && form.getValues('mode') === 'email') form.setValue('mode', 'temporary');
  }, [user, mailRefusal, form]);

  const submit = async ({ mode }: ResetUserPasswordRequest) => {
    if (!user) return null;
    const result = await reset.mutateAsync({ id: user.id, data: { mode } });
    return { user, temporaryPassword: result.temporaryPassword };
  };

  // What the chosen way does to the old password and the sessions (docs/product.md, "Accounts made by staff"):
  // a temporary password ends both at once; a link leaves both until it is used.
  const mode = form.watch('mode');
  const description = t(mode === 'temporary' ? 'reset.descriptionTemporary' : 'reset.descriptionEmail', {
    name: user?.name ?? '',
  });

  const emailHint = mailRefusal ? (
    <ServerMessage message={mailRefusal} />
  ) : user?.email ? (
    t('reset.emailHint', { email: user.email })
  ) : (
    t('reset.emailHintNoAddress')
  );

  return (
    <FormDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('reset.title', { name: user?.name ?? '' })}
      description={description}
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
            ['email', t('reset.email'), emailHint, mailRefusal !== null],
            ['temporary', t('reset.temporary'), t('reset.temporaryHint'), false],
          ] as const
        ).map(([value, label, hint, off]) => (
          <label
            key={value}
            className={cn(
              'flex items-start gap-2 rounded-lg border border-slate-200 p-3',
              off ? 'cursor-not-allowed' : 'cursor-pointer',
            )}
          >
            <input
              type="radio"
              value={value}
              disabled={off}
              {...form.register('mode')}
              className="mt-0.5 size-4 accent-blue-600"
            />
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
