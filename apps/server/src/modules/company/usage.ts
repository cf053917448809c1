import {
  type SchoolStatus,
  type SchoolUsage,
  type UsageItem,
  type UsageMetric,
  type UsageQuery,
  type UsageResponse,
  USAGE_LABELS,
} from '@lyceum/shared/company';
import { UNLIMITED } from '@lyceum/shared/plans';
import { usagePercent, usageRatio } from '@lyceum/shared/subscription-rules';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { toCsv } from '../../lib/csv.ts';
import { likePattern } from '../../lib/search.ts';
import { BYTES_PER_GB, storageUsedBySchool, storageUsedBytes } from '../files/index.ts';
import { countsAgainstPlan } from '../../db/plan-count.ts';

/** The first day of `now`'s calendar month (UTC; `now` is the server's clock), the key of the API-call counter. */
export function currentMonth(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

interface UsageRow extends Record<string, unknown> {
  school_id: string;
  school_name: string;
  is_active: boolean;
  plan_name: string | null;
  limits: Record<string, number> | null;
  sub_status: string | null;
  sub_end: string | Date | null;
  is_trial: boolean | null;
  students: number;
  teachers: number;
  parents: number;
  admins: number;
  principals: number;
  api_calls: number;
  storage_bytes?: number;
}

/** Each limited metric against the plan; storage in bytes (the files module counts them). */
const METRIC_LIMITS: [UsageMetric, keyof UsageRow, string][] = [
  ['students', 'students', 'maxStudents'],
  ['teachers', 'teachers', 'maxTeachers'],
  ['parents', 'parents', 'maxParents'],
  ['admins', 'admins', 'maxAdmins'],
  ['principals', 'principals', 'maxPrincipals'],
  ['storage', 'storage_bytes', 'storageGB'],
  ['apiCalls', 'api_calls', 'apiCallsPerMonth'],
];

function limitOf(row: UsageRow, limitKey: string): number {
  const limit = row.limits?.[limitKey] ?? UNLIMITED;
  return limitKey === 'storageGB' && limit !== UNLIMITED ? limit * BYTES_PER_GB : limit;
}

export function schoolStatusOf(
  isActive: boolean,
  subStatus: string | null,
  subEnd: Date | null,
  isTrial: boolean | null,
  now: Date,
): SchoolStatus {
  if (!isActive) return 'inactive';
  if (subStatus === 'active' && subEnd && subEnd.getTime() > now.getTime()) return isTrial ? 'trial' : 'active';
  return subStatus === 'cancelled' ? 'cancelled' : 'expired';
}

function itemsOf(row: UsageRow): UsageItem[] {
  return METRIC_LIMITS.map(([metric, column, limitKey]) => {
    const used = Number(row[column] ?? 0);
    const limit = limitOf(row, limitKey);
    return { metric, used, limit, ratio: usageRatio(used, limit) };
  });
}

/**
 * Usage of one school (`schoolId`) or of every school the transaction may see (null), in one query:
 * people counted from the users table by role as the plan limits count them, API calls from this month's counter;
 * the month and the status are `now`'s, the server's clock.
 */
export async function usageOf(tx: Tx, schoolId: string | null, now: Date, search?: string): Promise<SchoolUsage[]> {
  const pattern = search ? likePattern(search) : null;
  const result = await tx.execute<UsageRow>(sql`
    with current_sub as (
      select distinct on (s.school_id) s.school_id, s.plan_id, s.status, s.end_date, s.is_trial
      from school_subscriptions s
      ${schoolId ? sql`where s.school_id = ${schoolId}` : sql``}
      order by s.school_id, (s.status = 'active') desc, s.created_at desc
    ), people as (
      select u.school_id,
        count(*) filter (where u.role = 'student')::int as students,
        count(*) filter (where u.role = 'teacher')::int as teachers,
        count(*) filter (where u.role = 'parent')::int as parents,
        count(*) filter (where u.role = 'school_admin')::int as admins,
        count(*) filter (where u.role = 'principal')::int as principals
      from users u where ${countsAgainstPlan('u')} ${schoolId ? sql`and u.school_id = ${schoolId}` : sql``}
      group by u.school_id
    )
    select sc.id as school_id, sc.name as school_name, sc.is_active, p.name as plan_name, p.limits,
      c.status as sub_status, c.end_date as sub_end, c.is_trial,
      coalesce(pe.students, 0) as students, coalesce(pe.teachers, 0) as teachers, coalesce(pe.parents, 0) as parents,
      coalesce(pe.admins, 0) as admins, coalesce(pe.principals, 0) as principals,
      coalesce(au.calls, 0) as api_calls
    from schools sc
    left join current_sub c on c.school_id = sc.id
    left join plans p on p.id = c.plan_id
    left join people pe on pe.school_id = sc.id
    left join api_usage au on au.school_id = sc.id and au.month = ${currentMonth(now)}::date
    where true ${schoolId ? sql`and sc.id = ${schoolId}` : sql``}
      ${pattern ? sql`and sc.name ilike ${pattern}` : sql``}`);
  const storage = schoolId
    ? new Map([[schoolId, await storageUsedBytes(tx, schoolId)]])
    : await storageUsedBySchool(tx);
  return (result.rows as UsageRow[])
    .map((row) => {
      row.storage_bytes = storage.get(row.school_id) ?? 0;
      const items = itemsOf(row);
      return {
        schoolId: row.school_id,
        schoolName: row.school_name,
        planName: row.plan_name,
        status: schoolStatusOf(
          row.is_active,
          row.sub_status,
          row.sub_end ? new Date(row.sub_end) : null,
          row.is_trial,
          now,
        ),
        items,
        maxRatio: Math.max(0, ...items.map((i) => i.ratio)),
      };
    })
    .sort((a, b) => b.maxRatio - a.maxRatio || a.schoolName.localeCompare(b.schoolName));
}

/** The usage page: every school the company sees, closest to a limit first. */
export async function companyUsage(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof UsageQuery>,
): Promise<UsageResponse> {
  const items = await withTenant(deps.db, tenantOf(actor), (tx) => usageOf(tx, null, deps.clock(), query.q));
  return { items, storageCounted: true };
}

/** A metric's label as a CSV header word: lower case as the other headers, an acronym (API) kept. */
const headerWord = (label: string) =>
  /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);

/** The usage page as CSV: a used and a limit column per metric, then how close the school is to a limit. */
export async function usageExport(deps: Deps, actor: Actor, query: z.output<typeof UsageQuery>): Promise<string> {
  const { items } = await companyUsage(deps, actor, query);
  const metrics = items[0]?.items.map((i) => i.metric) ?? [];
  const header = [
    'school',
    'plan',
    'status',
    ...metrics.flatMap((m) => [`${headerWord(USAGE_LABELS[m])} used`, `${headerWord(USAGE_LABELS[m])} limit`]),
    'closest to limit (%)',
  ];
  const rows = items.map((s) => [
    s.schoolName,
    s.planName,
    s.status,
    ...s.items.flatMap((i) => [i.used, i.limit === -1 ? 'Unlimited' : i.limit]),
    // From the counts, not the ratio: 2875 of 5000 is 57.5 %, but 0.575 × 100 is 57.49999… (Math.round: 57).
    Math.max(0, ...s.items.map((i) => usagePercent(i.used, i.limit))),
  ]);
  return toCsv(header, rows);
}
