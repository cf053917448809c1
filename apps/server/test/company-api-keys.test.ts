import { MESSAGES } from '@lyceum/shared/errors';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, apiUsage, mailOutbox } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { type CompanyWorld, companyWorld } from './company-helpers.ts';
import { as, createSchool, errorOf, login, type SchoolFixture } from './helpers.ts';

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

const bearer = (key: string) => (opts: { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }) =>
  w.t.app.inject({ ...opts, headers: { authorization: `Bearer ${key}` } } as InjectOptions);

async function giveAddons(school: SchoolFixture, planName: string, addonNames: string[]) {
  const addonIds = await Promise.all(addonNames.map((n) => w.addonId(n)));
  const res = await w.companyAdmin({
    method: 'POST',
    url: `/api/v1/company/schools/${school.id}/subscriptions`,
    payload: { planId: await w.planId(planName), addonIds },
  });
  expect(res.statusCode).toBe(201);
}

const callsOf = async (schoolId: string) =>
  (await withSystem(w.t.app.deps.db, (tx) => tx.select().from(apiUsage).where(eq(apiUsage.schoolId, schoolId))))[0]
    ?.calls ?? 0;

describe('API keys (API Access add-on)', () => {
  it('are refused without the add-on', async () => {
    const sa = await w.asB('school_admin');
    const res = await sa({ method: 'GET', url: '/api/v1/api-keys' });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toEqual({ code: 'entitlement_required', message: MESSAGES.entitlementRequired('API Access') });
    const create = await sa({ method: 'POST', url: '/api/v1/api-keys', payload: { name: 'ERP' } });
    expect(create.statusCode).toBe(402);
  });

  it('are shown once, stored hashed, authenticate as the school, reach only the allowed routes, and die on revoke', async () => {
    await giveAddons(w.a, 'Standard', ['API Access']);
    const sa = await w.asA('school_admin');
    const created = await sa({
      method: 'POST',
      url: '/api/v1/api-keys',
      payload: { name: 'Timetable sync', scopes: ['read'] },
    });
    expect(created.statusCode).toBe(201);
    const { key, apiKey } = created.json();
    expect(key).toMatch(/^lyk_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ name: 'Timetable sync', scopes: ['read'], revokedAt: null });
    const [stored] = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id)),
    );
    expect(stored?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key.slice(-20));
    const listed = (await sa({ method: 'GET', url: '/api/v1/api-keys' })).json().items;
    expect(JSON.stringify(listed)).not.toContain(key.slice(-20));

    const api = bearer(key);
    const school = await api({ method: 'GET', url: '/api/v1/school' });
    expect(school.statusCode).toBe(200);
    expect(school.json().name).toBe('Alpha School');
    expect(school.json().entitlements).toContain('api_access');
    expect((await api({ method: 'GET', url: '/api/v1/subscription' })).statusCode).toBe(200);
    for (const url of ['/api/v1/api-keys', '/api/v1/auth/me', '/api/v1/company/schools', '/api/v1/payments']) {
      const res = await api({ method: 'GET', url });
      expect({ url, status: res.statusCode, message: errorOf(res).message }).toEqual({
        url,
        status: 403,
        message: MESSAGES.apiKeyScope,
      });
    }
    const write = await api({ method: 'POST', url: '/api/v1/api-keys', payload: { name: 'escalate' } });
    expect(write.statusCode).toBe(403);

    // Another Authorization scheme (a proxy's Basic auth) does not stand in the way of the session cookie.
    const withProxyAuth = await sa({
      method: 'GET',
      url: '/api/v1/school',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(withProxyAuth.statusCode).toBe(200);
    for (const badKey of [`${key}x`, 'lyk_nope', key.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'))]) {
      const res = await bearer(badKey)({ method: 'GET', url: '/api/v1/school' });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).message).toBe(MESSAGES.apiKeyInvalid);
    }
    const other = await w.asB('school_admin');
    expect((await other({ method: 'POST', url: `/api/v1/api-keys/${apiKey.id}/revoke` })).statusCode).toBe(404);

    const revoked = await sa({ method: 'POST', url: `/api/v1/api-keys/${apiKey.id}/revoke` });
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await api({ method: 'GET', url: '/api/v1/school' })).statusCode).toBe(401);
    const principal = await w.asA('principal');
    expect((await principal({ method: 'GET', url: '/api/v1/api-keys' })).statusCode).toBe(403);
    const bad = await sa({ method: 'POST', url: '/api/v1/api-keys', payload: { name: 'x', scopes: ['admin'] } });
    expect(bad.statusCode).toBe(400);
  });

  it('stop working when the add-on goes away', async () => {
    const s = await createSchool(w.t.app, { name: 'Fickle School' });
    await giveAddons(s, 'Basic', ['API Access']);
    const sa = as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
    const { key } = (await sa({ method: 'POST', url: '/api/v1/api-keys', payload: { name: 'k' } })).json();
    expect((await bearer(key)({ method: 'GET', url: '/api/v1/school' })).statusCode).toBe(200);
    await giveAddons(s, 'Basic', []);
    const res = await bearer(key)({ method: 'GET', url: '/api/v1/school' });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe('entitlement_required');
  });
});

describe('API call metering', () => {
  it('counts API-key calls per school per month (not session traffic) and refuses beyond the plan with 429', async () => {
    const plan = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/plans',
      payload: {
        name: 'Tiny API',
        priceMinor: 100,
        limits: {
          maxStudents: 5,
          maxTeachers: 5,
          maxParents: 5,
          maxAdmins: 5,
          maxPrincipals: 5,
          storageGB: 1,
          apiCallsPerMonth: 2,
          maxSchools: 1,
        },
      },
    });
    const s = await createSchool(w.t.app, { name: 'Metered School' });
    await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/schools/${s.id}/subscriptions`,
      payload: { planId: plan.json().id, addonIds: [await w.addonId('API Access')] },
    });
    const sa = as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
    const { key } = (await sa({ method: 'POST', url: '/api/v1/api-keys', payload: { name: 'meter' } })).json();
    for (let i = 0; i < 3; i++) await sa({ method: 'GET', url: '/api/v1/school' });
    expect(await callsOf(s.id)).toBe(0);
    const api = bearer(key);
    expect((await api({ method: 'GET', url: '/api/v1/school' })).statusCode).toBe(200);
    expect((await api({ method: 'GET', url: '/api/v1/subscription' })).statusCode).toBe(200);
    expect(await callsOf(s.id)).toBe(2);
    const refused = await api({ method: 'GET', url: '/api/v1/school' });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'api_limit_exceeded',
      message: MESSAGES.apiLimitExceeded('2', 'Tiny API'),
    });
    expect(errorOf(refused).message).toContain('2 calls per month on the Tiny API plan');
    expect(await callsOf(s.id)).toBe(2);
    // The web app's own session traffic is never refused by the API limit.
    expect((await sa({ method: 'GET', url: '/api/v1/school' })).statusCode).toBe(200);
    const usage = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/usage?q=Metered' })).json().items[0];
    expect(usage.items.find((i: { metric: string }) => i.metric === 'apiCalls')).toEqual({
      metric: 'apiCalls',
      used: 2,
      limit: 2,
      ratio: 1,
    });
    expect(usage.maxRatio).toBe(1);
  });
});

describe('White Label', () => {
  it("GET /school carries the school's brand only while it holds the add-on", async () => {
    const s = await createSchool(w.t.app, { name: 'Branded School' });
    await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/schools/${s.id}`,
      payload: { logo: '/files/branded-logo.png', brandColor: '#aa3300' },
    });
    const teacher = as(w.t.app, await login(w.t.app, s.users.teacher.email, 'teacher'));
    expect((await teacher({ method: 'GET', url: '/api/v1/school' })).json().brand).toBeNull();
    expect((await teacher({ method: 'GET', url: '/api/v1/auth/me' })).json().school.brand).toBeNull();
    await giveAddons(s, 'Standard', ['White Label']);
    const school = (await teacher({ method: 'GET', url: '/api/v1/school' })).json();
    expect(school.brand).toEqual({ name: 'Branded School', logo: '/files/branded-logo.png', color: '#aa3300' });
    expect(school.entitlements).toEqual(['white_label']);
    const me = (await teacher({ method: 'GET', url: '/api/v1/auth/me' })).json();
    expect(me.school).toEqual({
      name: 'Branded School',
      logo: '/files/branded-logo.png',
      brand: { name: 'Branded School', logo: '/files/branded-logo.png', color: '#aa3300' },
      locale: DEFAULT_SCHOOL_LOCALE,
      mailAllowed: true,
    });
    // E-mails to the school's people carry its name instead of the product's.
    await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: s.users.teacher.email },
    });
    await w.t.app.deps.afterReply.settled();
    const mails = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.to, s.users.teacher.email)),
    );
    expect(mails.map((m) => m.subject)).toEqual(['Reset your Branded School password']);
    expect(mails[0]?.text).not.toContain('Lyceum');
    await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: w.b.users.teacher.email },
    });
    await w.t.app.deps.afterReply.settled();
    const plain = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.to, w.b.users.teacher.email)),
    );
    expect(plain.map((m) => m.subject)).toEqual(['Reset your Lyceum password']);
  });

  it('the branded sign-in page (/login?school=) gets the brand, only from an active school holding the add-on', async () => {
    const s = await createSchool(w.t.app, { name: 'Sign-in Brand School' });
    await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/schools/${s.id}`,
      payload: { brandColor: '#117755' },
    });
    const brand = (id: string) => w.t.app.inject({ method: 'GET', url: `/api/v1/brand?school=${id}` });
    const hidden = { code: 'not_found', message: 'School not found' };

    expect((await brand(s.id)).statusCode).toBe(404);
    expect(errorOf(await brand(s.id))).toEqual(hidden);
    await giveAddons(s, 'Standard', ['White Label']);
    const shown = await brand(s.id);
    expect(shown.statusCode).toBe(200);
    // Exactly what the school's pages show everyone: no contacts, ids or subscription details.
    expect(shown.json()).toEqual({ name: 'Sign-in Brand School', logo: null, color: '#117755' });

    const off = await w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${s.id}/deactivate` });
    expect(off.statusCode).toBe(200);
    expect(errorOf(await brand(s.id))).toEqual(hidden);
    expect(errorOf(await brand('0193a5f0-0000-7000-8000-000000000000'))).toEqual(hidden);
    const bad = await brand('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('validation');
  });
});
