import { PageHeader } from '../../../components/ui/page-header';
import { ApiKeysCard } from '../../api-keys/components/api-keys-card';
import { BrandedSignInCard } from '../../subscription/components/branded-sign-in-card';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { ChangePasswordCard } from '../components/change-password-form';
import { InviteCompanyAdminCard } from '../components/invite-company-admin-card';
import { ProfileForm } from '../components/profile-form';

export function SettingsPage() {
  const { t } = useT('settings');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="space-y-6">
        <ProfileForm key={user.id} user={user} />
        <ChangePasswordCard />
        {user.role === 'company_admin' && <InviteCompanyAdminCard />}
        <ApiKeysCard />
        <BrandedSignInCard />
      </div>
    </>
  );
}
