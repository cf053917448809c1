import { EMAIL_MAX, NAME_MAX, PHONE_MAX } from '@lyceum/shared/auth';
import { zodResolver } from '../../../lib/zod-resolver';
import { type CreateSchoolResponse, CreateSchoolRequest, type Plan } from '@lyceum/shared/company';
import type { SchoolLocale } from '@lyceum/shared/locale';
import { Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeleton';
import { copyWithToast } from '../../../lib/copy';
import { formatDate, useFormat } from '../../../lib/i18n/format';
import { translate, useT } from '../../../lib/i18n/i18n';
import { applyServerError, useFocusFirstShownError, flatErrors } from '../../../lib/form-errors';
import { asRequest } from '../../../lib/zod-fields';
import { useCatalogue } from '../api/get-catalogue';
import { useCreateSchool } from '../api/create-school';
import { SchoolFields, type SchoolValue, schoolValue } from '../components/school-fields';
import { CompanySchoolLocaleFields, schoolLocaleValue } from '../components/school-locale-fields';
import { scopedErrors } from '../components/scoped-errors';
import {
  emptySubscription,
  SubscriptionFields,
  type SubscriptionValue,
  toAssignRequest,
} from '../components/subscription-fields';

function CreatedSchool({ result, onAnother }: { result: CreateSchoolResponse; onAnother: () => void }) {
  const { t } = useT('schools');
  useFormat();
  const password = result.admin.temporaryPassword;
  return (
    <CardSection titleId="created-title" title={t('created.title', { name: result.school.name })}>
      <div className="space-y-4 text-sm">
        <p className="text-slate-700">
          {t('created.subscription', {
            plan: result.subscription.planName,
            cycle: result.subscription.billingCycle,
            date: formatDate(result.subscription.endDate),
          })}
        </p>
        {password ? (
          <div className="rounded-lg border border-amber-200 bg-amber-50 p-4">
            <p className="font-medium text-amber-900">
              {t('created.temporaryPassword', { email: result.admin.email })}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <code className="text-lg font-semibold break-all text-slate-900" data-testid="temporary-password">
                {password}
              </code>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => password && copyWithToast(password, t('created.passwordLabel'))}
              >
                <Copy className="size-4" aria-hidden="true" />
                {t('created.copy')}
              </Button>
            </div>
          </div>
        ) : (
          <Alert tone="success">{t('created.invitationSent', { email: result.admin.email })}</Alert>
        )}
        <div className="flex flex-wrap gap-2">
          <Link to={`/schools/${result.school.id}`} className={buttonClasses('primary')}>
            {t('created.open')}
          </Link>
          <Button variant="secondary" onClick={onAnother}>
            {t('created.another')}
          </Button>
        </div>
      </div>
    </CardSection>
  );
}

interface CreateSchoolForm {
  school: SchoolValue;
  locale: SchoolLocale;
  admin: { name: string; email: string; phone: string; sendInvitation: boolean };
  subscription: SubscriptionValue;
}

const emptyForm = (): CreateSchoolForm => ({
  school: schoolValue(),
  locale: schoolLocaleValue(),
  admin: { name: '', email: '', phone: '', sendInvitation: false },
  subscription: emptySubscription(),
});

/** The request the form describes; blank optional fields are left out. */
function toCreateRequest(plans: readonly Plan[], { school, locale, admin, subscription }: CreateSchoolForm) {
  const optional = (v: string) => (v.trim() === '' ? undefined : v);
  return {
    name: school.name,
    address: optional(school.address),
    phone: optional(school.phone),
    email: optional(school.email),
    principalName: optional(school.principalName),
    logo: optional(school.logo),
    brandColor: optional(school.brandColor),
    ...locale,
    admin: {
      name: admin.name,
      email: admin.email,
      phone: optional(admin.phone),
      sendInvitation: admin.sendInvitation,
    },
    subscription: toAssignRequest(plans, subscription),
  };
}

/** Create School: details, the first school admin and the first subscription, with the live total. */
export function CreateSchoolPage() {
  const { t } = useT('schools');
  const catalogue = useCatalogue();
  const create = useCreateSchool();
  const form = useForm({
    resolver: zodResolver(
      asRequest((values: CreateSchoolForm) => toCreateRequest(catalogue.plans, values), CreateSchoolRequest),
    ),
    defaultValues: emptyForm(),
  });
  const [result, setResult] = useState<CreateSchoolResponse | null>(null);
  const { register, control, watch, setValue } = form;
  // Messages follow the request's paths (`name`, `admin.email`, `subscription.planId`), as the server's do.
  const errors = flatErrors(form.formState.errors);
  const formRef = useRef<HTMLFormElement>(null);
  // A refusal is said under its field, not in a toast: the field it names takes the focus, also when the server
  // named it (the subscription's fields are one group, which react-hook-form cannot focus by itself).
  const [refusals, setRefusals] = useState(0);
  useFocusFirstShownError(formRef, form.formState.submitCount + refusals);

  if (result) {
    return (
      <>
        <PageHeader title={t('create.title')} />
        <CreatedSchool
          result={result}
          onAnother={() => {
            setResult(null);
            form.reset(emptyForm());
          }}
        />
      </>
    );
  }
  if (catalogue.isPending) return <PageSkeleton />;
  if (catalogue.error) {
    return (
      <>
        <PageHeader title={t('create.title')} />
        <ErrorState error={catalogue.error} onRetry={catalogue.refetch} />
      </>
    );
  }

  const submit = form.handleSubmit(
    async (request) => {
      try {
        const created = await create.mutateAsync(request);
        toast.success(translate('schools', 'create.created', { name: created.school.name }));
        setResult(created);
      } catch (error) {
        applyServerError(error, form.setError, 'all');
        setRefusals((n) => n + 1);
      }
    },
    () => toast.error(translate('schools', 'create.checkFields')),
  );
  const sendInvitation = watch('admin.sendInvitation');

  return (
    <>
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-6">
        {form.formState.errors.root?.server && <FormAlert>{form.formState.errors.root.server.message}</FormAlert>}
        <CardSection titleId="school-details" title={t('create.school')}>
          <Controller
            control={control}
            name="school"
            render={({ field }) => (
              <SchoolFields idPrefix="school" value={field.value} onChange={field.onChange} errors={errors} />
            )}
          />
        </CardSection>
        <CompanySchoolLocaleFields idPrefix="school-locale" control={control} errors={form.formState.errors} card />
        <CardSection titleId="school-admin" title={t('create.admin')} description={t('create.adminDescription')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="admin-name"
              label={t('create.adminName')}
              maxLength={NAME_MAX}
              error={errors['admin.name']}
              {...register('admin.name')}
            />
            <TextField
              id="admin-email"
              label={t('create.adminEmail')}
              type="email"
              maxLength={EMAIL_MAX}
              error={errors['admin.email']}
              {...register('admin.email')}
            />
            <TextField
              id="admin-phone"
              label={t('create.adminPhone')}
              type="tel"
              maxLength={PHONE_MAX}
              error={errors['admin.phone']}
              {...register('admin.phone')}
            />
            <fieldset className="space-y-2 self-end">
              <legend className="sr-only">{t('create.access')}</legend>
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  name="admin-access"
                  checked={!sendInvitation}
                  onChange={() => setValue('admin.sendInvitation', false)}
                />
                {t('create.showPassword')}
              </label>
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  name="admin-access"
                  checked={sendInvitation}
                  onChange={() => setValue('admin.sendInvitation', true)}
                />
                {t('create.sendInvitation')}
              </label>
            </fieldset>
          </div>
        </CardSection>
        <CardSection titleId="school-subscription" title={t('create.subscription')}>
          <Controller
            control={control}
            name="subscription"
            render={({ field }) => (
              <SubscriptionFields
                idPrefix="subscription"
                plans={catalogue.plans}
                addons={catalogue.addons}
                value={field.value}
                onChange={field.onChange}
                errors={scopedErrors(errors, 'subscription')}
              />
            )}
          />
        </CardSection>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/schools" className={buttonClasses('secondary')}>
            {t('create.cancel')}
          </Link>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </>
  );
}
