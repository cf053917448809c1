import { attachments, storedFiles } from '../../src/db/schema/index.ts';
import { withSystem } from '../../src/db/tenancy.ts';
import { newId } from '../../src/lib/ids.ts';
import { attachmentPath, profilePicturePath } from '../../src/lib/storage/object-paths.ts';
import type { IdFixture } from './types.ts';

/** An upload of school A's teacher, not attached to anything (its uploader alone may read or remove it). */
const uploadOfA: IdFixture = async (app, a) => {
  const id = newId();
  const objectPath = attachmentPath(a.id, 'txt');
  const data = Buffer.from('Secret of A');
  await app.deps.storage.put(objectPath, data, 'text/plain');
  await withSystem(app.deps.db, async (tx) => {
    await tx.insert(storedFiles).values({
      schoolId: a.id,
      id,
      ownerUserId: a.users.teacher.id,
      kind: 'attachment',
      objectPath,
      bytes: data.length,
      contentType: 'text/plain',
    });
    await tx.insert(attachments).values({ schoolId: a.id, id, name: 'Secret of A.txt' });
  });
  return { params: { id }, asRole: 'teacher' };
};

export const FILES_ID_FIXTURES: Record<string, IdFixture> = {
  // A stored picture of school A's teacher, on disk and in the table; school B's teacher must get 404.
  'GET /api/v1/files/schools/:schoolId/users/:userId/profile/:file': async (app, a) => {
    const objectPath = profilePicturePath(a.id, a.users.teacher.id);
    const data = Buffer.from('Secret of A');
    await app.deps.storage.put(objectPath, data, 'image/webp');
    await withSystem(app.deps.db, (tx) =>
      tx.insert(storedFiles).values({
        schoolId: a.id,
        id: newId(),
        ownerUserId: a.users.teacher.id,
        kind: 'profile_picture',
        objectPath,
        bytes: data.length,
        contentType: 'image/webp',
      }),
    );
    const file = objectPath.split('/').at(-1) ?? '';
    return { params: { schoolId: a.id, userId: a.users.teacher.id, file }, asRole: 'teacher' };
  },
  'GET /api/v1/attachments/:id': uploadOfA,
  'DELETE /api/v1/attachments/:id': uploadOfA,
  // No school owns a staff picture: any school's user gets the same 404 as for another school's picture.
  'GET /api/v1/files/users/:userId/profile/:file': async () => ({
    params: { userId: newId(), file: `${'0'.repeat(32)}.webp` },
    asRole: 'teacher',
  }),
};
