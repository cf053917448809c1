import { Check, Copy, KeyRound, Mail } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

export interface CreatedAccount {
  name: string;
  email: string;
  /** The one-time temporary password, or null when an invitation e-mail was sent instead. */
  temporaryPassword: string | null;
}

interface AccountCreatedDialogProps {
  account: CreatedAccount | null;
  onClose: () => void;
  /** e.g. "Student" — used in the title. */
  kind: string;
}

/**
 * After creating a student, teacher or parent: the temporary password, shown this one time with a copy
 * button (the server keeps only its hash), or the note that an invitation e-mail went out.
 */
export function AccountCreatedDialog({ account, onClose, kind }: AccountCreatedDialogProps) {
  const [copied, setCopied] = useState(false);
  const password = account?.temporaryPassword ?? null;

  const copy = async () => {
    if (!password) return;
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
      title={`${kind} account created`}
      description={account ? `${account.name} · ${account.email}` : undefined}
      size="sm"
      footer={
        <Button
          onClick={() => {
            setCopied(false);
            onClose();
          }}
        >
          Done
        </Button>
      }
    >
      {password ? (
        <div className="space-y-3">
          <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <KeyRound className="size-4 text-slate-500" aria-hidden="true" />
            Temporary password
          </p>
          <div className="flex items-stretch gap-2">
            <output
              data-testid="temporary-password"
              aria-label="Temporary password"
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base tracking-wide break-all text-slate-900 select-all"
            >
              {password}
            </output>
            <Button variant="secondary" onClick={copy} aria-label={copied ? 'Copied' : 'Copy password'}>
              {copied ? (
                <Check className="size-4" aria-hidden="true" />
              ) : (
                <Copy className="size-4" aria-hidden="true" />
              )}
              <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
            </Button>
          </div>
          <Alert tone="info">
            This password is shown only once. Copy it now and give it to {account?.name} in person; they can change it
            in Settings after signing in.
          </Alert>
        </div>
      ) : (
        <p className="flex items-start gap-2 text-sm text-slate-700">
          <Mail className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            An invitation e-mail with a link to set a password was sent to <strong>{account?.email}</strong>. The link
            can be used once.
          </span>
        </p>
      )}
    </Dialog>
  );
}
