import { COMPANY_ACCESS } from '@lyceum/shared/access/company';
import { MESSAGES } from '@lyceum/shared/errors';
import { translateTo } from '@lyceum/shared/i18n/catalogues';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, schools } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { type CompanyWorld, companyWorld } from './company-helpers.ts';
import { as, errorOf, login, TEST_PASSWORD } from './helpers.ts';

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

const schoolCount = async () =>
  (await withSystem(w.t.app.deps.db, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(schools)))[0]?.n;

async function newSchoolBody(overrides: Record<string, unknown> = {}) {
  const tag = Math.random().toString(36).slice(2, 8);
  return {
    name: `Gamma ${tag} High`,
    address: '7 Gamma Road',
    phone: '+1 555 0300',
    email: `office.${tag}@gamma.test`,
    principalName: 'Grace Gamma',
    logo: 'https://cdn.gamma.test/logo.png',
    admin: { name: 'Gus Admin', email: `gus.${tag}@gamma.test`, sendInvitation: false },
    subscription: { planId: await w.planId('Premium'), billingCycle: 'yearly', addonIds: [await w.addonId('SMS')] },
    ...overrides,
  };
}

describe('POST /company/schools', () => {
  it('creates the school, its admin with an 18-character temporary password and its first subscription', async () => {
    const body = await newSchoolBody();
    const res = await w.companyAdmin({ method: 'POST', url: '/api/v1/company/schools', payload: body });
    expect(res.statusCode).toBe(201);
    const out = res.json();
    expect(out.school).toMatchObject({
      name: body.name,
      principalName: 'Grace Gamma',
      status: 'active',
      planName: 'Premium',
    });
    expect(out.admin.temporaryPassword).toHaveLength(18);
    expect(out.admin.invitationSent).toBe(false);
    // Premium yearly: 12 × 200.00 less 20 %, plus 12 × 15.00 of SMS.
    expect(out.subscription).toMatchObject({
      billingCycle: 'yearly',
      planAmountMinor: 192_000,
      addonsAmountMinor: 18_000,
      totalAmountMinor: 210_000,
      subscriptionType: 'initial',
      isInitial: true,
      changeKind: 'new',
      status: 'active',
      paymentStatus: 'pending',
    });
    const months =
      (new Date(out.subscription.endDate).getUTCFullYear() - new Date(out.subscription.startDate).getUTCFullYear()) *
        12 +
      new Date(out.subscription.endDate).getUTCMonth() -
      new Date(out.subscription.startDate).getUTCMonth();
    expect(months).toBe(12);
    const session = await login(w.t.app, body.admin.email, 'school_admin', out.admin.temporaryPassword);
    expect(session.body.user.schoolId).toBe(out.school.id);
  });

  it('with sendInvitation e-mails a set-password link in the school name and returns no password', async () => {
    const body = await newSchoolBody();
    body.admin = { ...body.admin, sendInvitation: true };
    const res = await w.admin({ method: 'POST', url: '/api/v1/company/schools', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json().admin.temporaryPassword).toBeNull();
    const [mail] = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.to, body.admin.email)),
    );
    expect(mail?.subject).toContain(body.name);
    const token = /token=([^\s]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const reset = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: decodeURIComponent(token as string), password: 'a-new-long-passphrase' },
    });
    expect(reset.statusCode).toBe(204);
    await login(w.t.app, body.admin.email, 'school_admin', 'a-new-long-passphrase');
  });

  it('is all or nothing: a taken admin e-mail or an unknown plan creates no school', async () => {
    const before = await schoolCount();
    const taken = await newSchoolBody();
    taken.admin = { ...taken.admin, email: w.a.users.teacher.email };
    const res = await w.companyAdmin({ method: 'POST', url: '/api/v1/company/schools', payload: taken });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(MESSAGES.emailInUse);
    const badPlan = await newSchoolBody();
    badPlan.subscription = { planId: '01900000-0000-7000-8000-000000000000', billingCycle: 'monthly', addonIds: [] };
    const res2 = await w.companyAdmin({ method: 'POST', url: '/api/v1/company/schools', payload: badPlan });
    expect(res2.statusCode).toBe(400);
    expect(errorOf(res2).fields?.planId).toBe('Choose a plan');
    expect(await schoolCount()).toBe(before);
  });

  it('refuses bad input with field messages, and anyone but company_admin/admin', async () => {
    const res = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/schools',
      payload: { name: '', admin: { name: 'x', email: 'not-an-email' }, subscription: {} },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('validation');
    const body = await newSchoolBody();
    expect((await w.companyUser({ method: 'POST', url: '/api/v1/company/schools', payload: body })).statusCode).toBe(
      403,
    );
    const sa = await w.asA('school_admin');
    expect((await sa({ method: 'POST', url: '/api/v1/company/schools', payload: body })).statusCode).toBe(403);
  });
});

describe('GET /company/schools', () => {
  it('sorts by name as a reader expects, accents and case aside, both ways and page by page', async () => {
    for (const name of ['Ordering zeta', 'Ordering Émile', 'ordering Abel']) {
      const res = await w.companyAdmin({
        method: 'POST',
        url: '/api/v1/company/schools',
        payload: await newSchoolBody({ name }),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const names = async (order: 'asc' | 'desc') => {
      const out: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await w.companyUser({
          method: 'GET',
          url: `/api/v1/company/schools?q=ordering&sort=name&order=${order}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        out.push(...res.json().items.map((x: { name: string }) => x.name));
        cursor = res.json().nextCursor;
      } while (cursor);
      return out;
    };
    expect(await names('asc')).toEqual(['ordering Abel', 'Ordering Émile', 'Ordering zeta']);
    expect(await names('desc')).toEqual(['Ordering zeta', 'Ordering Émile', 'ordering Abel']);
  });

  it('searches, filters by status, sorts from an allow-list and pages', async () => {
    const all = await w.companyUser({ method: 'GET', url: '/api/v1/company/schools?limit=100' });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBeGreaterThanOrEqual(2);
    const found = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/schools?q=alpha' });
    expect(found.json().items.map((s: { name: string }) => s.name)).toEqual(['Alpha School']);
    expect(found.json().items[0]).toMatchObject({ status: 'active', planName: 'Standard', studentCount: 1 });

    const page1 = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/schools?limit=1&sort=name&order=asc' });
    const cursor = page1.json().nextCursor;
    expect(cursor).toBeTruthy();
    const page2 = await w.companyAdmin({
      method: 'GET',
      url: `/api/v1/company/schools?limit=1&sort=name&cursor=${cursor}`,
    });
    expect(page2.json().items[0].id).not.toBe(page1.json().items[0].id);

    const bySize = (
      await w.companyAdmin({ method: 'GET', url: '/api/v1/company/schools?sort=students&order=desc&limit=100' })
    ).json();
    const counts = bySize.items.map((x: { studentCount: number }) => x.studentCount);
    expect(counts).toEqual([...counts].sort((x: number, y: number) => y - x));
    expect(bySize.items.find((x: { name: string }) => x.name === 'Alpha School').studentCount).toBe(1);
    const wildcard = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/schools?q=%25' });
    expect(wildcard.json().items).toEqual([]);

    const inactive = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/schools?status=inactive' });
    expect(inactive.json().items.every((s: { status: string }) => s.status === 'inactive')).toBe(true);

    for (const bad of ['sort=password', 'status=deleted', 'cursor=bm9wZQ', 'limit=1000']) {
      const res = await w.companyAdmin({ method: 'GET', url: `/api/v1/company/schools?${bad}` });
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
    }
    const teacher = await w.asA('teacher');
    expect((await teacher({ method: 'GET', url: '/api/v1/company/schools' })).statusCode).toBe(403);
  });
});

describe("the company lists' search", () => {
  it('refuses a search of more than 120 characters with its own translated message, not zod’s', async () => {
    const message = 'A search can be at most 120 characters';
    for (const list of ['schools', 'usage']) {
      const res = await w.companyAdmin({ method: 'GET', url: `/api/v1/company/${list}?q=${'a'.repeat(121)}` });
      expect({ list, status: res.statusCode, error: errorOf(res) }).toEqual({
        list,
        status: 400,
        error: { code: 'validation', message: `Invalid data: ${message}`, fields: { q: message } },
      });
      const limit = await w.companyAdmin({ method: 'GET', url: `/api/v1/company/${list}?q=${'a'.repeat(120)}` });
      expect({ list, status: limit.statusCode }).toEqual({ list, status: 200 });
    }
    for (const language of ['es', 'ar'] as const) {
      const res = await w.companyAdmin({
        method: 'GET',
        url: `/api/v1/company/schools?q=${'a'.repeat(121)}`,
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(400);
      const translated = translateTo(message, language);
      expect(translated).not.toBe(message);
      expect(errorOf(res).fields).toEqual({ q: translated });
      expect(errorOf(res).message).toContain(translated);
    }
  });
});

describe("the company lists' query parameters", () => {
  it('refuse a repeated search and an unknown sort, order or lead kind in plain words, not zod’s', async () => {
    const cases: [string, string, string][] = [
      ['/api/v1/company/schools?q=a&q=b', 'q', 'Give this parameter once'],
      ['/api/v1/company/usage?q=a&q=b', 'q', 'Give this parameter once'],
      ['/api/v1/company/schools?sort=size', 'sort', 'Unknown value'],
      ['/api/v1/company/schools?order=up', 'order', 'Unknown value'],
      ['/api/v1/company/leads?kind=partnership', 'kind', 'Unknown value'],
    ];
    for (const [url, field, message] of cases) {
      const res = await w.companyAdmin({ method: 'GET', url });
      expect({ url, status: res.statusCode, error: errorOf(res) }).toEqual({
        url,
        status: 400,
        error: { code: 'validation', message: `Invalid data: ${message}`, fields: { [field]: message } },
      });
    }
    const es = await w.companyAdmin({
      method: 'GET',
      url: '/api/v1/company/leads?kind=partnership',
      headers: { 'accept-language': 'es' },
    });
    expect(errorOf(es)).toEqual({
      code: 'validation',
      message: 'Datos no válidos: Valor desconocido',
      fields: { kind: 'Valor desconocido' },
    });
  });
  it("answers a colour or an e-mail that is not text in our words, translated, never zod's", async () => {
    const before = await schoolCount();
    const send = (payload: Record<string, unknown>, language: string) =>
      w.companyAdmin({
        method: 'POST',
        url: '/api/v1/company/schools',
        payload,
        headers: { 'accept-language': language },
      });
    const es = await send(await newSchoolBody({ brandColor: 5 }), 'es');
    expect(es.statusCode).toBe(400);
    expect(errorOf(es)).toEqual({
      code: 'validation',
      message: 'Datos no válidos: Debe ser un texto',
      fields: { brandColor: 'Debe ser un texto' },
    });
    for (const brandColor of [true, [1], {}])
      expect(errorOf(await send(await newSchoolBody({ brandColor }), 'en')).fields).toEqual({
        brandColor: 'Must be text',
      });
    expect(errorOf(await send(await newSchoolBody({ email: 5 }), 'en')).fields).toEqual({ email: 'Must be text' });
    const ar = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/schools/${w.b.id}`,
      payload: { brandColor: true },
      headers: { 'accept-language': 'ar' },
    });
    expect(ar.statusCode).toBe(400);
    expect(errorOf(ar)).toEqual({
      code: 'validation',
      message: 'بيانات غير صالحة: يجب أن تكون نصًا',
      fields: { brandColor: 'يجب أن تكون نصًا' },
    });
    expect(await schoolCount()).toBe(before);
  });
});

describe('PATCH /company/schools/:id and detail', () => {
  it('edits a school, audited with the actor', async () => {
    const res = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/schools/${w.b.id}`,
      payload: { principalName: 'Bea Boss', brandColor: '#112233', address: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ principalName: 'Bea Boss', brandColor: '#112233', address: null });
    const [entry] = await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, w.b.id), eq(auditLog.action, 'school.updated')))
        .orderBy(desc(auditLog.createdAt)),
    );
    expect(entry?.actorRole).toBe('company_admin');
    expect(entry?.actorAccountId).toBeTruthy();
    const bad = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/schools/${w.b.id}`,
      payload: { brandColor: 'red' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.brandColor).toBe('Use a colour like #2563eb');
    for (const logo of ['http://cdn.example.test/logo.png', '//cdn.example.test/logo.png', 'javascript:alert(1)']) {
      const refused = await w.companyAdmin({
        method: 'PATCH',
        url: `/api/v1/company/schools/${w.b.id}`,
        payload: { logo },
      });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).fields?.logo).toBe('Use an https:// address or a path on this server');
    }
    const missing = await w.companyAdmin({
      method: 'PATCH',
      url: '/api/v1/company/schools/01900000-0000-7000-8000-000000000000',
      payload: { name: 'Nobody' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a school e-mail that is not one gets "Enter a valid email address" on create and edit; blank clears it', async () => {
    const before = await schoolCount();
    const created = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/schools',
      payload: await newSchoolBody({ email: 'bad' }),
    });
    expect(created.statusCode).toBe(400);
    expect(errorOf(created)).toMatchObject({
      message: 'Invalid data: Enter a valid email address',
      fields: { email: 'Enter a valid email address' },
    });
    expect(await schoolCount()).toBe(before);
    const edited = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/schools/${w.b.id}`,
      payload: { email: 'notanemail' },
    });
    expect(edited.statusCode).toBe(400);
    expect(errorOf(edited)).toEqual({
      code: 'validation',
      message: 'Invalid data: Enter a valid email address',
      fields: { email: 'Enter a valid email address' },
    });
    const office = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/schools/${w.b.id}`,
      payload: { email: 'Office@Beta.test' },
    });
    expect(office.json().email).toBe('office@beta.test');
    const cleared = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/schools/${w.b.id}`,
      payload: { email: '' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().email).toBeNull();
  });

  it('shows subscription, history, usage and admins', async () => {
    const res = await w.admin({ method: 'GET', url: `/api/v1/company/schools/${w.a.id}` });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.subscription.planName).toBe('Standard');
    expect(d.history.items).toHaveLength(1);
    expect(d.history.initialSubscriptionId).toBe(d.subscription.id);
    expect(d.usage.find((u: { metric: string }) => u.metric === 'students')).toEqual({
      metric: 'students',
      used: 1,
      limit: 500,
      ratio: 1 / 500,
    });
    expect(d.admins.map((x: { role: string }) => x.role).sort()).toEqual(['principal', 'school_admin']);
    const missing = await w.admin({
      method: 'GET',
      url: '/api/v1/company/schools/01900000-0000-7000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('company_user reads the company lists and changes nothing (docs/product.md, "Who may do what")', () => {
  it('reads schools, a school, plans, add-ons, add-on requests, payments and leads', async () => {
    for (const url of [
      '/api/v1/company/schools',
      '/api/v1/company/plans',
      '/api/v1/company/addons',
      '/api/v1/company/addon-requests',
      '/api/v1/company/payments',
      '/api/v1/company/leads',
    ]) {
      const res = await w.companyUser({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(Array.isArray(res.json().items)).toBe(true);
    }
    const res = await w.companyUser({ method: 'GET', url: `/api/v1/company/schools/${w.a.id}` });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.school.name).toBe('Alpha School');
    expect(d.subscription.planName).toBe('Standard');
    expect(d.history.items).toHaveLength(1);
    // Not usage, not the school's people: those parts are the platform managers'.
    expect(d.usage).toEqual([]);
    expect(d.admins).toEqual([]);
    const missing = await w.companyUser({
      method: 'GET',
      url: '/api/v1/company/schools/01900000-0000-7000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is sent no school’s student count, in the list or a school’s page, and may not sort by it', async () => {
    const manager = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/schools?q=alpha' });
    expect(manager.json().items[0].studentCount).toBe(1);
    const list = await w.companyUser({ method: 'GET', url: '/api/v1/company/schools?limit=100' });
    expect(list.statusCode).toBe(200);
    const counts = list.json().items.map((s: { studentCount: number | null }) => s.studentCount);
    expect(counts.length).toBeGreaterThanOrEqual(2);
    expect(counts.every((c: number | null) => c === null)).toBe(true);
    const detail = await w.companyUser({ method: 'GET', url: `/api/v1/company/schools/${w.a.id}` });
    expect(detail.json().school).toMatchObject({ name: 'Alpha School', studentCount: null });
    // An order by the count would tell it too.
    const sorted = await w.companyUser({ method: 'GET', url: '/api/v1/company/schools?sort=students&order=desc' });
    expect([sorted.statusCode, errorOf(sorted).message]).toEqual([403, MESSAGES.forbidden]);
  });

  it('is refused every write, revenue and usage with 403, and nothing changes', async () => {
    const before = (await w.admin({ method: 'GET', url: `/api/v1/company/schools/${w.a.id}` })).json();
    const plan = await w.planId('Standard');
    const addon = await w.addonId('SMS');
    const some = '01900000-0000-7000-8000-000000000000';
    const calls: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: Record<string, unknown> }[] = [
      { method: 'POST', url: '/api/v1/company/schools', payload: await newSchoolBody() },
      { method: 'PATCH', url: `/api/v1/company/schools/${w.a.id}`, payload: { name: 'Renamed By Reader' } },
      { method: 'POST', url: `/api/v1/company/schools/${w.a.id}/deactivate` },
      { method: 'POST', url: `/api/v1/company/schools/${w.a.id}/reactivate` },
      { method: 'POST', url: `/api/v1/company/schools/${w.a.id}/subscriptions`, payload: { planId: plan } },
      { method: 'POST', url: `/api/v1/company/schools/${w.a.id}/subscription/renew`, payload: {} },
      { method: 'POST', url: `/api/v1/company/schools/${w.a.id}/subscription/cancel` },
      { method: 'POST', url: '/api/v1/company/plans', payload: { name: 'Reader Plan' } },
      { method: 'PATCH', url: `/api/v1/company/plans/${plan}`, payload: { isActive: false } },
      { method: 'POST', url: '/api/v1/company/addons', payload: { name: 'Reader Add-on' } },
      { method: 'PATCH', url: `/api/v1/company/addons/${addon}`, payload: { isActive: false } },
      { method: 'POST', url: `/api/v1/company/addon-requests/${some}/approve` },
      { method: 'POST', url: `/api/v1/company/addon-requests/${some}/reject`, payload: { reason: 'No thanks' } },
      { method: 'POST', url: `/api/v1/company/payments/${some}/confirm` },
      { method: 'POST', url: `/api/v1/company/payments/${some}/reject`, payload: { reason: 'No thanks' } },
      { method: 'PATCH', url: `/api/v1/company/leads/${some}`, payload: { status: 'closed' } },
      { method: 'GET', url: '/api/v1/company/revenue' },
      { method: 'GET', url: '/api/v1/company/revenue/export' },
      { method: 'GET', url: '/api/v1/company/usage' },
      { method: 'GET', url: '/api/v1/company/usage/export' },
    ];
    // Every write of the company control plane is in the list above.
    const writes = Object.keys(COMPANY_ACCESS).filter(
      (key) => key.includes(' /api/v1/company/') && !key.startsWith('GET '),
    );
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(writes.length);
    for (const call of calls) {
      const res = await w.companyUser(call);
      expect({ ...call, payload: undefined, status: res.statusCode }).toEqual({
        ...call,
        payload: undefined,
        status: 403,
      });
    }
    const after = (await w.admin({ method: 'GET', url: `/api/v1/company/schools/${w.a.id}` })).json();
    expect(after).toEqual(before);
  });
});

describe('deactivate and reactivate', () => {
  it("signs the school's users out and refuses their sign-in with a clear message until reactivated", async () => {
    const teacher = await login(w.t.app, w.b.users.teacher.email, 'teacher');
    const res = await w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${w.b.id}/deactivate` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isActive: false, status: 'inactive' });
    expect((await as(w.t.app, teacher)({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    const refused = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: w.b.users.teacher.email, password: TEST_PASSWORD, role: 'teacher' },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'auth/school-inactive', message: MESSAGES.schoolInactive });
    // Other schools are untouched.
    await login(w.t.app, w.a.users.teacher.email, 'teacher');

    const back = await w.admin({ method: 'POST', url: `/api/v1/company/schools/${w.b.id}/reactivate` });
    expect(back.json()).toMatchObject({ isActive: true, status: 'active' });
    await login(w.t.app, w.b.users.teacher.email, 'teacher');
    const sa = await w.asA('school_admin');
    expect((await sa({ method: 'POST', url: `/api/v1/company/schools/${w.b.id}/deactivate` })).statusCode).toBe(403);
    const missing = await w.admin({
      method: 'POST',
      url: '/api/v1/company/schools/01900000-0000-7000-8000-000000000000/deactivate',
    });
    expect(missing.statusCode).toBe(404);
  });
});
