import type { UserAccountResponse } from '@lyceum/shared/people';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
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
  const [mode, setMode] = useState<Mode>('email');
  const reset = useResetUserPassword();

  const submit = () => {
    if (!user) return;
    reset.mutate(
      { id: user.id, data: { mode } },
      {
        onSuccess: (result) => {
          onClose();
          if (result.temporaryPassword) onTemporaryPassword(user, result.temporaryPassword);
          else toast.success(`A set-password link was sent to ${user.email}`);
        },
      },
    );
  };

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Reset ${user?.name ?? ''}'s password`}
      description="Their current password stops working and they are signed out everywhere."
      size="sm"
      preventClose={reset.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={reset.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={submit} loading={reset.isPending}>
            Reset password
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">How they get the new password</legend>
        {(
          [
            ['email', 'E-mail a set-password link', `Sent to ${user?.email ?? 'their address'}; the link works once.`],
            ['temporary', 'Show a temporary password', 'Shown once on this screen for you to hand over.'],
          ] as const
        ).map(([value, label, hint]) => (
          <label key={value} className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 p-3">
            <input
              type="radio"
              name="reset-mode"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              className="mt-0.5 size-4 accent-blue-600"
            />
            <span>
              <span className="block text-sm font-medium text-slate-800">{label}</span>
              <span className="block text-xs text-slate-500">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
