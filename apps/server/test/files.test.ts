import { randomBytes } from 'node:crypto';
import { readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { FILE_MESSAGES } from '@lyceum/shared/files';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, companyFiles, plans, schoolSubscriptions, storedFiles, users } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { newId } from '../src/lib/ids.ts';
import { LocalDiskStorage } from '../src/lib/storage/local-disk.ts';
import { profilePicturePath } from '../src/lib/storage/object-paths.ts';
import { sweepOrphanObjects } from '../src/modules/files/sweep.ts';
import { schoolWorld } from './fixtures/school-world.ts';
import { as, createSchool, errorOf, login, type SchoolFixture, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
let a: SchoolFixture;
let b: SchoolFixture;
let teacherA: Session;
let studentA: Session;
let parentB: Session;
let staff: Session;

beforeAll(async () => {
  const w = await schoolWorld({ a: { name: 'Pictures A' }, b: { name: 'Pictures B' } });
  ({ t, a, b } = w);
  teacherA = await w.a.signIn('teacher');
  studentA = await w.a.signIn('student');
  parentB = await w.b.signIn('parent');
  staff = await w.staff('company_user');
});
afterAll(() => t.close());

// ---- inputs -------------------------------------------------------------------------------------------

const png = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .png()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 10, g: 120, b: 60 } } })
    .webp()
    .toBuffer();
/** A JPEG carrying EXIF with a GPS position, as a phone writes it. */
const jpegWithGps = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 90, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Copyright: 'Family' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2616/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3984/100',
      },
    })
    .toBuffer();
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

interface Part {
  field?: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
  /** A plain form field rather than a file. */
  plain?: boolean;
}

function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----lyceum${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.plain
      ? `form-data; name="${p.field ?? 'note'}"`
      : `form-data; name="${p.field ?? 'picture'}"; filename="${p.filename ?? 'me.png'}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.plain ? '' : `Content-Type: ${p.type ?? 'image/png'}\r\n`}\r\n`,
      ),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(session: Session | null, parts: Part[] | Part, headers: Record<string, string> = {}) {
  const { payload, contentType } = multipart(Array.isArray(parts) ? parts : [parts]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/profile/picture',
    payload,
    headers: {
      'content-type': contentType,
      'x-requested-with': 'XMLHttpRequest',
      ...(session ? { cookie: session.cookie } : {}),
      ...headers,
    },
  });
}

// ---- what is stored ------------------------------------------------------------------------------------

const filesRoot = () => path.join(t.config.dataDir, 'files');

/** Every file under the storage root, relative to it. */
function filesOnDisk(): string[] {
  try {
    return (readdirSync(filesRoot(), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((d) => d.isFile())
      .map((d) => path.relative(filesRoot(), path.join(d.parentPath, d.name)))
      .sort();
  } catch {
    return [];
  }
}

async function storedRows() {
  return withSystem(t.app.deps.db, async (tx) => ({
    school: await tx.select().from(storedFiles).orderBy(storedFiles.createdAt),
    company: await tx.select().from(companyFiles).orderBy(companyFiles.createdAt),
  }));
}

async function profileImageOf(school: SchoolFixture, role: 'teacher' | 'student'): Promise<string | null> {
  const [row] = await withSystem(t.app.deps.db, (tx) =>
    tx.select({ p: users.profileImage }).from(users).where(eq(users.id, school.users[role].id)),
  );
  return row?.p ?? null;
}

/** A refused upload changed nothing: same files on disk, same rows, same picture. */
async function expectNothingStored(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode).toBe(status);
  if (message) expect(errorOf(res).message).toBe(message);
  expect(res.body).not.toMatch(/at .*\.ts:\d+/);
}

const profileImageUrl = (res: LightMyRequestResponse): string => res.json().user.profileImage;
const get = (session: Session | null, url: string) => as(t.app, session)({ method: 'GET', url });

// ---- tests -------------------------------------------------------------------------------------------

describe('POST /profile/picture', () => {
  let snapshot: { disk: string[]; rows: Awaited<ReturnType<typeof storedRows>>; image: string | null };
  beforeEach(async () => {
    snapshot = { disk: filesOnDisk(), rows: await storedRows(), image: await profileImageOf(a, 'teacher') };
  });
  const unchanged = async () => {
    expect(filesOnDisk()).toEqual(snapshot.disk);
    expect(await storedRows()).toEqual(snapshot.rows);
    expect(await profileImageOf(a, 'teacher')).toBe(snapshot.image);
  };

  it('stores a PNG as a 256 px WebP at the path of docs/product.md, "Files", counts it, and serves it with the cache headers', async () => {
    const res = await upload(teacherA, { data: await png(), filename: 'holiday photo.png' });
    expect(res.statusCode).toBe(200);
    const url = profileImageUrl(res);
    expect(url).toMatch(
      new RegExp(`^/api/v1/files/schools/${a.id}/users/${a.users.teacher.id}/profile/[0-9a-f]{32}\\.webp$`),
    );
    const objectPath = url.replace('/api/v1/files/', '');
    expect(filesOnDisk()).toEqual([...snapshot.disk, objectPath].sort());
    const rows = (await storedRows()).school.filter((r) => r.deletedAt === null);
    expect(rows).toEqual([
      expect.objectContaining({
        schoolId: a.id,
        ownerUserId: a.users.teacher.id,
        objectPath,
        contentType: 'image/webp',
      }),
    ]);
    expect(await profileImageOf(a, 'teacher')).toBe(url);

    const [entry] = await withSystem(t.app.deps.db, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'profile.picture_uploaded')),
    );
    expect(entry).toMatchObject({ schoolId: a.id, entityId: a.users.teacher.id, after: { profileImage: url } });

    const me = await get(teacherA, '/api/v1/auth/me');
    expect(me.json().user.profileImage).toBe(url);

    const file = await get(teacherA, url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=3600');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.length).toBe(rows[0]?.bytes);
    const etag = String(file.headers.etag);
    const again = await as(t.app, teacherA)({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Revalidation still checks who asks.
    expect((await as(t.app, parentB)({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(404);
    const meta = await sharp(file.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 256,
      height: 256,
    });
  });

  it("strips a JPEG's EXIF, GPS position included", async () => {
    const jpeg = await jpegWithGps();
    const before = await sharp(jpeg).metadata();
    expect(before.exif?.length).toBeGreaterThan(0);
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    const res = await upload(teacherA, { data: jpeg, filename: 'IMG_0001.JPG', type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const stored = (await get(teacherA, profileImageUrl(res))).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('PhoneMaker');
  });

  it('accepts a WebP, replaces the old picture and removes the old object after commit', async () => {
    const first = await upload(teacherA, { data: await png(), filename: 'a.png' });
    const oldPath = profileImageUrl(first).replace('/api/v1/files/', '');
    const res = await upload(teacherA, { data: await webp(), filename: 'b.webp', type: 'image/webp' });
    expect(res.statusCode).toBe(200);
    const newPath = profileImageUrl(res).replace('/api/v1/files/', '');
    expect(newPath).not.toBe(oldPath);
    const disk = filesOnDisk();
    expect(disk).toContain(newPath);
    expect(disk).not.toContain(oldPath);
    const live = (await storedRows()).school.filter((r) => r.ownerUserId === a.users.teacher.id && !r.deletedAt);
    expect(live.map((r) => r.objectPath)).toEqual([newPath]);
    expect((await get(teacherA, `/api/v1/files/${oldPath}`)).statusCode).toBe(404);
  });

  it('refuses a text file named .png and declared image/png (415), storing nothing', async () => {
    const res = await upload(teacherA, { data: 'just some text, not a picture\n'.repeat(20), filename: 'cat.png' });
    await expectNothingStored(res, 415, 'Profile pictures must be JPEG, PNG or WebP images.');
    await unchanged();
  });

  it('refuses an SVG with a script, whatever it is called', async () => {
    for (const [filename, type] of [
      ['face.svg', 'image/svg+xml'],
      ['face.png', 'image/png'],
    ] as const) {
      const res = await upload(teacherA, { data: SVG, filename, type });
      await expectNothingStored(res, 415, 'Profile pictures must be JPEG, PNG or WebP images.');
    }
    await unchanged();
  });

  it('refuses a GIF and a PNG header on garbage', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expectNothingStored(
      await upload(teacherA, { data: gif, filename: 'x.png' }),
      415,
      'Profile pictures must be JPEG, PNG or WebP images.',
    );
    const fake = Buffer.concat([(await png()).subarray(0, 8), randomBytes(2000)]);
    await expectNothingStored(
      await upload(teacherA, { data: fake }),
      400,
      'The picture could not be read. Please choose another image.',
    );
    await unchanged();
  });

  it('refuses a picture over 40 megapixels, small as its file is, saying so', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#333' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    await expectNothingStored(await upload(teacherA, { data: huge }), 400, FILE_MESSAGES.tooManyPixels);
    await unchanged();
  });

  it('refuses a 6 MB file with 413', async () => {
    const big = Buffer.concat([(await png()).subarray(0, 8), randomBytes(6 * 1024 * 1024)]);
    const res = await upload(teacherA, { data: big });
    await expectNothingStored(res, 413, 'Profile pictures can be at most 5 MB.');
    await unchanged();
  });

  it('neutralises a file name with ../ : the server names the object', async () => {
    const res = await upload(teacherA, { data: await png(), filename: '../../../../etc/passwd.png' });
    expect(res.statusCode).toBe(200);
    const objectPath = profileImageUrl(res).replace('/api/v1/files/', '');
    expect(objectPath).toMatch(/^schools\/[0-9a-f-]{36}\/users\/[0-9a-f-]{36}\/profile\/[0-9a-f]{32}\.webp$/);
    expect(filesOnDisk().every((f) => !f.includes('..') && !f.includes('passwd'))).toBe(true);
    expect(readdirSync(t.config.dataDir).sort()).toEqual(expect.not.arrayContaining(['etc']));
  });

  it('refuses two files, no file, and an empty file', async () => {
    const image = await png(50, 50);
    await expectNothingStored(
      await upload(teacherA, [{ data: image }, { data: image, field: 'second' }]),
      400,
      'Upload one picture at a time.',
    );
    await expectNothingStored(
      await upload(teacherA, { plain: true, data: 'hello' }),
      400,
      'Choose a picture to upload.',
    );
    await expectNothingStored(await upload(teacherA, { data: Buffer.alloc(0) }), 400, 'Choose a picture to upload.');
    await unchanged();
  });

  it('needs multipart with the X-Requested-With header (CSRF), and a session', async () => {
    const image = await png(50, 50);
    const noHeader = await upload(teacherA, { data: image }, { 'x-requested-with': '' });
    await expectNothingStored(
      noHeader,
      403,
      'Uploads must be sent by the Lyceum app (the X-Requested-With header is missing).',
    );
    const json = await as(t.app, teacherA)({ method: 'POST', url: '/api/v1/profile/picture', payload: { a: 1 } });
    await expectNothingStored(json, 415, 'Send the picture as multipart/form-data.');
    const signedOut = await upload(null, { data: image });
    await expectNothingStored(signedOut, 401, 'You are not signed in.');
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/picture',
      headers: { cookie: teacherA.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'picture=x',
    });
    expect(form.statusCode).toBe(415);
    // Multipart is parsed by the upload route only: any other route refuses it.
    const { payload, contentType } = multipart([{ data: image }]);
    const elsewhere = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile',
      payload,
      headers: { cookie: teacherA.cookie, 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(elsewhere.statusCode).toBe(415);
    expect(errorOf(elsewhere).code).toBe('unsupported_media_type');
    await unchanged();
  });

  it('refuses with 422 "Storage limit exceeded" when the plan has no room, and stores nothing', async () => {
    const school = await createSchool(t.app);
    await withSystem(t.app.deps.db, async (tx) => {
      const planId = newId();
      await tx.insert(plans).values({ id: planId, name: `Tiny ${planId}`, priceMinor: 1, limits: { storageGB: 1e-6 } });
      await tx.update(schoolSubscriptions).set({ planId }).where(eq(schoolSubscriptions.schoolId, school.id));
    });
    const session = await login(t.app, school.users.student.email, 'student');
    const before = { disk: filesOnDisk(), rows: await storedRows() };
    // A noisy picture does not compress below the ~1 KB this plan allows.
    const noisy = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    const res = await upload(session, { data: noisy });
    await expectNothingStored(res, 422, 'Storage limit exceeded');
    expect(filesOnDisk()).toEqual(before.disk);
    expect(await storedRows()).toEqual(before.rows);
  });

  it('removes the written object when the transaction fails at commit (no orphans)', async () => {
    const db = t.app.deps.db;
    // A real deferred constraint failing at commit, i.e. after the object was written.
    await db.execute(sql`create function lyceum_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit' using errcode = '23514'; end $$`);
    await db.execute(sql`create constraint trigger lyceum_test_refuse after insert on stored_files
      deferrable initially deferred for each row execute function lyceum_test_refuse()`);
    try {
      const res = await upload(teacherA, { data: await png() });
      expect(res.statusCode).toBe(422);
      await unchanged();
    } finally {
      await db.execute(sql`drop trigger lyceum_test_refuse on stored_files`);
      await db.execute(sql`drop function lyceum_test_refuse()`);
    }
  });

  it('never answers 5xx to generated uploads, and stores only what it accepts', async () => {
    const image = await png(40, 40);
    const part = fc.record({
      field: fc.oneof(
        fc.constant('picture'),
        fc.string({ maxLength: 20 }).filter((s) => !/["\r\n\\]/.test(s)),
      ),
      filename: fc.oneof(
        fc.constantFrom(
          '../x.png',
          '..\\..\\boot.ini',
          'a\u0000b.png',
          '😀.webp',
          '.htaccess',
          `${'a'.repeat(500)}.png`,
        ),
        fc.string({ maxLength: 30 }).filter((s) => !/["\r\n\\]/.test(s)),
      ),
      type: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
      data: fc.oneof(
        fc.uint8Array({ maxLength: 3000 }).map((u) => Buffer.from(u)),
        fc.constant(image),
        fc.constant(SVG),
        fc.integer({ min: 1, max: image.length - 1 }).map((n) => image.subarray(0, n)),
      ),
      plain: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 3 }), async (parts) => {
        const res = await upload(studentA, parts);
        expect(res.statusCode < 500).toBe(true);
        if (res.statusCode !== 200) {
          expect(typeof errorOf(res).message).toBe('string');
          return;
        }
        expect(profileImageUrl(res)).toMatch(/\/profile\/[0-9a-f]{32}\.webp$/);
      }),
      { numRuns: 40, seed: 20261122 },
    );
    // Whatever was accepted, disk and table agree: every live row has its object and nothing else is there.
    const live = (await storedRows()).school.filter((r) => !r.deletedAt).map((r) => r.objectPath);
    expect(filesOnDisk()).toEqual([...live].sort());
  });
});

describe('GET /files/…', () => {
  let url: string;
  beforeAll(async () => {
    url = profileImageUrl(await upload(studentA, { data: await png(), filename: 'student.png' }));
  });

  it('serves a school picture to its own users and company staff', async () => {
    expect((await get(teacherA, url)).statusCode).toBe(200);
    expect((await get(studentA, url)).statusCode).toBe(200);
    expect((await get(staff, url)).statusCode).toBe(200);
  });

  it("answers 404 to another school's user, 401 signed out, and 404 for unknown or malformed names", async () => {
    const other = await get(parentB, url);
    expect(other.statusCode).toBe(404);
    expect(other.headers['cache-control'] ?? '').not.toContain('public');
    expect(other.body).not.toContain(a.id);
    // Even with their own school in the path: the object must be theirs.
    expect((await get(parentB, url.replace(a.id, b.id))).statusCode).toBe(404);
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(teacherA, url.replace(/[0-9a-f]{32}\.webp$/, `${'0'.repeat(32)}.webp`))).statusCode).toBe(404);
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'x.svg', 'ABC.webp']) {
      const res = await get(teacherA, url.replace(/[0-9a-f]{32}\.webp$/, bad));
      expect([400, 404]).toContain(res.statusCode);
    }
  });

  it('a deleted picture is gone: DELETE clears the profile, the row and the object', async () => {
    const objectPath = url.replace('/api/v1/files/', '');
    expect(filesOnDisk()).toContain(objectPath);
    const res = await as(t.app, studentA)({ method: 'DELETE', url: '/api/v1/profile/picture' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.profileImage).toBeNull();
    expect(filesOnDisk()).not.toContain(objectPath);
    expect(await profileImageOf(a, 'student')).toBeNull();
    expect((await get(studentA, url)).statusCode).toBe(404);
    expect((await get(studentA, '/api/v1/auth/me')).json().user.profileImage).toBeNull();
    // Removing again is fine.
    expect((await as(t.app, studentA)({ method: 'DELETE', url: '/api/v1/profile/picture' })).statusCode).toBe(200);
  });
});

describe('company staff pictures', () => {
  it('are stored at users/{id}/profile, outside every school, and shown only to company staff', async () => {
    const before = (await storedRows()).school.length;
    const res = await upload(staff, { data: await png() });
    expect(res.statusCode).toBe(200);
    const url = profileImageUrl(res);
    expect(url).toMatch(/^\/api\/v1\/files\/users\/[0-9a-f-]{36}\/profile\/[0-9a-f]{32}\.webp$/);
    const rows = await storedRows();
    expect(rows.school.length).toBe(before);
    expect(rows.company.filter((r) => !r.deletedAt).map((r) => `/api/v1/files/${r.objectPath}`)).toEqual([url]);
    const file = await get(staff, url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    // docs/product.md, "Files": anyone else gets the same 404 as for another school's picture.
    const refused = await get(teacherA, url);
    expect(refused.statusCode).toBe(404);
  });

  it("answers a school's user the same 404 as for another school's picture, real or made-up names alike", async () => {
    const url = profileImageUrl(await upload(staff, { data: await png() }));
    const made = url.replace(/[0-9a-f]{32}\.webp$/, `${'0'.repeat(32)}.webp`);
    const otherSchool = profileImageUrl(await upload(teacherA, { data: await png() }));
    const expected = await get(parentB, otherSchool);
    expect(expected.statusCode).toBe(404);
    for (const session of [teacherA, studentA, parentB]) {
      for (const asked of [url, made]) {
        const res = await get(session, asked);
        expect({ asked, status: res.statusCode, body: res.body }).toEqual({
          asked,
          status: 404,
          body: expected.body,
        });
        expect(res.headers['cache-control'] ?? '').not.toContain('public');
      }
    }
    expect((await get(staff, url)).statusCode).toBe(200);
  });
});

describe('local disk driver', () => {
  it('refuses paths that are not ours and leaves no temporary files', async () => {
    const storage = new LocalDiskStorage(path.join(t.config.dataDir, 'driver-test'));
    for (const bad of ['../escape.webp', 'schools/x/../../y.webp', '/etc/passwd', 'users/a/profile/b.svg']) {
      await expect(storage.put(bad, Buffer.from('x'), 'image/webp')).rejects.toThrow(/object path/i);
    }
    const good = `users/${newId()}/profile/${'a'.repeat(32)}.webp`;
    await storage.put(good, Buffer.from('one'), 'image/webp');
    await storage.put(good, Buffer.from('two'), 'image/webp');
    expect((await storage.get(good))?.toString()).toBe('two');
    const all = readdirSync(storage.root, { recursive: true }) as string[];
    expect(all.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await storage.delete(good);
    await storage.delete(good);
    expect(await storage.get(good)).toBeNull();
  });
});

describe('orphan sweep', () => {
  it('removes old objects no live row refers to, and keeps live and young ones', async () => {
    const { db, storage } = t.app.deps;
    const live = profileImageUrl(await upload(teacherA, { data: await png() })).replace('/api/v1/files/', '');
    const oldOrphan = profilePicturePath(a.id, a.users.principal.id);
    const youngOrphan = profilePicturePath(null, newId());
    await storage.put(oldOrphan, Buffer.from('left by a crash'), 'image/webp');
    await storage.put(youngOrphan, Buffer.from('an upload still in its transaction'), 'image/webp');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(path.join(filesRoot(), oldOrphan), twoHoursAgo, twoHoursAgo);
    utimesSync(path.join(filesRoot(), live), twoHoursAgo, twoHoursAgo);

    expect(await sweepOrphanObjects(db, storage)).toBeGreaterThanOrEqual(1);
    const disk = filesOnDisk();
    expect(disk).not.toContain(oldOrphan);
    expect(disk).toContain(youngOrphan);
    expect(disk).toContain(live);
    expect((await get(teacherA, `/api/v1/files/${live}`)).statusCode).toBe(200);
    await storage.delete(youngOrphan);
  });
});
