import { BackLink } from '../../../components/ui/back-link';
import { PageHeader } from '../../../components/ui/page-header';
import { useIsPlatformManager } from '../../../lib/company-role';
import { useT } from '../../../lib/i18n/i18n';
import { AddonRequestList } from '../components/addon-request-list';

/** The add-on request approval screen: approving adds the add-on to the school's subscription. */
export function ManageAddonRequestsPage() {
  const { t } = useT('addon-requests');
  const canManage = useIsPlatformManager();
  return (
    <>
      <BackLink to="/addon-requests">{t('manage.back')}</BackLink>
      <PageHeader title={t('manage.title')} description={t('manage.description')} />
      <AddonRequestList
        manage={canManage}
        // i18n-exempt: a status code, not text
        defaultStatus="pending"
      />
    </>
  );
}
