import type { AttendanceOptions, AttendanceSettings } from '@lyceum/shared/attendance';
import { eq, sql } from 'drizzle-orm';
import { classLabel } from '../../db/class-label.ts';
import { audit } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import { schools } from '../../db/schema/index.ts';
import { selectRows } from '../../db/select-rows.ts';
import { inScope, readScope, seesEveryone, writeScope } from '../../db/school-scope.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { timeZoneOf, todayIn } from '../../lib/school-day.ts';
import { taughtClasses } from './whose.ts';
import { byName } from '../../lib/search.ts';

/** The school's attendance settings (threshold, late alerts, per-period marks). */
export async function settingsOf(tx: Tx, schoolId: string): Promise<AttendanceSettings> {
  const [row] = await tx
    .select({
      threshold: schools.attendanceThreshold,
      alertLate: schools.attendanceAlertLate,
      byPeriod: schools.attendanceByPeriod,
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!row) throw notFound('School not found');
  return row;
}

export function getAttendanceSettings(deps: Deps, actor: Actor): Promise<AttendanceSettings> {
  const scope = readScope(actor, undefined, 'attendance');
  return inScope(deps.db, scope, (tx) => settingsOf(tx, scope.schoolId));
}

/** The school admin sets them; audited like every settings change. */
export function updateAttendanceSettings(
  deps: Deps,
  actor: Actor,
  input: AttendanceSettings,
): Promise<AttendanceSettings> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const before = await settingsOf(tx, scope.schoolId);
    await tx
      .update(schools)
      .set({
        attendanceThreshold: input.threshold,
        attendanceAlertLate: input.alertLate,
        attendanceByPeriod: input.byPeriod,
        updatedAt: new Date(),
      })
      .where(eq(schools.id, scope.schoolId));
    const after = { threshold: input.threshold, alertLate: input.alertLate, byPeriod: input.byPeriod };
    await audit(tx, actor, {
      schoolId: scope.schoolId,
      action: 'school.attendance_settings_updated',
      entity: 'school',
      entityId: scope.schoolId,
      before,
      after,
    });
    return after;
  });
}

/**
 * What the attendance pages pick from, in one read: the school's today and settings, the classes the caller
 * marks, the periods, and the students whose history a parent or student opens. Ids and labels only.
 */
export function attendanceOptions(deps: Deps, actor: Actor): Promise<AttendanceOptions> {
  const scope = readScope(actor, undefined, 'attendance');
  return inScope(deps.db, scope, async (tx) => {
    const role = scope.actor.role;
    const me = scope.actor.profileId;
    const staff = seesEveryone(scope);
    const classes =
      staff || role === 'teacher'
        ? await selectRows<{ id: string; label: string }>(
            tx,
            sql`
            select c.id, ${classLabel('c')} as label from classes c
            where c.school_id = ${scope.schoolId} and c.is_active
              ${staff ? sql`` : sql`and c.id in ${taughtClasses(scope)}`}
            order by ${byName(sql`c.name`, sql`c.section`)}, c.id`,
          )
        : [];
    const periods = await selectRows<{ id: string; label: string }>(
      tx,
      sql`select p.id, p.name as label from periods p where p.school_id = ${scope.schoolId} and not p.is_break order by p.start_time`,
    );
    const students =
      role === 'parent' || role === 'student'
        ? await selectRows<{ id: string; label: string }>(
            tx,
            sql`
            select u.id, u.name as label from users u
            where u.school_id = ${scope.schoolId} and u.role = 'student' and ${
              role === 'student'
                ? sql`u.id = ${me}`
                : sql`u.id in (select sp.student_id from student_parents sp where sp.school_id = ${scope.schoolId} and sp.parent_id = ${me})`
            }
            order by ${byName(sql`u.name`)}, u.id`,
          )
        : [];
    return {
      today: todayIn(timeZoneOf(actor), deps.clock()),
      settings: await settingsOf(tx, scope.schoolId),
      classes,
      periods,
      students,
    };
  });
}
