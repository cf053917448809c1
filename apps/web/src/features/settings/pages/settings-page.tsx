import type { Role } from '@lyceum/shared/roles';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiKeysCard } from '../../api-keys/components/api-keys-card';
import { BrandedSignInCard } from '../../subscription/components/branded-sign-in-card';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { ChangePasswordCard } from '../components/change-password-form';
import { InviteCompanyAdminCard } from '../components/invite-company-admin-card';
import { LanguageCard } from '../components/language-card';
import { ProfileForm } from '../components/profile-form';
import { SchoolLocaleCard } from '../components/school-locale-card';
import { AcademicYearsLinkCard } from '../../years/components/academic-years-link-card';
import { AttendanceSettingsCard } from '../../attendance/components/attendance-settings-card';

/** What this role's Settings page holds (the cards below), said in its subtitle. */
function descriptionOf(role: Role) {
  switch (role) {
    case 'school_admin':
      return 'description.schoolAdmin';
    case 'principal':
      return 'description.principal';
    case 'company_admin':
      return 'description.companyAdmin';
    default:
      return 'description.everyone';
  }
}

export function SettingsPage() {
  const { t } = useT('settings');
  const { user, school } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('title')} description={t(descriptionOf(user.role))} />
      <div className="space-y-6">
        <ProfileForm key={user.id} user={user} />
        <LanguageCard user={user} school={school} />
        {user.role === 'school_admin' && <SchoolLocaleCard />}
        {user.role === 'school_admin' && <AttendanceSettingsCard />}
        {(user.role === 'school_admin' || user.role === 'principal') && <AcademicYearsLinkCard />}
        <ChangePasswordCard />
        {user.role === 'company_admin' && <InviteCompanyAdminCard />}
        <ApiKeysCard />
        <BrandedSignInCard />
      </div>
    </>
  );
}
