import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useIsPlatformManager } from '../../../lib/company-role';
import { AddonRequestList } from '../components/addon-request-list';

/** The add-on request approval screen: approving adds the add-on to the school's subscription. */
export function ManageAddonRequestsPage() {
  const canManage = useIsPlatformManager();
  return (
    <>
      <Link
        to="/addon-requests"
        className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        Addon Requests
      </Link>
      <PageHeader
        title="Manage Addon Requests"
        description="Approving adds the add-on to the school's subscription and recomputes its total; rejecting needs a reason."
      />
      <AddonRequestList manage={canManage} defaultStatus="pending" />
    </>
  );
}
