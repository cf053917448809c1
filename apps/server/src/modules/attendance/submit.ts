import {
  ATTENDANCE_MESSAGES,
  type AttendanceRecord,
  type AttendanceStatus,
  type SubmitAttendanceRequest,
  type SubmitAttendanceResponse,
  statusOf,
} from '@lyceum/shared/attendance';
import { IDEMPOTENCY_MESSAGES } from '@lyceum/shared/api';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { TIMETABLE_MESSAGES } from '@lyceum/shared/timetable';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { academicYearIdFor } from '../../db/academic-years.ts';
import { isoTime } from '../../db/iso-time.ts';
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
import { requestFingerprint } from '../../lib/request-fingerprint.ts';
import { timeZoneOf, todayIn } from '../../lib/school-day.ts';
import { type AlertContext, alertContextSql, alertsSql, worseOf } from './alerts.ts';
import { staffClassSql } from './whose.ts';
import { nameAsWritten } from '../../lib/search.ts';

type SubmitInput = z.output<typeof SubmitAttendanceRequest> & { idempotencyKey?: string | undefined };

const failed = (fields: Record<string, string>) => new AppError('rule', ATTENDANCE_MESSAGES.failed, fields);

/**
 * How many answers a user keeps under their keys: the newest. A key is for retrying one submission (the mark
 * page keeps one per sheet not sent yet); without a bound, every submission under a new key stored its whole
 * sheet again, without end (docs/security.md, "Attendance retries").
 */
export const ATTENDANCE_KEYS_KEPT = 100;

/** The first submission under a key: its answer and what it asked (null for one kept before it was recorded). */
interface StoredSubmission {
  request: string | null;
  response: SubmitAttendanceResponse;
}

/** The first submission under the caller's Idempotency-Key, as a subquery (null when there is none). */
const storedAnswerSql = (scope: SchoolScope, key: string) =>
  sql`(select jsonb_build_object('request', sub.request, 'response', sub.response) from attendance_submissions sub
    where sub.school_id = ${scope.schoolId} and sub.user_id = ${scope.actor.profileId} and sub.idempotency_key = ${key})`;

async function storedAnswer(tx: Tx, scope: SchoolScope, key: string): Promise<StoredSubmission | null> {
  const [row] = await selectRows<{ stored: StoredSubmission | null }>(
    tx,
    sql`select ${storedAnswerSql(scope, key)} as stored`,
  );
  return row?.stored ?? null;
}

/** The first answer, for the same request again; the same key with another body is refused, nothing written. */
function answerAgain(stored: StoredSubmission, asked: string): SubmitAttendanceResponse {
  if (stored.request !== null && stored.request !== asked) throw new AppError('rule', IDEMPOTENCY_MESSAGES.reused);
  return stored.response;
}

/** Forgets the caller's oldest kept answers, so that with the one about to be kept they are ATTENDANCE_KEYS_KEPT. */
const forgetOldKeys = (tx: Tx, scope: SchoolScope) =>
  selectRows(
    tx,
    sql`delete from attendance_submissions where school_id = ${scope.schoolId} and user_id = ${scope.actor.profileId}
      and id in (select sub.id from attendance_submissions sub
        where sub.school_id = ${scope.schoolId} and sub.user_id = ${scope.actor.profileId}
        order by sub.created_at desc, sub.id desc offset ${ATTENDANCE_KEYS_KEPT - 1})
      returning 1`,
  );

/** A record of the sheet as it stands, as the answer lists it. */
type SheetRecord = Omit<AttendanceRecord, 'classId' | 'className' | 'date' | 'studentId' | 'studentName'>;

/**
 * A student of the sheet, in the answer's order (by name): every active student of the class, and anyone
 * else with a record on the sheet (a student who has since left the class keeps theirs).
 */
interface SheetEntry {
  studentId: string;
  studentName: string;
  /** An active student of the class: the submission must mark them. */
  enrolled: boolean;
  record: SheetRecord | null;
}

interface SheetContext {
  stored: StoredSubmission | null;
  cls: { id: string; name: string; academicYear: string } | null;
  periodFound: boolean;
  /** The period's name (null marked once a day), for the answer's records. */
  periodName: string | null;
  /** The period is a break: its attendance is not taken (the mark page offers no breaks). */
  periodIsBreak: boolean;
  /** The start of the school's earliest academic year (null with none): nothing is marked before it. */
  earliest: string | null;
  alertLate: boolean;
  sheet: SheetEntry[];
  alerts: AlertContext;
}

/**
 * Takes the sheet's lock, so two submissions of the same class and date (two tabs, a retry without a key) take
 * turns. A statement of its own, sent before the sheet's context is read: a statement sees the rows committed
 * when it starts, so the read after it sees what the submission before it wrote, and what this one decides from
 * that read (which marks changed, which alerts were sent) is still true when it writes.
 */
const lockSheet = (tx: Tx, classId: string, date: string) =>
  // Through selectRows, as the statements sent with it: each leaves when called, so in the order called.
  selectRows(
    tx,
    sql`select pg_advisory_xact_lock(hashtextextended('attendance:' || ${classId}::uuid::text || ':' || ${date}, 0))`,
  );

/**
 * Holds the sheet's period in share until the submission ends, a statement of its own before the sheet's context
 * is read, as the sheet's lock: a period being deleted or made a break (timetable/periods.ts, `unusedPeriod`)
 * is read as that change leaves it, and such a change waits for this submission's marks and then sees them.
 */
const lockPeriod = (tx: Tx, schoolId: string, periodId: string) =>
  selectRows(tx, sql`select 1 from periods p where p.school_id = ${schoolId} and p.id = ${periodId} for key share`);

/**
 * Everything a submission checks and decides from, in one statement: the first answer under the key, the
 * class (if the caller marks it), the period, the school's first academic year, its late-alert setting, the
 * sheet (the class's active students and the sheet's records as they stand) and what the students' alerts of
 * the date already said. The class's active students are read once (materialised) for all of these.
 */
async function readSheetContext(tx: Tx, scope: SchoolScope, input: SubmitInput, date: string): Promise<SheetContext> {
  const schoolId = scope.schoolId;
  const periodId = input.periodId ?? null;
  const [row] = await selectRows<SheetContext>(
    tx,
    sql`
    with roster as materialized (
      -- The sort key as stored with the name (users.name_key): computed for the sheet's coalesced name below
      -- it would be a function call per student.
      select s.id, u.name, u.name_key as key from students s join users u on u.school_id = s.school_id and u.id = s.id
      where s.school_id = ${schoolId} and s.class_id = ${input.classId} and u.is_active
    )
    select ${input.idempotencyKey ? storedAnswerSql(scope, input.idempotencyKey) : sql`null::jsonb`} as stored,
      (select row_to_json(k) from (${staffClassSql(scope, input.classId, true)}) k) as cls,
      ${
        input.periodId
          ? sql`exists (select 1 from periods p where p.school_id = ${schoolId} and p.id = ${input.periodId})`
          : sql`true`
      } as "periodFound",
      ${
        input.periodId
          ? sql`(select p.name from periods p where p.school_id = ${schoolId} and p.id = ${input.periodId})`
          : sql`null::text`
      } as "periodName",
      ${
        input.periodId
          ? sql`exists (select 1 from periods p where p.school_id = ${schoolId} and p.id = ${input.periodId} and p.is_break)`
          : sql`false`
      } as "periodIsBreak",
      (select min(y.start_date)::text from academic_years y where y.school_id = ${schoolId}) as earliest,
      (select sc.attendance_alert_late from schools sc where sc.id = ${schoolId}) as "alertLate",
      (select coalesce(json_agg(json_build_object('studentId', e.student_id, 'studentName', e.name,
          'enrolled', e.enrolled, 'record', e.record) order by (e.key collate "C"), ${nameAsWritten(sql`e.name`)}, e.student_id), '[]')
        from (select coalesce(r.id, a.student_id) as student_id,
            -- Only a student who has left the class is looked up (coalesce stops at the roster's name): a join
            -- would probe the users index for every student of the sheet.
            coalesce(r.name, (select u.name from users u where u.school_id = ${schoolId} and u.id = a.student_id)) as name,
            coalesce(r.key, (select u.name_key from users u where u.school_id = ${schoolId} and u.id = a.student_id)) as key,
            r.id is not null as enrolled,
            case when a.id is not null then json_build_object('id', a.id, 'periodId', a.period_id, 'status', a.status,
              'isPresent', a.is_present, 'note', a.note, 'markedByName', a.marked_by_name, 'time', ${isoTime(sql`a.marked_at`)},
              'submittedAt', ${isoTime(sql`a.submitted_at`)}, 'academicYear', a.academic_year) end as record
          from roster r full join (select a.* from attendance a where a.school_id = ${schoolId}
            and a.class_id = ${input.classId} and a.date = ${date}::date
            and a.period_id is not distinct from ${periodId}::uuid) a on a.student_id = r.id) e) as sheet,
      ${alertContextSql(schoolId, date, sql`(select r.id from roster r)`, {
        classId: input.classId,
        periodId,
        notPresent: input.records.filter((r) => !r.isPresent || r.isLate).map((r) => r.studentId),
      })} as alerts`,
  );
  return row as SheetContext;
}

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

/**
 * One statement for the sheet's changes: the records of `marks` (the students with no record on the sheet yet,
 * and those whose mark or note the submission changes) inserted or updated in place (the count tables follow by
 * trigger, migration 0021_attendance-counts.sql), and the audit entry. A mark the sheet repeats is not sent at
 * all, and so left as it was, with who gave it and when (docs/product.md, "Attendance"): rewriting it would
 * change nothing but its times, at the cost of a new row version and an entry in every index of the table, and
 * even an upsert that leaves the row alone locks it first (a WAL record per row). The update's own test stays,
 * so the statement is right on its own too. Answers the records it wrote. The audit row is written here rather
 * than through audit(): a submission changes no one's session, so it must not empty the session cache as
 * audited changes to people do.
 */
function writeSheet(
  tx: Tx,
  scope: SchoolScope,
  actor: Actor,
  sheet: {
    cls: { id: string; academicYear: string };
    date: string;
    periodId: string | null;
    at: string;
    marks: Mark[];
    summary: Record<string, unknown>;
  },
): Promise<{ id: string; studentId: string; inserted: boolean }[]> {
  const { cls, date, periodId, at, marks } = sheet;
  return selectRows(
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
      returning id, student_id, (xmax = 0) as inserted
    ),
    logged as (
      insert into audit_log (id, school_id, actor_account_id, actor_role, action, entity, entity_id, after)
      values (${newId()}, ${scope.schoolId}, ${actor.accountId}, ${actor.role}, 'attendance.submitted', 'class',
        ${cls.id}, ${JSON.stringify(sheet.summary)}::jsonb)
    )
    select w.id, w.student_id as "studentId", w.inserted from written w`,
  );
}

type Mark = { id: string; student_id: string; status: AttendanceStatus; is_present: boolean; note: string | null };

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
  const { idempotencyKey: key, ...body } = input;
  const asked = requestFingerprint('attendance', body);
  try {
    return await inScope(deps.db, scope, async (tx) => {
      const today = todayIn(timeZoneOf(actor), deps.clock());
      const date = input.date ?? today;
      // The trial check leaves in the same write as the sheet's lock and read (a paying school pays no round
      // trip); its lock comes first in every submission, so the locks are always taken in one order.
      const [onTrial, , , context] = await sendTogether(tx, () =>
        Promise.all([
          lockTrialCount(tx, scope.schoolId, 'attendance'),
          lockSheet(tx, input.classId, date),
          input.periodId ? lockPeriod(tx, scope.schoolId, input.periodId) : null,
          readSheetContext(tx, scope, input, date),
        ]),
      );
      if (context.stored) {
        const first = answerAgain(context.stored, asked);
        // An answer kept before records named their period gets the sheet's (a key answers one sheet only).
        const { periodName } = context;
        return { ...first, records: first.records.map((r) => ({ ...r, periodName: r.periodName ?? periodName })) };
      }
      const cls = context.cls;
      if (!cls) throw notFound(PEOPLE_MESSAGES.classNotFound);
      if (date > today) throw failed({ date: ATTENDANCE_MESSAGES.futureDate });
      // A mistyped year (0226 for 2026) would otherwise be kept for ever and count in every rate.
      if (context.earliest && date < context.earliest) throw failed({ date: ATTENDANCE_MESSAGES.beforeFirstYear });
      if (!context.periodFound) throw notFound(TIMETABLE_MESSAGES.periodNotFound);
      // Marked, it would also keep the break from ever being deleted.
      if (context.periodIsBreak) throw failed({ periodId: ATTENDANCE_MESSAGES.breakPeriod });
      const roster = context.sheet.filter((e) => e.enrolled).map((e) => ({ id: e.studentId, name: e.studentName }));
      const names = checkRoster(roster, input);
      const stored = new Map(context.sheet.flatMap((e) => (e.record ? [[e.studentId, e.record] as const] : [])));
      // A trial school stores at most TRIAL_CAPS.attendance records; a resubmission adds none (docs/product.md, "Trials").
      const adding = input.records.filter((r) => !stored.has(r.studentId)).length;
      if (onTrial) await assertTrialRoom(tx, scope.schoolId, 'attendance', true, adding);

      const now = deps.clock();
      const at = now.toISOString();
      const periodId = input.periodId ?? null;
      const marks: Mark[] = input.records.map((r) => ({
        id: newId(),
        student_id: r.studentId,
        status: statusOf(r.isPresent, r.isLate),
        is_present: r.isPresent,
        note: r.note?.trim() || null,
      }));
      // Only what the sheet does not already say is written (writeSheet).
      const changes = marks.filter((m) => {
        const was = stored.get(m.student_id);
        return !was || was.status !== m.status || (was.note ?? null) !== m.note;
      });
      const summary = {
        date,
        periodId,
        absent: marks.filter((m) => m.status === 'absent').length,
        late: marks.filter((m) => m.status === 'late').length,
        total: marks.length,
      };
      // The class's students and their parents hear of it live (the roster is the sheet: all were marked).
      const parents = context.alerts.parentIds ?? [];
      const event: LiveEvent = {
        kind: 'attendance',
        schoolId: scope.schoolId,
        id: cls.id,
        roles: ['school_admin', 'principal', 'teacher'],
        userIds: [...marks.map((m) => m.student_id), ...parents],
      };
      // Each student's day before this submission: the worse of the day's other marks and the sheet's own.
      const before = new Map((context.alerts.day ?? []).map((d) => [d.studentId, d.status]));
      for (const [studentId, record] of stored) {
        const other = before.get(studentId);
        before.set(studentId, other ? worseOf(other, record.status) : record.status);
      }
      const alerts = alertsSql(
        scope.schoolId,
        {
          date,
          today,
          alertLate: context.alertLate,
          className: cls.name,
          marks: marks.map((m) => ({ studentId: m.student_id, name: names.get(m.student_id) ?? '', status: m.status })),
        },
        { ...context.alerts, before: [...before].map(([studentId, status]) => ({ studentId, status })) },
        [event],
      );
      // The sheet, then the alerts and live events (which need nothing from it): one write, one round trip, and
      // the commit with them unless the answer is still to be kept under the caller's key.
      if (!key) commitWithNext(tx, alerts ? 2 : 1);
      const [written] = await sendTogether(tx, () =>
        Promise.all([
          writeSheet(tx, scope, actor, { cls, date, periodId, at, marks: changes, summary }),
          alerts && tx.execute(alerts),
        ]),
      );
      const wrote = new Map(written.map((w) => [w.studentId, w]));
      const byStudent = new Map(marks.map((m) => [m.student_id, m]));
      // The sheet as it now stands, in the context's order (by name): what was written, and the rest as it was.
      const records = context.sheet.flatMap(({ studentId, studentName, record }): AttendanceRecord[] => {
        const w = wrote.get(studentId);
        const m = byStudent.get(studentId);
        const base = {
          classId: cls.id,
          className: cls.name,
          studentId,
          studentName,
          date,
          periodName: context.periodName,
        };
        if (w && m) {
          return [
            {
              ...base,
              id: w.id,
              periodId,
              status: m.status,
              isPresent: m.is_present,
              note: m.note,
              markedByName: actor.name,
              time: at,
              submittedAt: at,
              // An update keeps the record's year.
              academicYear: record?.academicYear ?? cls.academicYear,
            },
          ];
        }
        if (!record) return [];
        return [{ ...base, ...record }];
      });
      const answer: SubmitAttendanceResponse = {
        classId: cls.id,
        date,
        periodId,
        submittedAt: at,
        created: written.filter((w) => w.inserted).length,
        updated: written.filter((w) => !w.inserted).length,
        records,
      };
      if (key) {
        await sendTogether(tx, () =>
          Promise.all([
            forgetOldKeys(tx, scope),
            tx.insert(attendanceSubmissions).values({
              schoolId: scope.schoolId,
              id: newId(),
              userId: actor.profileId,
              idempotencyKey: key,
              request: asked,
              response: answer,
            }),
          ]),
        );
      }
      return answer;
    });
  } catch (err) {
    // The same key sent twice at once: the second waited, lost the race on the key, and answers the first's result.
    if (key && pgCode(err) === '23505' && pgConstraint(err) === 'attendance_submissions_key_unique') {
      const first = await inScope(deps.db, scope, (tx) => storedAnswer(tx, scope, key));
      if (first) return answerAgain(first, asked);
    }
    throw err;
  }
}
