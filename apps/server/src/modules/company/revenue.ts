import { DATE_RANGE_MESSAGE, type RevenueQuery, type RevenueResponse } from '@lyceum/shared/company';
import { DEFAULT_CURRENCY } from '@lyceum/shared/plans';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { instantSql, isoTime } from '../../db/iso-time.ts';
import { selectRows } from '../../db/select-rows.ts';
import { byName } from '../../lib/search.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { invalid } from '../../lib/errors.ts';
import { decimal, toCsv } from '../../lib/csv.ts';
import { settleLapsed } from './subscriptions.ts';

/** The range [from, to] in whole UTC days; default the last twelve calendar months up to today (`now`'s UTC day). */
function rangeOf(query: z.output<typeof RevenueQuery>, now: Date): { from: Date; to: Date } {
  const to = query.to
    ? new Date(`${query.to}T00:00:00Z`)
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = query.from
    ? new Date(`${query.from}T00:00:00Z`)
    : new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - 11, 1));
  if (from.getTime() > to.getTime()) throw invalid(DATE_RANGE_MESSAGE, { from: DATE_RANGE_MESSAGE });
  return { from, to };
}

interface Figures extends Omit<RevenueResponse, 'currency' | 'from' | 'to' | 'arrMinor'> {
  /** Active subscriptions past their end date that no sweep has settled yet. */
  lapsed: boolean;
}

/**
 * Every figure of the page in one statement, shaped by PostgreSQL: the page opens often and each statement is a
 * round trip (docs/product.md, "Performance budgets").
 */
async function readFigures(tx: Tx, from: Date, to: Date, now: Date): Promise<Figures> {
  const at = instantSql(now);
  // The end is the start of the day after `to`, computed by PostgreSQL: in JavaScript the day after 9999-12-31
  // is a year-10000 timestamp the database cannot read back.
  const end = sql`((${to.toISOString().slice(0, 10)}::date + 1)::timestamp at time zone 'UTC')`;
  const confirmed = sql`p.status = 'confirmed' and p.created_at >= ${from} and p.created_at < ${end}`;
  // Confirmed payments in the range summed by the name of `x` (a plan or an add-on, reached through `joins`).
  const paidBy = (key: 'planName' | 'addonName', joins: SQL) =>
    sql`(select coalesce(json_agg(json_build_object(${sql.raw(`'${key}'`)}, g.name, 'amountMinor', g.amount, 'count', g.n)
        order by g.amount desc, ${byName(sql`g.name`)}), '[]')
      from (select x.name, sum(p.amount_minor)::bigint as amount, count(*)::int as n
        from subscription_payments p ${joins} where ${confirmed} group by x.name) g)`;
  const [row] = await selectRows<Figures>(
    tx,
    sql`
    select
      exists (select 1 from school_subscriptions where status = 'active' and end_date <= ${at}) as lapsed,
      (select coalesce(sum(case when billing_cycle = 'yearly' then round(total_amount_minor / 12.0) else total_amount_minor end), 0)::bigint
        from school_subscriptions where status = 'active' and end_date > ${at} and not is_trial) as "mrrMinor",
      t.paid as "paidMinor", t.outstanding as "outstandingMinor", t.outstanding_count as "outstandingCount",
      (select coalesce(json_agg(json_build_object('month', m.month, 'amountMinor', coalesce(pm.amount, 0), 'count', coalesce(pm.n, 0)) order by m.month), '[]')
        from (select to_char(m, 'YYYY-MM') as month
          from generate_series(date_trunc('month', ${from}::timestamptz at time zone 'UTC'),
            date_trunc('month', ${to}::timestamptz at time zone 'UTC'), interval '1 month') m) m
        left join (select to_char(p.created_at at time zone 'UTC', 'YYYY-MM') as month, sum(p.amount_minor)::bigint as amount, count(*)::int as n
          from subscription_payments p where ${confirmed} group by 1) pm on pm.month = m.month) as "byMonth",
      ${paidBy(
        'planName',
        sql`join school_subscriptions s on s.school_id = p.school_id and s.id = p.subscription_id
          join plans x on x.id = s.plan_id`,
      )} as "byPlan",
      ${paidBy(
        'addonName',
        sql`join addon_requests r on r.school_id = p.school_id and r.id = p.addon_request_id
          join addons x on x.id = r.addon_id`,
      )} as "byAddon",
      (select coalesce(json_agg(json_build_object('schoolId', e.school_id, 'schoolName', e.school_name,
          'planName', e.plan_name, 'endDate', ${isoTime(sql`e.end_date`)},
          'totalAmountMinor', e.total) order by e.end_date, ${byName(sql`e.school_name`)}), '[]')
        from (select s.school_id, sc.name as school_name, pl.name as plan_name, s.end_date, s.total_amount_minor as total
          from school_subscriptions s join schools sc on sc.id = s.school_id join plans pl on pl.id = s.plan_id
          where s.status = 'active' and not s.auto_renew
            and s.end_date > ${at} and s.end_date <= ${at} + interval '30 days'
          order by s.end_date, ${byName(sql`sc.name`)} limit 200) e) as "expiringSoon"
    from (select
        coalesce(sum(p.amount_minor) filter (where ${confirmed}), 0)::bigint as paid,
        coalesce(sum(p.amount_minor) filter (where p.status = 'pending'), 0)::bigint as outstanding,
        count(*) filter (where p.status = 'pending')::int as outstanding_count
      from subscription_payments p) t`,
  );
  return row as Figures;
}

/**
 * MRR counts paid-for plans now (active, unexpired, not on trial), yearly charges spread over twelve months;
 * ARR is twelve times MRR. Paid revenue is confirmed payments in the range, by month, plan and add-on.
 * Subscriptions that lapsed since the last sweep are settled first (an automatic renewal adds an outstanding
 * payment), and only then, rarely, does the page cost a second read.
 */
export async function revenue(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof RevenueQuery>,
): Promise<RevenueResponse> {
  const now = deps.clock();
  const { from, to } = rangeOf(query, now);
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    let figures = await readFigures(tx, from, to, now);
    if (figures.lapsed) {
      await settleLapsed(tx, null, now);
      figures = await readFigures(tx, from, to, now);
    }
    const { lapsed: _lapsed, ...rest } = figures;
    // The sums are bigint (the platform's revenue passes what an integer holds), which the drivers read as text.
    const mrrMinor = Number(rest.mrrMinor);
    return {
      currency: DEFAULT_CURRENCY,
      from: from.toISOString().slice(0, 10),
      to: to.toISOString().slice(0, 10),
      ...rest,
      mrrMinor,
      paidMinor: Number(rest.paidMinor),
      outstandingMinor: Number(rest.outstandingMinor),
      arrMinor: mrrMinor * 12,
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
