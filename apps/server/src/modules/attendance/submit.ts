import {
  ATTENDANCE_MESSAGES,
  type SubmitAttendanceRequest,
  type SubmitAttendanceResponse,
  statusOf,
} from '@lyceum/shared/attendance';
import { TIMETABLE_MESSAGES } from '@lyceum/shared/timetable';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { academicYearIdFor } from '../../db/academic-years.ts';
import { audit } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import { attendanceSubmissions, periods } from '../../db/schema/index.ts';
import { inScope, type SchoolScope, writeScope } from '../../db/school-scope.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { pgCode, pgConstraint } from '../../lib/pg-errors.ts';
import { alertParents } from './alerts.ts';
import { publishAttendanceChange } from './live.ts';
import { loadRecords } from './records.ts';
import { timeZoneOf, todayIn } from '../../lib/school-day.ts';
import { settingsOf } from './settings.ts';
import { classForStaff } from './whose.ts';

type SubmitInput = z.output<typeof SubmitAttendanceRequest> & { idempotencyKey?: string | undefined };

const failed = (fields: Record<string, string>) => new AppError('rule', ATTENDANCE_MESSAGES.failed, fields);

async function storedAnswer(tx: Tx, scope: SchoolScope, key: string): Promise<SubmitAttendanceResponse | null> {
  const [row] = await tx
    .select({ response: attendanceSubmissions.response })
    .from(attendanceSubmissions)
    .where(
      and(
        eq(attendanceSubmissions.schoolId, scope.schoolId),
        eq(attendanceSubmissions.userId, scope.actor.profileId),
        eq(attendanceSubmissions.idempotencyKey, key),
      ),
    );
  return (row?.response as SubmitAttendanceResponse | undefined) ?? null;
}

/** Every active student of the class, once each, and nobody else. */
async function checkRoster(tx: Tx, schoolId: string, classId: string, input: SubmitInput) {
  const roster = await selectRows<{ id: string; name: string }>(
    tx,
    sql`
    select s.id, u.name from students s join users u on u.school_id = s.school_id and u.id = s.id
    where s.school_id = ${schoolId} and s.class_id = ${classId} and u.is_active`,
  );
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
      if (key) {
        const first = await storedAnswer(tx, scope, key);
        if (first) return first;
      }
      const cls = await classForStaff(tx, scope, input.classId, true);
      const today = todayIn(timeZoneOf(actor), deps.clock());
      const date = input.date ?? today;
      if (date > today) throw failed({ date: ATTENDANCE_MESSAGES.futureDate });
      if (input.periodId) {
        const [period] = await tx
          .select({ id: periods.id })
          .from(periods)
          .where(and(eq(periods.schoolId, scope.schoolId), eq(periods.id, input.periodId)));
        if (!period) throw notFound(TIMETABLE_MESSAGES.periodNotFound);
      }
      // Two submissions of the same class and date (two tabs, a retry without a key) take turns.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`attendance:${cls.id}:${date}`}, 0))`);
      const names = await checkRoster(tx, scope.schoolId, cls.id, input);

      const now = deps.clock();
      const marks = input.records.map((r) => ({
        id: newId(),
        student_id: r.studentId,
        status: statusOf(r.isPresent, r.isLate),
        is_present: r.isPresent,
        note: r.note?.trim() || null,
      }));
      // One statement for the class: inserted where new, updated where the student already has this date and period.
      const written = await selectRows<{ inserted: boolean }>(
        tx,
        sql`
        insert into attendance (school_id, id, class_id, student_id, date, period_id, status, is_present, note,
          marked_by_id, marked_by_name, marked_at, submitted_at, academic_year, academic_year_id)
        select ${scope.schoolId}, r.id, ${cls.id}, r.student_id, ${date}::date, ${input.periodId ?? null}::uuid,
          r.status, r.is_present, r.note, ${actor.profileId}, ${actor.name}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${cls.academicYear},
          y.id
        from json_to_recordset(${JSON.stringify(marks)}::json)
          as r(id uuid, student_id uuid, status text, is_present boolean, note text)
          -- The year is looked up once for the sheet, not once per student.
          cross join (select ${academicYearIdFor(scope.schoolId, date)} as id) y
        on conflict on constraint attendance_one_per_student_date do update set
          status = excluded.status, is_present = excluded.is_present, note = excluded.note,
          marked_by_id = excluded.marked_by_id, marked_by_name = excluded.marked_by_name,
          marked_at = excluded.marked_at, submitted_at = excluded.submitted_at, updated_at = now()
        returning (xmax = 0) as inserted`,
      );
      const created = written.filter((r) => r.inserted).length;

      const { alertLate } = await settingsOf(tx, scope.schoolId);
      await alertParents(tx, scope.schoolId, {
        date,
        alertLate,
        className: cls.name,
        marks: marks.map((m) => ({ studentId: m.student_id, name: names.get(m.student_id) ?? '', status: m.status })),
      });
      const records = await loadRecords(
        tx,
        scope.schoolId,
        sql`a.class_id = ${cls.id} and a.date = ${date}::date and a.period_id is not distinct from ${input.periodId ?? null}::uuid`,
        sql`u.name, a.student_id`,
      );
      const answer: SubmitAttendanceResponse = {
        classId: cls.id,
        date,
        periodId: input.periodId ?? null,
        submittedAt: now.toISOString(),
        created,
        updated: marks.length - created,
        records,
      };
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'attendance.submitted',
        entity: 'class',
        entityId: cls.id,
        after: {
          date,
          periodId: answer.periodId,
          absent: marks.filter((m) => m.status === 'absent').length,
          late: marks.filter((m) => m.status === 'late').length,
          total: marks.length,
        },
      });
      await publishAttendanceChange(
        tx,
        scope.schoolId,
        cls.id,
        marks.map((m) => m.student_id),
      );
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
