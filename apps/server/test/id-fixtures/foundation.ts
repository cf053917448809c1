import { notifications } from '../../src/db/schema/index.ts';
import { withSystem } from '../../src/db/tenancy.ts';
import { newId } from '../../src/lib/ids.ts';
import type { IdFixture } from './types.ts';

const notificationOfA: IdFixture = async (app, a) => {
  const id = newId();
  await withSystem(app.deps.db, (tx) =>
    tx
      .insert(notifications)
      .values({ schoolId: a.id, id, userId: a.users.teacher.id, type: 'other', title: 'Secret of A', body: 'x' }),
  );
  return { params: { id }, asRole: 'teacher' };
};

export const FOUNDATION_ID_FIXTURES: Record<string, IdFixture> = {
  'POST /api/v1/notifications/:id/read': notificationOfA,
  'DELETE /api/v1/notifications/:id': notificationOfA,
};
