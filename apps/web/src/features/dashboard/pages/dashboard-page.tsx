import { BarChart3 } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader, useMainContentMark } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth';
import { useIsPlatformManager } from '../../../lib/company-role';
import { useT } from '../../../lib/i18n/i18n';
import { isCompanyRole } from '@lyceum/shared/roles';
import { useDashboard } from '../api/get-dashboard';
import { isStaff } from '../../../components/people/roles';
import { DayCards } from '../components/day-cards';
import { COMPANY_READER_STAT_LINKS, COMPANY_STAT_LINKS, SCHOOL_STAT_LINKS } from '../components/company-links';
import { LeadsCard } from '../components/leads-card';
import { ShortcutsCard } from '../components/shortcuts-card';
import { StatCard } from '../components/stat-card';
import { SubscriptionCard } from '../components/subscription-card';

function DashboardSkeleton() {
  const { t } = useT('dashboard');
  return (
    <div role="status" aria-label={t('loading')} className="space-y-6">
      <div className="space-y-2">
        <Skeleton className="h-7 w-56" />
        <Skeleton className="h-4 w-40" />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-40" />
    </div>
  );
}

export function DashboardPage() {
  const { t } = useT('dashboard');
  const { user } = useAuth();
  const dashboard = useDashboard();
  const isManager = useIsPlatformManager();
  const statLinks = isManager
    ? COMPANY_STAT_LINKS
    : user && isCompanyRole(user.role)
      ? COMPANY_READER_STAT_LINKS
      : isStaff(user?.role)
        ? SCHOOL_STAT_LINKS
        : undefined;
  useMainContentMark(dashboard.isSuccess);

  if (dashboard.isPending) return <DashboardSkeleton />;

  if (dashboard.isError) {
    return (
      <>
        <PageHeader title={t('title')} />
        <ErrorState error={dashboard.error} onRetry={() => dashboard.refetch()} retrying={dashboard.isFetching} />
      </>
    );
  }

  const { title, stats, subscription, day } = dashboard.data;
  const firstName = user?.name.split(' ')[0];
  // The account's first session (sign-up, or first sign-in) has no earlier visit to welcome back from
  // (docs/product.md, "Sessions"); the server keeps it for the whole session, reloads included.
  const firstVisit = user?.firstVisit === true;

  return (
    <>
      <PageHeader
        title={title}
        description={
          firstName
            ? firstVisit
              ? t('welcomeFirst', { name: firstName })
              : t('welcome', { name: firstName })
            : undefined
        }
      />
      <div className="space-y-6">
        {stats.length > 0 ? (
          <section aria-label={t('keyFigures')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {stats.map((stat) => (
              <StatCard key={stat.key} stat={stat} href={statLinks?.[stat.key]} />
            ))}
          </section>
        ) : (
          <Card>
            <EmptyState
              icon={<BarChart3 className="size-6" aria-hidden="true" />}
              title={t('empty.title')}
              description={t('empty.description')}
            />
          </Card>
        )}
        {day && user && <DayCards day={day} role={user.role} />}
        {subscription && (
          <SubscriptionCard
            subscription={subscription}
            manageHref={user?.role === 'school_admin' ? '/subscription' : undefined}
          />
        )}
        {user && <ShortcutsCard role={user.role} userId={user.id} />}
        {user && isCompanyRole(user.role) && <LeadsCard />}
      </div>
    </>
  );
}
