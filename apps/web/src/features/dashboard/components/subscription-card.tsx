import type { DashboardResponse } from '@lyceum/shared/api';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';

type Subscription = NonNullable<DashboardResponse['subscription']>;

const STATUS_STYLES: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-800',
  expired: 'bg-red-100 text-red-800',
  cancelled: 'bg-slate-200 text-slate-700',
};

export function SubscriptionCard({ subscription, manageHref }: { subscription: Subscription; manageHref?: string }) {
  const { t } = useT('dashboard');
  const format = useFormat();
  const soon = subscription.daysLeft >= 0 && subscription.daysLeft <= 14;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="subscription-title">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <div className="flex items-center gap-2">
              <h2 id="subscription-title" className="text-base font-semibold text-slate-900">
                {t('subscription.title')}
              </h2>
              <span
                className={cn(
                  'rounded-full px-2.5 py-0.5 text-xs font-medium capitalize',
                  STATUS_STYLES[subscription.status] ?? 'bg-slate-100 text-slate-700',
                )}
              >
                {t('subscription.status', { status: subscription.status })}
              </span>
            </div>
            <p className="mt-1 text-sm text-slate-500">{t('subscription.description')}</p>
          </div>
          {manageHref && (
            <Link to={manageHref} className="text-sm font-medium text-blue-700 hover:underline">
              {t('subscription.manage')}
            </Link>
          )}
        </div>
        <dl className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t('subscription.plan')}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">{subscription.planName}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t('subscription.endDate')}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">
              {format.date(subscription.endDate) || subscription.endDate}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t('subscription.daysLeft')}</dt>
            <dd
              className={cn(
                'mt-1 flex items-center gap-1.5 text-lg font-semibold',
                subscription.daysLeft < 0 ? 'text-red-700' : soon ? 'text-amber-700' : 'text-slate-900',
              )}
            >
              <CalendarClock className="size-4" aria-hidden="true" />
              {subscription.daysLeft < 0
                ? t('subscription.expired')
                : t('subscription.daysLeftValue', { days: subscription.daysLeft })}
            </dd>
          </div>
        </dl>
      </section>
    </Card>
  );
}
