import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useIsPlatformManager } from '../../../lib/company-role';
import { AddonRequestList } from '../components/addon-request-list';

/** Addon Requests: every school's requests for add-ons, with their status. */
export function AddonRequestsPage() {
  const canManage = useIsPlatformManager();
  return (
    <>
      <PageHeader
        title="Addon Requests"
        description="Add-ons schools asked for in their marketplace."
        actions={
          canManage && (
            <Link to="/addon-requests/manage" className={buttonClasses('primary')}>
              Review pending requests
            </Link>
          )
        }
      />
      <AddonRequestList manage={false} />
    </>
  );
}
