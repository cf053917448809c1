import { academicYearSchema } from '@lyceum/shared/academics';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import type {
  CreateStudentRequest,
  LinkParentRequest,
  MoveStudentRequest,
  CreateStudentResponse,
  StudentListQuery,
  StudentListResponse,
  StudentResponse,
  UpdateStudentRequest,
} from '@lyceum/shared/people';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SchoolRole } from '@lyceum/shared/roles';
import type { Deps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { classes, parents, studentParents, students, users } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { AppError, assertSomethingToUpdate, invalid, invalidField, notFound } from '../../lib/errors.ts';
import { missingSchoolId } from './create-body.ts';
import { newId } from '../../lib/ids.ts';
import { pgCode, pgConstraint } from '../../lib/pg-errors.ts';
import {
  type Credential,
  createSchoolAccount,
  type Invitation,
  prepareCredential,
  queueInvitations,
  withEmailRace,
} from './accounts.ts';
import { setUserActive, updateUserContact } from './active.ts';
import { dropLostAnnouncementNotifications } from '../announcements/index.ts';
import { dropAlertsOfUnlinkedParent } from '../attendance/index.ts';
import { toCsv } from '../../lib/csv.ts';
import { assertMayChange } from './who-may-change-whom.ts';
import {
  inScope,
  jsonThroughAnswers,
  listThroughAnswers,
  readJsonBody,
  readScope,
  type SchoolScope,
  seesEveryone,
  writeScope,
} from '../../db/school-scope.ts';
import { loadThenCommit } from '../../db/tenancy.ts';
import { keysetList, nameSort, type SortKey, sortColumns, sortFields } from '../../lib/list-page.ts';
import { academicYearIn, timeZoneOf } from '../../lib/school-day.ts';
import { nameOrEmailLike } from './search.ts';
import { assertRoomForNewPeople } from './plan-limits.ts';
import { loadStudents, studentProfileJsonSql } from './views.ts';
import { visibleAttendanceCounts, visibleStudents } from './visibility.ts';

/** The given academic year, checked, or the school's current one (`schoolYear`) when left empty. */
export function normaliseAcademicYear(value: string | undefined, schoolYear: string): string {
  if (value === undefined || value.trim() === '') return schoolYear;
  const parsed = academicYearSchema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid academic year';
    throw invalid(`Invalid data: ${message}`, { academicYear: message });
  }
  return parsed.data;
}

export async function findClass(tx: Tx, schoolId: string, classId: string, activeOnly = false) {
  const [row] = await tx
    .select()
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)));
  if (!row || (activeOnly && !row.isActive)) throw notFound(PEOPLE_MESSAGES.classNotFound);
  return row;
}

/** The student row, or 404 `Student not found` when it does not exist or the scope may not see it. */
export async function findStudent(tx: Tx, scope: SchoolScope, id: string) {
  const [row] = await tx
    .select({
      id: students.id,
      classId: students.classId,
      rollNumber: students.rollNumber,
      isActive: users.isActive,
      name: users.name,
    })
    .from(students)
    .innerJoin(users, and(eq(users.schoolId, students.schoolId), eq(users.id, students.id)))
    .where(and(eq(students.schoolId, scope.schoolId), eq(students.id, id), visibleStudents(scope)));
  if (!row) throw notFound(PEOPLE_MESSAGES.studentNotFound);
  return row;
}

export async function nextRollNumber(tx: Tx, schoolId: string, classId: string): Promise<number> {
  const r = await tx.execute<{ n: number }>(
    sql`select coalesce(max(roll_number), 0)::int + 1 as n from students where school_id = ${schoolId} and class_id = ${classId}`,
  );
  return Number(r.rows[0]?.n ?? 1);
}

/** Roll numbers are unique within a class; the index decides, and its refusal gets the message of docs/product.md, "Students". */
export async function withRollNumber<T>(
  roll: number | undefined | (() => number | undefined),
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgCode(err) === '23505' && pgConstraint(err) === 'students_class_roll_unique') {
      const message = PEOPLE_MESSAGES.rollNumberTaken((typeof roll === 'function' ? roll() : roll) ?? 0);
      throw new AppError('conflict', message, { rollNumber: message });
    }
    throw err;
  }
}

const SORTS: Record<NonNullable<StudentListQuery['sort']>, SortKey> = {
  name: nameSort(users.name, users.nameKey),
  rollNumber: { expr: sql`${students.rollNumber}`, cast: 'int', dir: 'asc' },
  createdAt: { expr: sql`${users.createdAt}`, cast: 'timestamptz', dir: 'desc' },
};

export type StudentListInput = z.output<typeof StudentListQuery>;

/**
 * The rows of a list, visible to the scope; `limit: null` for exports (every matching row).
 *
 * Row-level security makes PostgreSQL underestimate every tenant filter about a hundredfold (it multiplies
 * `school_id = $1` by the policy's own school test), so left to itself it joins all of a school's students
 * to their users and sorts them for every page. When only user columns filter the list (an administrator's
 * or principal's view of the whole school), the statement is written so that the plan cannot do that:
 * the page is read in the order of an index (users_school_role_name_key_idx or students_school_roll_idx) and
 * the other table is probed once per row of the page, through a lateral subquery PostgreSQL cannot reorder
 * (`offset 0`). The total then counts users of role student only, with no join: every student is exactly
 * one such user (both are written in one transaction, a user's role never becomes or stops being student,
 * and neither row is ever deleted).
 */
async function studentPage(
  tx: Tx,
  scope: SchoolScope,
  query: StudentListInput,
  limit: number | null,
): Promise<StudentListResponse> {
  const studentConds = [visibleStudents(scope), query.classId ? eq(students.classId, query.classId) : undefined];
  const userConds: (SQL | undefined)[] = [
    query.status === 'all' ? undefined : eq(users.isActive, query.status === 'active'),
    nameOrEmailLike(query.search),
  ];
  const list = {
    sorts: SORTS,
    sort: query.sort,
    cursor: query.cursor,
    limit,
    // The lists and the CSV export read nothing after the page.
    load: loadThenCommit(tx, (ids: string[]) => loadStudents(tx, scope.schoolId, ids)),
  };
  if (studentConds.some(Boolean)) {
    // A class, a teacher's classes or a parent's children: a few dozen students, found by their class first.
    return keysetList(tx, {
      ...list,
      matching: (key) =>
        tx
          .select({ id: students.id, ...sortFields(key) })
          .from(students)
          .innerJoin(users, and(eq(users.schoolId, students.schoolId), eq(users.id, students.id)))
          .where(and(eq(students.schoolId, scope.schoolId), ...studentConds, ...userConds)),
    });
  }
  const school = scope.schoolId;
  const userFilter = and(eq(users.schoolId, school), eq(users.role, 'student'), ...userConds);
  return keysetList(tx, {
    ...list,
    matching: (key) =>
      query.sort === 'rollNumber'
        ? sql`select students.id, ${sortColumns(key)} from students
          cross join lateral (select u.name, u.email, u.is_active from users u
            where u.school_id = students.school_id and u.id = students.id and u.role = 'student' offset 0) users
          where students.school_id = ${school} and ${and(...userConds) ?? sql`true`}`
        : sql`select users.id, ${sortColumns(key)} from users
          cross join lateral (select 1 from students s where s.school_id = users.school_id and s.id = users.id offset 0) enrolled
          where ${userFilter}`,
    counting: sql`select users.id from users where ${userFilter}`,
  });
}

export function listStudents(deps: Deps, actor: Actor, query: StudentListInput): Promise<StudentListResponse> {
  const scope = readScope(actor, query.schoolId, 'students');
  return listThroughAnswers(deps.answers, scope, 'students', query, () =>
    inScope(deps.db, scope, (tx) => studentPage(tx, scope, query, query.limit)),
  );
}

/** The students CSV: the list's filters and visibility, every row. */
export function exportStudents(deps: Deps, actor: Actor, query: StudentListInput): Promise<string> {
  const scope = readScope(actor, query.schoolId, 'students');
  return inScope(deps.db, scope, async (tx) => {
    const page = await studentPage(tx, scope, { ...query, cursor: undefined }, null);
    const rows = page.items.map((s) => [
      s.name,
      s.email,
      s.phone,
      s.className,
      s.section,
      s.rollNumber,
      s.academicYear,
      s.parents.map((p) => `${p.name} (${p.relationship})`).join('; '),
      s.isActive ? 'active' : 'inactive',
    ]);
    const columns = [
      'name',
      'email',
      'phone',
      'className',
      'section',
      'rollNumber',
      'academicYear',
      'parents',
      'status',
    ];
    return toCsv(columns, rows);
  });
}

/**
 * The student profile as the JSON text sent (`StudentProfileResponse`), through the answers cache: the same
 * answer for every reader allowed to see the student (lib/answer-cache.ts; docs/scaling.md, "Answers cache"),
 * except a teacher, whose attendance summary counts only their classes (visibleAttendanceCounts), so whose
 * answer is their own, as their attendance history is. Staff see every student of their school and a student
 * themself without a query; a teacher's or parent's yes is asked (the list's visibility rule) and kept as
 * theirs alone. An attendance submission is a change request of the school, so it drops the cached profiles
 * with everything else: the summary is never older than the last submission.
 */
export function getStudentProfile(
  deps: Deps,
  actor: Actor,
  { id, schoolId }: { id: string; schoolId?: string | undefined },
): Promise<string> {
  const scope = readScope(actor, schoolId, 'students');
  const answer = (visible?: SQL, records?: SQL) =>
    readJsonBody(
      deps,
      scope,
      PEOPLE_MESSAGES.studentNotFound,
      studentProfileJsonSql(scope.schoolId, id, visible, records),
    );
  const visible = visibleStudents(scope);
  const records = visibleAttendanceCounts(scope);
  const allowedByRole = seesEveryone(scope) || (scope.actor.role === 'student' && id === scope.actor.profileId);
  const own = () => answer(visible, records);
  return jsonThroughAnswers(deps, scope, {
    key: records ? `profile:${id}:seen-by:${scope.actor.profileId}` : `profile:${id}`,
    decide:
      allowedByRole || !visible
        ? null
        : {
            sql: sql`select students.id from students where students.school_id = ${scope.schoolId}
              and students.id = ${id} and ${visible}`,
            missing: PEOPLE_MESSAGES.studentNotFound,
          },
    own,
    shared: records ? own : () => answer(),
  });
}

type NewParentInput = z.output<typeof CreateStudentRequest>['newParents'][number];
type KnownUser = { id: string; role: SchoolRole };

/** The school's users holding any of `emails`, by lower-cased e-mail, in one read. */
async function schoolUsersByEmail(tx: Tx, schoolId: string, emails: string[]): Promise<Map<string, KnownUser>> {
  if (emails.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, role: users.role, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), sql`lower(${users.email}) in ${emails.map((e) => e.toLowerCase())}`));
  return new Map(rows.map((r) => [r.email, { id: r.id, role: r.role }]));
}

/**
 * Links a student to new parents given by e-mail: a parent of this school with that e-mail is linked as is;
 * an unknown e-mail gets a parent account; an e-mail held by anyone else answers 409. A parent the request
 * already links by id (`linked`) is listed twice: refused, as the second relationship would be dropped
 * (docs/product.md, "Students").
 */
async function attachNewParents(
  tx: Tx,
  schoolId: string,
  studentId: string,
  {
    newParents,
    known,
    credentials,
    linked,
  }: {
    newParents: NewParentInput[];
    /** The school's users holding the new parents' e-mails (schoolUsersByEmail). */
    known: ReadonlyMap<string, KnownUser>;
    credentials: Credential[];
    linked: ReadonlySet<string>;
  },
): Promise<{ id: string; email: string; accountId: string | null; credential: Credential | null; name: string }[]> {
  const out: { id: string; email: string; accountId: string | null; credential: Credential | null; name: string }[] =
    [];
  for (const [i, p] of newParents.entries()) {
    const existing = known.get(p.email.toLowerCase());
    let parentId: string;
    if (existing?.role === 'parent') {
      if (linked.has(existing.id)) throw invalidField(`newParents.${i}.email`, PEOPLE_MESSAGES.parentListedTwice);
      parentId = existing.id;
      out.push({ id: parentId, email: p.email, accountId: null, credential: null, name: p.name });
    } else {
      const credential = credentials[i] as Credential;
      const made = await createSchoolAccount(
        tx,
        {
          schoolId,
          role: 'parent',
          name: p.name,
          email: p.email,
          phone: p.phone ?? null,
          emailField: `newParents.${i}.email`,
        },
        credential,
      );
      parentId = made.userId;
      await tx.insert(parents).values({ schoolId, id: parentId, relationship: p.relationship });
      out.push({ id: parentId, email: p.email, accountId: made.accountId, credential, name: p.name });
    }
    await tx
      .insert(studentParents)
      .values({ schoolId, id: newId(), studentId, parentId, relationship: p.relationship })
      .onConflictDoNothing();
  }
  return out;
}

export async function createStudent(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof CreateStudentRequest>,
): Promise<CreateStudentResponse> {
  if (input.schoolId?.trim() === '') throw missingSchoolId(PEOPLE_MESSAGES.missingStudentFields);
  const scope = writeScope(actor, input.schoolId);
  const academicYear = normaliseAcademicYear(input.academicYear, academicYearIn(timeZoneOf(actor), deps.clock()));
  const credential = await prepareCredential(input.sendInvitation);
  const parentCredentials = await Promise.all(input.newParents.map(() => prepareCredential(input.sendInvitation)));
  const result = await withEmailRace(() =>
    withRollNumber(input.rollNumber, () =>
      inScope(deps.db, scope, async (tx) => {
        await findClass(tx, scope.schoolId, input.classId, true);
        // The student comes first, so the field named is a new parent's: the address to change.
        const seen = new Set([input.email.toLowerCase()]);
        const repeated: Record<string, string> = {};
        input.newParents.forEach((p, i) => {
          const email = p.email.toLowerCase();
          if (seen.has(email)) repeated[`newParents.${i}.email`] = PEOPLE_MESSAGES.ownEmail;
          seen.add(email);
        });
        if (Object.keys(repeated).length > 0) throw invalid(PEOPLE_MESSAGES.ownEmailEach, repeated);
        for (const link of input.parents) await findParentRow(tx, scope.schoolId, link.parentId);
        const known = await schoolUsersByEmail(
          tx,
          scope.schoolId,
          input.newParents.map((p) => p.email),
        );
        // Only the people this request makes count: a "new parent" who is already a parent here is linked, not
        // made, so a school at its limit may still add the student (docs/product.md, "Plan limits on people").
        const madeParents = input.newParents.filter((p) => known.get(p.email.toLowerCase())?.role !== 'parent');
        await assertRoomForNewPeople(tx, scope.schoolId, { student: 1, parent: madeParents.length });
        const { userId, accountId } = await createSchoolAccount(
          tx,
          {
            schoolId: scope.schoolId,
            role: 'student',
            name: input.name,
            email: input.email,
            phone: input.phone ?? null,
            classId: input.classId,
          },
          credential,
        );
        const rollNumber = input.rollNumber ?? (await nextRollNumber(tx, scope.schoolId, input.classId));
        await tx
          .insert(students)
          .values({ schoolId: scope.schoolId, id: userId, classId: input.classId, rollNumber, academicYear });
        for (const link of input.parents) {
          await tx
            .insert(studentParents)
            .values({
              schoolId: scope.schoolId,
              id: newId(),
              studentId: userId,
              parentId: link.parentId,
              relationship: link.relationship,
            })
            .onConflictDoNothing();
        }
        const linked = new Set(input.parents.map((link) => link.parentId));
        const made = await attachNewParents(tx, scope.schoolId, userId, {
          newParents: input.newParents,
          known,
          credentials: parentCredentials,
          linked,
        });
        const invitations: Invitation[] = [];
        if (credential.invitation)
          invitations.push({ accountId, email: input.email, name: input.name, role: 'student' });
        for (const p of made) {
          if (p.accountId && p.credential?.invitation)
            invitations.push({ accountId: p.accountId, email: p.email, name: p.name, role: 'parent' });
        }
        await queueInvitations(tx, scope, deps.config.publicUrl, invitations);
        await audit(tx, actor, {
          schoolId: scope.schoolId,
          action: 'student.created',
          entity: 'student',
          entityId: userId,
          after: {
            name: input.name,
            email: input.email,
            classId: input.classId,
            rollNumber,
            academicYear,
            invitation: credential.invitation,
          },
        });
        const [student] = await loadStudents(tx, scope.schoolId, [userId]);
        return { student: student as StudentResponse, made };
      }),
    ),
  );
  if (credential.invitation || result.made.some((p) => p.credential?.invitation)) void deps.mail.flush();
  return {
    student: result.student,
    temporaryPassword: credential.temporaryPassword,
    invitationSent: credential.invitation,
    parents: result.made.map((p) => ({
      id: p.id,
      email: p.email,
      temporaryPassword: p.credential?.temporaryPassword ?? null,
      invitationSent: p.credential?.invitation ?? false,
    })),
  };
}

export async function findParentRow(tx: Tx, schoolId: string, parentId: string) {
  const [row] = await tx
    .select({ id: parents.id })
    .from(parents)
    .where(and(eq(parents.schoolId, schoolId), eq(parents.id, parentId)));
  if (!row) throw notFound(PEOPLE_MESSAGES.parentNotFound);
  return row;
}

export async function updateStudent(
  deps: Deps,
  actor: Actor,
  { id, ...input }: { id: string } & z.output<typeof UpdateStudentRequest>,
): Promise<StudentResponse> {
  const scope = writeScope(actor, undefined);
  const academicYear =
    input.academicYear === undefined
      ? undefined
      : normaliseAcademicYear(input.academicYear, academicYearIn(timeZoneOf(actor), deps.clock()));
  return withRollNumber(input.rollNumber, () =>
    inScope(deps.db, scope, async (tx) => {
      const row = await findStudent(tx, scope, id);
      assertMayChange(actor, { role: 'student' });
      assertSomethingToUpdate(input);
      const [before] = await loadStudents(tx, scope.schoolId, [id]);
      await updateUserContact(tx, scope.schoolId, id, input);
      if (input.rollNumber !== undefined || academicYear !== undefined) {
        await tx
          .update(students)
          .set({
            rollNumber: input.rollNumber ?? row.rollNumber,
            ...(academicYear ? { academicYear } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(students.schoolId, scope.schoolId), eq(students.id, id)));
      }
      const [after] = await loadStudents(tx, scope.schoolId, [id]);
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'student.updated',
        entity: 'student',
        entityId: id,
        before: summary(before),
        after: summary(after),
      });
      return after as StudentResponse;
    }),
  );
}

const summary = (s: StudentResponse | undefined) =>
  s && { name: s.name, phone: s.phone, classId: s.classId, rollNumber: s.rollNumber, academicYear: s.academicYear };

export async function setStudentActive(
  deps: Deps,
  actor: Actor,
  { id, active }: { id: string; active: boolean },
): Promise<StudentResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const row = await findStudent(tx, scope, id);
    await setUserActive(tx, actor, scope.schoolId, { id, role: 'student', isActive: row.isActive }, active);
    const [after] = await loadStudents(tx, scope.schoolId, [id]);
    return after as StudentResponse;
  });
}

/** Moves a student into a class (enrol = move: a student is always in exactly one class). */
export async function placeStudent(
  tx: Tx,
  actor: Actor,
  scope: SchoolScope,
  id: string,
  input: z.output<typeof MoveStudentRequest>,
): Promise<void> {
  const row = await findStudent(tx, scope, id);
  assertMayChange(actor, { role: 'student' });
  const cls = await findClass(tx, scope.schoolId, input.classId, true);
  if (row.classId === input.classId && (input.rollNumber === undefined || input.rollNumber === row.rollNumber)) return;
  const rollNumber = input.rollNumber ?? (await nextRollNumber(tx, scope.schoolId, input.classId));
  // A student moved to another class is of that class's academic year, as a promotion leaves its students
  // (docs/product.md, "Students in a class"): else they stay filed under a year they have left.
  const academicYear = row.classId === input.classId ? {} : { academicYear: cls.academicYear };
  await tx
    .update(students)
    .set({ classId: input.classId, rollNumber, ...academicYear, updatedAt: new Date() })
    .where(and(eq(students.schoolId, scope.schoolId), eq(students.id, id)));
  await tx
    .update(users)
    .set({ classId: input.classId })
    .where(and(eq(users.schoolId, scope.schoolId), eq(users.id, id)));
  await dropLostAnnouncementNotifications(tx, scope.schoolId, { studentIds: [id] });
  await audit(tx, actor, {
    schoolId: scope.schoolId,
    action: 'student.moved',
    entity: 'student',
    entityId: id,
    before: { classId: row.classId, rollNumber: row.rollNumber },
    after: { classId: input.classId, rollNumber },
  });
}

/**
 * Moving and linking judge their body only once the student (and the parent) are found: another school's
 * ids answer 404 whatever the body. The routes call this when their body is invalid.
 */
export async function findStudentAndParent(
  deps: Deps,
  actor: Actor,
  { id, parentId }: { id: string; parentId?: string | undefined },
): Promise<void> {
  const scope = writeScope(actor, undefined);
  await inScope(deps.db, scope, async (tx) => {
    await findStudent(tx, scope, id);
    if (parentId !== undefined) await findParentRow(tx, scope.schoolId, parentId);
  });
}

export function moveStudent(
  deps: Deps,
  actor: Actor,
  { id, ...input }: { id: string } & z.output<typeof MoveStudentRequest>,
): Promise<StudentResponse> {
  const scope = writeScope(actor, undefined);
  return withRollNumber(input.rollNumber, () =>
    inScope(deps.db, scope, async (tx) => {
      await findStudent(tx, scope, id);
      await placeStudent(tx, actor, scope, id, input);
      const [after] = await loadStudents(tx, scope.schoolId, [id]);
      return after as StudentResponse;
    }),
  );
}

export function linkParent(
  deps: Deps,
  actor: Actor,
  { id, parentId, ...input }: { id: string; parentId: string } & z.output<typeof LinkParentRequest>,
): Promise<StudentResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    await findStudent(tx, scope, id);
    await findParentRow(tx, scope.schoolId, parentId);
    assertMayChange(actor, { role: 'student' });
    await tx
      .insert(studentParents)
      .values({ schoolId: scope.schoolId, id: newId(), studentId: id, parentId, relationship: input.relationship })
      .onConflictDoUpdate({
        target: [studentParents.schoolId, studentParents.studentId, studentParents.parentId],
        set: { relationship: input.relationship },
      });
    await audit(tx, actor, {
      schoolId: scope.schoolId,
      action: 'student.parent_linked',
      entity: 'student',
      entityId: id,
      after: { parentId, relationship: input.relationship },
    });
    const [after] = await loadStudents(tx, scope.schoolId, [id]);
    return after as StudentResponse;
  });
}

export function unlinkParent(
  deps: Deps,
  actor: Actor,
  { id, parentId }: { id: string; parentId: string },
): Promise<StudentResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    await findStudent(tx, scope, id);
    assertMayChange(actor, { role: 'student' });
    const removed = await tx
      .delete(studentParents)
      .where(
        and(
          eq(studentParents.schoolId, scope.schoolId),
          eq(studentParents.studentId, id),
          eq(studentParents.parentId, parentId),
        ),
      )
      .returning({ id: studentParents.id, relationship: studentParents.relationship });
    if (removed.length === 0) throw notFound(PEOPLE_MESSAGES.parentNotFound);
    await dropLostAnnouncementNotifications(tx, scope.schoolId, { userIds: [parentId] });
    await dropAlertsOfUnlinkedParent(tx, scope.schoolId, { studentId: id, parentId });
    await audit(tx, actor, {
      schoolId: scope.schoolId,
      action: 'student.parent_unlinked',
      entity: 'student',
      entityId: id,
      before: { parentId, relationship: removed[0]?.relationship },
    });
    const [after] = await loadStudents(tx, scope.schoolId, [id]);
    return after as StudentResponse;
  });
}
