import { attendanceRate } from '@lyceum/shared/attendance';
import type { SchoolDayOff } from '@lyceum/shared/attendance';
import type { ChildToday, ClassToday, DashboardDay, DayLesson, DayRate } from '@lyceum/shared/day';
import { WEEKDAYS, type Weekday } from '@lyceum/shared/timetable';
import { type SQL, sql } from 'drizzle-orm';
import { classLabel } from '../../db/class-label.ts';
import type { Tx } from '../../db/client.ts';
import { SUM_OF_COUNTS } from '../../db/attendance-counts.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { type AnswerCache, bytesOfText } from '../../lib/answer-cache.ts';
import { addDays, daysBetween, type LocalDate, timeZoneOf, todayIn, weekOf } from '../../lib/school-day.ts';
import { byName } from '../../lib/search.ts';

/**
 * The day a dashboard shows (docs/product.md, "Dashboards that show the day"): every query here is keyed by
 * the school and a class, teacher or student, and reads attendance through its counts per class and day and per
 * student (attendance_class_days, attendance_student_totals, kept exact by triggers), so a figure costs a few
 * rows, never a scan of the school's year of records.
 */

interface Counts {
  present: number;
  late: number;
  absent: number;
}
const counted = (r: Partial<Counts> | undefined): Counts => ({
  present: Number(r?.present ?? 0),
  late: Number(r?.late ?? 0),
  absent: Number(r?.absent ?? 0),
});
/** Adds `c` to the counts of `date`, if the map holds that date. */
function addTo(byDay: Map<string, Counts>, date: string, c: Counts): void {
  const sum = byDay.get(date);
  if (sum)
    byDay.set(date, { present: sum.present + c.present, late: sum.late + c.late, absent: sum.absent + c.absent });
}

/** Whether class `classId` has any mark on `date`, from its row of counts (zero counts: every mark was removed). */
const markedOn = (schoolId: SQL, classId: SQL, date: LocalDate) =>
  sql`exists (select 1 from attendance_class_days d where d.school_id = ${schoolId} and d.class_id = ${classId}
    and d.date = ${date}::date and d.present + d.late + d.absent > 0)`;

/**
 * The period lesson `ts` is marked in, as a lateral subquery: in a school that marks per period, the period (not a
 * break) its start falls in; no row when the school marks once a day or no period holds the start.
 */
const lessonPeriod = sql`select p.id from periods p join schools sc on sc.id = p.school_id
  where p.school_id = ts.school_id and sc.attendance_by_period and not p.is_break
    and p.start_time <= ts.start_time and ts.start_time < p.end_time
  order by p.start_time desc limit 1`;

/**
 * Whether lesson `ts` (its period joined as `lp`) is marked today: a mark of its class in its period, or, marked
 * once a day (or in no period), any mark of its class today. Per period, the first lesson's sheet does not
 * mark the day's other lessons.
 */
const lessonMarked = (today: LocalDate) =>
  sql`case when lp.id is null then ${markedOn(sql`ts.school_id`, sql`ts.class_id`, today)}
    else exists (select 1 from attendance a where a.school_id = ts.school_id and a.class_id = ts.class_id
      and a.date = ${today}::date and a.period_id = lp.id) end`;

/** The weekday of a calendar date, as the timetable names it. */
export function weekdayOf(date: LocalDate): Weekday {
  const sundayFirst = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7] as Weekday;
}

/** Whether `today` lies inside a term, or in a year without terms (or in no year): a term day, holidays aside. */
const inTerm = (school: SQL, today: LocalDate) => sql`
  (exists (select 1 from academic_terms t
      where t.school_id = ${school} and ${today}::date between t.start_date and t.end_date)
    or not exists (select 1 from academic_terms t
      join academic_years y on y.school_id = t.school_id and y.id = t.academic_year_id
      where y.school_id = ${school} and ${today}::date between y.start_date and y.end_date))`;

/**
 * Whether `today` is a day of the school's calendar that is taught at all: not one of its holidays, and inside a
 * term when the year holding it has terms. On any other day the timetable's lessons do not happen, so no one is
 * shown them and no class is to mark by them (docs/product.md, "Dashboards that show the day").
 */
const termDay = (school: SQL, today: LocalDate) => sql`
  not exists (select 1 from academic_holidays h
    where h.school_id = ${school} and ${today}::date between h.start_date and h.end_date)
  and ${inTerm(school, today)}`;

/** Today's lessons matching `where` (a condition on `ts`), by start time, each saying whether its class is marked today. */
function lessonsToday(tx: Tx, schoolId: string, today: LocalDate, where: SQL): Promise<DayLesson[]> {
  return selectRows<DayLesson>(
    tx,
    sql`
    select ts.id as "slotId", ts.class_id as "classId", ${classLabel('c')} as "className",
      sj.name as subject, u.name as "teacherName", ts.room,
      to_char(ts.start_time, 'HH24:MI') as "startTime", to_char(ts.end_time, 'HH24:MI') as "endTime",
      ${lessonMarked(today)} as marked
    from timetable_slots ts
      join classes c on c.school_id = ts.school_id and c.id = ts.class_id
      join subjects sj on sj.school_id = ts.school_id and sj.id = ts.subject_id
      join users u on u.school_id = ts.school_id and u.id = ts.teacher_id
      left join lateral (${lessonPeriod}) lp on true
    where ts.school_id = ${schoolId} and ts.day = ${weekdayOf(today)} and c.is_active and ${where}
      and ${termDay(sql`${schoolId}::uuid`, today)}
    order by ts.start_time, ${byName(sql`c.name`, sql`c.section`)}, ts.id`,
  );
}

/** A school with no timetable yet is taken to teach the first five days of its week (docs/product.md). */
const SCHOOL_DAYS_WITHOUT_TIMETABLE = 5;

/** Whether the school's week teaches on `today`'s weekday, as `teachingDay` reads it (holidays and terms aside). */
const weekTaught = (school: SQL, today: LocalDate, weekOpen: boolean) => sql`
  case when exists (select 1 from timetable_slots s where s.school_id = ${school})
    then exists (select 1 from timetable_slots s where s.school_id = ${school} and s.day = ${weekdayOf(today)})
    else ${weekOpen} end`;

/**
 * Whether the school teaches on `today`, for a class the timetable does not hold (docs/product.md, "Dashboards
 * that show the day"): not a holiday; inside a term when the year holding the day has terms; and a weekday with
 * lessons in the school's timetable or, in a school with no timetable yet, one of the first five days of its
 * week (`weekOpen`, worked out by the caller from the school's first day of the week).
 */
const teachingDay = (school: SQL, today: LocalDate, weekOpen: boolean) => sql`
  ${termDay(school, today)} and ${weekTaught(school, today, weekOpen)}`;

/** Whether `date` is one of the first five days of the school's week (its week's days, read without a timetable). */
export function weekOpenOn(actor: Actor, date: LocalDate): boolean {
  const first = weekOf(date, actor.school?.locale.weekStart ?? 'monday', timeZoneOf(actor)).first;
  return daysBetween(first, date) < SCHOOL_DAYS_WITHOUT_TIMETABLE;
}

/**
 * Why the school does not teach on `date`, by the same calendar as the dashboards' day, or null on a day it
 * teaches: one of its holidays (the first by start date, named), outside every term of the year holding it, or a
 * day its week does not teach ("weekend"). The mark page says so, without refusing marks (a make-up day is
 * marked too: docs/product.md, "Attendance").
 */
export async function dayOffOn(tx: Tx, actor: Actor, date: LocalDate): Promise<SchoolDayOff> {
  const school = sql`${actor.schoolId}::uuid`;
  const [row] = await selectRows<{ holiday: string | null; outsideTerms: boolean; weekend: boolean }>(
    tx,
    sql`select
      (select h.name from academic_holidays h where h.school_id = ${school}
        and ${date}::date between h.start_date and h.end_date order by h.start_date, h.name limit 1) as holiday,
      not ${inTerm(school, date)} as "outsideTerms",
      not ${weekTaught(school, date, weekOpenOn(actor, date))} as weekend`,
  );
  if (row?.holiday != null) return { reason: 'holiday', name: row.holiday };
  if (row?.outsideTerms) return { reason: 'outside_terms' };
  if (row?.weekend) return { reason: 'weekend' };
  return null;
}

/**
 * A teacher: the lessons they teach today, and the classes still to mark: those they may mark (they teach or
 * lead it) with a lesson today not marked yet (theirs, or any of a class they lead), each with the period of its
 * first such lesson when the school marks per period; and a class they lead that the timetable does not hold,
 * on a day the school teaches, until it has a mark today (a school that takes attendance without a timetable).
 */
async function teacherDay(tx: Tx, schoolId: string, me: string, today: LocalDate, weekOpen: boolean) {
  const [lessons, toMark] = await Promise.all([
    lessonsToday(tx, schoolId, today, sql`ts.teacher_id = ${me}`),
    selectRows<{ classId: string; className: string; periodId: string | null }>(
      tx,
      sql`
    select x."classId", x."className", x."periodId" from (
      (select distinct on (c.id) c.id as "classId", ${classLabel('c')} as "className", lp.id as "periodId",
        c.name, c.section
      from timetable_slots ts
        join classes c on c.school_id = ts.school_id and c.id = ts.class_id
        join class_teachers ct on ct.school_id = ts.school_id and ct.class_id = ts.class_id and ct.teacher_id = ${me}
        left join lateral (${lessonPeriod}) lp on true
      where ts.school_id = ${schoolId} and ts.day = ${weekdayOf(today)} and c.is_active
        and (ct.is_class_teacher or ts.teacher_id = ${me}) and not ${lessonMarked(today)}
        and ${termDay(sql`${schoolId}::uuid`, today)}
      order by c.id, ts.start_time)
      union all
      select u.id, u.label, null::uuid, u.name, u.section from (
        select c.school_id, c.id, ${classLabel('c')} as label, c.name, c.section
        from classes c
          join class_teachers ct on ct.school_id = c.school_id and ct.class_id = c.id and ct.teacher_id = ${me}
            and ct.is_class_teacher
        where c.school_id = ${schoolId} and c.is_active
          and not exists (select 1 from timetable_slots ts where ts.school_id = c.school_id and ts.class_id = c.id)
          and not ${markedOn(sql`c.school_id`, sql`c.id`, today)}
        -- A fence: the school's calendar is read only for a class that gets this far (of its row, not the constant
        -- school id, which the planner would check first), so a teacher whose classes are all on the timetable pays
        -- nothing for it.
        offset 0
      ) u
      where ${teachingDay(sql`u.school_id`, today, weekOpen)}
    ) x
    order by ${byName(sql`x.name`, sql`x.section`)}, x."classId"`,
    ),
  ]);
  return { lessons, toMark };
}

/**
 * Principal and school admin: every active class with today's marks, and the school's rate each day of the
 * week so far. One statement: per class, its roster count and its week's rows of counts per day. Active students are counted as the class's
 * students minus the school's inactive users (`gone`, a hashed set built once), as the class list does, instead
 * of probing every student's user row: that probe was half the statement's time. The week counts every class's
 * records, a class deactivated since too (its marks were the school's attendance that day), as the trend and
 * the school's rate count them (docs/product.md, "Dashboards that show the day"); only active classes are listed.
 * A class's today counts only the students on its roster now, each once by the day's status (the worst of their
 * marks, as the register's cell), so present + late + absent + unmarked are its students; a student moved out
 * or withdrawn after the mark is not among them (their records stay in the week and every rate). That part
 * reads today's marks of the class (`attendance_class_date_idx`, which carries the mark and the student), only
 * on the class's row of today: a few dozen index entries per class, never the class's year.
 */
async function schoolDay(
  tx: Tx,
  schoolId: string,
  today: LocalDate,
  weekFirst: LocalDate,
): Promise<{ classes: ClassToday[]; week: DayRate[] }> {
  const rows = await selectRows<
    {
      classId: string;
      className: string;
      isActive: boolean;
      students: number;
      date: string | null;
      /** Today's row only: the roster's students by their day's status, and their records. */
      now: { students: Counts; records: Counts } | null;
    } & Counts
  >(
    tx,
    sql`
    with gone as (select u.id from users u where u.school_id = ${schoolId} and not u.is_active)
    select c.id as "classId", ${classLabel('c')} as "className", c.is_active as "isActive", r.students, d.date,
      d.present, d.late, d.absent, t.now
    from classes c
      cross join lateral (
        select count(*)::int as students from students s
        where s.school_id = c.school_id and s.class_id = c.id and s.id not in (select id from gone)
      ) r
      left join lateral (
        select to_char(a.date, 'YYYY-MM-DD') as date, a.present, a.late, a.absent
        from attendance_class_days a
        where a.school_id = c.school_id and a.class_id = c.id
          and a.date >= ${weekFirst}::date and a.date <= ${today}::date and a.present + a.late + a.absent > 0
      ) d on true
      left join lateral (
        select json_build_object(
          'students', json_build_object('present', count(*) filter (where m.status = 'present'),
            'late', count(*) filter (where m.status = 'late'), 'absent', count(*) filter (where m.status = 'absent')),
          'records', json_build_object('present', coalesce(sum(m.present), 0), 'late', coalesce(sum(m.late), 0),
            'absent', coalesce(sum(m.absent), 0))) as now
        from (
          select case when bool_or(a.status = 'absent') then 'absent' when bool_or(a.status = 'late') then 'late'
              else 'present' end as status,
            count(*) filter (where a.status = 'present') as present, count(*) filter (where a.status = 'late') as late,
            count(*) filter (where a.status = 'absent') as absent
          from attendance a
          where c.is_active and d.date = ${today} and a.school_id = c.school_id and a.class_id = c.id
            and a.date = ${today}::date and a.student_id not in (select id from gone)
            and exists (select 1 from students s where s.school_id = a.school_id and s.id = a.student_id and s.class_id = c.id)
          group by a.student_id
        ) m
      ) t on true
    where c.school_id = ${schoolId} and (c.is_active or d.date is not null)
    order by ${byName(sql`c.name`, sql`c.section`)}, c.id`,
  );
  const classes = new Map<string, ClassToday>();
  const byDay = new Map<string, Counts>();
  for (let d = weekFirst; d <= today; d = addDays(d, 1)) byDay.set(d, counted(undefined));
  for (const row of rows) {
    if (!row.isActive) {
      if (row.date) addTo(byDay, row.date, counted(row));
      continue;
    }
    const students = Number(row.students);
    const cls = classes.get(row.classId) ?? {
      classId: row.classId,
      className: row.className,
      students,
      marked: false,
      present: 0,
      late: 0,
      absent: 0,
      unmarked: students,
      rate: null,
    };
    classes.set(row.classId, cls);
    if (!row.date) continue;
    addTo(byDay, row.date, counted(row));
    if (row.date === today) {
      const now = counted(row.now?.students);
      Object.assign(cls, now, {
        marked: true,
        unmarked: students - now.present - now.late - now.absent,
        rate: attendanceRate(counted(row.now?.records)),
      });
    }
  }
  return {
    classes: [...classes.values()],
    week: [...byDay].map(([date, c]) => ({ date, rate: attendanceRate(c) })),
  };
}

/** A student: their class's lessons today and their rate over all their records. */
async function studentDay(tx: Tx, schoolId: string, me: string, today: LocalDate) {
  const [lessons, [counts]] = await Promise.all([
    lessonsToday(
      tx,
      schoolId,
      today,
      sql`ts.class_id = (select s.class_id from students s where s.school_id = ${schoolId} and s.id = ${me})`,
    ),
    selectRows<Counts>(
      tx,
      sql`select ${SUM_OF_COUNTS} from attendance_student_totals a where a.school_id = ${schoolId} and a.student_id = ${me}`,
    ),
  ]);
  return { lessons, rate: attendanceRate(counted(counts)) };
}

/**
 * A parent's children today, each with their status (the day's worst mark: absent, then late), their class's
 * lessons and their rate over all their records. Two statements whatever the number of children, sent at once
 * (the lessons find the children's classes themselves).
 */
export async function childrenToday(
  tx: Tx,
  schoolId: string,
  parentId: string,
  today: LocalDate,
): Promise<(ChildToday & { classId: string; isActive: boolean })[]> {
  const childClasses = sql`(select s.class_id from student_parents sp
    join students s on s.school_id = sp.school_id and s.id = sp.student_id
    where sp.school_id = ${schoolId} and sp.parent_id = ${parentId})`;
  const [kids, lessons] = await Promise.all([
    selectRows<
      { studentId: string; name: string; className: string; classId: string; isActive: boolean } & {
        status: ChildToday['status'];
      } & Counts
    >(
      tx,
      sql`
    select s.id as "studentId", u.name, ${classLabel('c')} as "className", s.class_id as "classId",
      u.is_active as "isActive", t.status, r.present, r.late, r.absent
    from student_parents sp
      join students s on s.school_id = sp.school_id and s.id = sp.student_id
      join users u on u.school_id = s.school_id and u.id = s.id
      join classes c on c.school_id = s.school_id and c.id = s.class_id
      cross join lateral (
        select case when bool_or(a.status = 'absent') then 'absent' when bool_or(a.status = 'late') then 'late'
          when count(*) > 0 then 'present' end as status
        from attendance a where a.school_id = s.school_id and a.student_id = s.id and a.date = ${today}::date
      ) t
      cross join lateral (
        select ${SUM_OF_COUNTS} from attendance_student_totals a where a.school_id = s.school_id and a.student_id = s.id
      ) r
    where sp.school_id = ${schoolId} and sp.parent_id = ${parentId}
    order by ${byName(sql`u.name`)}, s.id`,
    ),
    lessonsToday(tx, schoolId, today, sql`ts.class_id in ${childClasses}`),
  ]);
  return kids.map((k) => ({
    studentId: k.studentId,
    name: k.name,
    className: k.className,
    classId: k.classId,
    isActive: k.isActive,
    status: k.status ?? null,
    lessons: lessons.filter((l) => l.classId === k.classId),
    rate: attendanceRate(counted(k)),
  }));
}

/**
 * The caller's day, by role. The school's day (today by class and the week, for principals and school admins)
 * is the same for every manager of the school and depends on nothing else but the date, so it goes through the
 * answers cache under the school's today and week (lib/answer-cache.ts); the other roles' days are their own.
 */
export async function dayFor(tx: Tx, actor: Actor, now: Date, answers: AnswerCache): Promise<DashboardDay> {
  const schoolId = actor.schoolId as string;
  const me = actor.profileId;
  const timeZone = timeZoneOf(actor);
  const today = todayIn(timeZone, now);
  const day: DashboardDay = {
    date: today,
    weekday: weekdayOf(today),
    lessons: [],
    toMark: [],
    classes: [],
    week: [],
    rate: null,
    children: [],
  };
  switch (actor.role) {
    case 'school_admin':
    case 'principal': {
      const weekStart = actor.school?.locale.weekStart ?? 'monday';
      const first = weekOf(today, weekStart, timeZone).first;
      // Looked up (and, on a miss, asked) in this turn of the event loop: the dashboard sends its statements at once.
      const school = await answers.through(
        schoolId,
        `today-by-class:${today}:${first}`,
        () => schoolDay(tx, schoolId, today, first),
        // Objects hold more than their JSON text.
        (value) => 2 * bytesOfText(JSON.stringify(value)),
      );
      return { ...day, ...school };
    }
    case 'teacher':
      return { ...day, ...(await teacherDay(tx, schoolId, me, today, weekOpenOn(actor, today))) };
    case 'student':
      return { ...day, ...(await studentDay(tx, schoolId, me, today)) };
    case 'parent': {
      const kids = await childrenToday(tx, schoolId, me, today);
      return {
        ...day,
        children: kids.filter((k) => k.isActive).map(({ classId: _c, isActive: _a, ...child }) => child),
      };
    }
    default:
      return day;
  }
}
