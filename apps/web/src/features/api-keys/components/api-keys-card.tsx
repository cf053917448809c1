import { zodResolver } from '../../../lib/zod-resolver';
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
import { useAuth } from '../../../lib/auth';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { intlLocaleOf } from '../../../lib/i18n/languages';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { useMySchool } from '../../../api/get-my-school';

function NewKey({ value }: { value: string }) {
  const { t } = useT('api-keys');
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">{t('newKey.notice')}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <code dir="ltr" className="text-sm font-semibold break-all text-slate-900" data-testid="new-api-key">
          {value}
        </code>
        <Button variant="secondary" size="sm" onClick={() => copyWithToast(value, t('newKey.what'))}>
          <Copy className="size-4" aria-hidden="true" />
          {t('newKey.copy')}
        </Button>
      </div>
    </div>
  );
}

function KeysCardBody() {
  const { t, language } = useT('api-keys');
  const format = useFormat();
  const scopeList = new Intl.ListFormat(intlLocaleOf(language), { style: 'short', type: 'unit' });
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
        toast.success(t('keys.createdToast'));
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
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          error={errors.name?.message}
          {...register('name')}
          containerClassName="sm:flex-1"
        />
        <fieldset className="flex items-center gap-3 pb-2">
          <legend className="sr-only">{t('form.scopes')}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-1.5 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300"
                value={scope}
                {...register('scopes')}
              />
              {t(`scope.${scope}`)}
            </label>
          ))}
        </fieldset>
        <Button type="submit" loading={create.isPending}>
          <KeyRound className="size-4" aria-hidden="true" />
          {t('form.create')}
        </Button>
      </form>
      {errors.scopes && <Alert>{errors.scopes.message}</Alert>}
      {keys.isPending ? (
        <Skeleton className="h-16" />
      ) : keys.isError ? (
        <ErrorState error={keys.error} onRetry={() => keys.refetch()} />
      ) : keys.data.items.length === 0 ? (
        <p className="text-sm text-slate-500">{t('keys.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t('title')}>
          {keys.data.items.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{key.name}</p>
                <p className="text-slate-500">
                  <code dir="ltr">{key.prefix}…</code> · {scopeList.format(key.scopes.map((s) => t(`scope.${s}`)))} ·{' '}
                  {t('keys.created', { date: format.date(key.createdAt) })}
                  {key.lastUsedAt ? ` · ${t('keys.lastUsed', { date: format.date(key.lastUsedAt) })}` : ''}
                </p>
              </div>
              {key.revokedAt ? (
                <StatusBadge status="revoked" />
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setRevoking(key)}
                  aria-label={t('revoke.named', { name: key.name })}
                >
                  {t('revoke.action')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('revoke.title', { name: revoking?.name ?? '' })}
        description={t('revoke.description')}
        confirmLabel={t('revoke.action')}
        tone="danger"
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success(t('revoke.done'));
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
  const { t } = useT('api-keys');
  const { user } = useAuth();
  const isSchoolAdmin = user?.role === 'school_admin';
  // A minute, not the default five: the card should appear soon after the add-on is bought.
  const school = useMySchool(isSchoolAdmin, 60_000);
  if (!isSchoolAdmin || !hasEntitlement(school.data?.entitlements ?? [], 'api_access')) return null;
  return (
    <CardSection titleId="api-keys-title" title={t('title')} description={t('description')}>
      <KeysCardBody />
    </CardSection>
  );
}
