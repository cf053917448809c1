import type {
  CreateSubjectRequest,
  SubjectListQuery,
  SubjectListResponse,
  SubjectResponse,
  UpdateSubjectRequest,
} from '@lyceum/shared/academics';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { subjects } from '../../db/schema/index.ts';
import { refuseWhileLessons } from '../../db/timetable-lessons.ts';
import type { Actor } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { AppError, assertSomethingToUpdate, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { pgCode, pgConstraint } from '../../lib/pg-errors.ts';
import { inScope, readScope, writeScope } from '../../db/school-scope.ts';
import { assertTrialCap } from '../../db/trial-caps.ts';
import { byName } from '../../lib/search.ts';

const view = (s: typeof subjects.$inferSelect): SubjectResponse => ({
  id: s.id,
  name: s.name,
  code: s.code,
  isActive: s.isActive,
  createdAt: s.createdAt.toISOString(),
});

async function uniqueName<T>(name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgCode(err) === '23505' && pgConstraint(err) === 'subjects_school_name_unique') {
      const message = PEOPLE_MESSAGES.subjectExists(name);
      throw new AppError('conflict', message, { name: message });
    }
    throw err;
  }
}

async function findSubject(tx: Tx, schoolId: string, id: string) {
  const [row] = await tx
    .select()
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), eq(subjects.id, id)));
  if (!row) throw notFound(PEOPLE_MESSAGES.subjectNotFound);
  return row;
}

/** Subjects are few per school: one unpaginated list, by name. */
export function listSubjects(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof SubjectListQuery>,
): Promise<SubjectListResponse> {
  const scope = readScope(actor, query.schoolId, 'subjects');
  return inScope(deps.db, scope, async (tx) => {
    const rows = await tx
      .select()
      .from(subjects)
      .where(
        and(
          eq(subjects.schoolId, scope.schoolId),
          query.status === 'all' ? undefined : eq(subjects.isActive, query.status === 'active'),
        ),
      )
      .orderBy(byName(subjects.name), asc(subjects.id));
    return { items: rows.map(view) };
  });
}

export function createSubject(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof CreateSubjectRequest>,
): Promise<SubjectResponse> {
  const scope = writeScope(actor, input.schoolId);
  return uniqueName(input.name, () =>
    inScope(deps.db, scope, async (tx) => {
      await assertTrialCap(tx, scope.schoolId, 'subjects');
      const [row] = await tx
        .insert(subjects)
        .values({ schoolId: scope.schoolId, id: newId(), name: input.name, code: input.code?.trim() || null })
        .returning();
      const made = view(row as typeof subjects.$inferSelect);
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'subject.created',
        entity: 'subject',
        entityId: made.id,
        after: { name: made.name, code: made.code },
      });
      return made;
    }),
  );
}

export function updateSubject(
  deps: Deps,
  actor: Actor,
  { id, ...input }: { id: string } & z.output<typeof UpdateSubjectRequest>,
): Promise<SubjectResponse> {
  const scope = writeScope(actor, undefined);
  return uniqueName(input.name ?? '', () =>
    inScope(deps.db, scope, async (tx) => {
      const before = await findSubject(tx, scope.schoolId, id);
      assertSomethingToUpdate(input);
      const changes: Partial<typeof subjects.$inferInsert> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.code !== undefined) changes.code = input.code?.trim() || null;
      const [row] = await tx
        .update(subjects)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(subjects.schoolId, scope.schoolId), eq(subjects.id, id)))
        .returning();
      const after = view(row as typeof subjects.$inferSelect);
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'subject.updated',
        entity: 'subject',
        entityId: id,
        before: { name: before.name, code: before.code },
        after: { name: after.name, code: after.code },
      });
      return after;
    }),
  );
}

/** Deactivated subjects stay on the classes and teachers that had them (history); new assignments refuse them. */
export function setSubjectActive(
  deps: Deps,
  actor: Actor,
  { id, active }: { id: string; active: boolean },
): Promise<SubjectResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const before = await findSubject(tx, scope.schoolId, id);
    if (!active && before.isActive) {
      // A deactivated subject is no longer taught: its lessons leave the timetable first (docs/product.md,
      // "Classes and subjects"), so no week shows one and none is deleted without being asked.
      await refuseWhileLessons(tx, scope.schoolId, { subjectIds: [id] }, (left) =>
        PEOPLE_MESSAGES.subjectHasLessons(left.total),
      );
    }
    const [row] = await tx
      .update(subjects)
      .set({ isActive: active, updatedAt: new Date() })
      .where(and(eq(subjects.schoolId, scope.schoolId), eq(subjects.id, id)))
      .returning();
    if (before.isActive !== active) {
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: active ? 'subject.reactivated' : 'subject.deactivated',
        entity: 'subject',
        entityId: id,
      });
    }
    return view(row as typeof subjects.$inferSelect);
  });
}
