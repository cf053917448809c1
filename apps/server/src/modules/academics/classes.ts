import type {
  AssignedTeacher,
  AssignTeacherRequest,
  ClassDetailResponse,
  ClassListResponse,
  ClassOptionsQuery,
  ClassOptionsResponse,
  ClassResponse,
  EnrolStudentRequest,
  MyClassesResponse,
  SubjectRef,
} from '@lyceum/shared/academics';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { classLabel, refuseShownTwin } from '../../db/class-label.ts';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { classes, classSubjects, classTeachers, students, users } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { academicYearIn, timeZoneOf } from '../../lib/school-day.ts';
import { audit } from '../../db/audit.ts';
import { refuseWhileLessons } from '../../db/timetable-lessons.ts';
import { AppError, assertSomethingToUpdate, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { pgCode, pgConstraint } from '../../lib/pg-errors.ts';
import {
  setUserActive,
  findClass,
  findStudent,
  placeStudent,
  withRollNumber,
  assertSubjects,
  assignTeacherInTx,
  visibleClasses,
} from '../people/index.ts';
import { toCsv } from '../../lib/csv.ts';
import {
  inScope,
  listThroughAnswers,
  readScope,
  type SchoolScope,
  seesEveryone,
  writeScope,
} from '../../db/school-scope.ts';
import { likePattern, byName, byNameText } from '../../lib/search.ts';
import { assertTrialCap } from '../../db/trial-caps.ts';
import { dropLostAnnouncementNotifications } from '../announcements/index.ts';

interface ClassRow {
  id: string;
  name: string;
  section: string;
  academicYear: string;
  label: string;
  subjects: SubjectRef[];
  assignedTeachers: AssignedTeacher[];
  studentCount: number;
  isActive: boolean;
  createdAt: Date | string;
}

/**
 * Classes with their subjects, teachers and active-student counts: one statement whatever the number.
 * `which`: the ids (returned in that order), or a condition on `classes` (returned by name, section, id) so
 * a list costs one statement, not a query for its ids and another for the rows.
 * The school's subjects are read once (`subj`, a handful of rows) instead of probed by index for every class
 * subject and teacher assignment; active students are counted as a class's students minus the school's
 * inactive users (`gone`, a hashed set built once) rather than by joining every student to their user.
 * Every student has a user (foreign key), so the count is the same; the class list costs a third as much.
 */
async function loadClasses(tx: Tx, schoolId: string, which: string[] | SQL): Promise<ClassResponse[]> {
  const byIds = Array.isArray(which);
  if (byIds && which.length === 0) return [];
  const subjectJson = sql.raw(`json_build_object('id', s.id, 'name', s.name) order by ${byNameText('s.name')}, s.id`);
  const result = await tx.execute(sql`
    with subj as (select s.id, s.name from subjects s where s.school_id = ${schoolId}),
      gone as (select u.id from users u where u.school_id = ${schoolId} and not u.is_active)
    select classes.id, classes.name, classes.section, classes.academic_year as "academicYear",
      ${classLabel('classes')} as label, classes.is_active as "isActive", classes.created_at as "createdAt",
      coalesce((select json_agg(${subjectJson})
        from class_subjects cs join subj s on s.id = cs.subject_id
        where cs.school_id = classes.school_id and cs.class_id = classes.id), '[]'::json) as subjects,
      coalesce((select json_agg(json_build_object(
          'teacherId', ct.teacher_id, 'teacherName', u.name, 'isClassTeacher', ct.is_class_teacher,
          'subjects', coalesce((select json_agg(${subjectJson}) from subj s where s.id = any(ct.subject_ids)), '[]'::json))
        order by ct.is_class_teacher desc, ${byName(sql`u.name`)}, ct.teacher_id)
        from class_teachers ct join users u on u.school_id = ct.school_id and u.id = ct.teacher_id
        where ct.school_id = classes.school_id and ct.class_id = classes.id), '[]'::json) as "assignedTeachers",
      (select count(*)::int from students st
        where st.school_id = classes.school_id and st.class_id = classes.id and st.id not in (select id from gone))
        as "studentCount"
    from classes
    where classes.school_id = ${schoolId} and ${byIds ? sql`classes.id in ${which}` : which}
    order by ${byName(classes.name, classes.section)}, classes.id`);
  const rows = (result.rows as unknown as ClassRow[]).map((c): ClassResponse => {
    const lead = c.assignedTeachers.find((t) => t.isClassTeacher);
    return {
      ...c,
      classTeacherId: lead?.teacherId ?? null,
      classTeacherName: lead?.teacherName ?? null,
      studentCount: Number(c.studentCount),
      createdAt: new Date(c.createdAt).toISOString(),
    };
  });
  if (!byIds) return rows;
  const byId = new Map(rows.map((c) => [c.id, c]));
  return which.flatMap((id) => {
    const c = byId.get(id);
    return c ? [c] : [];
  });
}

/**
 * The class with its students: the active ones first, then those who left it (withdrawn, graduated), for the
 * office; a teacher's `rosterOnly` view lists the roster alone (docs/security.md, "Children who left a class").
 */
async function loadClassDetail(tx: Tx, schoolId: string, id: string, rosterOnly = false): Promise<ClassDetailResponse> {
  const [cls] = await loadClasses(tx, schoolId, [id]);
  if (!cls) throw notFound(PEOPLE_MESSAGES.classNotFound);
  const roster = await tx
    .select({
      studentId: students.id,
      name: users.name,
      rollNumber: students.rollNumber,
      email: users.email,
      isActive: users.isActive,
      profileImage: users.profileImage,
    })
    .from(students)
    .innerJoin(users, and(eq(users.schoolId, students.schoolId), eq(users.id, students.id)))
    .where(
      and(eq(students.schoolId, schoolId), eq(students.classId, id), rosterOnly ? eq(users.isActive, true) : undefined),
    )
    .orderBy(sql`${users.isActive} desc`, asc(students.rollNumber));
  return { ...cls, students: roster };
}

type ClassListInput = z.output<typeof import('@lyceum/shared/academics').ClassListQuery>;

/** The classes a list shows: a condition on `classes` for loadClasses. */
function classListFilter(scope: SchoolScope, query: ClassListInput): SQL {
  const conds: (SQL | undefined)[] = [eq(classes.schoolId, scope.schoolId), visibleClasses(scope)];
  if (query.status !== 'all') conds.push(eq(classes.isActive, query.status === 'active'));
  if (query.academicYear) conds.push(eq(classes.academicYear, query.academicYear));
  if (query.search) {
    const p = likePattern(query.search);
    conds.push(or(ilike(classes.name, p), ilike(classes.section, p)));
  }
  return and(...conds) ?? sql`true`;
}

export function listClasses(deps: Deps, actor: Actor, query: ClassListInput): Promise<ClassListResponse> {
  const scope = readScope(actor, query.schoolId, 'classes');
  return listThroughAnswers(deps.answers, scope, 'classes', query, () =>
    inScope(
      deps.db,
      scope,
      async (tx) => ({ items: await loadClasses(tx, scope.schoolId, classListFilter(scope, query)) }),
      { oneStatement: true },
    ),
  );
}

/** The active classes a filter or picker offers: id and label only, in the list's order. */
export function listClassOptions(deps: Deps, actor: Actor, query: ClassOptionsQuery): Promise<ClassOptionsResponse> {
  const scope = readScope(actor, query.schoolId, 'classes');
  return inScope(
    deps.db,
    scope,
    async (tx) => ({
      items: await tx
        .select({
          id: classes.id,
          // "Grade 5 A", as every other answer names a class (docs/product.md, "Classes and subjects").
          label: classLabel('classes'),
        })
        .from(classes)
        .where(and(eq(classes.schoolId, scope.schoolId), eq(classes.isActive, true), visibleClasses(scope)))
        .orderBy(byName(classes.name, classes.section), asc(classes.id)),
    }),
    { oneStatement: true },
  );
}

async function findVisibleClass(tx: Tx, scope: SchoolScope, id: string) {
  const [row] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.schoolId, scope.schoolId), eq(classes.id, id), visibleClasses(scope)));
  if (!row) throw notFound(PEOPLE_MESSAGES.classNotFound);
}

/** The classes CSV: the list's filters and visibility, every row. */
export function exportClasses(deps: Deps, actor: Actor, query: ClassListInput): Promise<string> {
  const scope = readScope(actor, query.schoolId, 'classes');
  return inScope(deps.db, scope, async (tx) => {
    const items = await loadClasses(tx, scope.schoolId, classListFilter(scope, query));
    const rows = items.map((c) => [
      c.name,
      c.section,
      c.academicYear,
      c.classTeacherName,
      c.subjects.map((s) => s.name).join(';'),
      c.assignedTeachers.map((t) => t.teacherName).join('; '),
      c.studentCount,
      c.isActive ? 'active' : 'inactive',
    ]);
    const columns = ['name', 'section', 'academicYear', 'classTeacher', 'subjects', 'teachers', 'students', 'status'];
    return toCsv(columns, rows);
  });
}

export function getClass(
  deps: Deps,
  actor: Actor,
  { id, schoolId }: { id: string; schoolId?: string | undefined },
): Promise<ClassDetailResponse> {
  const scope = readScope(actor, schoolId, 'classes');
  return inScope(deps.db, scope, async (tx) => {
    await findVisibleClass(tx, scope, id);
    return loadClassDetail(tx, scope.schoolId, id, !seesEveryone(scope));
  });
}

async function uniqueClass<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgCode(err) === '23505' && pgConstraint(err) === 'classes_school_name_unique') {
      throw new AppError('conflict', PEOPLE_MESSAGES.classExists, { name: PEOPLE_MESSAGES.classExists });
    }
    throw err;
  }
}

export function createClass(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof import('@lyceum/shared/academics').CreateClassRequest>,
): Promise<ClassDetailResponse> {
  const scope = writeScope(actor, input.schoolId);
  return uniqueClass(() =>
    inScope(deps.db, scope, async (tx) => {
      const subjectIds = await assertSubjects(tx, scope.schoolId, input.subjectIds);
      await assertTrialCap(tx, scope.schoolId, 'classes');
      const id = newId();
      const academicYear = input.academicYear ?? academicYearIn(timeZoneOf(actor), deps.clock());
      await refuseShownTwin(tx, scope.schoolId, {
        exceptId: null,
        name: input.name,
        section: input.section,
        academicYear,
      });
      await tx
        .insert(classes)
        .values({ schoolId: scope.schoolId, id, name: input.name, section: input.section, academicYear });
      if (subjectIds.length > 0) {
        await tx
          .insert(classSubjects)
          .values(subjectIds.map((subjectId) => ({ schoolId: scope.schoolId, id: newId(), classId: id, subjectId })));
      }
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'class.created',
        entity: 'class',
        entityId: id,
        after: { name: input.name, section: input.section, academicYear, subjectIds },
      });
      return loadClassDetail(tx, scope.schoolId, id);
    }),
  );
}

export function updateClass(
  deps: Deps,
  actor: Actor,
  { id, ...input }: { id: string } & z.output<typeof import('@lyceum/shared/academics').UpdateClassRequest>,
): Promise<ClassDetailResponse> {
  const scope = writeScope(actor, undefined);
  return uniqueClass(() =>
    inScope(deps.db, scope, async (tx) => {
      const before = await findClass(tx, scope.schoolId, id);
      assertSomethingToUpdate(input);
      const changes: Partial<typeof classes.$inferInsert> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.section !== undefined) changes.section = input.section;
      if (input.academicYear !== undefined) changes.academicYear = input.academicYear;
      if (Object.keys(changes).length > 0) {
        await refuseShownTwin(tx, scope.schoolId, {
          exceptId: id,
          name: changes.name ?? before.name,
          section: changes.section ?? before.section,
          academicYear: changes.academicYear ?? before.academicYear,
        });
        await tx
          .update(classes)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(classes.schoolId, scope.schoolId), eq(classes.id, id)));
      }
      if (input.subjectIds !== undefined) {
        const had = await tx
          .select({ id: classSubjects.subjectId })
          .from(classSubjects)
          .where(and(eq(classSubjects.schoolId, scope.schoolId), eq(classSubjects.classId, id)));
        const subjectIds = await assertSubjects(
          tx,
          scope.schoolId,
          input.subjectIds,
          had.map((s) => s.id),
        );
        // A subject leaves a class only once its lessons have left the class's timetable (docs/product.md,
        // "Classes and subjects").
        await refuseWhileLessons(
          tx,
          scope.schoolId,
          { classId: id, subjectIds: had.map((s) => s.id).filter((s) => !subjectIds.includes(s)) },
          (left) => PEOPLE_MESSAGES.classSubjectHasLessons(left.subject, left.n),
          'subjectIds',
        );
        await tx
          .delete(classSubjects)
          .where(and(eq(classSubjects.schoolId, scope.schoolId), eq(classSubjects.classId, id)));
        if (subjectIds.length > 0) {
          await tx
            .insert(classSubjects)
            .values(subjectIds.map((subjectId) => ({ schoolId: scope.schoolId, id: newId(), classId: id, subjectId })));
        }
        // A teacher cannot keep teaching a subject the class no longer has.
        await tx.execute(sql`update class_teachers
          set subject_ids = coalesce(array(select s from unnest(subject_ids) s where s = any(${`{${subjectIds.join(',')}}`}::uuid[])), '{}'::uuid[])
          where school_id = ${scope.schoolId} and class_id = ${id}`);
      }
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'class.updated',
        entity: 'class',
        entityId: id,
        before: { name: before.name, section: before.section, academicYear: before.academicYear },
        after: { ...changes, ...(input.subjectIds ? { subjectIds: input.subjectIds } : {}) },
      });
      return loadClassDetail(tx, scope.schoolId, id);
    }),
  );
}

export function setClassActive(
  deps: Deps,
  actor: Actor,
  { id, active }: { id: string; active: boolean },
): Promise<ClassDetailResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const before = await findClass(tx, scope.schoolId, id);
    if (!active) {
      const [n] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(students)
        .innerJoin(users, and(eq(users.schoolId, students.schoolId), eq(users.id, students.id)))
        .where(and(eq(students.schoolId, scope.schoolId), eq(students.classId, id), eq(users.isActive, true)));
      if (Number(n?.n ?? 0) > 0) throw new AppError('rule', PEOPLE_MESSAGES.classHasStudents);
      // An inactive class is taught no more: its lessons leave the timetable first (docs/product.md, "Classes
      // and subjects").
      if (before.isActive) {
        await refuseWhileLessons(tx, scope.schoolId, { classId: id }, (left) =>
          PEOPLE_MESSAGES.classHasLessons(left.total),
        );
      }
    }
    if (before.isActive !== active) {
      await tx
        .update(classes)
        .set({ isActive: active, updatedAt: new Date() })
        .where(and(eq(classes.schoolId, scope.schoolId), eq(classes.id, id)));
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: active ? 'class.reactivated' : 'class.deactivated',
        entity: 'class',
        entityId: id,
      });
    }
    return loadClassDetail(tx, scope.schoolId, id);
  });
}

/**
 * Enrolling and assigning judge their body only once the class is found: a class of another school (or an
 * inactive one) answers 404 whatever the body. The routes call this when their body is invalid.
 */
export async function findOpenClass(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  const scope = writeScope(actor, undefined);
  await inScope(deps.db, scope, (tx) => findClass(tx, scope.schoolId, id, true));
}

export function enrolStudent(
  deps: Deps,
  actor: Actor,
  { id: classId, ...input }: { id: string } & z.output<typeof EnrolStudentRequest>,
): Promise<ClassDetailResponse> {
  const scope = writeScope(actor, undefined);
  return withRollNumber(input.rollNumber, () =>
    inScope(deps.db, scope, async (tx) => {
      await findClass(tx, scope.schoolId, classId, true);
      await placeStudent(tx, actor, scope, input.studentId, { classId, rollNumber: input.rollNumber });
      return loadClassDetail(tx, scope.schoolId, classId);
    }),
  );
}

/** A student never has no class (docs/product.md, "Classes and subjects"): removing one withdraws them (deactivated, this class kept as their last). */
export function withdrawStudent(
  deps: Deps,
  actor: Actor,
  { id: classId, studentId }: { id: string; studentId: string },
): Promise<ClassDetailResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    await findClass(tx, scope.schoolId, classId);
    const student = await findStudent(tx, scope, studentId);
    if (student.classId !== classId) throw notFound(PEOPLE_MESSAGES.studentNotFound);
    await setUserActive(
      tx,
      actor,
      scope.schoolId,
      { id: studentId, role: 'student', isActive: student.isActive },
      false,
    );
    return loadClassDetail(tx, scope.schoolId, classId);
  });
}

export function assignTeacher(
  deps: Deps,
  actor: Actor,
  { id: classId, ...input }: { id: string } & z.output<typeof AssignTeacherRequest>,
): Promise<ClassDetailResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    await findClass(tx, scope.schoolId, classId, true);
    await assignTeacherInTx(tx, actor, scope, classId, input);
    return loadClassDetail(tx, scope.schoolId, classId);
  });
}

export function unassignTeacher(
  deps: Deps,
  actor: Actor,
  { id: classId, teacherId }: { id: string; teacherId: string },
): Promise<ClassDetailResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    await findClass(tx, scope.schoolId, classId);
    const removed = await tx
      .delete(classTeachers)
      .where(
        and(
          eq(classTeachers.schoolId, scope.schoolId),
          eq(classTeachers.classId, classId),
          eq(classTeachers.teacherId, teacherId),
        ),
      )
      .returning();
    const row = removed[0];
    if (!row) throw notFound(PEOPLE_MESSAGES.teacherNotFound);
    // A teacher leaves a class only once their lessons there have left its timetable (docs/product.md, "Classes
    // and subjects"); refusing undoes the removal with the transaction.
    await refuseWhileLessons(tx, scope.schoolId, { classId, teacherId }, (left) =>
      PEOPLE_MESSAGES.teacherSubjectHasLessons(left.subject, left.n),
    );
    await dropLostAnnouncementNotifications(tx, scope.schoolId, { userIds: [teacherId] });
    await audit(tx, actor, {
      schoolId: scope.schoolId,
      action: 'class.teacher_unassigned',
      entity: 'class',
      entityId: classId,
      before: { teacherId, subjectIds: row.subjectIds, isClassTeacher: row.isClassTeacher },
    });
    return loadClassDetail(tx, scope.schoolId, classId);
  });
}

/** "My Classes": the classes the caller teaches or leads, with their own subjects there. */
export function myClasses(deps: Deps, actor: Actor): Promise<MyClassesResponse> {
  const scope = writeScope(actor, undefined);
  // Whoever asks (a principal too), the answer is the classes they teach or lead: their own.
  return listThroughAnswers(
    deps.answers,
    scope,
    'my-classes',
    {},
    () =>
      inScope(deps.db, scope, async (tx) => {
        const mine = sql`${classes.id} in (select ct.class_id from class_teachers ct
      where ct.school_id = ${scope.schoolId} and ct.teacher_id = ${actor.profileId})`;
        const loaded = await loadClasses(tx, scope.schoolId, and(eq(classes.isActive, true), mine) ?? mine);
        return {
          items: loaded.map((c) => {
            const me = c.assignedTeachers.find((t) => t.teacherId === actor.profileId);
            return { ...c, isClassTeacher: me?.isClassTeacher ?? false, mySubjects: me?.subjects ?? [] };
          }),
        };
      }),
    true,
  );
}
