import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useIsPlatformManager } from '../../../lib/company-role';
import { useT } from '../../../lib/i18n/i18n';
import { AddonRequestList } from '../components/addon-request-list';

/** Addon Requests: every school's requests for add-ons, with their status. */
export function AddonRequestsPage() {
  const { t } = useT('addon-requests');
  const canManage = useIsPlatformManager();
  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          canManage && (
            <Link to="/addon-requests/manage" className={buttonClasses('primary')}>
              {t('page.review')}
            </Link>
          )
        }
      />
      <AddonRequestList manage={false} />
    </>
  );
}
