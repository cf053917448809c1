import { COMPANY_SEARCH_MAX } from '@lyceum/shared/company';
import { Download, Gauge } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { StatusBadge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { UsageList } from '../../../components/ui/usage-meter';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { usageCsvUrl, useUsage } from '../api/get-usage';

/** Schools Usage: each school's use of each plan limit, the school closest to a limit first. */
export function UsagePage() {
  const { t } = useT('usage');
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const usage = useUsage(q);

  let body: React.ReactNode;
  if (usage.isPending) {
    body = (
      <div role="status" aria-label={t('loading')} className="grid gap-4 lg:grid-cols-2">
        {['a', 'b', 'c', 'd'].map((k) => (
          <Skeleton key={k} className="h-64" />
        ))}
      </div>
    );
  } else if (usage.isError) {
    body = <ErrorState error={usage.error} onRetry={() => usage.refetch()} retrying={usage.isFetching} />;
  } else if (usage.data.items.length === 0) {
    body = (
      <Card>
        <EmptyState icon={<Gauge className="size-6" aria-hidden="true" />} title={q ? t('noMatch') : t('noSchools')} />
      </Card>
    );
  } else {
    body = (
      <ol className="grid gap-4 lg:grid-cols-2">
        {usage.data.items.map((school) => (
          <li key={school.schoolId}>
            <Card className="p-5">
              <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="text-base font-semibold">
                    <Link to={`/schools/${school.schoolId}`} className="text-slate-900 hover:underline">
                      {school.schoolName}
                    </Link>
                  </h2>
                  <p className="text-xs text-slate-500">
                    {t('summary', {
                      plan: school.planName ?? t('noPlan'),
                      use: format.number(school.maxRatio, { style: 'percent', maximumFractionDigits: 0 }),
                    })}
                  </p>
                </div>
                <StatusBadge status={school.status} />
              </div>
              <UsageList items={school.items} />
            </Card>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <a href={usageCsvUrl(q)} download className={buttonClasses('secondary')}>
            <Download className="size-4" aria-hidden="true" />
            {t('exportCsv')}
          </a>
        }
      />
      <SearchInput
        id="usage-search"
        label={t('search')}
        maxLength={COMPANY_SEARCH_MAX}
        value={q}
        onChange={(value) => {
          const next = new URLSearchParams(params);
          if (value) next.set('q', value);
          else next.delete('q');
          setParams(next, { replace: true });
        }}
        className="mb-4 sm:max-w-xs"
      />
      {usage.data && !usage.data.storageCounted && (
        <p className="mb-4 text-xs text-slate-500">{t('storageNotCounted')}</p>
      )}
      {body}
    </>
  );
}
