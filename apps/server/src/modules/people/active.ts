import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import type { SchoolRole } from '@lyceum/shared/roles';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { classes, parents, sessions, students, users } from '../../db/schema/index.ts';
import { dropLostAnnouncementNotifications } from '../announcements/index.ts';
import { revokeSessions } from '../auth/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { refuseWhileLessons } from '../../db/timetable-lessons.ts';
import { AppError } from '../../lib/errors.ts';
import { assertWithinPlan } from './plan-limits.ts';
import { assertMayChange } from './who-may-change-whom.ts';

/**
 * Deactivates or reactivates one school user, whatever page asks: deactivation signs them out everywhere
 * (their sessions are deleted, and session lookup also refuses inactive profiles), reactivation counts
 * against the plan again. Parents' `status` follows. Audited. Nobody deactivates themself, through any page
 * (a promoted teacher is a school admin with a teacher record): docs/product.md, "Creating people".
 */
export async function setUserActive(
  tx: Tx,
  actor: Actor,
  schoolId: string,
  user: { id: string; role: SchoolRole; isActive: boolean },
  active: boolean,
): Promise<void> {
  assertMayChange(actor, user);
  if (!active && user.id === actor.profileId) throw new AppError('rule', PEOPLE_MESSAGES.notYourself);
  if (user.isActive === active) return;
  // A deactivated teacher teaches no more: their lessons leave the timetable first (docs/product.md, "Creating
  // people"). Students and parents never have lessons.
  if (!active && user.role !== 'student' && user.role !== 'parent') {
    await refuseWhileLessons(tx, schoolId, { teacherId: user.id }, (left) =>
      PEOPLE_MESSAGES.teacherHasLessons(left.total),
    );
  }
  if (active && user.role === 'student') await assertClassActive(tx, schoolId, user.id);
  if (active) await assertWithinPlan(tx, schoolId, { [user.role]: 1 });
  await tx
    .update(users)
    .set({ isActive: active, updatedAt: new Date() })
    .where(and(eq(users.schoolId, schoolId), eq(users.id, user.id)));
  if (user.role === 'parent') {
    await tx
      .update(parents)
      .set({ status: active ? 'active' : 'inactive', updatedAt: new Date() })
      .where(and(eq(parents.schoolId, schoolId), eq(parents.id, user.id)));
  }
  if (!active) {
    await revokeSessions(tx, and(eq(sessions.profileSchoolId, schoolId), eq(sessions.profileId, user.id)));
  }
  // A student off the roster takes their parents out of the class's announcements: their notifications go.
  if (!active && user.role === 'student') {
    await dropLostAnnouncementNotifications(tx, schoolId, { studentIds: [user.id] });
  }
  await audit(tx, actor, {
    schoolId,
    action: active ? 'user.reactivated' : 'user.deactivated',
    entity: user.role,
    entityId: user.id,
    before: { isActive: user.isActive },
    after: { isActive: active },
  });
}

/**
 * An inactive class has no active students (docs/product.md, "Classes and subjects"): a withdrawn student
 * whose class was deactivated since is moved to an active class before they come back, never reactivated
 * into the inactive one.
 */
async function assertClassActive(tx: Tx, schoolId: string, studentId: string): Promise<void> {
  const [row] = await tx
    .select({ isActive: classes.isActive })
    .from(students)
    .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)));
  if (row && !row.isActive) throw new AppError('rule', PEOPLE_MESSAGES.studentClassInactive);
}

/** Name and phone live on `users` whatever the role; an edit page sends either or both. */
export async function updateUserContact(
  tx: Tx,
  schoolId: string,
  id: string,
  input: { name?: string | undefined; phone?: string | null | undefined },
): Promise<void> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone?.trim() || null;
  if (Object.keys(changes).length === 0) return;
  await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(users.schoolId, schoolId), eq(users.id, id)));
}
