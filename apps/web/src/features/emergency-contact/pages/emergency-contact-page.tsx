import type { SchoolContact } from '@lyceum/shared/api';
import { isSchoolRole } from '@lyceum/shared/roles';
import { LifeBuoy, Mail, MapPin, Phone, School, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { useMySchool } from '../../../api/get-my-school';
import { ContactsLookup } from '../components/contacts-lookup';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 py-3">
      <span className="mt-0.5 text-slate-400">{icon}</span>
      <div className="min-w-0">
        <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
        <dd dir="auto" className="mt-0.5 text-sm break-words text-slate-900">
          {children}
        </dd>
      </div>
    </div>
  );
}

function SchoolContactCard({ contact }: { contact: SchoolContact }) {
  const { t } = useT('emergency-contact');
  const { t: tc } = useT();
  const notProvided = <span className="text-slate-500">{tc('states.notProvided')}</span>;
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-center gap-3">
        {contact.logo ? (
          <img
            src={contact.logo}
            alt={t('logo', { name: contact.name })}
            className="size-12 rounded-lg border border-slate-200 object-cover"
          />
        ) : (
          <span className="flex size-12 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
            <School className="size-6" aria-hidden="true" />
          </span>
        )}
        <h2 dir="auto" className="text-lg font-semibold text-slate-900">
          {contact.name}
        </h2>
      </div>
      <dl className="mt-4 divide-y divide-slate-100">
        <Row icon={<Phone className="size-4" aria-hidden="true" />} label={t('phone')}>
          {contact.phone ? (
            <a
              href={`tel:${contact.phone.replace(/[^0-9+]/g, '')}`}
              dir="ltr"
              className="font-medium text-blue-700 hover:underline"
            >
              {contact.phone}
            </a>
          ) : (
            notProvided
          )}
        </Row>
        <Row icon={<Mail className="size-4" aria-hidden="true" />} label={t('email')}>
          {contact.email ? (
            <a href={`mailto:${contact.email}`} dir="ltr" className="font-medium text-blue-700 hover:underline">
              {contact.email}
            </a>
          ) : (
            notProvided
          )}
        </Row>
        <Row icon={<UserRound className="size-4" aria-hidden="true" />} label={t('principal')}>
          {contact.principalName ?? notProvided}
        </Row>
        <Row icon={<MapPin className="size-4" aria-hidden="true" />} label={t('address')}>
          {contact.address ?? notProvided}
        </Row>
      </dl>
    </Card>
  );
}

/** Who finds students' contacts here: the office and teachers search; parents see (and keep) their children's. */
function studentContactsOf(role: string | undefined) {
  if (role === 'school_admin' || role === 'principal') return { mode: 'search', canEdit: true } as const;
  if (role === 'teacher') return { mode: 'search', canEdit: false } as const;
  if (role === 'parent') return { mode: 'children', canEdit: true } as const;
  return null;
}

export function EmergencyContactPage() {
  const { t } = useT('emergency-contact');
  const { user } = useAuth();
  const schoolUser = user ? isSchoolRole(user.role) : false;
  const contact = useMySchool(schoolUser);
  const students = studentContactsOf(user?.role);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="max-w-2xl space-y-4">
        <Alert tone="info">{t('callFirst')}</Alert>
        {!schoolUser ? (
          <Card className="p-5 sm:p-6">
            <div className="flex items-start gap-3">
              <LifeBuoy className="mt-0.5 size-6 shrink-0 text-blue-600" aria-hidden="true" />
              <div>
                <h2 className="text-lg font-semibold text-slate-900">{t('supportTitle')}</h2>
                <p className="mt-1 text-sm text-slate-600">{t('supportText')}</p>
              </div>
            </div>
          </Card>
        ) : contact.isPending ? (
          <Skeleton className="h-72" />
        ) : contact.isError ? (
          <ErrorState error={contact.error} onRetry={() => contact.refetch()} retrying={contact.isFetching} />
        ) : (
          <SchoolContactCard contact={contact.data} />
        )}
        {students && <ContactsLookup mode={students.mode} canEdit={students.canEdit} />}
      </div>
    </>
  );
}
