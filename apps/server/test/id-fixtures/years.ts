import { academicYears, promotions } from '../../src/db/schema/index.ts';
import { withSystem } from '../../src/db/tenancy.ts';
import { newId } from '../../src/lib/ids.ts';
import type { IdFixture } from './types.ts';

/** A past academic year of school A; each call its own, a year earlier than the last (a route may delete it). */
let back = 0;
async function yearOfA(app: Parameters<IdFixture>[0], schoolId: string): Promise<string> {
  const id = newId();
  const y = 1990 - back++;
  await withSystem(app.deps.db, (tx) =>
    tx.insert(academicYears).values({
      schoolId,
      id,
      name: `${y}-${y + 1}`,
      startDate: `${y}-09-01`,
      endDate: `${y + 1}-08-31`,
    }),
  );
  return id;
}

const year: IdFixture = async (app, a) => ({ params: { id: await yearOfA(app, a.id) }, asRole: 'school_admin' });

/** A promotion of school A between two of its years, made just now (so undoable). */
const promotionOfA: IdFixture = async (app, a) => {
  const [fromYearId, toYearId] = [await yearOfA(app, a.id), await yearOfA(app, a.id)];
  const id = newId();
  await withSystem(app.deps.db, (tx) =>
    tx.insert(promotions).values({
      schoolId: a.id,
      id,
      fromYearId,
      toYearId,
      appliedById: a.users.school_admin.id,
      appliedByName: 'Secret of A',
      appliedAt: new Date(),
      totals: { promoted: 0, repeating: 0, graduated: 0 },
    }),
  );
  return { params: { id }, asRole: 'school_admin' };
};

export const YEARS_ID_FIXTURES: Record<string, IdFixture> = {
  'PUT /api/v1/academic-years/:id': year,
  'POST /api/v1/academic-years/:id/current': year,
  'DELETE /api/v1/academic-years/:id': year,
  'POST /api/v1/promotions/:id/undo': promotionOfA,
};
