import { randomBytes } from 'node:crypto';
import type { Announcement } from '@lyceum/shared/announcements';
import type { Attachment } from '@lyceum/shared/files';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/db/tenancy.ts';
import { newId } from '../src/lib/ids.ts';
import { sweepOrphanObjects } from '../src/modules/files/sweep.ts';
import { type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import type { Session } from './helpers.ts';

/**
 * A file that is gone leaves no row (docs/security.md, "Rows of files that are gone"): uploading and taking
 * back an attachment, replacing a profile picture, dropping a file from an announcement and the sweep of
 * unsent uploads used to mark the rows deleted and keep them, so a script cycling upload and remove stored two
 * rows a cycle, at the write rate, for ever, whatever the school's storage or trial caps.
 */
let w: SchoolWorld;
let teacher: Session;
let teacherB: Session;

beforeAll(async () => {
  w = await schoolWorld();
  teacher = await w.a.signIn('teacher');
  teacherB = await w.b.signIn('teacher');
});
afterAll(() => w.t.close());

/** One file, posted as the web app posts uploads (multipart, with the X-Requested-With header). */
function postFile(session: Session, url: string, field: string, name: string, data: Buffer) {
  const boundary = `----lyceum${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return w.t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      cookie: session.cookie,
      'x-requested-with': 'XMLHttpRequest',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

const inject = (session: Session, method: 'POST' | 'DELETE' | 'PATCH', url: string, body?: unknown) =>
  w.t.app.inject({
    method,
    url,
    headers: { cookie: session.cookie, 'x-requested-with': 'XMLHttpRequest' },
    payload: (body ?? {}) as Record<string, unknown>,
  });

async function upload(session: Session, text = 'notes'): Promise<Attachment> {
  const res = await postFile(session, '/api/v1/attachments', 'file', 'notes.txt', Buffer.from(text));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Attachment;
}

async function rows(schoolId: string): Promise<{ files: number; attachments: number }> {
  const [row] = (
    await w.t.app.deps.db.execute(sql`select
      (select count(*)::int from stored_files where school_id = ${schoolId}) as files,
      (select count(*)::int from attachments where school_id = ${schoolId}) as attachments`)
  ).rows as { files: number; attachments: number }[];
  return row as { files: number; attachments: number };
}

describe('rows of files that are gone', () => {
  it('uploading and taking back an attachment again and again leaves no rows', async () => {
    const before = await rows(w.a.id);
    for (let i = 0; i < 5; i++) {
      const file = await upload(teacher, `cycle ${i}`);
      const res = await inject(teacher, 'DELETE', `/api/v1/attachments/${file.id}`);
      expect(res.statusCode, res.body).toBe(204);
    }
    expect(await rows(w.a.id)).toEqual(before);
  });

  it("another school's teacher cannot take back the upload: 404, and it stays", async () => {
    const file = await upload(teacher);
    const before = await rows(w.a.id);
    expect((await inject(teacherB, 'DELETE', `/api/v1/attachments/${file.id}`)).statusCode).toBe(404);
    const principal = await w.a.signIn('principal');
    expect((await inject(principal, 'DELETE', `/api/v1/attachments/${file.id}`)).statusCode).toBe(404);
    expect(await rows(w.a.id)).toEqual(before);
    expect((await inject(teacher, 'DELETE', `/api/v1/attachments/${file.id}`)).statusCode).toBe(204);
  });

  it('an attachment already sent cannot be taken back, and keeps its rows', async () => {
    const file = await upload(teacher);
    const created = await inject(teacher, 'POST', '/api/v1/announcements', {
      title: 'Forms',
      body: 'Read them.',
      audience: ['parent'],
      classIds: [w.a.classId],
      attachmentIds: [file.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = await rows(w.a.id);
    expect((await inject(teacher, 'DELETE', `/api/v1/attachments/${file.id}`)).statusCode).toBe(400);
    expect(await rows(w.a.id)).toEqual(before);

    // Dropped from the announcement on an edit: its rows go with it.
    const announcement = created.json() as Announcement;
    const edited = await inject(teacher, 'PATCH', `/api/v1/announcements/${announcement.id}`, { attachmentIds: [] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await rows(w.a.id)).toEqual({ files: before.files - 1, attachments: before.attachments - 1 });
  });

  it('replacing a profile picture again and again keeps one row', async () => {
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const before = await rows(w.a.id);
    for (let i = 0; i < 4; i++) {
      const res = await postFile(teacher, '/api/v1/profile/picture', 'picture', 'me.png', picture);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await rows(w.a.id)).toEqual({ files: before.files + 1, attachments: before.attachments });
    expect((await inject(teacher, 'DELETE', '/api/v1/profile/picture')).statusCode).toBe(200);
    expect(await rows(w.a.id)).toEqual(before);
  });

  it('the sweep removes the rows of unsent uploads after a day, and rows marked deleted earlier', async () => {
    await upload(teacher, 'left behind');
    // A row as the earlier code left it: marked deleted and kept.
    const legacy = newId();
    await withSystem(w.t.app.deps.db, async (tx) => {
      await tx.execute(sql`insert into stored_files
        (school_id, id, owner_user_id, kind, object_path, bytes, content_type, deleted_at)
        values (${w.a.id}, ${legacy}, ${w.a.users.teacher.id}, 'attachment', ${`schools/${w.a.id}/legacy-${legacy}.txt`},
          4, 'text/plain', now())`);
      await tx.execute(sql`insert into attachments (school_id, id, name) values (${w.a.id}, ${legacy}, 'old.txt')`);
    });
    const live = async () =>
      Number(
        (
          (
            await w.t.app.deps.db.execute(
              sql`select count(*)::int as n from stored_files where school_id = ${w.a.id} and deleted_at is null`,
            )
          ).rows[0] as { n: number }
        ).n,
      );
    const liveBefore = await live();
    await sweepOrphanObjects(w.t.app.deps.db, w.t.app.deps.storage, undefined, Date.now() + 25 * 3600_000);
    const after = await rows(w.a.id);
    const liveAfter = await live();
    // Every row left is a live one: the unsent upload and the legacy row are gone, the sent files stay.
    expect(after.files).toBe(liveAfter);
    expect(liveAfter).toBe(liveBefore - 1);
  });
});
