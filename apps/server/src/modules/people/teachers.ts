import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import type {
  CreateTeacherRequest,
  CreateTeacherResponse,
  TeacherListQuery,
  TeacherListResponse,
  TeacherResponse,
  UpdateTeacherRequest,
} from '@lyceum/shared/people';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { classSubjects, classTeachers, schools, subjects, teachers, users } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { refuseWhileLessons } from '../../db/timetable-lessons.ts';
import { AppError, assertSomethingToUpdate, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { createSchoolAccount, prepareCredential, queueInvitations, withEmailRace } from './accounts.ts';
import { setUserActive, updateUserContact } from './active.ts';
import { toCsv } from '../../lib/csv.ts';
import { blankSchoolId } from './create-body.ts';
import { inScope, readScope, type SchoolScope, writeScope } from '../../db/school-scope.ts';
import { loadThenCommit } from '../../db/tenancy.ts';
import { keysetList, nameSort, type SortKey, sortFields } from '../../lib/list-page.ts';
import { nameOrEmailLike } from './search.ts';
import { assertRoomForNewPeople, assertWithinPlan } from './plan-limits.ts';
import { findClass } from './students.ts';
import { loadTeachers } from './views.ts';
import { assertMayChange } from './who-may-change-whom.ts';
import { visibleTeachers } from './visibility.ts';

type TeacherListInput = z.output<typeof TeacherListQuery>;

/** The teacher row (a promoted teacher keeps theirs), or 404 `Teacher not found`. */
export async function findTeacher(tx: Tx, scope: SchoolScope, id: string) {
  const [row] = await tx
    .select({
      id: teachers.id,
      isActive: users.isActive,
      role: users.role,
      isAdmin: teachers.isAdmin,
      name: users.name,
    })
    .from(teachers)
    .innerJoin(users, and(eq(users.schoolId, teachers.schoolId), eq(users.id, teachers.id)))
    .where(and(eq(teachers.schoolId, scope.schoolId), eq(teachers.id, id), visibleTeachers(scope)));
  if (!row) throw notFound(PEOPLE_MESSAGES.teacherNotFound);
  return row;
}

/**
 * Every id must be an active subject of the school, or one the class or teacher already has (`kept`): a subject
 * deactivated since stays where it is when the rest is saved, and only new ones must be active
 * (docs/product.md, "Classes and subjects").
 */
export async function assertSubjects(
  tx: Tx,
  schoolId: string,
  ids: readonly string[],
  kept: readonly string[] = [],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const keptHere = unique.filter((id) => kept.includes(id));
  const rows = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(
      and(
        eq(subjects.schoolId, schoolId),
        inArray(subjects.id, unique),
        keptHere.length > 0
          ? or(eq(subjects.isActive, true), inArray(subjects.id, keptHere))
          : eq(subjects.isActive, true),
      ),
    );
  if (rows.length !== unique.length) throw notFound(PEOPLE_MESSAGES.subjectNotFound);
  return unique;
}

/** By name only: the sort allow-list of this list. */
const SORTS: Record<'name', SortKey> = { name: nameSort(users.name, users.nameKey) };

async function teacherPage(
  tx: Tx,
  scope: SchoolScope,
  query: TeacherListInput,
  limit: number | null,
): Promise<TeacherListResponse> {
  const conds: (SQL | undefined)[] = [eq(teachers.schoolId, scope.schoolId), visibleTeachers(scope)];
  if (query.status !== 'all') conds.push(eq(users.isActive, query.status === 'active'));
  if (query.subjectId) conds.push(sql`${query.subjectId}::uuid = any(${teachers.subjectIds})`);
  if (query.classId) {
    conds.push(
      sql`${teachers.id} in (select teacher_id from class_teachers where school_id = ${scope.schoolId} and class_id = ${query.classId})`,
    );
  }
  conds.push(nameOrEmailLike(query.search));
  return keysetList(tx, {
    sorts: SORTS,
    sort: 'name',
    cursor: query.cursor,
    limit,
    matching: (key) =>
      tx
        .select({ id: teachers.id, ...sortFields(key) })
        .from(teachers)
        .innerJoin(users, and(eq(users.schoolId, teachers.schoolId), eq(users.id, teachers.id)))
        .where(and(...conds)),
    load: loadThenCommit(tx, (ids) => loadTeachers(tx, scope.schoolId, ids)),
  });
}

export function listTeachers(deps: Deps, actor: Actor, query: TeacherListInput): Promise<TeacherListResponse> {
  const scope = readScope(actor, query.schoolId, 'teachers');
  return inScope(deps.db, scope, (tx) => teacherPage(tx, scope, query, query.limit));
}

/** The teachers CSV: the list's filters and visibility, every row. */
export function exportTeachers(deps: Deps, actor: Actor, query: TeacherListInput): Promise<string> {
  const scope = readScope(actor, query.schoolId, 'teachers');
  return inScope(deps.db, scope, async (tx) => {
    const page = await teacherPage(tx, scope, { ...query, cursor: undefined }, null);
    const rows = page.items.map((t) => [
      t.name,
      t.email,
      t.phone,
      t.qualification,
      t.experience,
      t.subjects.map((s) => s.name).join(';'),
      t.assignedClasses.map((c) => c.classLabel + (c.isClassTeacher ? ' (class teacher)' : '')).join('; '),
      t.isAdmin ? 'yes' : 'no',
      t.isActive ? 'active' : 'inactive',
    ]);
    const columns = [
      'name',
      'email',
      'phone',
      'qualification',
      'experience',
      'subjects',
      'classes',
      'isAdmin',
      'status',
    ];
    return toCsv(columns, rows);
  });
}

export function getTeacher(
  deps: Deps,
  actor: Actor,
  { id, schoolId }: { id: string; schoolId?: string | undefined },
): Promise<TeacherResponse> {
  const scope = readScope(actor, schoolId, 'teachers');
  return inScope(deps.db, scope, async (tx) => {
    await findTeacher(tx, scope, id);
    const [teacher] = await loadTeachers(tx, scope.schoolId, [id]);
    return teacher as TeacherResponse;
  });
}

export async function createTeacher(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof CreateTeacherRequest>,
): Promise<CreateTeacherResponse> {
  if (input.schoolId?.trim() === '') throw blankSchoolId();
  const scope = writeScope(actor, input.schoolId);
  const credential = await prepareCredential(input.sendInvitation);
  const teacher = await withEmailRace(() =>
    inScope(deps.db, scope, async (tx) => {
      const subjectIds = await assertSubjects(tx, scope.schoolId, input.subjectIds);
      await assertRoomForNewPeople(tx, scope.schoolId, { teacher: 1 });
      const { userId, accountId } = await createSchoolAccount(
        tx,
        { schoolId: scope.schoolId, role: 'teacher', name: input.name, email: input.email, phone: input.phone ?? null },
        credential,
      );
      await tx.insert(teachers).values({
        schoolId: scope.schoolId,
        id: userId,
        qualification: input.qualification?.trim() || null,
        experience: input.experience ?? null,
        subjectIds,
      });
      for (const a of input.assignedClasses) {
        await assignTeacherInTx(tx, actor, scope, a.classId, {
          teacherId: userId,
          subjectIds: a.subjectIds,
          isClassTeacher: a.isClassTeacher,
        });
      }
      if (credential.invitation) {
        await queueInvitations(tx, scope, deps.config.publicUrl, [
          { accountId, email: input.email, name: input.name, role: 'teacher' },
        ]);
      }
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'teacher.created',
        entity: 'teacher',
        entityId: userId,
        after: { name: input.name, email: input.email, subjectIds, invitation: credential.invitation },
      });
      const [made] = await loadTeachers(tx, scope.schoolId, [userId]);
      return made as TeacherResponse;
    }),
  );
  if (credential.invitation) void deps.mail.flush();
  return { teacher, temporaryPassword: credential.temporaryPassword, invitationSent: credential.invitation };
}

export function updateTeacher(
  deps: Deps,
  actor: Actor,
  { id, ...input }: { id: string } & z.output<typeof UpdateTeacherRequest>,
): Promise<TeacherResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    assertMayChange(actor, await findTeacher(tx, scope, id));
    assertSomethingToUpdate(input);
    const [before] = await loadTeachers(tx, scope.schoolId, [id]);
    await updateUserContact(tx, scope.schoolId, id, input);
    const changes: Partial<typeof teachers.$inferInsert> = {};
    if (input.qualification !== undefined) changes.qualification = input.qualification?.trim() || null;
    if (input.experience !== undefined) changes.experience = input.experience;
    if (input.subjectIds !== undefined) {
      const had = before?.subjects.map((s) => s.id) ?? [];
      changes.subjectIds = await assertSubjects(tx, scope.schoolId, input.subjectIds, had);
    }
    if (Object.keys(changes).length > 0) {
      await tx
        .update(teachers)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(teachers.schoolId, scope.schoolId), eq(teachers.id, id)));
    }
    const [after] = await loadTeachers(tx, scope.schoolId, [id]);
    await audit(tx, actor, {
      schoolId: scope.schoolId,
      action: 'teacher.updated',
      entity: 'teacher',
      entityId: id,
      before: teacherSummary(before),
      after: teacherSummary(after),
    });
    return after as TeacherResponse;
  });
}

const teacherSummary = (t: TeacherResponse | undefined) =>
  t && {
    name: t.name,
    phone: t.phone,
    qualification: t.qualification,
    experience: t.experience,
    subjectIds: t.subjects.map((s) => s.id),
  };

export function setTeacherActive(
  deps: Deps,
  actor: Actor,
  { id, active }: { id: string; active: boolean },
): Promise<TeacherResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const row = await findTeacher(tx, scope, id);
    await setUserActive(tx, actor, scope.schoolId, { id, role: row.role, isActive: row.isActive }, active);
    const [after] = await loadTeachers(tx, scope.schoolId, [id]);
    return after as TeacherResponse;
  });
}

/**
 * docs/product.md, "Promoting a teacher": a promoted teacher becomes an administrator of their own school only — role school_admin,
 * isAdmin, listed in the school's adminIds — and keeps their classes. Never any company role.
 */
export function promoteTeacher(deps: Deps, actor: Actor, { id }: { id: string }): Promise<TeacherResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const row = await findTeacher(tx, scope, id);
    assertMayChange(actor, row);
    if (row.role === 'school_admin' && row.isAdmin) {
      const [same] = await loadTeachers(tx, scope.schoolId, [id]);
      return same as TeacherResponse;
    }
    if (!row.isActive) throw new AppError('rule', 'Reactivate this teacher before promoting them.');
    await assertWithinPlan(tx, scope.schoolId, { school_admin: 1 });
    await tx
      .update(users)
      .set({ role: 'school_admin', updatedAt: new Date() })
      .where(and(eq(users.schoolId, scope.schoolId), eq(users.id, id)));
    await tx
      .update(teachers)
      .set({ isAdmin: true, updatedAt: new Date() })
      .where(and(eq(teachers.schoolId, scope.schoolId), eq(teachers.id, id)));
    await tx
      .update(schools)
      .set({
        adminIds: sql`case when ${id}::uuid = any(${schools.adminIds}) then ${schools.adminIds} else array_append(${schools.adminIds}, ${id}::uuid) end`,
      })
      .where(eq(schools.id, scope.schoolId));
    await audit(tx, actor, {
      schoolId: scope.schoolId,
      action: 'teacher.promoted',
      entity: 'teacher',
      entityId: id,
      before: { role: row.role, isAdmin: row.isAdmin },
      after: { role: 'school_admin', isAdmin: true },
    });
    const [after] = await loadTeachers(tx, scope.schoolId, [id]);
    return after as TeacherResponse;
  });
}

/**
 * The one place a teacher joins a class. The class's `assignedTeachers` and the teacher's `assignedClasses`
 * are both read from `class_teachers`, so they agree by construction; making someone class teacher clears
 * the flag of the previous one in the same transaction (the partial unique index holds the rule).
 */
export async function assignTeacherInTx(
  tx: Tx,
  actor: Actor,
  scope: SchoolScope,
  classId: string,
  input: z.output<typeof import('@lyceum/shared/academics').AssignTeacherRequest>,
): Promise<void> {
  await findClass(tx, scope.schoolId, classId, true);
  // A deactivated teacher teaches no more (docs/product.md, "Creating people"): like a lesson, an assignment
  // takes only an active one, so nobody who cannot sign in becomes a class's (class) teacher.
  const teacher = await findTeacher(tx, scope, input.teacherId);
  if (!teacher.isActive) throw notFound(PEOPLE_MESSAGES.teacherNotFound);
  const subjectIds = [...new Set(input.subjectIds)];
  const [had] = await tx
    .select({ subjectIds: classTeachers.subjectIds })
    .from(classTeachers)
    .where(
      and(
        eq(classTeachers.schoolId, scope.schoolId),
        eq(classTeachers.classId, classId),
        eq(classTeachers.teacherId, input.teacherId),
      ),
    );
  if (subjectIds.length > 0) {
    const offered = await tx
      .select({ id: classSubjects.subjectId, active: subjects.isActive })
      .from(classSubjects)
      .innerJoin(subjects, and(eq(subjects.schoolId, classSubjects.schoolId), eq(subjects.id, classSubjects.subjectId)))
      .where(
        and(
          eq(classSubjects.schoolId, scope.schoolId),
          eq(classSubjects.classId, classId),
          inArray(classSubjects.subjectId, subjectIds),
        ),
      );
    if (offered.length !== subjectIds.length) {
      throw invalid(PEOPLE_MESSAGES.subjectNotInClass, { subjectIds: PEOPLE_MESSAGES.subjectNotInClass });
    }
    // A deactivated subject stays with a teacher who teaches it here, but nobody is newly given it
    // (docs/product.md, "Classes and subjects").
    const inactive = offered.filter((s) => !s.active).map((s) => s.id);
    if (inactive.some((id) => !had?.subjectIds.includes(id))) throw notFound(PEOPLE_MESSAGES.subjectNotFound);
  }
  // A subject is taken from the teacher here only once their lessons of it have left the class's timetable
  // (docs/product.md, "Classes and subjects").
  await refuseWhileLessons(
    tx,
    scope.schoolId,
    { classId, teacherId: input.teacherId, subjectIds: (had?.subjectIds ?? []).filter((s) => !subjectIds.includes(s)) },
    (left) => PEOPLE_MESSAGES.teacherSubjectHasLessons(left.subject, left.n),
    'subjectIds',
  );
  if (input.isClassTeacher) {
    await tx
      .update(classTeachers)
      .set({ isClassTeacher: false, updatedAt: new Date() })
      .where(
        and(
          eq(classTeachers.schoolId, scope.schoolId),
          eq(classTeachers.classId, classId),
          eq(classTeachers.isClassTeacher, true),
        ),
      );
  }
  await tx
    .insert(classTeachers)
    .values({
      schoolId: scope.schoolId,
      id: newId(),
      classId,
      teacherId: input.teacherId,
      subjectIds,
      isClassTeacher: input.isClassTeacher,
    })
    .onConflictDoUpdate({
      target: [classTeachers.schoolId, classTeachers.classId, classTeachers.teacherId],
      set: { subjectIds, isClassTeacher: input.isClassTeacher, updatedAt: new Date() },
    });
  await audit(tx, actor, {
    schoolId: scope.schoolId,
    action: 'class.teacher_assigned',
    entity: 'class',
    entityId: classId,
    after: { teacherId: input.teacherId, subjectIds, isClassTeacher: input.isClassTeacher },
  });
}
