import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { UNVERIFIED_STORAGE_BYTES, UNVERIFIED_STORAGE_MESSAGES } from '@lyceum/shared/trial-caps';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../src/db/schema/index.ts';
import { withSystem, withTenant } from '../src/db/tenancy.ts';
import { newId } from '../src/lib/ids.ts';
import { assertStorageAvailable } from '../src/modules/files/storage-usage.ts';
import { createTestApp, errorOf, type Session, sessionCookie, type TestApp } from './helpers.ts';

/**
 * A school anyone signed up gets 20 MB of files, not its plan's gigabytes, until the address it signed up with is
 * confirmed (docs/product.md, "Trial schools and mail"; docs/security.md, "What a freshly signed-up school can
 * cost"). Every upload route counts through the one storage check.
 */
let t: TestApp;
let basicPlanId: string;

beforeAll(async () => {
  t = await createTestApp();
  const plans: { id: string; name: string }[] = (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
  basicPlanId = plans.find((p) => p.name === 'Basic')?.id ?? '';
});
afterAll(() => t.close());

let n = 0;
async function signUp(): Promise<{ session: Session; email: string; schoolId: string; userId: string }> {
  n += 1;
  const email = `head${n}@unconfirmed${n}.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup/school-admin',
    remoteAddress: `198.51.100.${n}`,
    payload: {
      schoolName: `Unconfirmed ${n}`,
      name: 'Head Teacher',
      email,
      password: 'a-good-long-password',
      planId: basicPlanId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const session = { cookie: sessionCookie(res), body: res.json() };
  return { session, email, schoolId: res.json().user.schoolId, userId: res.json().user.id };
}

/** What the school already stores, written straight to the table: the cap counts bytes, not how they came. */
async function alreadyStoring(school: { schoolId: string; userId: string }, bytes: number): Promise<void> {
  await withSystem(t.app.deps.db, (tx) =>
    tx.insert(storedFiles).values({
      schoolId: school.schoolId,
      id: newId(),
      ownerUserId: school.userId,
      kind: 'attachment',
      objectPath: `schools/${school.schoolId}/attachments/${newId()}.pdf`,
      bytes,
      contentType: 'application/pdf',
    }),
  );
}

const pdf = (bytes: number) => {
  const head = Buffer.from('%PDF-1.4\n');
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]);
};

function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = `----lyceum${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const post = (
  session: Session,
  url: string,
  form: ReturnType<typeof multipart>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: {
      'content-type': form.contentType,
      'x-requested-with': 'XMLHttpRequest',
      cookie: session.cookie,
      ...headers,
    },
  });
const attach = (session: Session, bytes: number, headers?: Record<string, string>) =>
  post(session, '/api/v1/attachments', multipart('file', 'notes.pdf', 'application/pdf', pdf(bytes)), headers);

const rowsOf = async (schoolId: string) =>
  (
    await withSystem(t.app.deps.db, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from stored_files where school_id = ${schoolId}`),
    )
  ).rows[0]?.n;
function filesOf(schoolId: string): string[] {
  try {
    return readdirSync(path.join(t.config.dataDir, 'files', 'schools', schoolId), {
      recursive: true,
      withFileTypes: true,
    })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

async function confirm(email: string): Promise<void> {
  const mail = await withSystem(t.app.deps.db, (tx) =>
    tx.execute<{ text: string }>(
      sql`select text from mail_outbox where "to" = ${email} order by created_at desc limit 1`,
    ),
  );
  const link = /https?:\/\/\S+/.exec(mail.rows[0]?.text ?? '')?.[0] ?? 'http://x/';
  const token = new URL(link).searchParams.get('token');
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
  expect(res.statusCode, res.body).toBe(204);
}

describe('an unconfirmed school stores at most UNVERIFIED_STORAGE_BYTES', () => {
  it('says so in plain words, translated', async () => {
    expect(UNVERIFIED_STORAGE_BYTES).toBe(20 * 1024 * 1024);
    expect(UNVERIFIED_STORAGE_MESSAGES.limitReached).toBe(
      "Until your school's e-mail address is confirmed, its files can take at most 20 MB. The school admin who signed the school up confirms it by opening the link we sent them at sign-up.",
    );
    const school = await signUp();
    await alreadyStoring(school, UNVERIFIED_STORAGE_BYTES - 1000);
    const es = await attach(school.session, 2000, { 'accept-language': 'es' });
    expect(es.statusCode, es.body).toBe(422);
    expect(errorOf(es).message).toBe(
      'Hasta que se confirme la dirección de correo electrónico de su escuela, sus archivos pueden ocupar como máximo 20 MB. El administrador que registró la escuela la confirma abriendo el enlace que le enviamos al registrarse.',
    );
  });

  it('an attachment past the cap answers 422 and stores nothing; one within it is taken', async () => {
    const school = await signUp();
    await alreadyStoring(school, UNVERIFIED_STORAGE_BYTES - 1000);
    const [rows, files] = [await rowsOf(school.schoolId), filesOf(school.schoolId)];
    const over = await attach(school.session, 2000);
    expect(over.statusCode, over.body).toBe(422);
    expect(errorOf(over)).toEqual({ code: 'rule', message: UNVERIFIED_STORAGE_MESSAGES.limitReached });
    expect([await rowsOf(school.schoolId), filesOf(school.schoolId)]).toEqual([rows, files]);
    // Up to the cap itself is allowed.
    expect((await attach(school.session, 1000)).statusCode).toBe(201);
    expect(await rowsOf(school.schoolId)).toBe((rows ?? 0) + 1);
  });

  it('a profile picture past the cap is refused the same way', async () => {
    const school = await signUp();
    await alreadyStoring(school, UNVERIFIED_STORAGE_BYTES);
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    const rows = await rowsOf(school.schoolId);
    const res = await post(
      school.session,
      '/api/v1/profile/picture',
      multipart('picture', 'me.png', 'image/png', picture),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res).message).toBe(UNVERIFIED_STORAGE_MESSAGES.limitReached);
    expect(await rowsOf(school.schoolId)).toBe(rows);
    expect(filesOf(school.schoolId)).toEqual([]);
  });

  it('once the address is confirmed, the plan’s storage applies', async () => {
    const school = await signUp();
    await alreadyStoring(school, UNVERIFIED_STORAGE_BYTES - 1000);
    expect((await attach(school.session, 2000)).statusCode).toBe(422);
    await confirm(school.email);
    const res = await attach(school.session, 2000);
    expect(res.statusCode, res.body).toBe(201);
    expect(filesOf(school.schoolId).length).toBe(1);
  });
});

describe('all unconfirmed schools together store at most UNVERIFIED_STORAGE_TOTAL_BYTES', () => {
  /** What every unconfirmed school stores now, counted here from the tables. */
  const unconfirmedBytes = async () =>
    Number(
      (
        await withSystem(t.app.deps.db, (tx) =>
          tx.execute<{ bytes: string }>(sql`select coalesce(sum(f.bytes), 0)::text as bytes
            from stored_files f join schools s on s.id = f.school_id
            where s.awaiting_mail_verification and f.deleted_at is null`),
        )
      ).rows[0]?.bytes ?? 0,
    );
  /** Other unconfirmed schools' files, straight into the table, until `room` bytes are left for everyone. */
  async function leaveRoom(room: number): Promise<{ schoolId: string; userId: string }> {
    const others = await signUp();
    await alreadyStoring(others, t.config.unverifiedStorageTotalBytes - (await unconfirmedBytes()) - room);
    return others;
  }
  const emptyAgain = (school: { schoolId: string }) =>
    withSystem(t.app.deps.db, (tx) => tx.execute(sql`delete from stored_files where school_id = ${school.schoolId}`));

  it('is 2 GB by default', () => {
    expect(t.config.unverifiedStorageTotalBytes).toBe(2 * 1024 ** 3);
    expect(UNVERIFIED_STORAGE_MESSAGES.allTaken).toBe(
      "The storage for schools whose e-mail address is not yet confirmed is full. Confirm your school's e-mail address to get your plan's storage: the school admin who signed the school up opens the link we sent them at sign-up.",
    );
  });

  it('an upload past it answers 422 and stores nothing, within its own 20 MB; up to it is taken; a confirmed school is not held', async () => {
    const school = await signUp();
    const others = await leaveRoom(1000);
    try {
      const [rows, files] = [await rowsOf(school.schoolId), filesOf(school.schoolId)];
      const over = await attach(school.session, 2000);
      expect(over.statusCode, over.body).toBe(422);
      expect(errorOf(over)).toEqual({ code: 'rule', message: UNVERIFIED_STORAGE_MESSAGES.allTaken });
      expect([await rowsOf(school.schoolId), filesOf(school.schoolId)]).toEqual([rows, files]);
      const es = await attach(school.session, 2000, { 'accept-language': 'es' });
      expect(errorOf(es).message).toBe(
        'El almacenamiento para las escuelas cuya dirección de correo electrónico aún no está confirmada está lleno. Confirme la dirección de correo electrónico de su escuela para obtener el almacenamiento de su plan: el administrador que registró la escuela abre el enlace que le enviamos al registrarse.',
      );
      expect((await attach(school.session, 1000)).statusCode).toBe(201);
      expect(await unconfirmedBytes()).toBe(t.config.unverifiedStorageTotalBytes);

      // A confirmed school uploads whatever unconfirmed ones store; so does this one once it is confirmed.
      const confirmed = await signUp();
      await confirm(confirmed.email);
      expect((await attach(confirmed.session, 2000)).statusCode).toBe(201);
      await confirm(school.email);
      expect((await attach(school.session, 2000)).statusCode).toBe(201);
    } finally {
      await emptyAgain(others);
    }
  });

  // On PGlite transactions already run one at a time; on PostgreSQL (TEST_DATABASE_URL, a pool) the lock of all
  // unconfirmed schools is what makes this pass: two schools' own locks do not make them wait for each other.
  it('two unconfirmed schools racing for the last bytes: exactly one passes', async () => {
    const [first, second] = [await signUp(), await signUp()];
    const others = await leaveRoom(1000);
    try {
      const attempt = (school: { schoolId: string; userId: string }) =>
        withTenant(t.app.deps.db, { scope: 'school', schoolId: school.schoolId, userId: school.userId }, async (tx) => {
          await assertStorageAvailable(tx, t.config, school.schoolId, 600);
          await tx.insert(storedFiles).values({
            schoolId: school.schoolId,
            id: newId(),
            ownerUserId: school.userId,
            kind: 'attachment',
            objectPath: `schools/${school.schoolId}/attachments/${newId()}.pdf`,
            bytes: 600,
            contentType: 'application/pdf',
          });
        });
      const results = await Promise.allSettled([attempt(first), attempt(second)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await unconfirmedBytes()).toBe(t.config.unverifiedStorageTotalBytes - 400);
    } finally {
      await emptyAgain(others);
    }
  });
});
