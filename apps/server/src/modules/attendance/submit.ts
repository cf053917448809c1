import {
  ATTENDANCE_MESSAGES,
  type AttendanceRecord,
  type SubmitAttendanceRequest,
  type SubmitAttendanceResponse,
  statusOf,
} from '@lyceum/shared/attendance';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { TIMETABLE_MESSAGES } from '@lyceum/shared/timetable';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { academicYearIdFor } from '../../db/academic-years.ts';
import type { Tx } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import { attendanceSubmissions } from '../../db/schema/index.ts';
import { inScope, type SchoolScope, writeScope } from '../../db/school-scope.ts';
import { commitWithNext, sendTogether } from '../../db/tenancy.ts';
import { assertTrialRoom, lockTrialCount } from '../../db/trial-caps.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { LiveEvent } from '../../lib/live-events.ts';
import { pgCode, pgConstraint } from '../../lib/pg-errors.ts';
import { timeZoneOf, todayIn } from '../../lib/school-day.ts';
import { type AlertContext, alertContextSql, alertsSql } from './alerts.ts';
import { staffClassSql } from './whose.ts';

type SubmitInput = z.output<typeof SubmitAttendanceRequest> & { idempotencyKey?: string | undefined };

const failed = (fields: Record<string, string>) => new AppError('rule', ATTENDANCE_MESSAGES.failed, fields);

/** The first answer given under the caller's Idempotency-Key, as a subquery (null when there is none). */
const storedAnswerSql = (scope: SchoolScope, key: string) =>
  sql`(select sub.response from attendance_submissions sub where sub.school_id = ${scope.schoolId}
    and sub.user_id = ${scope.actor.profileId} and sub.idempotency_key = ${key})`;

async function storedAnswer(tx: Tx, scope: SchoolScope, key: string): Promise<SubmitAttendanceResponse | null> {
  const [row] = await selectRows<{ response: SubmitAttendanceResponse | null }>(
    tx,
    sql`select ${storedAnswerSql(scope, key)} as response`,
  );
  return row?.response ?? null;
}

interface SheetContext {
  stored: SubmitAttendanceResponse | null;
  cls: { id: string; name: string; academicYear: string } | null;
  periodFound: boolean;
  /** The period is a break: its attendance is not taken (the mark page offers no breaks). */
  periodIsBreak: boolean;
  /** The start of the school's earliest academic year (null with none): nothing is marked before it. */
  earliest: string | null;
  alertLate: boolean;
  roster: { id: string; name: string }[];
  alerts: AlertContext;
}

/**
 * Everything a submission checks and decides from, in one statement: the first answer under the key, the
 * class (if the caller marks it), the period, the school's first academic year, its late-alert setting, the class's active students and
 * what their alerts of the date already said. It also takes the sheet's lock, so two submissions of the same
 * class and date (two tabs, a retry without a key) take turns, and the writing statement after it sees the
 * other's committed rows.
 */
async function readSheetContext(tx: Tx, scope: SchoolScope, input: SubmitInput, date: string): Promise<SheetContext> {
  const schoolId = scope.schoolId;
  const enrolled = sql`from students s join users u on u.school_id = s.school_id and u.id = s.id
    where s.school_id = ${schoolId} and s.class_id = ${input.classId} and u.is_active`;
  const [row] = await selectRows<SheetContext & { locked: unknown }>(
    tx,
    sql`
    select pg_advisory_xact_lock(hashtextextended('attendance:' || ${input.classId}::uuid::text || ':' || ${date}, 0)) as locked,
      ${input.idempotencyKey ? storedAnswerSql(scope, input.idempotencyKey) : sql`null::jsonb`} as stored,
      (select row_to_json(k) from (${staffClassSql(scope, input.classId, true)}) k) as cls,
      ${
        input.periodId
          ? sql`exists (select 1 from periods p where p.school_id = ${schoolId} and p.id = ${input.periodId})`
          : sql`true`
      } as "periodFound",
      ${
        input.periodId
          ? sql`exists (select 1 from periods p where p.school_id = ${schoolId} and p.id = ${input.periodId} and p.is_break)`
          : sql`false`
      } as "periodIsBreak",
      (select min(y.start_date)::text from academic_years y where y.school_id = ${schoolId}) as earliest,
      (select sc.attendance_alert_late from schools sc where sc.id = ${schoolId}) as "alertLate",
      (select coalesce(json_agg(json_build_object('id', s.id, 'name', u.name)), '[]') ${enrolled}) as roster,
      ${alertContextSql(schoolId, date, sql`(select s.id ${enrolled})`, {
        classId: input.classId,
        periodId: input.periodId ?? null,
      })} as alerts`,
  );
  return row as SheetContext;
}

/** How many of the sheet's students have no record of this class, date and period yet: what it would add. */
const newRecordsSql = (scope: SchoolScope, input: SubmitInput, date: string) =>
  sql`select count(*)::int from json_array_elements_text(${JSON.stringify(input.records.map((r) => r.studentId))}::json) r
    where not exists (select 1 from attendance a where a.school_id = ${scope.schoolId} and a.class_id = ${input.classId}
      and a.student_id = r.value::uuid and a.date = ${date}::date
      and a.period_id is not distinct from ${input.periodId ?? null}::uuid)`;

/** Every active student of the class, once each, and nobody else. */
function checkRoster(roster: { id: string; name: string }[], input: SubmitInput) {
  const names = new Map(roster.map((r) => [r.id, r.name]));
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  input.records.forEach((r, i) => {
    if (!names.has(r.studentId)) fields[`records.${i}.studentId`] = ATTENDANCE_MESSAGES.notEnrolled;
    else if (seen.has(r.studentId)) fields[`records.${i}.studentId`] = ATTENDANCE_MESSAGES.duplicateStudent;
    seen.add(r.studentId);
  });
  const missing = [...names.keys()].filter((id) => !seen.has(id)).length;
  if (missing > 0) fields.records = ATTENDANCE_MESSAGES.missingStudents(missing);
  if (Object.keys(fields).length > 0) throw failed(fields);
  return names;
}

type WrittenRecord = Omit<AttendanceRecord, 'className' | 'time' | 'submittedAt'> & {
  time: string | Date;
  submittedAt: string | Date;
  inserted: boolean;
  changed: boolean;
};

/**
 * One statement for the sheet: every student's row inserted where new and updated where the student already
 * has this date and period with another mark or note (the count tables follow by trigger, migration
 * 0021_attendance-counts.sql), the audit entry, and the records of the class for that date and period as they
 * now stand, by name (students who left the class since keep theirs). A mark the sheet repeats is left as it
 * was, with who gave it and when: rewriting it would change nothing but its times, at the cost of a new row
 * version and an entry in every index of the table. The audit row is written here rather than through audit(): a submission changes no one's
 * session, so it must not empty the session cache as audited changes to people do.
 */
async function writeSheet(
  tx: Tx,
  scope: SchoolScope,
  actor: Actor,
  sheet: {
    cls: { id: string; academicYear: string };
    date: string;
    periodId: string | null;
    now: Date;
    marks: { id: string; student_id: string; status: string; is_present: boolean; note: string | null }[];
    summary: Record<string, unknown>;
  },
): Promise<WrittenRecord[]> {
  const { cls, date, periodId, now, marks } = sheet;
  const at = now.toISOString();
  return selectRows<WrittenRecord>(
    tx,
    sql`
    with written as (
      insert into attendance (school_id, id, class_id, student_id, date, period_id, status, is_present, note,
        marked_by_id, marked_by_name, marked_at, submitted_at, academic_year, academic_year_id)
      select ${scope.schoolId}, r.id, ${cls.id}, r.student_id, ${date}::date, ${periodId}::uuid,
        r.status, r.is_present, r.note, ${actor.profileId}, ${actor.name}, ${at}::timestamptz, ${at}::timestamptz,
        -- A subquery of constants: PostgreSQL looks the year up once for the sheet, not once per student.
        ${cls.academicYear}, (select ${academicYearIdFor(scope.schoolId, date)})
      from json_to_recordset(${JSON.stringify(marks)}::json)
        as r(id uuid, student_id uuid, status text, is_present boolean, note text)
      on conflict on constraint attendance_one_per_student_date do update set
        status = excluded.status, is_present = excluded.is_present, note = excluded.note,
        marked_by_id = excluded.marked_by_id, marked_by_name = excluded.marked_by_name,
        marked_at = excluded.marked_at, submitted_at = excluded.submitted_at, updated_at = now()
      where (attendance.status, attendance.note) is distinct from (excluded.status, excluded.note)
      returning id, student_id, period_id, status, is_present, note, marked_by_name, marked_at, submitted_at,
        academic_year, (xmax = 0) as inserted
    ),
    logged as (
      insert into audit_log (id, school_id, actor_account_id, actor_role, action, entity, entity_id, after)
      values (${newId()}, ${scope.schoolId}, ${actor.accountId}, ${actor.role}, 'attendance.submitted', 'class',
        ${cls.id}, ${JSON.stringify(sheet.summary)}::jsonb)
    ),
    sheet as (
      select w.*, true as changed from written w
      union all
      select a.id, a.student_id, a.period_id, a.status, a.is_present, a.note, a.marked_by_name, a.marked_at,
        a.submitted_at, a.academic_year, false, false
      from attendance a
      where a.school_id = ${scope.schoolId} and a.class_id = ${cls.id} and a.date = ${date}::date
        and a.period_id is not distinct from ${periodId}::uuid
        and a.student_id not in (select w.student_id from written w)
    )
    select r.id, ${cls.id}::uuid as "classId", r.student_id as "studentId", u.name as "studentName",
      ${date} as date, r.period_id as "periodId", r.status, r.is_present as "isPresent", r.note,
      r.marked_by_name as "markedByName", r.marked_at as time, r.submitted_at as "submittedAt",
      r.academic_year as "academicYear", r.inserted, r.changed
    from sheet r join users u on u.school_id = ${scope.schoolId} and u.id = r.student_id
    order by u.name, r.student_id`,
  );
}

/**
 * Submits a whole class for a date (default the school's today) and optional period, in one transaction
 * (docs/product.md, "School day: timetable and attendance"): one row per student, inserted or updated in
 * place, never duplicated; absent students' parents alerted once per day. With an Idempotency-Key, a retry
 * of the same caller's submission changes nothing and answers what the first one answered.
 */
export async function submitAttendance(
  deps: Deps,
  actor: Actor,
  input: SubmitInput,
): Promise<SubmitAttendanceResponse> {
  const scope = writeScope(actor, undefined);
  const key = input.idempotencyKey;
  try {
    return await inScope(deps.db, scope, async (tx) => {
      const today = todayIn(timeZoneOf(actor), deps.clock());
      const date = input.date ?? today;
      // The trial check leaves in the same write as the sheet's read (a paying school pays no round trip); its
      // lock comes first in every submission, so the two locks are always taken in one order.
      const [onTrial, context] = await sendTogether(tx, () =>
        Promise.all([lockTrialCount(tx, scope.schoolId, 'attendance'), readSheetContext(tx, scope, input, date)]),
      );
      if (context.stored) return context.stored;
      const cls = context.cls;
      if (!cls) throw notFound(PEOPLE_MESSAGES.classNotFound);
      if (date > today) throw failed({ date: ATTENDANCE_MESSAGES.futureDate });
      // A mistyped year (0226 for 2026) would otherwise be kept for ever and count in every rate.
      if (context.earliest && date < context.earliest) throw failed({ date: ATTENDANCE_MESSAGES.beforeFirstYear });
      if (!context.periodFound) throw notFound(TIMETABLE_MESSAGES.periodNotFound);
      // Marked, it would also keep the break from ever being deleted.
      if (context.periodIsBreak) throw failed({ periodId: ATTENDANCE_MESSAGES.breakPeriod });
      const names = checkRoster(context.roster, input);
      // A trial school stores at most TRIAL_CAPS.attendance records; a resubmission adds none (docs/product.md, "Trials").
      if (onTrial) await assertTrialRoom(tx, scope.schoolId, 'attendance', true, newRecordsSql(scope, input, date));

      const now = deps.clock();
      const periodId = input.periodId ?? null;
      const marks = input.records.map((r) => ({
        id: newId(),
        student_id: r.studentId,
        status: statusOf(r.isPresent, r.isLate),
        is_present: r.isPresent,
        note: r.note?.trim() || null,
      }));
      const summary = {
        date,
        periodId,
        absent: marks.filter((m) => m.status === 'absent').length,
        late: marks.filter((m) => m.status === 'late').length,
        total: marks.length,
      };
      // The class's students and their parents hear of it live (the roster is the sheet: all were marked).
      const parents = [...new Set(context.alerts.parents.map((p) => p.parentId))];
      const event: LiveEvent = {
        kind: 'attendance',
        schoolId: scope.schoolId,
        id: cls.id,
        roles: ['school_admin', 'principal', 'teacher'],
        userIds: [...marks.map((m) => m.student_id), ...parents],
      };
      const alerts = alertsSql(
        scope.schoolId,
        {
          date,
          alertLate: context.alertLate,
          className: cls.name,
          marks: marks.map((m) => ({ studentId: m.student_id, name: names.get(m.student_id) ?? '', status: m.status })),
        },
        context.alerts,
        [event],
      );
      // The sheet, then the alerts and live events (which need nothing from it): one write, one round trip, and
      // the commit with them unless the answer is still to be kept under the caller's key.
      if (!key) commitWithNext(tx, alerts ? 2 : 1);
      const [records] = await sendTogether(tx, () =>
        Promise.all([
          writeSheet(tx, scope, actor, { cls, date, periodId, now, marks, summary }),
          alerts && tx.execute(alerts),
        ]),
      );
      const created = records.filter((r) => r.inserted).length;
      const updated = records.filter((r) => r.changed && !r.inserted).length;
      const answer: SubmitAttendanceResponse = {
        classId: cls.id,
        date,
        periodId,
        submittedAt: now.toISOString(),
        created,
        updated,
        records: records.map(({ inserted: _inserted, changed: _changed, ...r }) => ({
          ...r,
          className: cls.name,
          time: new Date(r.time).toISOString(),
          submittedAt: new Date(r.submittedAt).toISOString(),
        })),
      };
      if (key) {
        await tx.insert(attendanceSubmissions).values({
          schoolId: scope.schoolId,
          id: newId(),
          userId: actor.profileId,
          idempotencyKey: key,
          response: answer,
        });
      }
      return answer;
    });
  } catch (err) {
    // The same key sent twice at once: the second waited, lost the race on the key, and answers the first's result.
    if (key && pgCode(err) === '23505' && pgConstraint(err) === 'attendance_submissions_key_unique') {
      const first = await inScope(deps.db, scope, (tx) => storedAnswer(tx, scope, key));
      if (first) return first;
    }
    throw err;
  }
}
