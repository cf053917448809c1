import { RevenueQuery, type RevenueResponse } from '@lyceum/shared/company';
import { Download } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardSection } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatMoney, useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { revenueCsvUrl, useRevenue } from '../api/get-revenue';
import { LazyRevenueChart } from '../components/lazy-revenue-chart';
// This component checks a shared schema itself: zod's checks without their own message say ours.
import '../../../lib/zod-words';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function Figure({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  return (
    <Card className="p-5">
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </Card>
  );
}

function Breakdown({
  rows,
  currency,
}: {
  rows: { name: string; amountMinor: number; count: number }[];
  currency: string;
}) {
  const { t } = useT('revenue');
  if (rows.length === 0) return <p className="text-sm text-slate-500">{t('nothingPaid')}</p>;
  const max = Math.max(...rows.map((r) => r.amountMinor), 1);
  return (
    <ul className="space-y-3">
      {rows.map((r) => (
        <li key={r.name} className="text-sm">
          <div className="flex justify-between gap-3">
            <span className="font-medium text-slate-800">{r.name}</span>
            <span className="text-slate-600 tabular-nums">
              {t('breakdownLine', { amount: formatMoney(r.amountMinor, currency), count: r.count })}
            </span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
            <div className="h-full rounded-full bg-blue-600" style={{ width: `${(r.amountMinor / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Revenue: MRR, ARR, paid revenue by month, plan and add-on, outstanding payments, renewals due, CSV. */
export function RevenuePage() {
  const { t } = useT('revenue');
  useFormat();
  const [params, setParams] = useSearchParams();
  const pick = (key: string) => {
    const v = params.get(key);
    return v && ISO_DATE.test(v) ? v : undefined;
  };
  const range = { from: pick('from'), to: pick('to') };
  // The last figures the server sent: a refused range keeps them (and the dates the server filled in) on screen.
  const last = useRef<RevenueResponse | undefined>(undefined);
  const lastTo = last.current?.to.slice(0, 10);
  // A From after To (the one typed, or the one shown) is said under From and not sent: the server would refuse it.
  const check = RevenueQuery.safeParse({ from: range.from, to: range.to ?? lastTo });
  const rangeError = check.success ? undefined : check.error.issues[0]?.message;
  const revenue = useRevenue(range, !rangeError);
  if (revenue.data) last.current = revenue.data;
  const fromError = rangeError ?? (revenue.error instanceof ApiError ? revenue.error.fields?.from : undefined);
  const shown = revenue.data ?? (fromError ? last.current : undefined);
  const setDate = (key: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const header = (
    <PageHeader
      title={t('title')}
      actions={
        <>
          <Link to="/payments?status=pending" className={buttonClasses('secondary')}>
            {t('pendingPayments')}
          </Link>
          <a href={revenueCsvUrl(range)} download className={buttonClasses('secondary')}>
            <Download className="size-4" aria-hidden="true" />
            {t('exportCsv')}
          </a>
        </>
      }
    />
  );
  const filters = (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField
        id="revenue-from"
        label={t('from')}
        type="date"
        value={range.from ?? shown?.from.slice(0, 10) ?? ''}
        onChange={(e) => setDate('from', e.target.value)}
        error={fromError}
        containerClassName="sm:w-44"
      />
      <TextField
        id="revenue-to"
        label={t('to')}
        type="date"
        value={range.to ?? shown?.to.slice(0, 10) ?? ''}
        onChange={(e) => setDate('to', e.target.value)}
        containerClassName="sm:w-44"
      />
    </div>
  );

  if (!shown && revenue.isPending && !rangeError) return <PageSkeleton />;
  if (revenue.isError && !fromError) {
    return (
      <>
        {header}
        {filters}
        <ErrorState error={revenue.error} onRetry={() => revenue.refetch()} retrying={revenue.isFetching} />
      </>
    );
  }
  if (!shown) {
    return (
      <>
        {header}
        {filters}
      </>
    );
  }
  const r = shown;
  const money = (minor: number) => formatMoney(minor, r.currency);

  return (
    <>
      {header}
      {filters}
      <section aria-label={t('keyFigures')} className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure label={t('mrr')} value={money(r.mrrMinor)} hint={t('mrrHint')} />
        <Figure label={t('arr')} value={money(r.arrMinor)} hint={t('arrHint')} />
        <Figure label={t('paid')} value={money(r.paidMinor)} hint={t('paidHint')} />
        <Figure
          label={t('outstanding')}
          value={money(r.outstandingMinor)}
          hint={t('outstandingHint', { count: r.outstandingCount })}
        />
      </section>
      <div className="grid gap-6 xl:grid-cols-3">
        <CardSection titleId="revenue-by-month" title={t('byMonth')} className="xl:col-span-3">
          {r.byMonth.length === 0 ? (
            <p className="text-sm text-slate-500">{t('noPaymentsInRange')}</p>
          ) : (
            <>
              <LazyRevenueChart data={r.byMonth} currency={r.currency} />
              <table className="sr-only">
                <caption>{t('byMonth')}</caption>
                <tbody>
                  {r.byMonth.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{m.month}</th>
                      <td>{money(m.amountMinor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </CardSection>
        <CardSection titleId="revenue-by-plan" title={t('byPlan')}>
          <Breakdown
            rows={r.byPlan.map((p) => ({ name: p.planName, amountMinor: p.amountMinor, count: p.count }))}
            currency={r.currency}
          />
        </CardSection>
        <CardSection titleId="revenue-by-addon" title={t('byAddon')}>
          <Breakdown
            rows={r.byAddon.map((a) => ({ name: a.addonName, amountMinor: a.amountMinor, count: a.count }))}
            currency={r.currency}
          />
        </CardSection>
        <CardSection titleId="revenue-expiring" title={t('expiring')}>
          {r.expiringSoon.length === 0 ? (
            <p className="text-sm text-slate-500">{t('noneExpiring')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {r.expiringSoon.map((e) => (
                <li key={e.schoolId} className="flex flex-wrap justify-between gap-2 py-2">
                  <Link to={`/schools/${e.schoolId}`} className="font-medium text-blue-700 hover:underline">
                    {e.schoolName}
                  </Link>
                  <span className="text-slate-600">
                    {t('expiringLine', {
                      plan: e.planName,
                      date: formatDate(e.endDate),
                      amount: money(e.totalAmountMinor),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardSection>
      </div>
    </>
  );
}
