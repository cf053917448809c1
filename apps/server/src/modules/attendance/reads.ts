import {
  type AttendanceList,
  type AttendanceRates,
  type AttendanceStatus,
  type ClassRegister,
  type ClassSheet,
  RECENT_ATTENDANCE_LIMIT,
  type StudentAttendance,
} from '@lyceum/shared/attendance';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows } from '../../db/select-rows.ts';
import { inScope, readScope, seesEveryone } from '../../db/school-scope.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { loadRecords, RATE_COLUMNS, rateOf, refuseBackwardRange } from './records.ts';
import { timeZoneOf, todayIn } from '../../lib/school-day.ts';
import { classForStaff, studentForReader, taughtClasses, visibleRecords } from './whose.ts';

const all = (...conditions: (SQL | undefined)[]) =>
  sql.join(
    conditions.filter((c): c is SQL => c !== undefined),
    sql` and `,
  );

type Counts = { present: number; late: number; absent: number };

/** The live list: the 30 newest records the caller may see, newest submission first. */
export function recentAttendance(deps: Deps, actor: Actor): Promise<AttendanceList> {
  const scope = readScope(actor, undefined, 'attendance');
  return inScope(deps.db, scope, async (tx) => ({
    items: await loadRecords(
      tx,
      scope.schoolId,
      all(sql`true`, visibleRecords(scope)),
      sql`a.submitted_at desc, a.id desc`,
      RECENT_ATTENDANCE_LIMIT,
    ),
  }));
}

/** The mark page: every active student of the class by roll number, with their mark of that date if any. */
export function classSheet(
  deps: Deps,
  actor: Actor,
  input: { id: string; date?: string | undefined; periodId?: string | undefined },
): Promise<ClassSheet> {
  const scope = readScope(actor, undefined, 'attendance');
  return inScope(deps.db, scope, async (tx) => {
    const cls = await classForStaff(tx, scope, input.id);
    const date = input.date ?? todayIn(timeZoneOf(actor), deps.clock());
    const periodId = input.periodId ?? null;
    const roster = await selectRows<{ studentId: string; name: string; rollNumber: number }>(
      tx,
      sql`
      select s.id as "studentId", u.name, s.roll_number as "rollNumber"
      from students s join users u on u.school_id = s.school_id and u.id = s.id
      where s.school_id = ${scope.schoolId} and s.class_id = ${cls.id} and u.is_active
      order by s.roll_number`,
    );
    const records = await loadRecords(
      tx,
      scope.schoolId,
      sql`a.class_id = ${cls.id} and a.date = ${date}::date and a.period_id is not distinct from ${periodId}::uuid`,
      sql`u.name, a.student_id`,
    );
    const byStudent = new Map(records.map((r) => [r.studentId, r]));
    return {
      classId: cls.id,
      className: cls.name,
      date,
      periodId,
      students: roster.map((s) => ({ ...s, record: byStudent.get(s.studentId) ?? null })),
    };
  });
}

/**
 * A class × month register. A day with several period marks shows the day's worst (absent, then late);
 * rates count those day marks. Students who left the class during the month keep their row.
 */
export function classRegister(
  deps: Deps,
  actor: Actor,
  input: { id: string; month?: string | undefined },
): Promise<ClassRegister> {
  const scope = readScope(actor, undefined, 'attendance');
  return inScope(deps.db, scope, async (tx) => {
    const cls = await classForStaff(tx, scope, input.id);
    const month = input.month ?? todayIn(timeZoneOf(actor), deps.clock()).slice(0, 7);
    const first = `${month}-01`;
    const marks = await selectRows<{ studentId: string; date: string; status: AttendanceStatus }>(
      tx,
      sql`
      select a.student_id as "studentId", to_char(a.date, 'YYYY-MM-DD') as date,
        case when bool_or(a.status = 'absent') then 'absent' when bool_or(a.status = 'late') then 'late' else 'present' end as status
      from attendance a
      where a.school_id = ${scope.schoolId} and a.class_id = ${cls.id}
        and a.date >= ${first}::date and a.date < (${first}::date + interval '1 month')
      group by a.student_id, a.date`,
    );
    const students = await selectRows<{ studentId: string; name: string; rollNumber: number }>(
      tx,
      sql`
      select s.id as "studentId", u.name, s.roll_number as "rollNumber"
      from students s join users u on u.school_id = s.school_id and u.id = s.id
      where s.school_id = ${scope.schoolId}
        and ((s.class_id = ${cls.id} and u.is_active) or s.id in ${
          marks.length ? [...new Set(marks.map((m) => m.studentId))] : sql`(select null::uuid)`
        })
      order by s.class_id = ${cls.id} desc, s.roll_number, s.id`,
    );
    const byStudent = new Map<string, Record<string, AttendanceStatus>>();
    for (const m of marks) {
      const row = byStudent.get(m.studentId) ?? {};
      row[m.date] = m.status;
      byStudent.set(m.studentId, row);
    }
    const count = (statuses: AttendanceStatus[]): Counts => ({
      present: statuses.filter((s) => s === 'present').length,
      late: statuses.filter((s) => s === 'late').length,
      absent: statuses.filter((s) => s === 'absent').length,
    });
    const days = [...new Set(marks.map((m) => m.date))].sort();
    return {
      classId: cls.id,
      className: cls.name,
      month,
      days,
      students: students.map((s) => {
        const own = byStudent.get(s.studentId) ?? {};
        return { ...s, marks: own, rate: rateOf(count(Object.values(own))) };
      }),
      rate: rateOf(count(marks.map((m) => m.status))),
    };
  });
}

/** A student's 30 newest records (parents: their children's last 30) and their rate over all records. */
export function studentAttendance(deps: Deps, actor: Actor, { id }: { id: string }): Promise<StudentAttendance> {
  const scope = readScope(actor, undefined, 'attendance');
  return inScope(deps.db, scope, async (tx) => {
    const student = await studentForReader(tx, scope, id);
    // A teacher sees the student's records in the classes they teach, not those of a class they had before.
    const mine = visibleRecords(scope);
    const where = all(sql`a.student_id = ${id}`, mine);
    const items = await loadRecords(
      tx,
      scope.schoolId,
      where,
      sql`a.date desc, a.submitted_at desc, a.id desc`,
      RECENT_ATTENDANCE_LIMIT,
    );
    const counts = await selectRows<Counts>(
      tx,
      sql`select ${RATE_COLUMNS} from attendance a where a.school_id = ${scope.schoolId} and ${where}`,
    );
    return { studentId: id, name: student.name, items, rate: rateOf(counts[0]) };
  });
}

/** Rates of the school (staff) and of each class the caller sees, over an optional date range. */
export function attendanceRates(
  deps: Deps,
  actor: Actor,
  input: { from?: string | undefined; to?: string | undefined },
): Promise<AttendanceRates> {
  const scope = readScope(actor, undefined, 'attendance');
  refuseBackwardRange(input.from, input.to);
  return inScope(deps.db, scope, async (tx) => {
    const range = all(
      sql`true`,
      input.from ? sql`a.date >= ${input.from}::date` : undefined,
      input.to ? sql`a.date <= ${input.to}::date` : undefined,
    );
    const classFilter = seesEveryone(scope) ? sql`` : sql`and c.id in ${taughtClasses(scope)}`;
    const perClass = await selectRows<Counts & { classId: string; className: string }>(
      tx,
      sql`
      select c.id as "classId", trim(c.name || ' ' || c.section) as "className", ${RATE_COLUMNS}
      from classes c left join attendance a on a.school_id = c.school_id and a.class_id = c.id and ${range}
      where c.school_id = ${scope.schoolId} and c.is_active ${classFilter}
      group by c.id, c.name, c.section
      order by c.name, c.section, c.id`,
    );
    const classes = perClass.map((r) => ({ classId: r.classId, className: r.className, rate: rateOf(r) }));
    if (!seesEveryone(scope)) return { school: null, classes };
    const school = await selectRows<Counts>(
      tx,
      sql`select ${RATE_COLUMNS} from attendance a where a.school_id = ${scope.schoolId} and ${range}`,
    );
    return { school: rateOf(school[0]), classes };
  });
}
