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

export function SettingsPage() {
  const { t } = useT('settings');
  const { user, school } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
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
