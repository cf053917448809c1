import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import type {
  ChildrenResponse,
  CreateParentRequest,
  CreateParentResponse,
  ParentListQuery,
  ParentListResponse,
  ParentResponse,
  UpdateParentRequest,
} from '@lyceum/shared/people';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { classes, classTeachers, parents, studentParents, students, users } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { assertSomethingToUpdate, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { createSchoolAccount, prepareCredential, queueInvitations, withEmailRace } from './accounts.ts';
import { setUserActive, updateUserContact } from './active.ts';
import { toCsv } from '../../lib/csv.ts';
import { assertMayChange } from './who-may-change-whom.ts';
import { inScope, readScope, type SchoolScope, writeScope } from '../../db/school-scope.ts';
import { loadThenCommit } from '../../db/tenancy.ts';
import { keysetList, nameSort, type SortKey, sortFields } from '../../lib/list-page.ts';
import { nameOrEmailLike } from './search.ts';
import { assertRoomForNewPeople } from './plan-limits.ts';
import { loadParents } from './views.ts';
import { visibleParents } from './visibility.ts';
import { childrenToday } from '../dashboard/index.ts';
import { timeZoneOf, todayIn } from '../../lib/school-day.ts';
import { byName } from '../../lib/search.ts';

type ParentListInput = z.output<typeof ParentListQuery>;

export async function findParent(tx: Tx, scope: SchoolScope, id: string) {
  const [row] = await tx
    .select({ id: parents.id, isActive: users.isActive, name: users.name })
    .from(parents)
    .innerJoin(users, and(eq(users.schoolId, parents.schoolId), eq(users.id, parents.id)))
    .where(and(eq(parents.schoolId, scope.schoolId), eq(parents.id, id), visibleParents(scope)));
  if (!row) throw notFound(PEOPLE_MESSAGES.parentNotFound);
  return row;
}

/** By name only: the sort allow-list of this list. */
const SORTS: Record<'name', SortKey> = { name: nameSort(users.name, users.nameKey) };

async function parentPage(
  tx: Tx,
  scope: SchoolScope,
  query: ParentListInput,
  limit: number | null,
): Promise<ParentListResponse> {
  const conds: (SQL | undefined)[] = [eq(parents.schoolId, scope.schoolId), visibleParents(scope)];
  if (query.status !== 'all') conds.push(eq(users.isActive, query.status === 'active'));
  if (query.classId) {
    conds.push(sql`${parents.id} in (select sp.parent_id from student_parents sp join students s on s.school_id = sp.school_id and s.id = sp.student_id
      where sp.school_id = ${scope.schoolId} and s.class_id = ${query.classId})`);
  }
  conds.push(nameOrEmailLike(query.search));
  return keysetList(tx, {
    sorts: SORTS,
    sort: 'name',
    cursor: query.cursor,
    limit,
    matching: (key) =>
      tx
        .select({ id: parents.id, ...sortFields(key) })
        .from(parents)
        .innerJoin(users, and(eq(users.schoolId, parents.schoolId), eq(users.id, parents.id)))
        .where(and(...conds)),
    load: loadThenCommit(tx, (ids) => loadParents(tx, scope.schoolId, ids)),
  });
}

export function listParents(deps: Deps, actor: Actor, query: ParentListInput): Promise<ParentListResponse> {
  const scope = readScope(actor, query.schoolId, 'parents');
  return inScope(deps.db, scope, (tx) => parentPage(tx, scope, query, query.limit));
}

/** The parents CSV: the list's filters and visibility, every row. */
export function exportParents(deps: Deps, actor: Actor, query: ParentListInput): Promise<string> {
  const scope = readScope(actor, query.schoolId, 'parents');
  return inScope(deps.db, scope, async (tx) => {
    const page = await parentPage(tx, scope, { ...query, cursor: undefined }, null);
    const rows = page.items.map((p) => [
      p.name,
      p.email,
      p.phone,
      p.relationship,
      p.children.map((c) => `${c.name} (${c.classLabel})`).join('; '),
      p.status,
    ]);
    return toCsv(['name', 'email', 'phone', 'relationship', 'children', 'status'], rows);
  });
}

export function getParent(
  deps: Deps,
  actor: Actor,
  { id, schoolId }: { id: string; schoolId?: string | undefined },
): Promise<ParentResponse> {
  const scope = readScope(actor, schoolId, 'parents');
  return inScope(deps.db, scope, async (tx) => {
    await findParent(tx, scope, id);
    const [parent] = await loadParents(tx, scope.schoolId, [id]);
    return parent as ParentResponse;
  });
}

export async function createParent(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof CreateParentRequest>,
): Promise<CreateParentResponse> {
  const scope = writeScope(actor, input.schoolId);
  const credential = await prepareCredential(input.sendInvitation);
  const parent = await withEmailRace(() =>
    inScope(deps.db, scope, async (tx) => {
      const childIds = [...new Set(input.children.map((c) => c.studentId))];
      if (childIds.length > 0) {
        const found = await tx
          .select({ id: students.id })
          .from(students)
          .where(and(eq(students.schoolId, scope.schoolId), inArray(students.id, childIds)));
        if (found.length !== childIds.length) throw notFound(PEOPLE_MESSAGES.studentNotFound);
      }
      await assertRoomForNewPeople(tx, scope.schoolId, { parent: 1 });
      const { userId, accountId } = await createSchoolAccount(
        tx,
        { schoolId: scope.schoolId, role: 'parent', name: input.name, email: input.email, phone: input.phone ?? null },
        credential,
      );
      await tx
        .insert(parents)
        .values({ schoolId: scope.schoolId, id: userId, relationship: input.relationship ?? null });
      if (input.children.length > 0) {
        await tx
          .insert(studentParents)
          .values(
            input.children.map((c) => ({
              schoolId: scope.schoolId,
              id: newId(),
              studentId: c.studentId,
              parentId: userId,
              relationship: c.relationship ?? input.relationship ?? 'Guardian',
            })),
          )
          .onConflictDoNothing();
      }
      if (credential.invitation) {
        await queueInvitations(tx, scope, deps.config.publicUrl, [
          { accountId, email: input.email, name: input.name, role: 'parent' },
        ]);
      }
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'parent.created',
        entity: 'parent',
        entityId: userId,
        after: { name: input.name, email: input.email, children: childIds, invitation: credential.invitation },
      });
      const [made] = await loadParents(tx, scope.schoolId, [userId]);
      return made as ParentResponse;
    }),
  );
  if (credential.invitation) void deps.mail.flush();
  return { parent, temporaryPassword: credential.temporaryPassword, invitationSent: credential.invitation };
}

export function updateParent(
  deps: Deps,
  actor: Actor,
  { id, ...input }: { id: string } & z.output<typeof UpdateParentRequest>,
): Promise<ParentResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const row = await findParent(tx, scope, id);
    assertMayChange(actor, { role: 'parent' });
    assertSomethingToUpdate(input);
    const [before] = await loadParents(tx, scope.schoolId, [id]);
    await updateUserContact(tx, scope.schoolId, row.id, input);
    if (input.relationship !== undefined) {
      await tx
        .update(parents)
        .set({ relationship: input.relationship, updatedAt: new Date() })
        .where(and(eq(parents.schoolId, scope.schoolId), eq(parents.id, id)));
    }
    const [after] = await loadParents(tx, scope.schoolId, [id]);
    const pick = (p: ParentResponse | undefined) => p && { name: p.name, phone: p.phone, relationship: p.relationship };
    await audit(tx, actor, {
      schoolId: scope.schoolId,
      action: 'parent.updated',
      entity: 'parent',
      entityId: id,
      before: pick(before),
      after: pick(after),
    });
    return after as ParentResponse;
  });
}

export function setParentActive(
  deps: Deps,
  actor: Actor,
  { id, active }: { id: string; active: boolean },
): Promise<ParentResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const row = await findParent(tx, scope, id);
    await setUserActive(tx, actor, scope.schoolId, { id, role: 'parent', isActive: row.isActive }, active);
    const [after] = await loadParents(tx, scope.schoolId, [id]);
    return after as ParentResponse;
  });
}

/**
 * The parent's "My Children", each child with today's attendance, lessons and rate (the parent dashboard's
 * day). Marks, fees and exams belong to later issues: `recentMarks`, `pendingFees` and `upcomingExams` stay
 * empty until then.
 */
export function listChildren(deps: Deps, actor: Actor): Promise<ChildrenResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const lead = tx
      .select({ classId: classTeachers.classId, name: users.name })
      .from(classTeachers)
      .innerJoin(users, and(eq(users.schoolId, classTeachers.schoolId), eq(users.id, classTeachers.teacherId)))
      .where(and(eq(classTeachers.schoolId, scope.schoolId), eq(classTeachers.isClassTeacher, true)))
      .as('lead');
    const rows = await tx
      .select({
        id: students.id,
        name: users.name,
        email: users.email,
        relationship: studentParents.relationship,
        classId: students.classId,
        className: classes.name,
        section: classes.section,
        rollNumber: students.rollNumber,
        academicYear: students.academicYear,
        profileImage: users.profileImage,
        isActive: users.isActive,
        classTeacherName: lead.name,
      })
      .from(studentParents)
      .innerJoin(
        students,
        and(eq(students.schoolId, studentParents.schoolId), eq(students.id, studentParents.studentId)),
      )
      .innerJoin(users, and(eq(users.schoolId, students.schoolId), eq(users.id, students.id)))
      .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
      .leftJoin(lead, eq(lead.classId, students.classId))
      .where(and(eq(studentParents.schoolId, scope.schoolId), eq(studentParents.parentId, actor.profileId)))
      .orderBy(byName(users.name), asc(students.id));
    const today = new Map(
      (await childrenToday(tx, scope.schoolId, actor.profileId, todayIn(timeZoneOf(actor), deps.clock()))).map((c) => [
        c.studentId,
        c,
      ]),
    );
    return {
      items: rows.map((r) => {
        const day = today.get(r.id);
        return {
          ...r,
          todayAttendance: day?.status ?? null,
          todayLessons: day?.lessons ?? [],
          attendanceRate: day?.rate ?? null,
          recentMarks: [],
          pendingFees: [],
          upcomingExams: [],
        };
      }),
    };
  });
}
