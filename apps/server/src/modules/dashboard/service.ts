import type { DashboardResponse } from '@lyceum/shared/api';
import { formatMoney } from '@lyceum/shared/plans';
import { isCompanyRole } from '@lyceum/shared/roles';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { notifications, plans, schoolSubscriptions, schools } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';

type Stat = DashboardResponse['stats'][number];

/** Each role's dashboard: figures computed in SQL, one round trip per group. */
export async function dashboardFor(db: Database, actor: Actor): Promise<DashboardResponse> {
  return withTenant(db, tenantOf(actor), async (tx) => {
    if (isCompanyRole(actor.role)) return companyDashboard(tx, actor);
    return schoolDashboard(tx, actor);
  });
}

async function companyDashboard(tx: Tx, actor: Actor): Promise<DashboardResponse> {
  const result = await tx.execute<{
    schools: number;
    inactive: number;
    active: number;
    trial: number;
    expired: number;
    mrr: number;
    users: number;
  }>(sql`
    with current_sub as (
      select distinct on (s.school_id) s.school_id, s.status, s.is_trial, s.end_date, s.billing_cycle, s.total_amount_minor
      from school_subscriptions s
      order by s.school_id, (s.status = 'active') desc, s.end_date desc
    )
    select
      (select count(*)::int from schools) as schools,
      (select count(*)::int from schools where not is_active) as inactive,
      count(*) filter (where c.status = 'active' and c.end_date > now() and not c.is_trial)::int as active,
      count(*) filter (where c.status = 'active' and c.end_date > now() and c.is_trial)::int as trial,
      count(*) filter (where c.status = 'expired' or (c.status = 'active' and c.end_date <= now()))::int as expired,
      coalesce(sum(case when c.billing_cycle = 'yearly' then c.total_amount_minor / 12 else c.total_amount_minor end)
        filter (where c.status = 'active' and c.end_date > now() and not c.is_trial), 0)::int as mrr,
      (select count(*)::int from users where deleted_at is null) as users
    from current_sub c`);
  const r = result.rows[0] ?? { schools: 0, inactive: 0, active: 0, trial: 0, expired: 0, mrr: 0, users: 0 };
  const stats: Stat[] = [
    { key: 'schools', label: 'Schools', value: r.schools, hint: `${r.inactive} deactivated` },
    { key: 'active', label: 'Active subscriptions', value: r.active },
    { key: 'trial', label: 'On trial', value: r.trial },
    { key: 'expired', label: 'Expired', value: r.expired },
    { key: 'mrr', label: 'Monthly recurring revenue', value: formatMoney(r.mrr), hint: 'Paid plans, yearly billed ÷ 12' },
    { key: 'users', label: 'School accounts', value: r.users },
  ];
  return { role: actor.role, title: actor.role === 'company_user' ? 'Company overview' : 'Platform overview', stats, subscription: null };
}

async function schoolDashboard(tx: Tx, actor: Actor): Promise<DashboardResponse> {
  const schoolId = actor.schoolId as string;
  const unreadRows = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.schoolId, schoolId),
        eq(notifications.userId, actor.profileId),
        isNull(notifications.readAt),
        isNull(notifications.deletedAt),
      ),
    );
  const unread: Stat = { key: 'unread', label: 'Unread notifications', value: unreadRows[0]?.n ?? 0 };
  const title = actor.school?.name ?? 'Dashboard';

  if (actor.role !== 'school_admin' && actor.role !== 'principal') {
    return { role: actor.role, title, stats: [unread], subscription: null };
  }
  const counts = await tx.execute<Record<string, number>>(sql`
    select
      count(*) filter (where role = 'student')::int as students,
      count(*) filter (where role = 'teacher')::int as teachers,
      count(*) filter (where role = 'parent')::int as parents,
      count(*) filter (where role in ('school_admin', 'principal'))::int as staff
    from users where school_id = ${schoolId} and deleted_at is null and is_active`);
  const c = counts.rows[0] ?? {};
  const [sub] = await tx
    .select({
      planName: plans.name,
      status: schoolSubscriptions.status,
      isTrial: schoolSubscriptions.isTrial,
      endDate: schoolSubscriptions.endDate,
    })
    .from(schoolSubscriptions)
    .innerJoin(plans, eq(plans.id, schoolSubscriptions.planId))
    .innerJoin(schools, eq(schools.id, schoolSubscriptions.schoolId))
    .where(eq(schoolSubscriptions.schoolId, schoolId))
    .orderBy(desc(sql`${schoolSubscriptions.status} = 'active'`), desc(schoolSubscriptions.endDate))
    .limit(1);
  const stats: Stat[] = [
    { key: 'students', label: 'Students', value: c.students ?? 0 },
    { key: 'teachers', label: 'Teachers', value: c.teachers ?? 0 },
    { key: 'parents', label: 'Parents', value: c.parents ?? 0 },
    { key: 'staff', label: 'Administrators and principals', value: c.staff ?? 0 },
    unread,
  ];
  const subscription = sub
    ? {
        planName: sub.planName,
        status: sub.endDate.getTime() <= Date.now() ? 'expired' : sub.isTrial && sub.status === 'active' ? 'trial' : sub.status,
        endDate: sub.endDate.toISOString(),
        daysLeft: Math.max(0, Math.ceil((sub.endDate.getTime() - Date.now()) / 86_400_000)),
      }
    : null;
  return { role: actor.role, title, stats, subscription };
}
