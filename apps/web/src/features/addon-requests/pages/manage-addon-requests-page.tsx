import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
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
      <Link
        to="/addon-requests"
        className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {t('manage.back')}
      </Link>
      <PageHeader title={t('manage.title')} description={t('manage.description')} />
      <AddonRequestList
        manage={canManage}
        // i18n-exempt: a status code, not text
        defaultStatus="pending"
      />
    </>
  );
}
