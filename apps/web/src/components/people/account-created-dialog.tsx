import { Check, Copy, KeyRound, Mail } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

export interface CreatedAccount {
  /** e.g. "Student" or "Parent" (translated). */
  kind: string;
  name: string;
  email: string;
  /** The one-time temporary password, or null when an invitation e-mail was sent instead. */
  temporaryPassword: string | null;
}

interface AccountCreatedDialogProps {
  /** The account just created first, then any made with it (e.g. a student's new parents). */
  accounts: readonly CreatedAccount[] | null;
  onClose: () => void;
  /** Title, e.g. "Student added". */
  title: string;
}

function CopyButton({ text, name }: { text: string; name: string }) {
  const { t } = useT('people');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={copy}
      aria-label={copied ? t('created.copiedPassword', { name }) : t('created.copyPassword', { name })}
    >
      {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
      <span>{copied ? t('created.copied') : t('created.copy')}</span>
    </Button>
  );
}

function AccountCredentials({ account }: { account: CreatedAccount }) {
  const { t } = useT('people');
  return (
    <li className="space-y-2">
      <p className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">{account.name}</span> · {account.kind} · {account.email}
      </p>
      {account.temporaryPassword ? (
        <div className="flex items-stretch gap-2">
          <KeyRound className="mt-2.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          {/* Left to right in every language: right to left a leading `%` would be drawn at the other end. */}
          <output
            dir="ltr"
            data-testid="temporary-password"
            aria-label={t('created.temporaryPassword', { name: account.name })}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base tracking-wide break-all text-slate-900 select-all"
          >
            {account.temporaryPassword}
          </output>
          <CopyButton text={account.temporaryPassword} name={account.name} />
        </div>
      ) : (
        <p className="flex items-start gap-2 text-sm text-slate-600">
          <Mail className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          {t('created.invitationSent')}
        </p>
      )}
    </li>
  );
}

/**
 * After creating accounts: each temporary password, shown this one time with a copy button (the server keeps
 * only its hash), or the note that an invitation e-mail went out instead.
 */
export function AccountCreatedDialog({ accounts, onClose, title }: AccountCreatedDialogProps) {
  const { t } = useT('people');
  const anyPassword = accounts?.some((a) => a.temporaryPassword) ?? false;
  return (
    <Dialog
      open={accounts !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={anyPassword ? t('created.copyNow') : t('created.detailsByEmail')}
      size="md"
      footer={<Button onClick={onClose}>{t('created.done')}</Button>}
    >
      <div className="space-y-4">
        <ul className="space-y-4">
          {accounts?.map((account) => (
            <AccountCredentials key={account.email} account={account} />
          ))}
        </ul>
        {anyPassword && <Alert tone="info">{t('created.shownOnce')}</Alert>}
      </div>
    </Dialog>
  );
}
