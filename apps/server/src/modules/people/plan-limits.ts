import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { isWithinLimit } from '@lyceum/shared/plans';
import type { SchoolRole } from '@lyceum/shared/roles';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countsAgainstPlan } from '../../db/plan-count.ts';
import { assertTrialCap } from '../../db/trial-caps.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Which plan limit (docs/product.md, "Plan limits on people") counts each school role, and how the message
 * names it: the noun for one ("allows 1 principal") and for any other number ("allows 2 school admins").
 */
const LIMITS: Record<SchoolRole, { key: string; label: string; one: string; other: string }> = {
  student: { key: 'maxStudents', label: 'Student', one: 'student', other: 'students' },
  teacher: { key: 'maxTeachers', label: 'Teacher', one: 'teacher', other: 'teachers' },
  parent: { key: 'maxParents', label: 'Parent', one: 'parent', other: 'parents' },
  principal: { key: 'maxPrincipals', label: 'Principal', one: 'principal', other: 'principals' },
  school_admin: { key: 'maxAdmins', label: 'School admin', one: 'school admin', other: 'school admins' },
};

/**
 * Refuses (422 `plan_limit`) when adding `adding` active accounts per role would pass the school's plan limits.
 * Locks the school row first, so two concurrent creates in one school are counted one after the other (the
 * count and the insert that follows share the caller's transaction). No active subscription: no limit here
 * (sign-in is already refused by the subscription gate).
 */
export async function assertWithinPlan(
  tx: Tx,
  schoolId: string,
  adding: Partial<Record<SchoolRole, number>>,
): Promise<void> {
  const roles = (Object.keys(adding) as SchoolRole[]).filter((r) => (adding[r] ?? 0) > 0);
  if (roles.length === 0) return;
  await tx.execute(sql`select id from schools where id = ${schoolId} for update`);
  const planRows = await tx.execute<{ name: string; limits: Record<string, number> }>(sql`
    select p.name, p.limits from school_subscriptions ss join plans p on p.id = ss.plan_id
    where ss.school_id = ${schoolId} and ss.status = 'active'
    order by ss.end_date desc limit 1`);
  const plan = planRows.rows[0];
  if (!plan) return;
  const counts = await tx.execute<{ role: SchoolRole; n: number }>(sql`
    select u.role, count(*)::int as n from users u
    where u.school_id = ${schoolId} and ${countsAgainstPlan('u')}
    group by u.role`);
  const current = new Map<string, number>(
    (counts.rows as { role: SchoolRole; n: number }[]).map((r) => [r.role, Number(r.n)]),
  );
  for (const role of roles) {
    const spec = LIMITS[role];
    const limit = plan.limits[spec.key];
    if (typeof limit !== 'number') continue;
    if (!isWithinLimit(limit, (current.get(role) ?? 0) + (adding[role] ?? 0))) {
      const noun = limit === 1 ? spec.one : spec.other;
      throw new AppError('plan_limit', PEOPLE_MESSAGES.planLimit(spec.label, plan.name, limit, noun));
    }
  }
}

/**
 * For people about to be stored (a create, a student's new parents, an import), not a reactivation: the plan's
 * limits on active accounts, then, while the school is on a trial, TRIAL_CAPS.people over every account it
 * stores, active or not (docs/product.md, "Trials"): graduating or deactivating frees a place in the plan but
 * keeps the rows, so without it a trial school could import and graduate without end. The school row's lock
 * comes first, then the trial count's, in every caller, so racing creates and imports count one after the other.
 */
export async function assertRoomForNewPeople(
  tx: Tx,
  schoolId: string,
  adding: Partial<Record<SchoolRole, number>>,
): Promise<void> {
  await assertWithinPlan(tx, schoolId, adding);
  const total = Object.values(adding).reduce((sum, n) => sum + (n ?? 0), 0);
  if (total > 0) await assertTrialCap(tx, schoolId, 'people', total);
}
