import { Check, Copy, KeyRound, Mail } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

export interface CreatedAccount {
  /** e.g. "Student" or "Parent". */
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
      aria-label={copied ? `Copied ${name}'s password` : `Copy ${name}'s password`}
    >
      {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
      <span>{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}

function AccountCredentials({ account }: { account: CreatedAccount }) {
  return (
    <li className="space-y-2">
      <p className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">{account.name}</span> · {account.kind} · {account.email}
      </p>
      {account.temporaryPassword ? (
        <div className="flex items-stretch gap-2">
          <KeyRound className="mt-2.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <output
            data-testid="temporary-password"
            aria-label={`Temporary password of ${account.name}`}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base tracking-wide break-all text-slate-900 select-all"
          >
            {account.temporaryPassword}
          </output>
          <CopyButton text={account.temporaryPassword} name={account.name} />
        </div>
      ) : (
        <p className="flex items-start gap-2 text-sm text-slate-600">
          <Mail className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          An invitation e-mail with a one-time link to set a password was sent.
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
  const anyPassword = accounts?.some((a) => a.temporaryPassword) ?? false;
  return (
    <Dialog
      open={accounts !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={anyPassword ? 'Copy the temporary password now.' : 'Sign-in details are on their way by e-mail.'}
      size="md"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className="space-y-4">
        <ul className="space-y-4">
          {accounts?.map((account) => (
            <AccountCredentials key={account.email} account={account} />
          ))}
        </ul>
        {anyPassword && (
          <Alert tone="info">
            Shown only once: this password cannot be displayed again. Give it to its owner in person; they can change it
            in Settings after signing in. If it is lost, reset the password on the Users page.
          </Alert>
        )}
      </div>
    </Dialog>
  );
}
