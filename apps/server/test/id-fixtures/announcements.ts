import { announcements } from '../../src/db/schema/index.ts';
import { withSystem } from '../../src/db/tenancy.ts';
import { newId } from '../../src/lib/ids.ts';
import type { IdFixture } from './types.ts';

/** An announcement of school A to everyone; school B's admin must not reach it by its id. */
const announcementOfA: IdFixture = async (app, a) => {
  const id = newId();
  await withSystem(app.deps.db, (tx) =>
    tx.insert(announcements).values({
      schoolId: a.id,
      id,
      authorId: a.users.school_admin.id,
      title: 'Secret of A',
      body: '<p>Secret of A</p>',
      audience: ['all'],
    }),
  );
  return { params: { id }, asRole: 'school_admin' };
};

export const ANNOUNCEMENT_ID_FIXTURES: Record<string, IdFixture> = {
  'GET /api/v1/announcements/:id': announcementOfA,
  'PATCH /api/v1/announcements/:id': announcementOfA,
  'POST /api/v1/announcements/:id/read': announcementOfA,
  'GET /api/v1/announcements/:id/readers': announcementOfA,
};
