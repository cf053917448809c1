import { notifications } from '../../src/db/schema/index.ts';
import { withSystem } from '../../src/db/tenancy.ts';
import { newId } from '../../src/lib/ids.ts';
import type { IdFixture } from './types.ts';

export const FOUNDATION_ID_FIXTURES: Record<string, IdFixture> = {
  'POST /api/v1/notifications/:id/read': async (app, a) => {
    const id = newId();
    await withSystem(app.deps.db, (tx) =>
      tx
        .insert(notifications)
        .values({ schoolId: a.id, id, userId: a.users.teacher.id, type: 'other', title: 'Secret of A', body: 'x' }),
    );
    return { params: { id }, asRole: 'teacher' };
  },
};
