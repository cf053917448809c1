import {
  type AttendanceList,
  type AttendanceRates,
  type ClassRegister,
  type ClassSheet,
  RECENT_ATTENDANCE_LIMIT,
  type StudentAttendance,
} from '@lyceum/shared/attendance';
import { type SQL, sql } from 'drizzle-orm';
import { classLabel } from '../../db/class-label.ts';
import { rateJson, SUM_OF_COUNTS } from '../../db/attendance-counts.ts';
import { selectRows } from '../../db/select-rows.ts';
import { inScope, jsonThroughAnswers, readJsonBody, readScope, seesEveryone } from '../../db/school-scope.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { loadRecords, RATE_COLUMNS, RECORD_JSON, rateOf, refuseBackwardRange } from './records.ts';
import { timeZoneOf, todayIn } from '../../lib/school-day.ts';
import {
  classForStaff,
  readableStudentSql,
  schoolClassSql,
  schoolStudentSql,
  staffClassSql,
  taughtClasses,
  visibleRecords,
} from './whose.ts';
import { byName, nameAsWritten } from '../../lib/search.ts';
import { dayOffOn } from '../dashboard/index.ts';

const all = (...conditions: (SQL | undefined)[]) =>
  sql.join(
    conditions.filter((c): c is SQL => c !== undefined),
    sql` and `,
  );

type Counts = { present: number; late: number; absent: number };

/** The present, late and absent records of the register's days `m` (day_marks), summed per student. */
const SUM_OF_DAY_COUNTS = sql`sum(m.present)::int as present, sum(m.late)::int as late, sum(m.absent)::int as absent`;

/** The live list: the 30 newest records the caller may see, newest submission first. */
export function recentAttendance(deps: Deps, actor: Actor): Promise<AttendanceList> {
  const scope = readScope(actor, undefined, 'attendance');
  return inScope(
    deps.db,
    scope,
    async (tx) => ({
      items: await loadRecords(
        tx,
        scope.schoolId,
        all(sql`true`, visibleRecords(scope)),
        sql`a.submitted_at desc, a.id desc`,
        RECENT_ATTENDANCE_LIMIT,
      ),
    }),
    { oneStatement: true },
  );
}

/**
 * The mark page: every active student of the class by roll number, with their mark of that date if any, and why
 * the school does not teach that day if it does not (said on the page, never refused).
 */
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
      sql`${byName(sql`u.name`)}, a.student_id`,
    );
    const byStudent = new Map(records.map((r) => [r.studentId, r]));
    return {
      classId: cls.id,
      className: cls.name,
      date,
      periodId,
      dayOff: await dayOffOn(tx, actor, date),
      students: roster.map((s) => ({ ...s, record: byStudent.get(s.studentId) ?? null })),
    };
  });
}

/**
 * A class × month register, as the JSON text of its answer: PostgreSQL shapes the whole answer (per student
 * the month's marks as one object) and the route sends it as is, instead of the server mapping one row per
 * student and day and serialising them again. A day with several period marks shows the day's worst (absent,
 * then late), but the rates count every record, as every other rate does (docs/product.md, "Attendance"): a
 * day's cell is not a record. Students who left the class during the month keep their row.
 */
export function classRegisterJson(
  deps: Deps,
  actor: Actor,
  input: { id: string; month?: string | undefined },
): Promise<string> {
  const scope = readScope(actor, undefined, 'attendance');
  // The default month is the school's current one: the key names the month actually read.
  const month = input.month ?? todayIn(timeZoneOf(actor), deps.clock()).slice(0, 7);
  const first = `${month}-01`;
  // `cls` is the class if it may be read: the caller's own decision (staffClassSql), or the school's class for
  // the answer shared by everyone whose access was decided apart, the same for them all.
  const answer = (cls: SQL) =>
    readJsonBody(
      deps,
      scope,
      PEOPLE_MESSAGES.classNotFound,
      sql`
      with cls as (${cls}),
      day_marks as (
        select a.student_id, to_char(a.date, 'YYYY-MM-DD') as day,
          case when bool_or(a.status = 'absent') then 'absent' when bool_or(a.status = 'late') then 'late' else 'present' end as status,
          ${RATE_COLUMNS}
        from attendance a
        where a.school_id = ${scope.schoolId} and a.class_id = (select id from cls)
          and a.date >= ${first}::date and a.date < (${first}::date + interval '1 month')
        group by a.student_id, a.date
      ),
      per_student as (
        select m.student_id, json_object_agg(m.day, m.status) as marks, ${SUM_OF_DAY_COUNTS}
        from day_marks m group by m.student_id
      ),
      roster as (
        -- A student's roll number is their current class's (students.roll_number); no earlier one is kept. So
        -- a student who left the class has none here, rather than another class's number, which may repeat a
        -- roll of this class (docs/product.md, "Attendance").
        select s.id, u.name, u.name_key as key, case when s.class_id = (select id from cls) then s.roll_number end as roll_number,
          s.class_id = (select id from cls) as here
        from students s join users u on u.school_id = s.school_id and u.id = s.id
        where s.school_id = ${scope.schoolId}
          -- The candidates first, from the class's index and the marks: else the school's every student is tested.
          and s.id in (select s2.id from students s2 where s2.school_id = ${scope.schoolId} and s2.class_id = (select id from cls)
            union select student_id from per_student)
          and ((s.class_id = (select id from cls) and u.is_active) or s.id in (select student_id from per_student))
      )
      select json_build_object(
        'classId', cls.id, 'className', cls.name, 'month', ${month}::text,
        'days', coalesce((select json_agg(d.day order by d.day)
          from (select distinct m.day from day_marks m) d), '[]'::json),
        'students', coalesce((select json_agg(json_build_object(
            'studentId', r.id, 'name', r.name, 'rollNumber', r.roll_number,
            'marks', coalesce(p.marks, '{}'::json), 'rate', ${rateJson(sql`p`)})
            order by r.here desc, r.roll_number, (r.key collate "C"), ${nameAsWritten(sql`r.name`)}, r.id)
          from roster r left join per_student p on p.student_id = r.id), '[]'::json),
        'rate', (select ${rateJson(sql`t`)} from (select sum(p.present) as present, sum(p.late) as late,
          sum(p.absent) as absent from per_student p) t)
      )::text as body
      from cls`,
    );
  return jsonThroughAnswers(deps, scope, {
    key: `register:${input.id}:${month}`,
    // Staff may read every class of their school; a teacher the classes they teach or lead.
    decide: seesEveryone(scope)
      ? null
      : { sql: staffClassSql(scope, input.id), missing: PEOPLE_MESSAGES.classNotFound },
    own: () => answer(staffClassSql(scope, input.id)),
    shared: () => answer(schoolClassSql(scope.schoolId, input.id)),
  });
}

/** The register as an object (the CSV export). */
export async function classRegister(
  deps: Deps,
  actor: Actor,
  input: { id: string; month?: string | undefined },
): Promise<ClassRegister> {
  return JSON.parse(await classRegisterJson(deps, actor, input)) as ClassRegister;
}

/**
 * A student's 30 newest records (parents: their children's last 30) and their rate over all records, as the
 * JSON text of the answer, shaped by PostgreSQL like the register. With `date` (the day an alert is about), that
 * day's records the caller may see are added when they are older than the 30, in their place in the order: the
 * alert opens its day however many records came since (docs/product.md, "Attendance").
 */
export function studentAttendanceJson(
  deps: Deps,
  actor: Actor,
  { id, date }: { id: string; date?: string | undefined },
): Promise<string> {
  const scope = readScope(actor, undefined, 'attendance');
  // `st` is the student if they may be read, `where` the records shown: the caller's own (a teacher sees the
  // student's records in the classes they teach, not those of a class they had before), or the whole history.
  const answer = (st: SQL, where: SQL) => {
    const shown = sql`a.school_id = ${scope.schoolId} and ${where} and exists (select 1 from st)`;
    const day =
      date === undefined
        ? sql``
        : sql`union all select * from attendance a
          where ${shown} and a.date = ${date}::date and a.id not in (select n.id from newest n)`;
    return readJsonBody(
      deps,
      scope,
      PEOPLE_MESSAGES.studentNotFound,
      sql`
      with st as (${st}),
      newest as (
        select * from attendance a
        where ${shown}
        order by a.date desc, a.submitted_at desc, a.id desc
        limit ${RECENT_ATTENDANCE_LIMIT}
      ),
      page as (select * from newest ${day})
      select json_build_object(
        'studentId', st.id, 'name', st.name,
        'items', coalesce((select json_agg(${RECORD_JSON} order by a.date desc, a.submitted_at desc, a.id desc)
          from page a
            join classes c on c.school_id = a.school_id and c.id = a.class_id
            join users u on u.school_id = a.school_id and u.id = a.student_id), '[]'::json),
        'rate', (select ${rateJson(sql`t`)} from (
          select ${SUM_OF_COUNTS} from attendance_student_totals a where a.school_id = ${scope.schoolId} and ${where}) t)
      )::text as body
      from st`,
    );
  };
  const own = () => answer(readableStudentSql(scope, id), all(sql`a.student_id = ${id}`, visibleRecords(scope)));
  // Staff, a parent of the student and the student themself read the whole history, the same answer; a
  // teacher's depends on the classes they teach, so it is their own (their key, their load). A student reading
  // their own id, and staff, need no query to be allowed; anyone else's decision is asked and kept per user.
  // The day asked for is part of the answer, so of its key.
  const me = scope.actor.profileId;
  const teacher = scope.actor.role === 'teacher';
  const allowedByRole = seesEveryone(scope) || (scope.actor.role === 'student' && id === me);
  const key = `history:${id}${teacher ? `:seen-by:${me}` : ''}${date === undefined ? '' : `:day:${date}`}`;
  return jsonThroughAnswers(deps, scope, {
    key,
    decide: allowedByRole ? null : { sql: readableStudentSql(scope, id), missing: PEOPLE_MESSAGES.studentNotFound },
    own,
    shared: teacher ? own : () => answer(schoolStudentSql(scope.schoolId, id), sql`a.student_id = ${id}`),
  });
}

/** The history as an object (the CSV export). */
export async function studentAttendance(deps: Deps, actor: Actor, input: { id: string }): Promise<StudentAttendance> {
  return JSON.parse(await studentAttendanceJson(deps, actor, input)) as StudentAttendance;
}

/**
 * Rates of the school (staff) and of each class the caller sees, over an optional date range, from the counts per
 * class and day. The classes are the active ones and any deactivated class with records in the range: its marks
 * count in the school's rate, so its row is listed, and the school's row is the sum of the class rows
 * (docs/product.md, "Attendance").
 */
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
      select c.id as "classId", ${classLabel('c')} as "className", ${SUM_OF_COUNTS}
      from classes c left join attendance_class_days a on a.school_id = c.school_id and a.class_id = c.id and ${range}
      where c.school_id = ${scope.schoolId} ${classFilter}
      group by c.school_id, c.id, c.name, c.section, c.academic_year
      having c.is_active or coalesce(sum(a.present + a.late + a.absent), 0) > 0
      order by ${byName(sql`c.name`, sql`c.section`)}, c.id`,
    );
    const classes = perClass.map((r) => ({ classId: r.classId, className: r.className, rate: rateOf(r) }));
    if (!seesEveryone(scope)) return { school: null, classes };
    const school = await selectRows<Counts>(
      tx,
      sql`select ${SUM_OF_COUNTS} from attendance_class_days a where a.school_id = ${scope.schoolId} and ${range}`,
    );
    return { school: rateOf(school[0]), classes };
  });
}
