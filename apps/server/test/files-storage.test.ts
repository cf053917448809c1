import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import type { Tx } from '../src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/seed.ts';
import { seedDemoPictures } from '../src/seed/seed-files.ts';
import { plans, schoolSubscriptions, storedFiles } from '../src/db/schema/index.ts';
import { withSystem, withTenant } from '../src/db/tenancy.ts';
import { AppError } from '../src/lib/errors.ts';
import { newId } from '../src/lib/ids.ts';
import { createStorage } from '../src/lib/storage/index.ts';
import { LocalDiskStorage } from '../src/lib/storage/local-disk.ts';
import {
  assertStorageAvailable,
  BYTES_PER_GB,
  storageLimitBytes,
  storageUsedBySchool,
  storageUsedBytes,
} from '../src/modules/files/storage-usage.ts';
import { as, createSchool, createTestApp, login, type SchoolFixture, type TestApp } from './helpers.ts';

/** Storage accounting on its own: what the upload route and the company usage page build on. */
let t: TestApp;
let a: SchoolFixture;
let b: SchoolFixture;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.app, { name: 'Storage A' });
  b = await createSchool(t.app, { name: 'Storage B', planName: 'Enterprise' });
});
afterAll(() => t.close());

const asSchool = <T>(school: SchoolFixture, fn: (tx: Tx) => Promise<T>) =>
  withTenant(t.app.deps.db, { scope: 'school', schoolId: school.id, userId: school.users.school_admin.id }, fn);
const asCompany = <T>(fn: (tx: Tx) => Promise<T>) =>
  withTenant(t.app.deps.db, { scope: 'company', schoolId: null, userId: newId() }, fn);

async function store(school: SchoolFixture, bytes: number, deleted = false): Promise<void> {
  await withSystem(t.app.deps.db, (tx) =>
    tx.insert(storedFiles).values({
      schoolId: school.id,
      id: newId(),
      ownerUserId: school.users.teacher.id,
      kind: 'profile_picture',
      objectPath: `schools/${school.id}/users/${school.users.teacher.id}/profile/${newId()}.webp`,
      bytes,
      contentType: 'image/webp',
      deletedAt: deleted ? new Date() : null,
    }),
  );
}

async function setStorageGb(school: SchoolFixture, storageGB: number): Promise<void> {
  await withSystem(t.app.deps.db, async (tx) => {
    const [sub] = await tx.select().from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, school.id));
    if (!sub) throw new Error('no subscription');
    const planId = newId();
    await tx.insert(plans).values({
      id: planId,
      name: `Tiny ${planId}`,
      priceMinor: 100,
      limits: { storageGB, maxStudents: -1 },
    });
    await tx.update(schoolSubscriptions).set({ planId }).where(eq(schoolSubscriptions.id, sub.id));
  });
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  return err instanceof AppError ? { status: err.status, message: err.message } : err;
};

describe('storage use', () => {
  it('sums the live objects of one school, never another school or deleted ones', async () => {
    await store(a, 1000);
    await store(a, 234);
    await store(a, 5000, true);
    await store(b, 77);
    expect(await asSchool(a, (tx) => storageUsedBytes(tx, a.id))).toBe(1234);
    // Row-level security: school B's scope cannot see school A's objects even when it asks for them.
    expect(await asSchool(b, (tx) => storageUsedBytes(tx, a.id))).toBe(0);
    const all = await asCompany((tx) => storageUsedBySchool(tx));
    expect(all.get(a.id)).toBe(1234);
    expect(all.get(b.id)).toBe(77);
  });

  it("reads the limit from the active subscription's plan; -1 is unlimited", async () => {
    expect(await asSchool(a, (tx) => storageLimitBytes(tx, a.id))).toBe(25 * BYTES_PER_GB);
    expect(await asSchool(b, (tx) => storageLimitBytes(tx, b.id))).toBeNull();
    await asSchool(b, (tx) => assertStorageAvailable(tx, t.config, b.id, 10 * 1024 * BYTES_PER_GB));
  });

  it('refuses with 422 "Storage limit exceeded" beyond the plan, counting what a replacement frees', async () => {
    const school = await createSchool(t.app);
    await setStorageGb(school, 2000 / BYTES_PER_GB);
    await store(school, 1500);
    await asSchool(school, (tx) => assertStorageAvailable(tx, t.config, school.id, 500));
    expect(await refusal(asSchool(school, (tx) => assertStorageAvailable(tx, t.config, school.id, 501)))).toEqual({
      status: 422,
      message: 'Storage limit exceeded',
    });
    await asSchool(school, (tx) => assertStorageAvailable(tx, t.config, school.id, 1900, 1500));
  });

  it('a school without any subscription may store nothing', async () => {
    const school = await createSchool(t.app);
    await withSystem(t.app.deps.db, (tx) =>
      tx.delete(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, school.id)),
    );
    expect(await refusal(asSchool(school, (tx) => assertStorageAvailable(tx, t.config, school.id, 1)))).toEqual({
      status: 422,
      message: 'Storage limit exceeded',
    });
  });

  // On PGlite transactions already run one at a time; the CI run on PostgreSQL (TEST_DATABASE_URL, a pool)
  // is where the lock is what makes this pass.
  it('two uploads racing for the last bytes: exactly one passes', async () => {
    const school = await createSchool(t.app);
    await setStorageGb(school, 1000 / BYTES_PER_GB);
    const attempt = () =>
      asSchool(school, async (tx) => {
        await assertStorageAvailable(tx, t.config, school.id, 600);
        await tx.insert(storedFiles).values({
          schoolId: school.id,
          id: newId(),
          ownerUserId: school.users.student.id,
          kind: 'profile_picture',
          objectPath: `schools/${school.id}/users/${school.users.student.id}/profile/${newId()}.webp`,
          bytes: 600,
          contentType: 'image/webp',
        });
      });
    const results = await Promise.allSettled([attempt(), attempt()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await asSchool(school, (tx) => storageUsedBytes(tx, school.id))).toBe(600);
  });
});

describe('demo pictures', () => {
  it('gives a few demo people a stored, counted picture that the API serves', async () => {
    const fresh = await createTestApp();
    try {
      const { db, storage } = fresh.app.deps;
      expect(await seedDemo(db)).not.toBeNull();
      await seedDemoPictures(db, storage);
      const rows = await withSystem(db, (tx) => tx.select().from(storedFiles));
      expect(rows.length).toBeGreaterThanOrEqual(2 * 3);
      for (const row of rows) expect((await storage.get(row.objectPath))?.length).toBe(row.bytes);
      const session = await login(fresh.app, 'principal@demo.lyceum.test', 'principal', DEMO_PASSWORD);
      const url: string = (await as(fresh.app, session)({ method: 'GET', url: '/api/v1/auth/me' })).json().user
        .profileImage;
      expect(url).toMatch(/^\/api\/v1\/files\/schools\/.+\.webp$/);
      const file = await as(fresh.app, session)({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width }).toEqual({ format: 'webp', width: 256 });
      const admin = await login(fresh.app, 'company-admin@lyceum.test', 'company_admin', DEMO_PASSWORD);
      const staffUrl = (await as(fresh.app, admin)({ method: 'GET', url: '/api/v1/auth/me' })).json().user.profileImage;
      expect((await as(fresh.app, admin)({ method: 'GET', url: staffUrl })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('FILE_STORAGE_URL', () => {
  it('refuses a store this build has no driver for, naming the fix; file:// directories work', () => {
    expect(() => loadConfig({ FILE_STORAGE_URL: 's3://key:secret@bucket/x' })).toThrow(ConfigError);
    expect(() => loadConfig({ FILE_STORAGE_URL: 's3://key:secret@bucket/x' })).toThrow(/storage driver/);
    expect(() => loadConfig({ FILE_STORAGE_URL: 's3://key:secret@bucket/x' })).not.toThrow(/secret/);
    const config = loadConfig({ FILE_STORAGE_URL: 'file:///srv/lyceum-files' });
    const storage = createStorage(config);
    expect(storage).toBeInstanceOf(LocalDiskStorage);
    expect((storage as LocalDiskStorage).root).toBe('/srv/lyceum-files');
  });
});
