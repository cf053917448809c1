import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_SCOPES, type ApiKey, CreateApiKeyRequest } from '@lyceum/shared/company';
import { hasEntitlement } from '@lyceum/shared/entitlements';
import { Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { copyWithToast } from '../../../lib/copy';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { useMySchool } from '../../../api/get-my-school';
import { formatDate } from '../../../lib/format-date';

function NewKey({ value }: { value: string }) {
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">Copy this key now: it is shown only once.</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <code className="text-sm font-semibold break-all text-slate-900" data-testid="new-api-key">
          {value}
        </code>
        <Button variant="secondary" size="sm" onClick={() => copyWithToast(value, 'API key')}>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
      </div>
    </div>
  );
}

function KeysCardBody() {
  const keys = useApiKeys(true);
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const form = useForm({ resolver: zodResolver(CreateApiKeyRequest), defaultValues: { name: '', scopes: ['read'] } });
  const {
    register,
    formState: { errors },
  } = form;

  // The chosen scopes stay for the next key; only the name is cleared.
  const submit = form.handleSubmit((request) =>
    create.mutate(request, {
      onSuccess: () => {
        toast.success('API key created');
        form.setValue('name', '');
      },
    }),
  );

  return (
    <div className="space-y-5">
      {create.data && <NewKey value={create.data.key} />}
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          id="api-key-name"
          label="Key name"
          placeholder="e.g. Timetable sync"
          error={errors.name?.message}
          {...register('name')}
          containerClassName="sm:flex-1"
        />
        <fieldset className="flex items-center gap-3 pb-2">
          <legend className="sr-only">Scopes</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-1.5 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300"
                value={scope}
                {...register('scopes')}
              />
              {scope === 'read' ? 'Read' : 'Write'}
            </label>
          ))}
        </fieldset>
        <Button type="submit" loading={create.isPending}>
          <KeyRound className="size-4" aria-hidden="true" />
          Create key
        </Button>
      </form>
      {errors.scopes && <Alert>{errors.scopes.message}</Alert>}
      {keys.isPending ? (
        <Skeleton className="h-16" />
      ) : keys.isError ? (
        <ErrorState message={errorMessage(keys.error)} onRetry={() => keys.refetch()} />
      ) : keys.data.items.length === 0 ? (
        <p className="text-sm text-slate-500">No API keys yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="API keys">
          {keys.data.items.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{key.name}</p>
                <p className="text-slate-500">
                  <code>{key.prefix}…</code> · {key.scopes.join(', ')} · created {formatDate(key.createdAt)}
                  {key.lastUsedAt ? ` · last used ${formatDate(key.lastUsedAt)}` : ''}
                </p>
              </div>
              {key.revokedAt ? (
                <StatusBadge status="revoked" />
              ) : (
                <Button size="sm" variant="secondary" onClick={() => setRevoking(key)}>
                  Revoke<span className="sr-only"> {key.name}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke ${revoking?.name ?? 'key'}?`}
        description="Systems using this key stop working at once. This cannot be undone."
        confirmLabel="Revoke"
        tone="danger"
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success('API key revoked');
              setRevoking(null);
            },
          })
        }
      />
    </div>
  );
}

/** API keys (Settings): only for a school admin whose school holds the API Access add-on. */
export function ApiKeysCard() {
  const { user } = useAuth();
  const isSchoolAdmin = user?.role === 'school_admin';
  // A minute, not the default five: the card should appear soon after the add-on is bought.
  const school = useMySchool(isSchoolAdmin, 60_000);
  if (!isSchoolAdmin || !hasEntitlement(school.data?.entitlements ?? [], 'api_access')) return null;
  return (
    <CardSection
      titleId="api-keys-title"
      title="API keys"
      description="Let other systems call the Lyceum API for your school. Keys are stored hashed; revoke one to cut it off."
    >
      <KeysCardBody />
    </CardSection>
  );
}
