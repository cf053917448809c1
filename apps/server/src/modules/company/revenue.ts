import type { RevenueQuery, RevenueResponse } from '@lyceum/shared/company';
import { DEFAULT_CURRENCY } from '@lyceum/shared/plans';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { invalid } from '../../lib/errors.ts';
import { decimal, toCsv } from '../../lib/csv.ts';
import { settleLapsed } from './subscriptions.ts';

const DAY = 86_400_000;

/** The range [from, to] in whole UTC days; default the last twelve calendar months up to today. */
function rangeOf(query: z.output<typeof RevenueQuery>): { from: Date; to: Date } {
  const today = new Date();
  const to = query.to
    ? new Date(`${query.to}T00:00:00Z`)
    : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const from = query.from
    ? new Date(`${query.from}T00:00:00Z`)
    : new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - 11, 1));
  if (from.getTime() > to.getTime())
    throw invalid('The start date must be before the end date', { from: 'Must be before the end date' });
  return { from, to };
}

type Rows<T> = { rows: unknown[] } & { _?: T };
const rowsOf = <T>(r: Rows<T>) => r.rows as T[];

/**
 * MRR counts paid-for plans now (active, unexpired, not on trial), yearly charges spread over twelve months;
 * ARR is twelve times MRR. Paid revenue is confirmed payments in the range, by month, plan and add-on.
 */
export async function revenue(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof RevenueQuery>,
): Promise<RevenueResponse> {
  const { from, to } = rangeOf(query);
  const end = new Date(to.getTime() + DAY);
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    await settleLapsed(tx, null);
    const [mrr] = rowsOf<{ mrr: number }>(
      await tx.execute(sql`
        select coalesce(sum(case when billing_cycle = 'yearly' then round(total_amount_minor / 12.0) else total_amount_minor end), 0)::int as mrr
        from school_subscriptions where status = 'active' and end_date > now() and not is_trial`),
    );
    const [totals] = rowsOf<{ paid: number; outstanding: number; outstanding_count: number }>(
      await tx.execute(sql`
        select
          coalesce(sum(amount_minor) filter (where status = 'confirmed' and created_at >= ${from} and created_at < ${end}), 0)::int as paid,
          coalesce(sum(amount_minor) filter (where status = 'pending'), 0)::int as outstanding,
          count(*) filter (where status = 'pending')::int as outstanding_count
        from subscription_payments`),
    );
    const byMonth = rowsOf<{ month: string; amount: number; n: number }>(
      await tx.execute(sql`
        with months as (
          select to_char(m, 'YYYY-MM') as month
          from generate_series(date_trunc('month', ${from}::timestamptz at time zone 'UTC'), date_trunc('month', ${to}::timestamptz at time zone 'UTC'), interval '1 month') m
        ), paid as (
          select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, sum(amount_minor)::int as amount, count(*)::int as n
          from subscription_payments where status = 'confirmed' and created_at >= ${from} and created_at < ${end}
          group by 1
        )
        select m.month, coalesce(p.amount, 0)::int as amount, coalesce(p.n, 0)::int as n
        from months m left join paid p on p.month = m.month order by m.month`),
    );
    const byPlan = rowsOf<{ name: string; amount: number; n: number }>(
      await tx.execute(sql`
        select pl.name, sum(p.amount_minor)::int as amount, count(*)::int as n
        from subscription_payments p
        join school_subscriptions s on s.school_id = p.school_id and s.id = p.subscription_id
        join plans pl on pl.id = s.plan_id
        where p.status = 'confirmed' and p.created_at >= ${from} and p.created_at < ${end}
        group by pl.name order by amount desc, pl.name`),
    );
    const byAddon = rowsOf<{ name: string; amount: number; n: number }>(
      await tx.execute(sql`
        select a.name, sum(p.amount_minor)::int as amount, count(*)::int as n
        from subscription_payments p
        join addon_requests r on r.school_id = p.school_id and r.id = p.addon_request_id
        join addons a on a.id = r.addon_id
        where p.status = 'confirmed' and p.created_at >= ${from} and p.created_at < ${end}
        group by a.name order by amount desc, a.name`),
    );
    const expiring = rowsOf<{
      school_id: string;
      school_name: string;
      plan_name: string;
      end_date: string | Date;
      total: number;
    }>(
      await tx.execute(sql`
        select s.school_id, sc.name as school_name, pl.name as plan_name, s.end_date, s.total_amount_minor as total
        from school_subscriptions s join schools sc on sc.id = s.school_id join plans pl on pl.id = s.plan_id
        where s.status = 'active' and s.end_date > now() and s.end_date <= now() + interval '30 days'
        order by s.end_date, sc.name limit 200`),
    );
    const mrrMinor = mrr?.mrr ?? 0;
    return {
      currency: DEFAULT_CURRENCY,
      from: from.toISOString().slice(0, 10),
      to: to.toISOString().slice(0, 10),
      mrrMinor,
      arrMinor: mrrMinor * 12,
      paidMinor: totals?.paid ?? 0,
      outstandingMinor: totals?.outstanding ?? 0,
      outstandingCount: totals?.outstanding_count ?? 0,
      byMonth: byMonth.map((r) => ({ month: r.month, amountMinor: r.amount, count: r.n })),
      byPlan: byPlan.map((r) => ({ planName: r.name, amountMinor: r.amount, count: r.n })),
      byAddon: byAddon.map((r) => ({ addonName: r.name, amountMinor: r.amount, count: r.n })),
      expiringSoon: expiring.map((r) => ({
        schoolId: r.school_id,
        schoolName: r.school_name,
        planName: r.plan_name,
        endDate: new Date(r.end_date).toISOString(),
        totalAmountMinor: r.total,
      })),
    };
  });
}

/** The revenue page as one CSV with a section per figure, so a spreadsheet shows what the page shows. */
export async function revenueExport(deps: Deps, actor: Actor, query: z.output<typeof RevenueQuery>): Promise<string> {
  return revenueCsv(await revenue(deps, actor, query));
}

function revenueCsv(r: RevenueResponse): string {
  const rows: (string | number | null)[][] = [
    ['summary', 'MRR', decimal(r.mrrMinor), null],
    ['summary', 'ARR', decimal(r.arrMinor), null],
    ['summary', `Paid ${r.from} to ${r.to}`, decimal(r.paidMinor), null],
    ['summary', 'Outstanding (pending)', decimal(r.outstandingMinor), r.outstandingCount],
    ...r.byMonth.map((m) => ['month', m.month, decimal(m.amountMinor), m.count]),
    ...r.byPlan.map((p) => ['plan', p.planName, decimal(p.amountMinor), p.count]),
    ...r.byAddon.map((a) => ['addon', a.addonName, decimal(a.amountMinor), a.count]),
    ...r.expiringSoon.map((e) => [
      'expiring',
      `${e.schoolName} (${e.planName}) ${e.endDate.slice(0, 10)}`,
      decimal(e.totalAmountMinor),
      null,
    ]),
  ];
  return toCsv(['section', 'item', `amount (${r.currency})`, 'count'], rows);
}
