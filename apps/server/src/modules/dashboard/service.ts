import type { DashboardResponse } from '@lyceum/shared/api';
import type { DashboardWithDay } from '@lyceum/shared/day';
import { DEFAULT_CURRENCY } from '@lyceum/shared/plans';
import { isCompanyRole, isPlatformManager } from '@lyceum/shared/roles';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { daysLeftIn, timeZoneOf, todayIn } from '../../lib/school-day.ts';
import { bytesOfObject } from '../../lib/answer-cache.ts';
import { CURRENT_SUBSCRIPTION, schoolStatusSql, settleLapsed } from '../company/index.ts';
import { instantSql } from '../../db/iso-time.ts';
import { dayFor } from './day.ts';
import { unreadCountSql } from '../notifications/index.ts';
import { DASHBOARD_MESSAGES as D } from '@lyceum/shared/api';

type Stat = DashboardResponse['stats'][number];

/**
 * Platform figures scan every school's users and subscriptions, so they are computed at most once per
 * this many milliseconds per process; the company dashboard is an overview, not a ledger. A change company
 * staff make drops them (dropCompanyFigures), so staff see their own change at once; what schools do
 * (payments, requests, leads) shows within this time (docs/product.md, "Sales leads, revenue and usage").
 */
export const COMPANY_FIGURES_TTL_MS = 15_000;
const companyCache = new WeakMap<Database, { at: number; generation: number; figures: Promise<CompanyFigures> }>();
/** Bumped by every drop: figures a read began before the drop are not kept for the next read. */
const generations = new WeakMap<Database, number>();

/** The next company dashboard read computes its figures afresh. */
export function dropCompanyFigures(db: Database): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
  companyCache.delete(db);
}

/** Each role's dashboard, its figures computed in SQL. */
export async function dashboardFor(deps: Deps, actor: Actor): Promise<DashboardWithDay> {
  const { db } = deps;
  if (isCompanyRole(actor.role)) {
    let cached = companyCache.get(db);
    const generation = generations.get(db) ?? 0;
    if (!cached || cached.generation !== generation || Date.now() - cached.at > COMPANY_FIGURES_TTL_MS) {
      // Settle lapses first (renew or expire), as every read of subscriptions does (docs/product.md, "Subscriptions and plans").
      const now = deps.clock();
      const figures = withTenant(db, tenantOf(actor), async (tx) => {
        await settleLapsed(tx, null, now);
        return companyFigures(tx, now);
      });
      cached = { at: Date.now(), generation, figures };
      companyCache.set(db, cached);
      figures.catch(() => companyCache.delete(db));
    }
    return { ...companyDashboard(await cached.figures, actor), day: null };
  }
  // The figures and the day in one transaction: one connection for the whole request. Their statements need
  // nothing from each other, so they are sent at once, in the same write as the transaction's begin and with
  // the commit behind them.
  const now = deps.clock();
  const load = () =>
    withTenant(
      db,
      tenantOf(actor),
      async (tx) => {
        const [figures, day] = await Promise.all([
          schoolDashboard(tx, actor, now),
          dayFor(tx, actor, now, deps.answers),
        ]);
        return { ...figures, day };
      },
      { oneWrite: true },
    );
  if (!actor.schoolId) return load();
  // Each dashboard is its user's alone and depends on nothing but their school's data (their unread count
  // included: a notification comes with a live event, and reading one is a change request of the school) and the
  // school's today, so it is kept whole, per user and day (lib/answer-cache.ts). A manager's also shows the
  // subscription, which ends at a moment rather than a day: its key holds the server's time in slices of the
  // cache's length too, so an end date that passes shows within that time. The labels are translated per request.
  const today = todayIn(timeZoneOf(actor), now);
  const manager = actor.role === 'school_admin' || actor.role === 'principal';
  const slice = manager && deps.answers.enabled ? `@${Math.floor(now.getTime() / deps.answers.ttlMs)}` : '';
  return deps.answers.through(
    actor.schoolId,
    `dashboard:${actor.role}:${actor.profileId}:${today}${slice}`,
    load,
    bytesOfObject,
  );
}

interface CompanyFigures extends Record<string, unknown> {
  schools: number;
  inactive: number;
  active: number;
  trial: number;
  expired: number;
  cancelled: number;
  mrr: number;
  users: number;
  pending_addon_requests: number;
  pending_payments: number;
  new_leads: number;
}

async function companyFigures(tx: Tx, now: Date): Promise<CompanyFigures> {
  const result = await tx.execute<CompanyFigures>(sql`
    with current_sub as (
      select distinct on (s.school_id) s.school_id, s.status, s.is_trial, s.end_date, s.billing_cycle, s.total_amount_minor
      from school_subscriptions s
      order by s.school_id, (s.status = 'active') desc, s.end_date desc
    ), school_status as (
      select ${schoolStatusSql(now)} as status from schools sc ${CURRENT_SUBSCRIPTION}
    )
    select
      (select count(*)::int from schools) as schools,
      (select count(*)::int from schools where not is_active) as inactive,
      (select count(*)::int from school_status where status = 'active') as active,
      (select count(*)::int from school_status where status = 'trial') as trial,
      (select count(*)::int from school_status where status = 'expired') as expired,
      (select count(*)::int from school_status where status = 'cancelled') as cancelled,
      coalesce(sum(case when c.billing_cycle = 'yearly' then round(c.total_amount_minor / 12.0) else c.total_amount_minor end)
        filter (where c.status = 'active' and c.end_date > ${instantSql(now)} and not c.is_trial), 0)::bigint as mrr,
      (select count(*)::int from users where deleted_at is null) as users,
      (select count(*)::int from addon_requests where status = 'pending') as pending_addon_requests,
      (select count(*)::int from subscription_payments where status = 'pending') as pending_payments,
      (select count(*)::int from sales_leads where status = 'new') as new_leads
    from current_sub c`);
  return (
    result.rows[0] ?? {
      schools: 0,
      inactive: 0,
      active: 0,
      trial: 0,
      expired: 0,
      cancelled: 0,
      mrr: 0,
      users: 0,
      pending_addon_requests: 0,
      pending_payments: 0,
      new_leads: 0,
    }
  );
}

function companyDashboard(r: CompanyFigures, actor: Actor): DashboardResponse {
  const stats: Stat[] = [
    { key: 'schools', label: D.schools, value: r.schools, hint: D.schoolsDeactivated(r.inactive) },
    { key: 'active', label: D.activeSubscriptions, value: r.active },
    { key: 'trial', label: D.onTrial, value: r.trial },
    { key: 'expired', label: D.expired, value: r.expired },
    { key: 'cancelled', label: D.cancelled, value: r.cancelled },
    // Revenue is the platform managers' alone: company_user reads the lists, not revenue (docs/product.md, "Who may do what").
    ...(isPlatformManager(actor.role)
      ? [
          {
            key: 'mrr',
            label: D.mrr,
            // A bigint sum: the drivers read it as text.
            value: Number(r.mrr),
            currency: DEFAULT_CURRENCY,
            hint: D.mrrHint,
          },
        ]
      : []),
    { key: 'users', label: D.schoolAccounts, value: r.users },
    { key: 'pendingAddonRequests', label: D.pendingAddonRequests, value: r.pending_addon_requests },
    { key: 'pendingPayments', label: D.paymentsToConfirm, value: r.pending_payments },
    { key: 'leads', label: D.newSalesLeads, value: r.new_leads },
  ];
  return {
    role: actor.role,
    title: actor.role === 'company_user' ? D.companyOverview : D.platformOverview,
    stats,
    subscription: null,
  };
}

interface SchoolFigures extends Record<string, unknown> {
  unread: number;
  students: number;
  teachers: number;
  parents: number;
  staff: number;
  plan_name: string | null;
  status: string | null;
  is_trial: boolean | null;
  end_date: string | Date | null;
}

/** One statement for every figure of a school dashboard (the request pays one round trip, not four). */
async function schoolDashboard(tx: Tx, actor: Actor, now: Date): Promise<DashboardResponse> {
  const schoolId = actor.schoolId as string;
  const manager = actor.role === 'school_admin' || actor.role === 'principal';
  const unreadSql = unreadCountSql(actor);
  const title = actor.school?.name ?? D.dashboard;
  if (!manager) {
    const mine = await tx.execute<{ unread: number }>(sql`select ${unreadSql} as unread`);
    const value = mine.rows[0]?.unread ?? 0;
    return {
      role: actor.role,
      title,
      stats: [{ key: 'unread', label: D.unread, value }],
      subscription: null,
    };
  }
  const result = await tx.execute<SchoolFigures>(sql`
    select ${unreadSql} as unread,
      p.students, p.teachers, p.parents, p.staff,
      sub.plan_name, sub.status, sub.is_trial, sub.end_date
    from (
      select
        count(*) filter (where role = 'student')::int as students,
        count(*) filter (where role = 'teacher')::int as teachers,
        count(*) filter (where role = 'parent')::int as parents,
        count(*) filter (where role in ('school_admin', 'principal'))::int as staff
      from users where school_id = ${schoolId} and deleted_at is null and is_active
    ) p
    left join lateral (
      select pl.name as plan_name, s.status, s.is_trial, s.end_date
      from school_subscriptions s join plans pl on pl.id = s.plan_id
      where s.school_id = ${schoolId}
      order by (s.status = 'active') desc, s.end_date desc
      limit 1
    ) sub on true`);
  const f = result.rows[0];
  const unread: Stat = { key: 'unread', label: D.unread, value: f?.unread ?? 0 };
  if (!f) return { role: actor.role, title, stats: [unread], subscription: null };

  const stats: Stat[] = [
    { key: 'students', label: D.students, value: f.students },
    { key: 'teachers', label: D.teachers, value: f.teachers },
    { key: 'parents', label: D.parents, value: f.parents },
    { key: 'staff', label: D.staff, value: f.staff },
    unread,
  ];
  let subscription: DashboardResponse['subscription'] = null;
  if (f.plan_name && f.end_date) {
    const end = new Date(f.end_date);
    const lapsed = end.getTime() <= now.getTime();
    subscription = {
      planName: f.plan_name,
      status: lapsed ? 'expired' : f.is_trial && f.status === 'active' ? 'trial' : (f.status ?? 'active'),
      endDate: end.toISOString(),
      // Counted on the school's calendar: 0 on its last day ("Ends today").
      daysLeft: Math.max(0, daysLeftIn(timeZoneOf(actor), end, now)),
    };
  }
  return { role: actor.role, title, stats, subscription };
}
