import { TRIAL_CAP_MESSAGES, TRIAL_CAPS, type TrialCapped } from '@lyceum/shared/trial-caps';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../lib/errors.ts';
import type { Tx } from './client.ts';
import { selectRows } from './select-rows.ts';

/**
 * A school on a trial stores at most TRIAL_CAPS of what its people write (docs/product.md, "Trials"): without
 * it a trial school could fill the database at the write rate, for free, with schools signed up without end.
 * Each count reads the school's rows through the table's (school_id, …) primary key, and a trial school has
 * at most the cap of them; a paying school is only asked whether it is on a trial.
 */
const COUNTS: Record<TrialCapped, (schoolId: string) => SQL> = {
  announcements: (s) => sql`select count(*)::int as n from announcements where school_id = ${s}`,
  messages: (s) => sql`select count(*)::int as n from messages where school_id = ${s}`,
  groups: (s) => sql`select count(*)::int as n from chat_groups where school_id = ${s} and kind = 'group'`,
  classes: (s) => sql`select count(*)::int as n from classes where school_id = ${s}`,
  subjects: (s) => sql`select count(*)::int as n from subjects where school_id = ${s}`,
  periods: (s) => sql`select count(*)::int as n from periods where school_id = ${s}`,
  academicYears: (s) => sql`select count(*)::int as n from academic_years where school_id = ${s}`,
  // The records' own counts, kept exact by triggers (migration 0021): a row per student and class, not per record.
  attendance: (s) => sql`select coalesce(sum(present + late + absent), 0)::int as n
    from attendance_student_totals where school_id = ${s}`,
  // Every role, active or not: what is stored, not what the plan's limits count (docs/product.md, "Trials").
  people: (s) => sql`select count(*)::int as n from users where school_id = ${s}`,
};

/** Whether the school's active subscription is a trial, as an SQL condition (one indexed `exists`). */
export const onTrialSql = (schoolId: string): SQL =>
  sql`exists (select 1 from school_subscriptions s where s.school_id = ${schoolId} and s.status = 'active' and s.is_trial)`;

/**
 * When the school is on a trial, takes the lock of its count of `what` until the transaction ends and answers
 * true; otherwise false and nothing is locked. Creates at the edge thus count one after the other: each counts
 * in a statement started after the one before it committed. Needs no other statement's answer, so it may be
 * sent together with the service's first read (`sendTogether`).
 */
export async function lockTrialCount(tx: Tx, schoolId: string, what: TrialCapped): Promise<boolean> {
  const rows = await selectRows<{ locked: unknown }>(
    tx,
    sql`select pg_advisory_xact_lock(hashtextextended(${`trial-cap:${what}:${schoolId}`}, 0)) as locked
      where ${onTrialSql(schoolId)}`,
  );
  return rows.length > 0;
}

/**
 * After lockTrialCount: refuses (422 `plan_limit`) when `adding` more would take a trial school past the cap.
 * `adding` may be a query of how many (an attendance sheet's new records), counted in the same statement.
 */
export async function assertTrialRoom(
  tx: Tx,
  schoolId: string,
  what: TrialCapped,
  onTrial: boolean,
  adding: number | SQL = 1,
): Promise<void> {
  if (!onTrial) return;
  const more = typeof adding === 'number' ? sql`${adding}::int` : sql`(${adding})`;
  const [row] = await selectRows<{ n: number }>(tx, sql`select (${COUNTS[what](schoolId)}) + ${more} as n`);
  if ((row?.n ?? 0) > TRIAL_CAPS[what]) throw new AppError('plan_limit', TRIAL_CAP_MESSAGES[what]);
}

/** Both in turn, for a create whose first statement has nothing to share a write with. */
export async function assertTrialCap(tx: Tx, schoolId: string, what: TrialCapped, adding = 1): Promise<void> {
  await assertTrialRoom(tx, schoolId, what, await lockTrialCount(tx, schoolId, what), adding);
}
