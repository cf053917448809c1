import {
  ATTENDANCE_SETTINGS_MESSAGES,
  type AttendanceTrend,
  type BelowThreshold,
  type TREND_STEPS,
} from '@lyceum/shared/attendance';
import type { WeekStart } from '@lyceum/shared/locale';
import { type SQL, sql } from 'drizzle-orm';
import { classLabel } from '../../db/class-label.ts';
import type { Tx } from '../../db/client.ts';
import { SUM_OF_COUNTS } from '../../db/attendance-counts.ts';
import { selectRows } from '../../db/select-rows.ts';
import { inScope, readScope, type SchoolScope, seesEveryone } from '../../db/school-scope.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { invalid } from '../../lib/errors.ts';
import { addDays, daysBetween, timeZoneOf, todayIn, weekOf } from '../../lib/school-day.ts';
import { byName } from '../../lib/search.ts';
import { ratePercent } from '../../db/attendance-counts.ts';
import { RATE_COLUMNS, rateOf, refuseBackwardRange } from './records.ts';
import { settingsOf } from './settings.ts';
import { classForStaff, taughtClasses } from './whose.ts';

type Counts = { present: number; late: number; absent: number };

/** A trend covers at most this many days, so one read stays cheap. */
const MAX_TREND_DAYS = 400;
/** Without a start: the last 30 days, or the last 12 weeks by week (this week and the 11 before it). */
const DEFAULT_TREND_DAYS = 30;
const DEFAULT_TREND_WEEKS = 12;
/** The school's first day of the week as PostgreSQL's `extract(dow …)` numbers it (Sunday 0). */
const DOW: Record<WeekStart, number> = { sunday: 0, monday: 1, saturday: 6 };

/** Rows `a` of one class (checked: the caller must mark it), or of every class the caller sees. */
async function classCondition(tx: Tx, scope: SchoolScope, classId: string | undefined): Promise<SQL> {
  if (classId) {
    const cls = await classForStaff(tx, scope, classId);
    return sql`a.class_id = ${cls.id}`;
  }
  return seesEveryone(scope) ? sql`true` : sql`a.class_id in ${taughtClasses(scope)}`;
}

const rangeCondition = (from: string | undefined, to: string | undefined) =>
  sql`${from ? sql`and a.date >= ${from}::date` : sql``} ${to ? sql`and a.date <= ${to}::date` : sql``}`;

/**
 * The attendance rate per day (or per week, from the school's first day of the week, as the dashboards count a
 * week) over a range (default: the 30 days up to the school's today; by week, this week and the 11 before it,
 * from the first one's first day, so no week is counted in part), of one class or of every class the caller
 * sees (staff: the school).
 */
export function attendanceTrend(
  deps: Deps,
  actor: Actor,
  input: {
    from?: string | undefined;
    to?: string | undefined;
    by: (typeof TREND_STEPS)[number];
    classId?: string | undefined;
  },
): Promise<AttendanceTrend> {
  const scope = readScope(actor, undefined, 'attendance');
  const weekStart = actor.school?.locale.weekStart ?? 'monday';
  const to = input.to ?? todayIn(timeZoneOf(actor), deps.clock());
  const from =
    input.from ??
    (input.by === 'week'
      ? addDays(weekOf(to, weekStart, timeZoneOf(actor)).first, -7 * (DEFAULT_TREND_WEEKS - 1))
      : addDays(to, -(DEFAULT_TREND_DAYS - 1)));
  refuseBackwardRange(from, to);
  if (daysBetween(from, to) >= MAX_TREND_DAYS) {
    throw invalid(ATTENDANCE_SETTINGS_MESSAGES.trendTooLong, { from: ATTENDANCE_SETTINGS_MESSAGES.trendTooLong });
  }
  return inScope(deps.db, scope, async (tx) => {
    const which = await classCondition(tx, scope, input.classId);
    const step =
      input.by === 'week' ? sql`(a.date - ((extract(dow from a.date)::int - ${DOW[weekStart]} + 7) % 7))` : sql`a.date`;
    const rows = await selectRows<Counts & { start: string }>(
      tx,
      sql`
      select to_char(${step}, 'YYYY-MM-DD') as start, ${SUM_OF_COUNTS}
      from attendance_class_days a
      where a.school_id = ${scope.schoolId} and ${which} and a.date >= ${from}::date and a.date <= ${to}::date
      group by 1 order by 1`,
    );
    return {
      from,
      to,
      by: input.by,
      classId: input.classId ?? null,
      points: rows.map((r) => ({ start: r.start, rate: rateOf(r) })),
    };
  });
}

/**
 * Students whose attendance rate (over an optional range) is below the school's threshold, lowest first:
 * of one class, or of every class the caller sees. A student counts per class they were marked in.
 */
export function belowThreshold(
  deps: Deps,
  actor: Actor,
  input: { classId?: string | undefined; from?: string | undefined; to?: string | undefined },
): Promise<BelowThreshold> {
  const scope = readScope(actor, undefined, 'attendance');
  refuseBackwardRange(input.from, input.to);
  return inScope(deps.db, scope, async (tx) => {
    const { threshold } = await settingsOf(tx, scope.schoolId);
    const which = await classCondition(tx, scope, input.classId);
    // Without a range the counts kept per student and class (db/attendance-counts.ts) answer: one row per
    // student, not a scan of the school's year of records. A range still counts the records in it.
    const counted =
      input.from || input.to
        ? sql`(select a.school_id, a.student_id, a.class_id, ${RATE_COLUMNS} from attendance a
            where a.school_id = ${scope.schoolId} and ${which} ${rangeCondition(input.from, input.to)}
            group by a.school_id, a.student_id, a.class_id)`
        : sql`(select a.school_id, a.student_id, a.class_id, a.present, a.late, a.absent
            from attendance_student_totals a where a.school_id = ${scope.schoolId} and ${which})`;
    const rate = ratePercent(sql`t.present`, sql`t.late`, sql`(t.present + t.late + t.absent)`);
    // Lowest first, then in the order of names every list uses (byName, docs/product.md, "Sorting by name"), not
    // the database's or Node's collation; namesakes (and a student listed per class) by class, then id.
    const rows = await selectRows<Counts & { studentId: string; name: string; classId: string; className: string }>(
      tx,
      sql`
      select t.student_id as "studentId", u.name, t.class_id as "classId",
        ${classLabel('c')} as "className", t.present, t.late, t.absent
      from ${counted} t
        join users u on u.school_id = t.school_id and u.id = t.student_id
        join classes c on c.school_id = t.school_id and c.id = t.class_id
      where ${rate} < ${threshold}
      order by ${rate}, ${byName(sql`u.name`)}, ${byName(sql`c.name`, sql`c.section`)}, c.id, t.student_id`,
    );
    const items = rows.map((r) => ({
      studentId: r.studentId,
      name: r.name,
      classId: r.classId,
      className: r.className,
      rate: rateOf(r),
    }));
    return { threshold, items };
  });
}
