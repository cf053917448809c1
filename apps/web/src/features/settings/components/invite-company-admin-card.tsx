import { Copy, KeyRound } from 'lucide-react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useCreateCompanyInvitation } from '../api/create-invitation';

/** Company admins invite colleagues with a one-time code used on /signup/company-admin. */
export function InviteCompanyAdminCard() {
  const { t } = useT('settings');
  const format = useFormat();
  const invite = useCreateCompanyInvitation();

  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(t('invite.copied'));
    } catch {
      toast.error(t('invite.copyFailed'));
    }
  };

  return (
    <CardSection titleId="invite-title" title={t('invite.title')} description={t('invite.description')}>
      <div className="space-y-4">
        {invite.isError && <Alert>{errorMessage(invite.error)}</Alert>}
        {invite.data && (
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t('invite.code')}</p>
            <div className="mt-1 flex flex-wrap items-center gap-3">
              <code dir="ltr" className="text-lg font-semibold break-all text-slate-900" data-testid="invitation-code">
                {invite.data.code}
              </code>
              <Button variant="secondary" size="sm" onClick={() => copy(invite.data.code)}>
                <Copy className="size-4" aria-hidden="true" />
                {t('invite.copy')}
              </Button>
            </div>
            <p className="mt-2 text-xs text-slate-500">
              {t('invite.expires', { date: format.dateTime(invite.data.expiresAt) })}
            </p>
          </div>
        )}
        <Button
          variant={invite.data ? 'secondary' : 'primary'}
          loading={invite.isPending}
          onClick={() => invite.mutate(undefined, { onSuccess: () => toast.success(t('invite.created')) })}
        >
          <KeyRound className="size-4" aria-hidden="true" />
          {invite.data ? t('invite.createAnother') : t('invite.create')}
        </Button>
      </div>
    </CardSection>
  );
}
