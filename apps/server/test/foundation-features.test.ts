import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_ADDONS, DEFAULT_PLANS } from '@lyceum/shared/plans';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addons, auditLog, notifications, plans } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD, seedDefaults, seedDemo } from '../src/seed/seed.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { newId } from '../src/lib/ids.ts';
import {
  as,
  createCompanyUser,
  createSchool,
  createTestApp,
  errorOf,
  login,
  type SchoolFixture,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let a: SchoolFixture;
let b: SchoolFixture;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.app, { name: 'Alpha', phone: '+1 555 0111', principalName: 'Pia Alpha' });
  b = await createSchool(t.app, { name: 'Beta' });
});
afterAll(() => t.close());

async function notify(school: SchoolFixture, userId: string, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => newId());
  await withSystem(t.app.deps.db, (tx) =>
    tx
      .insert(notifications)
      .values(
        ids.map((id, i) => ({ schoolId: school.id, id, userId, type: 'other' as const, title: `N${i}`, body: 'b' })),
      ),
  );
  return ids;
}

describe('default plans and add-ons (docs/product.md, "Subscriptions and plans")', () => {
  it('are seeded exactly, once', async () => {
    const rows = await withSystem(t.app.deps.db, (tx) => tx.select().from(plans));
    expect(rows.map((p) => [p.name, p.priceMinor, p.limits, p.yearlyDiscountPercent, p.isPopular]).sort()).toEqual(
      DEFAULT_PLANS.map((p) => [p.name, p.priceMinor, p.limits, p.yearlyDiscountPercent, p.isPopular]).sort(),
    );
    const standard = rows.find((p) => p.name === 'Standard');
    expect(standard?.limits).toMatchObject({
      maxStudents: 500,
      maxTeachers: 50,
      maxParents: 1000,
      maxAdmins: 5,
      maxPrincipals: 3,
      storageGB: 25,
      apiCallsPerMonth: 5000,
    });
    expect(rows.find((p) => p.name === 'Enterprise')?.limits.maxStudents).toBe(-1);
    const addonRows = await withSystem(t.app.deps.db, (tx) => tx.select().from(addons));
    expect(Object.fromEntries(addonRows.map((x) => [x.name, x.priceMinor]))).toEqual({
      WhatsApp: 2000,
      SMS: 1500,
      'Email Marketing': 2500,
      'Mobile App': 10000,
      'Advanced Analytics': 5000,
      'API Access': 7500,
      'White Label': 20000,
      'Priority Support': 10000,
    });
    expect(addonRows).toHaveLength(DEFAULT_ADDONS.length);
    // An operator's removal is not undone by the next start.
    await withSystem(t.app.deps.db, (tx) =>
      tx.update(plans).set({ name: 'Basic (old)' }).where(eq(plans.name, 'Basic')),
    );
    await seedDefaults(t.app.deps.db);
    const again = await withSystem(t.app.deps.db, (tx) => tx.select().from(plans));
    expect(again).toHaveLength(4);
    await withSystem(t.app.deps.db, (tx) =>
      tx.update(plans).set({ name: 'Basic' }).where(eq(plans.name, 'Basic (old)')),
    );
  });

  it('advertise nothing docs/product.md lists under "Not built yet", at sign-up or in the demo', async () => {
    const product = readFileSync(path.resolve(import.meta.dirname, '../../../docs/product.md'), 'utf8');
    const notBuilt = product.split('## Not built yet')[1] ?? '';
    const items = [...notBuilt.matchAll(/^- \*\*(.+?)\*\*/gm)].map((m) => m[1]);
    // The words that would sell each item. A new item there fails here until it has its words.
    const words: Record<string, string[]> = {
      Exams: ['exam'],
      Marks: ['mark', 'grade book', 'gradebook'],
      Assignments: ['assignment', 'homework'],
      Reports: ['report', 'chart', 'analytics'],
      'Fees and payments': ['fee', 'payment', 'invoice'],
      // Attachments are built since ("Files", "Attachments"); nothing sells them as missing.
      'Push notifications': ['push'],
      // Add-ons, not plans: sold and tracked as docs/product.md says.
      'Add-ons that switch nothing yet': [],
    };
    expect(items).toEqual(Object.keys(words));
    const sold = (features: readonly string[]) =>
      features.filter((f) => Object.values(words).some((ws) => ws.some((w) => new RegExp(`\\b${w}`, 'i').test(f))));
    for (const plan of DEFAULT_PLANS) expect(sold(plan.features), plan.name).toEqual([]);
    // What sign-up shows (the seeded rows, the demo's included), read as sign-up reads it.
    const listed: { name: string; features: string[] }[] = (
      await t.app.inject({ method: 'GET', url: '/api/v1/plans' })
    ).json();
    expect(listed.map((p) => p.features)).toEqual(
      ['Basic', 'Standard', 'Premium', 'Enterprise'].map((n) => DEFAULT_PLANS.find((p) => p.name === n)?.features),
    );
    for (const plan of listed) expect(sold(plan.features), plan.name).toEqual([]);
  });

  it('GET /api/v1/plans lists the active plans by price, publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { name: string }) => p.name)).toEqual(['Basic', 'Standard', 'Premium', 'Enterprise']);
  });
});

describe('demo seed', () => {
  it('creates both demo schools and an account per role, all signing in with lyceum-demo', async () => {
    const fresh = await createTestApp();
    try {
      const seeded = await seedDemo(fresh.app.deps.db);
      expect(seeded?.accounts).toContain('school_admin school-admin@demo.lyceum.test');
      expect(await seedDemo(fresh.app.deps.db)).toBeNull();
      const accounts: [string, string, string | null][] = [
        ['company-admin@lyceum.test', 'company_admin', null],
        ['admin@lyceum.test', 'admin', null],
        ['company-user@lyceum.test', 'company_user', null],
      ];
      for (const [domain, school] of [
        ['demo.lyceum.test', 'Demo School'],
        ['riverside.lyceum.test', 'Riverside Academy'],
      ] as const) {
        for (const role of ['school_admin', 'principal', 'teacher', 'student', 'parent']) {
          accounts.push([`${role === 'school_admin' ? 'school-admin' : role}@${domain}`, role, school]);
        }
      }
      for (const [email, role, school] of accounts) {
        const res = await fresh.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password: DEMO_PASSWORD, role },
        });
        expect({ email, status: res.statusCode }).toEqual({ email, status: 200 });
        expect(res.json().user.role).toBe(role);
        expect(res.json().school?.name ?? null).toBe(school);
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('notifications', () => {
  it('lists my notifications newest first with the unread count', async () => {
    await notify(a, a.users.teacher.id, 11);
    await notify(a, a.users.parent.id, 2);
    const s = await login(t.app, a.users.teacher.email, 'teacher');
    const res = await as(t.app, s)({ method: 'GET', url: '/api/v1/notifications' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unread).toBe(11);
    expect(body.items).toHaveLength(11);
    expect(body.items[0]).toMatchObject({ type: 'other', read: false });
  });

  it('marks one read, then all read; other users are untouched', async () => {
    const [first] = await notify(a, a.users.principal.id, 3);
    const s = await login(t.app, a.users.principal.email, 'principal');
    expect((await as(t.app, s)({ method: 'POST', url: `/api/v1/notifications/${first}/read` })).statusCode).toBe(204);
    expect((await as(t.app, s)({ method: 'GET', url: '/api/v1/notifications' })).json().unread).toBe(2);
    expect((await as(t.app, s)({ method: 'POST', url: '/api/v1/notifications/read-all' })).statusCode).toBe(204);
    expect((await as(t.app, s)({ method: 'GET', url: '/api/v1/notifications' })).json().unread).toBe(0);
    const parent = await login(t.app, a.users.parent.email, 'parent');
    expect((await as(t.app, parent)({ method: 'GET', url: '/api/v1/notifications' })).json().unread).toBe(2);
  });

  it('GET /auth/me carries the unread count, so a fresh page needs no bell request', async () => {
    await notify(a, a.users.student.id, 3);
    const s = await login(t.app, a.users.student.email, 'student');
    const before = (await as(t.app, s)({ method: 'GET', url: '/api/v1/auth/me' })).json();
    const list = (await as(t.app, s)({ method: 'GET', url: '/api/v1/notifications' })).json();
    expect(before.unread).toBe(list.unread);
    expect(before.unread).toBeGreaterThanOrEqual(3);
    await as(t.app, s)({ method: 'POST', url: '/api/v1/notifications/read-all' });
    expect((await as(t.app, s)({ method: 'GET', url: '/api/v1/auth/me' })).json().unread).toBe(0);
    const otherSchool = await login(t.app, b.users.student.email, 'student');
    expect((await as(t.app, otherSchool)({ method: 'GET', url: '/api/v1/auth/me' })).json().unread).toBe(0);
    const staff = await createCompanyUser(t.app, 'company_admin');
    const companySession = await login(t.app, staff.email, 'company_admin');
    expect((await as(t.app, companySession)({ method: 'GET', url: '/api/v1/auth/me' })).json()).toMatchObject({
      school: null,
      unread: 0,
    });
  });

  it("cannot mark a colleague's or another school's notification (404, unchanged)", async () => {
    const [colleagues] = await notify(a, a.users.student.id, 1);
    const teacher = await login(t.app, a.users.teacher.email, 'teacher');
    expect(
      (await as(t.app, teacher)({ method: 'POST', url: `/api/v1/notifications/${colleagues}/read` })).statusCode,
    ).toBe(404);
    const other = await login(t.app, b.users.school_admin.email, 'school_admin');
    const res = await as(t.app, other)({ method: 'POST', url: `/api/v1/notifications/${colleagues}/read` });
    expect(res.statusCode).toBe(404);
    const [row] = await withSystem(t.app.deps.db, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(eq(notifications.id, colleagues as string)),
    );
    expect(row?.readAt).toBeNull();
  });

  it('rejects a malformed id', async () => {
    const s = await login(t.app, a.users.teacher.email, 'teacher');
    const res = await as(t.app, s)({ method: 'POST', url: '/api/v1/notifications/123/read' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.id).toBe('Invalid id');
  });

  it('company staff with nothing to hear of get an empty bell', async () => {
    const staff = await createCompanyUser(t.app, 'company_admin');
    const s = await login(t.app, staff.email, 'company_admin');
    expect((await as(t.app, s)({ method: 'GET', url: '/api/v1/notifications' })).json()).toEqual({
      items: [],
      unread: 0,
      nextCursor: null,
      total: 0,
    });
  });
});

describe('profile', () => {
  it('updates my name and phone, audited, and the session shows it', async () => {
    const s = await login(t.app, a.users.student.email, 'student');
    const res = await as(
      t.app,
      s,
    )({ method: 'PATCH', url: '/api/v1/profile', payload: { name: '  Stella Star ', phone: '+1 (555) 010-2030' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Stella Star', phone: '+1 (555) 010-2030' });
    expect((await as(t.app, s)({ method: 'GET', url: '/api/v1/auth/me' })).json().user.name).toBe('Stella Star');
    const audits = await withSystem(t.app.deps.db, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'profile.updated')),
    );
    expect(audits.some((x) => x.entityId === a.users.student.id && x.schoolId === a.id)).toBe(true);
  });

  it('works for company staff too', async () => {
    const staff = await createCompanyUser(t.app, 'company_user');
    const s = await login(t.app, staff.email, 'company_user');
    const res = await as(
      t.app,
      s,
    )({ method: 'PATCH', url: '/api/v1/profile', payload: { name: 'Cora C', phone: null } });
    expect(res.json().user).toMatchObject({ name: 'Cora C', phone: null, schoolId: null });
  });

  it('rejects an empty name and a bad phone, changing nothing', async () => {
    const s = await login(t.app, a.users.parent.email, 'parent');
    const res = await as(
      t.app,
      s,
    )({ method: 'PATCH', url: '/api/v1/profile', payload: { name: '   ', phone: 'call me<script>' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorOf(res).fields ?? {})).toEqual(expect.arrayContaining(['name', 'phone']));
    // Leaving the name out says the same as a blank one (docs/product.md, "Your own profile").
    const noName = await as(t.app, s)({ method: 'PATCH', url: '/api/v1/profile', payload: { phone: '+1 555 0100' } });
    expect(errorOf(noName)).toMatchObject({
      message: 'Invalid data: Name is required',
      fields: { name: 'Name is required' },
    });
    expect((await as(t.app, s)({ method: 'GET', url: '/api/v1/auth/me' })).json().user.name).toBe(
      `parent ${a.users.parent.email.split('.')[1]?.split('@')[0]}`,
    );
  });
});

describe('dashboard', () => {
  it('school admins see real counts of their own school only, and the subscription', async () => {
    const s = await login(t.app, a.users.school_admin.email, 'school_admin');
    const res = await as(t.app, s)({ method: 'GET', url: '/api/v1/dashboard' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.title).toBe('Alpha');
    const stat = (key: string) => body.stats.find((x: { key: string }) => x.key === key)?.value;
    expect([stat('students'), stat('teachers'), stat('parents'), stat('staff')]).toEqual([1, 1, 1, 2]);
    expect(body.subscription).toMatchObject({ planName: 'Standard', status: 'active' });
    expect(body.subscription.daysLeft).toBeGreaterThan(300);
  });

  it('company staff see platform figures across schools', async () => {
    const staff = await createCompanyUser(t.app, 'admin');
    const s = await login(t.app, staff.email, 'admin');
    const body = (await as(t.app, s)({ method: 'GET', url: '/api/v1/dashboard' })).json();
    const count = await withSystem(t.app.deps.db, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from schools`),
    );
    expect(body.stats.find((x: { key: string }) => x.key === 'schools').value).toBe(count.rows[0]?.n);
    // The amount in minor units and its currency: the browser writes it in the reader's language.
    expect(body.stats.find((x: { key: string }) => x.key === 'mrr')).toMatchObject({
      value: expect.any(Number),
      currency: 'USD',
    });
  });

  it('other roles see their own unread count', async () => {
    const s = await login(t.app, b.users.teacher.email, 'teacher');
    await notify(b, b.users.teacher.id, 4);
    const body = (await as(t.app, s)({ method: 'GET', url: '/api/v1/dashboard' })).json();
    expect(body).toMatchObject({ role: 'teacher', title: 'Beta', subscription: null });
    expect(body.stats).toEqual([{ key: 'unread', label: 'Unread notifications', value: 4 }]);
  });
});

describe('my school (emergency contact)', () => {
  it("returns the signed-in user's own school", async () => {
    const s = await login(t.app, a.users.parent.email, 'parent');
    const res = await as(t.app, s)({ method: 'GET', url: '/api/v1/school' });
    expect(res.json()).toMatchObject({ name: 'Alpha', phone: '+1 555 0111', principalName: 'Pia Alpha' });
    const other = await login(t.app, b.users.parent.email, 'parent');
    expect((await as(t.app, other)({ method: 'GET', url: '/api/v1/school' })).json().name).toBe('Beta');
  });

  it('is for school roles only', async () => {
    const staff = await createCompanyUser(t.app, 'company_admin');
    const s = await login(t.app, staff.email, 'company_admin');
    expect((await as(t.app, s)({ method: 'GET', url: '/api/v1/school' })).statusCode).toBe(403);
  });
});

describe('ids', () => {
  it('are UUIDv7: the creation time first, distinct, in order of time', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => newId(1_700_000_000_000 + Math.floor(i / 10)));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]?.slice(0, 13)).toBe('018bcfe5-6800');
    const byTime = ids.filter((_, i) => i % 10 === 0);
    expect([...byTime].sort()).toEqual(byTime);
  });
});
