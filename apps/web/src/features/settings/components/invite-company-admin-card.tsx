import { format, isValid, parseISO } from 'date-fns';
import { Copy, KeyRound } from 'lucide-react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import { useCreateCompanyInvitation } from '../api/create-invitation';

function formatExpiry(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, 'PPp') : value;
}

/** Company admins invite colleagues with a one-time code used on /signup/company-admin. */
export function InviteCompanyAdminCard() {
  const invite = useCreateCompanyInvitation();

  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success('Invitation code copied');
    } catch {
      toast.error('Copy failed: select the code and copy it by hand.');
    }
  };

  return (
    <CardSection
      titleId="invite-title"
      title="Invite a company admin"
      description="Create a one-time invitation code. Your colleague enters it at /signup/company-admin."
    >
      <div className="space-y-4">
        {invite.isError && <Alert>{errorMessage(invite.error)}</Alert>}
        {invite.data && (
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Invitation code</p>
            <div className="mt-1 flex flex-wrap items-center gap-3">
              <code className="text-lg font-semibold break-all text-slate-900" data-testid="invitation-code">
                {invite.data.code}
              </code>
              <Button variant="secondary" size="sm" onClick={() => copy(invite.data.code)}>
                <Copy className="size-4" aria-hidden="true" />
                Copy
              </Button>
            </div>
            <p className="mt-2 text-xs text-slate-500">Expires {formatExpiry(invite.data.expiresAt)}.</p>
          </div>
        )}
        <Button
          variant={invite.data ? 'secondary' : 'primary'}
          loading={invite.isPending}
          onClick={() => invite.mutate(undefined, { onSuccess: () => toast.success('Invitation code created') })}
        >
          <KeyRound className="size-4" aria-hidden="true" />
          {invite.data ? 'Create another code' : 'Create invitation code'}
        </Button>
      </div>
    </CardSection>
  );
}
