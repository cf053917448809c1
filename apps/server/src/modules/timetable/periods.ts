import type { CreatePeriodRequest, Period, PeriodListResponse, UpdatePeriodRequest } from '@lyceum/shared/timetable';
import { TIMETABLE_MESSAGES } from '@lyceum/shared/timetable';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import { attendance, periods } from '../../db/schema/index.ts';
import { inScope, readScope, writeScope } from '../../db/school-scope.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { pgCode, pgConstraint } from '../../lib/pg-errors.ts';
import { assertTrialCap } from '../../db/trial-caps.ts';

/** `time` columns read back as `HH:MM:SS`; the product speaks `HH:MM`. */
export const hhmm = (t: string) => t.slice(0, 5);

const view = (p: typeof periods.$inferSelect): Period => ({
  id: p.id,
  name: p.name,
  startTime: hhmm(p.startTime),
  endTime: hhmm(p.endTime),
  isBreak: p.isBreak,
});

async function uniqueStart<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgCode(err) === '23505' && pgConstraint(err) === 'periods_school_start_unique') {
      throw new AppError('conflict', TIMETABLE_MESSAGES.periodExists, { startTime: TIMETABLE_MESSAGES.periodExists });
    }
    throw err;
  }
}

async function findPeriod(tx: Tx, schoolId: string, id: string, lock = false) {
  const query = tx
    .select()
    .from(periods)
    .where(and(eq(periods.schoolId, schoolId), eq(periods.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound(TIMETABLE_MESSAGES.periodNotFound);
  return row;
}

/**
 * The period, locked, when no attendance was taken in it; else `message` (422). The lock (a delete's own) waits
 * for a submission that marks the period, which holds its row in share (attendance/submit.ts, `lockPeriod`),
 * and makes a later one wait and read the period as this change leaves it: so the check below sees every mark
 * that could be taken, and none is taken in a period deleted or made a break meanwhile.
 */
async function unusedPeriod(tx: Tx, schoolId: string, id: string, message: string) {
  const row = await findPeriod(tx, schoolId, id, true);
  const [used] = await tx
    .select({ id: attendance.id })
    .from(attendance)
    .where(and(eq(attendance.schoolId, schoolId), eq(attendance.periodId, id)))
    .limit(1);
  if (used) throw new AppError('rule', message);
  return row;
}

/** A school has a handful of periods: one list, by start time. */
export async function schoolPeriods(tx: Tx, schoolId: string): Promise<Period[]> {
  const rows = await tx
    .select()
    .from(periods)
    .where(eq(periods.schoolId, schoolId))
    .orderBy(asc(periods.startTime), asc(periods.id));
  return rows.map(view);
}

export function listPeriods(deps: Deps, actor: Actor): Promise<PeriodListResponse> {
  const scope = readScope(actor, undefined, 'periods');
  return inScope(deps.db, scope, async (tx) => ({ items: await schoolPeriods(tx, scope.schoolId) }));
}

export function createPeriod(deps: Deps, actor: Actor, input: z.output<typeof CreatePeriodRequest>): Promise<Period> {
  const scope = writeScope(actor, undefined);
  return uniqueStart(() =>
    inScope(deps.db, scope, async (tx) => {
      await assertTrialCap(tx, scope.schoolId, 'periods');
      const [row] = await tx
        .insert(periods)
        .values({ schoolId: scope.schoolId, id: newId(), ...input })
        .returning();
      const made = view(row as typeof periods.$inferSelect);
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'period.created',
        entity: 'period',
        entityId: made.id,
        after: made,
      });
      return made;
    }),
  );
}

export function updatePeriod(
  deps: Deps,
  actor: Actor,
  { id, ...input }: { id: string } & z.output<typeof UpdatePeriodRequest>,
): Promise<Period> {
  const scope = writeScope(actor, undefined);
  return uniqueStart(() =>
    inScope(deps.db, scope, async (tx) => {
      // Its marks would stay in every rate and alert, but no sheet is taken in a break, so they could never be
      // corrected (docs/product.md, "Periods and the weekly timetable").
      const before = view(
        input.isBreak
          ? await unusedPeriod(tx, scope.schoolId, id, TIMETABLE_MESSAGES.periodInUseBreak)
          : await findPeriod(tx, scope.schoolId, id),
      );
      const next = { ...before, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
      if (next.endTime <= next.startTime) throw invalidField('endTime', TIMETABLE_MESSAGES.endAfterStart);
      const [row] = await tx
        .update(periods)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(periods.schoolId, scope.schoolId), eq(periods.id, id)))
        .returning();
      const after = view(row as typeof periods.$inferSelect);
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'period.updated',
        entity: 'period',
        entityId: id,
        before,
        after,
      });
      return after;
    }),
  );
}

/** A period that attendance was taken in stays (the records name it); others can go. */
export function deletePeriod(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const before = view(await unusedPeriod(tx, scope.schoolId, id, TIMETABLE_MESSAGES.periodInUse));
    await tx.delete(periods).where(and(eq(periods.schoolId, scope.schoolId), eq(periods.id, id)));
    await audit(tx, actor, {
      schoolId: scope.schoolId,
      action: 'period.deleted',
      entity: 'period',
      entityId: id,
      before,
    });
  });
}
