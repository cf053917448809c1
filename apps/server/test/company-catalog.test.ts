import { BILLING_CURRENCY_MESSAGE } from '@lyceum/shared/company';
import { MESSAGES } from '@lyceum/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyWorld, companyWorld, SMALL_PLAN_LIMITS } from './company-helpers.ts';
import { errorOf } from './helpers.ts';

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

const limits = SMALL_PLAN_LIMITS;

describe('the default plans and add-ons', () => {
  it('seeds the four plans and eight add-ons exactly', async () => {
    const plans = (await w.companyUser({ method: 'GET', url: '/api/v1/company/plans' })).json().items;
    const row = (p: Record<string, never> & { limits: Record<string, number> }) => [
      p.name,
      p.priceMinor,
      p.billingPeriod,
      p.limits.maxStudents,
      p.limits.maxTeachers,
      p.limits.maxParents,
      p.limits.maxAdmins,
      p.limits.maxPrincipals,
      p.limits.storageGB,
      p.limits.apiCallsPerMonth,
      p.yearlyDiscountPercent,
      p.isPopular,
    ];
    expect(plans.map(row)).toEqual([
      ['Basic', 5000, 'monthly', 100, 10, 200, 2, 1, 5, 1000, 10, false],
      ['Standard', 10000, 'monthly', 500, 50, 1000, 5, 3, 25, 5000, 15, true],
      ['Premium', 20000, 'monthly', 1000, 100, 2000, 10, 5, 100, 20000, 20, false],
      ['Enterprise', 50000, 'monthly', -1, -1, -1, -1, -1, -1, -1, 25, false],
    ]);
    expect(plans.find((p: { name: string }) => p.name === 'Standard').activeSubscriptions).toBe(2);
    const addons = (await w.companyUser({ method: 'GET', url: '/api/v1/company/addons' })).json().items;
    expect(
      Object.fromEntries(
        addons.map((a: { name: string; priceMinor: number; billingPeriod: string }) => [
          a.name,
          [a.priceMinor, a.billingPeriod],
        ]),
      ),
    ).toEqual({
      WhatsApp: [2000, 'monthly'],
      SMS: [1500, 'monthly'],
      'Email Marketing': [2500, 'monthly'],
      'Mobile App': [10000, 'monthly'],
      'Advanced Analytics': [5000, 'monthly'],
      'API Access': [7500, 'monthly'],
      'White Label': [20000, 'monthly'],
      'Priority Support': [10000, 'monthly'],
    });
    expect(addons.find((a: { name: string }) => a.name === 'API Access').key).toBe('api_access');
  });
});

describe('plans', () => {
  it('creates a plan; the same name in any case is refused with the duplicate-name message', async () => {
    const res = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/plans',
      payload: {
        name: 'Starter',
        priceMinor: 2500,
        limits,
        features: ['Attendance'],
        yearlyDiscountPercent: 5,
        color: '#123456',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Starter', isActive: true, limits: { apiCallsPerMonth: -1 } });
    for (const name of ['Starter', 'starter', 'BASIC']) {
      const dup = await w.admin({
        method: 'POST',
        url: '/api/v1/company/plans',
        payload: { name, priceMinor: 1, limits },
      });
      expect(dup.statusCode).toBe(409);
      expect(errorOf(dup).message).toBe(MESSAGES.planExists(name));
      expect(errorOf(dup).message).toBe(`Plan "${name}" already exists`);
    }
  });

  it('refuses a plan or add-on name holding an invisible character, so no two names read the same', async () => {
    const before = (await w.companyUser({ method: 'GET', url: '/api/v1/company/plans' })).json().items.length;
    const invisible = [
      '\u200b',
      '\u2060',
      '\ufeff',
      '\u00ad',
      '\u{e0041}',
      '\u180e',
      '\u034f',
      '\ufe0f',
      '\u3164',
      '\u115f',
      '\u{1d173}',
    ];
    for (const name of invisible.map((c) => `Ba${c}sic`)) {
      const plan = await w.admin({
        method: 'POST',
        url: '/api/v1/company/plans',
        payload: { name, priceMinor: 100, limits },
      });
      expect({ name, status: plan.statusCode, error: errorOf(plan) }).toEqual({
        name,
        status: 400,
        error: {
          code: 'validation',
          message: 'Invalid data: Name cannot contain control or text-direction characters',
          fields: { name: 'Name cannot contain control or text-direction characters' },
        },
      });
    }
    for (const name of invisible.map((c) => `S${c}MS`)) {
      const addon = await w.admin({ method: 'POST', url: '/api/v1/company/addons', payload: { name, priceMinor: 1 } });
      expect({ name, status: addon.statusCode, field: errorOf(addon).fields?.name }).toEqual({
        name,
        status: 400,
        field: 'Name cannot contain control or text-direction characters',
      });
    }
    const spanish = await w.admin({
      method: 'POST',
      url: '/api/v1/company/plans',
      headers: { 'accept-language': 'es' },
      payload: { name: 'Basic\u200b', priceMinor: 100, limits },
    });
    expect(errorOf(spanish).fields?.name).toBe(
      'Nombre no puede contener caracteres de control ni de dirección del texto',
    );
    const renamed = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/plans/${await w.planId('Premium')}`,
      payload: { name: 'Basic\u200b' },
    });
    expect(renamed.statusCode).toBe(400);
    expect((await w.companyUser({ method: 'GET', url: '/api/v1/company/plans' })).json().items.length).toBe(before);
  });

  it('edits, renames onto another plan’s name (409) and deactivates without touching subscriptions on it', async () => {
    const basic = await w.planId('Basic');
    const edit = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/plans/${basic}`,
      payload: { description: 'Small schools', isPopular: true },
    });
    expect(edit.json()).toMatchObject({ description: 'Small schools', isPopular: true });
    const clash = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/plans/${basic}`,
      payload: { name: 'premium' },
    });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).message).toBe('Plan "premium" already exists');
    const standard = await w.planId('Standard');
    const off = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/plans/${standard}`,
      payload: { isActive: false },
    });
    expect(off.json().isActive).toBe(false);
    // No longer offered publicly, but the schools on it keep it.
    const offered = (await w.t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
    expect(offered.map((p: { name: string }) => p.name)).not.toContain('Standard');
    const sa = await w.asA('school_admin');
    expect((await sa({ method: 'GET', url: '/api/v1/subscription' })).json().plan.name).toBe('Standard');
    await w.companyAdmin({ method: 'PATCH', url: `/api/v1/company/plans/${standard}`, payload: { isActive: true } });
  });

  it('deactivating and reactivating changes only isActive; the trial plan stays offered at sign-up', async () => {
    const basic = await w.planId('Basic');
    const read = async () =>
      (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/plans' }))
        .json()
        .items.find((p: { id: string }) => p.id === basic);
    const before = await read();
    expect(before).toMatchObject({ trialAllowed: true, yearlyDiscountPercent: 10 });
    expect(before.features.length).toBeGreaterThan(0);
    const patch = (payload: object) =>
      w.companyAdmin({ method: 'PATCH', url: `/api/v1/company/plans/${basic}`, payload });
    expect((await patch({ isActive: false })).json()).toMatchObject({
      ...before,
      isActive: false,
      activeSubscriptions: 0,
    });
    expect((await patch({ isActive: true })).json()).toMatchObject({ ...before, activeSubscriptions: 0 });
    expect(await read()).toEqual(before);
    const offered = (await w.t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
    expect(offered.find((p: { name: string }) => p.name === 'Basic')).toMatchObject({ trialAllowed: true });
  });

  it('refuses bad input, wrong roles and unknown ids', async () => {
    const bad = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/plans',
      payload: { name: 'Broken', priceMinor: -5, limits: { ...limits, maxStudents: -2 }, yearlyDiscountPercent: 150 },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toMatchObject({
      priceMinor: 'Amount cannot be negative',
      'limits.maxStudents': 'Use -1 for unlimited',
      yearlyDiscountPercent: 'Between 0 and 100',
    });
    expect(
      (
        await w.companyUser({
          method: 'POST',
          url: '/api/v1/company/plans',
          payload: { name: 'X', priceMinor: 1, limits },
        })
      ).statusCode,
    ).toBe(403);
    const principal = await w.asA('principal');
    expect((await principal({ method: 'GET', url: '/api/v1/company/plans' })).statusCode).toBe(403);
    const missing = await w.companyAdmin({
      method: 'PATCH',
      url: '/api/v1/company/plans/01900000-0000-7000-8000-000000000000',
      payload: { name: 'Y' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the billing currency', () => {
  it('refuses a plan or add-on priced in another currency than USD, writing nothing', async () => {
    const before = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/plans' })).json().items;
    const plan = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/plans',
      payload: { name: 'Euro Plan', priceMinor: 4000, currency: 'EUR', limits },
    });
    expect(plan.statusCode).toBe(400);
    expect(errorOf(plan).fields).toEqual({ currency: BILLING_CURRENCY_MESSAGE });
    expect(BILLING_CURRENCY_MESSAGE).toBe('Use USD: plans and add-ons are billed in US dollars');
    expect((await w.companyAdmin({ method: 'GET', url: '/api/v1/company/plans' })).json().items).toEqual(before);

    const basic = await w.planId('Basic');
    const editPlan = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/plans/${basic}`,
      payload: { currency: 'EUR', priceMinor: 1 },
    });
    expect(editPlan.statusCode).toBe(400);
    expect(errorOf(editPlan).fields).toEqual({ currency: BILLING_CURRENCY_MESSAGE });

    const sms = await w.addonId('SMS');
    for (const req of [
      {
        method: 'POST' as const,
        url: '/api/v1/company/addons',
        payload: { name: 'Fax', priceMinor: 100, currency: 'GBP' },
      },
      { method: 'PATCH' as const, url: `/api/v1/company/addons/${sms}`, payload: { currency: 'EUR' } },
    ]) {
      const res = await w.companyAdmin(req);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ currency: BILLING_CURRENCY_MESSAGE });
    }
    const addons = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/addons' })).json().items;
    expect(addons.map((a: { name: string }) => a.name)).not.toContain('Fax');
    expect(addons.every((a: { currency: string }) => a.currency === 'USD')).toBe(true);
    expect(
      (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/plans' }))
        .json()
        .items.find((p: { id: string }) => p.id === basic),
    ).toMatchObject({ currency: 'USD', priceMinor: 5000 });

    // A malformed code keeps its own message; USD, named or left out, is accepted.
    const malformed = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/addons',
      payload: { name: 'Fax', priceMinor: 100, currency: 'usd' },
    });
    expect(errorOf(malformed).fields).toEqual({ currency: 'Use a 3-letter currency code' });
    const usd = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/addons',
      payload: { name: 'Fax', priceMinor: 100, currency: 'USD' },
    });
    expect(usd.statusCode).toBe(201);
    expect(usd.json().currency).toBe('USD');
  });
});

describe('add-ons', () => {
  it('creates, refuses duplicates case-insensitively with the duplicate-name wording, edits and deactivates', async () => {
    const res = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/addons',
      payload: { name: 'Library', priceMinor: 900, icon: 'book', features: ['Catalogue'] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Library', key: null, isActive: true });
    const dup = await w.admin({
      method: 'POST',
      url: '/api/v1/company/addons',
      payload: { name: 'sms', priceMinor: 1 },
    });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).message).toBe('Addon "sms" already exists');
    const off = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/addons/${res.json().id}`,
      payload: { isActive: false, priceMinor: 1000 },
    });
    expect(off.json()).toMatchObject({ isActive: false, priceMinor: 1000 });
    const sa = await w.asA('school_admin');
    const market = (await sa({ method: 'GET', url: '/api/v1/marketplace' })).json().items;
    expect(market.map((a: { name: string }) => a.name)).not.toContain('Library');
  });

  it('deactivating and reactivating changes only isActive', async () => {
    const mobile = await w.addonId('Mobile App');
    const read = async () =>
      (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/addons' }))
        .json()
        .items.find((a: { id: string }) => a.id === mobile);
    const before = await read();
    expect(before.description).not.toBe('');
    expect(before.features.length).toBeGreaterThan(0);
    const patch = (payload: object) =>
      w.companyAdmin({ method: 'PATCH', url: `/api/v1/company/addons/${mobile}`, payload });
    expect((await patch({ isActive: false })).json()).toEqual({ ...before, isActive: false });
    expect((await patch({ isActive: true })).json()).toEqual(before);
  });

  it('refuses bad input, wrong roles and unknown ids', async () => {
    const bad = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/addons',
      payload: { name: ' ', priceMinor: 1.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toMatchObject({
      name: 'Name is required',
      priceMinor: 'Amount must be in whole cents (at most 2 decimal places)',
    });
    expect(
      (
        await w.companyUser({
          method: 'PATCH',
          url: `/api/v1/company/addons/${await w.addonId('SMS')}`,
          payload: { priceMinor: 1 },
        })
      ).statusCode,
    ).toBe(403);
    const missing = await w.admin({
      method: 'PATCH',
      url: '/api/v1/company/addons/01900000-0000-7000-8000-000000000000',
      payload: { priceMinor: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });
});
