import { MONEY_MAX_MINOR } from '@lyceum/shared/company';
import { addMonths, RENEWAL_MESSAGES } from '@lyceum/shared/subscription-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import {
  activeSubscriptionRow,
  type CompanyWorld,
  companyWorld,
  SMALL_PLAN_LIMITS,
  schoolOnPlan,
} from './company-helpers.ts';
import { owe } from './factories/payments.ts';
import { errorOf } from './helpers.ts';

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

const renew = (as: CompanyWorld['admin'], schoolId: string, months: number) =>
  as({ method: 'POST', url: `/api/v1/company/schools/${schoolId}/subscription/renew`, payload: { months } });

const activeRow = (schoolId: string) => activeSubscriptionRow(w.t, schoolId);

const renewalsAudited = async (schoolId: string) =>
  (
    await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.schoolId, schoolId), eq(auditLog.action, 'subscription.renewed'))),
    )
  ).length;

describe('a renewal reaches at most ten years past today', () => {
  it('renews up to the bound, then refuses (422 on months, translated) and changes nothing', async () => {
    const { school } = await schoolOnPlan(w);
    // 12 months assigned, then 60 + 48 more: 120 months from about today, just inside the bound.
    expect((await renew(w.admin, school.id, 60)).statusCode).toBe(200);
    const last = await renew(w.companyAdmin, school.id, 47);
    expect(last.statusCode, last.body).toBe(200);
    expect(new Date(last.json().endDate).getTime()).toBeLessThanOrEqual(addMonths(new Date(), 120).getTime());

    const before = await activeRow(school.id);
    const audited = await renewalsAudited(school.id);
    const past = await renew(w.admin, school.id, 2);
    expect(past.statusCode).toBe(422);
    expect(errorOf(past)).toMatchObject({
      code: 'rule',
      message: RENEWAL_MESSAGES.tooFar,
      fields: { months: RENEWAL_MESSAGES.tooFar },
    });
    expect(RENEWAL_MESSAGES.tooFar).toBe('A renewal cannot take the end date more than 10 years past today');
    // Nothing changed: same end date, same bill, no audit row.
    expect(await activeRow(school.id)).toEqual(before);
    expect(await renewalsAudited(school.id)).toBe(audited);

    const translated = {
      es: 'Una renovación no puede llevar la fecha de fin más de 10 años después de hoy',
      ar: 'لا يمكن للتجديد أن يجعل تاريخ الانتهاء بعد أكثر من 10 سنوات من اليوم',
    };
    for (const [language, message] of Object.entries(translated)) {
      const res = await w.admin({
        method: 'POST',
        url: `/api/v1/company/schools/${school.id}/subscription/renew`,
        payload: { months: 60 },
        headers: { 'accept-language': language },
      });
      expect(errorOf(res).message).toBe(message);
    }
  });

  it('repeating the largest renewal stops at the bound instead of running on', async () => {
    const { school } = await schoolOnPlan(w);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await renew(w.admin, school.id, 60)).statusCode);
    expect(answers).toEqual([200, 422, 422, 422, 422]);
  });

  it('refuses bad input, wrong roles and unknown schools', async () => {
    const { school, schoolAdmin } = await schoolOnPlan(w);
    const bad = await renew(w.admin, school.id, 1e9);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.months).toBe('At most 60 months');
    expect((await renew(w.companyUser, school.id, 12)).statusCode).toBe(403);
    // A school admin may not renew their own school, nor another one.
    expect((await renew(schoolAdmin, school.id, 12)).statusCode).toBe(403);
    expect((await renew(schoolAdmin, w.a.id, 12)).statusCode).toBe(403);
    expect((await renew(w.admin, '01900000-0000-7000-8000-000000000000', 12)).statusCode).toBe(404);
  });
});

describe('an amount too large says so', () => {
  const tooLarge = [MONEY_MAX_MINOR + 1, 2 ** 31, 1e20, Number.MAX_VALUE];

  it('a payment of 1e20 is too large, not a fraction of a cent, and nothing is recorded', async () => {
    const { subscription, schoolAdmin } = await schoolOnPlan(w);
    await owe(w.t.app, subscription.schoolId, 10_000);
    const pay = (amountMinor: number, idempotencyKey: string, language = 'en') =>
      schoolAdmin({
        method: 'POST',
        url: '/api/v1/payments',
        headers: { 'accept-language': language },
        payload: {
          subscriptionId: subscription.id,
          method: 'bank_transfer',
          reference: 'TRX-BIG',
          amountMinor,
          idempotencyKey,
        },
      });
    for (const [i, amount] of tooLarge.entries()) {
      const res = await pay(amount, `too-large-${i}`);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ amountMinor: 'Amount is too large' });
    }
    for (const amount of [-1e20, -0.5]) {
      expect(errorOf(await pay(amount, 'negative-1')).fields).toEqual({ amountMinor: 'Amount cannot be negative' });
    }
    expect(errorOf(await pay(12.5, 'fraction-1')).fields).toEqual({
      amountMinor: 'Amount must be in whole cents (at most 2 decimal places)',
    });
    const es = await pay(1e20, 'es-big-1', 'es');
    expect(errorOf(es).fields?.amountMinor).toBe('El importe es demasiado alto');
    const mine = (await schoolAdmin({ method: 'GET', url: '/api/v1/payments' })).json().items;
    expect(mine).toEqual([]);
    // The right amount still goes through.
    expect((await pay(10_000, 'fits-0001')).statusCode).toBe(201);
  });

  it('every money field of the catalogue says it too', async () => {
    for (const kind of ['plans', 'addons'] as const) {
      const res = await w.companyAdmin({
        method: 'POST',
        url: `/api/v1/company/${kind}`,
        payload: { name: `Huge ${kind}`, priceMinor: 1e20 },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.priceMinor).toBe('Amount is too large');
    }
  });

  it('wrong roles and another school are refused before the amount is looked at', async () => {
    const { subscription } = await schoolOnPlan(w);
    const body = {
      subscriptionId: subscription.id,
      method: 'card',
      reference: 'X',
      amountMinor: 1e20,
      idempotencyKey: 'role-big-1',
    };
    const teacher = await w.asA('teacher');
    expect((await teacher({ method: 'POST', url: '/api/v1/payments', payload: body })).statusCode).toBe(403);
    expect((await w.companyAdmin({ method: 'POST', url: '/api/v1/payments', payload: body })).statusCode).toBe(403);
    expect(
      (await w.companyUser({ method: 'POST', url: '/api/v1/company/plans', payload: { priceMinor: 1e20 } })).statusCode,
    ).toBe(403);
    // Another school's admin paying this school's subscription: not found once the amount fits.
    const other = await w.asA('school_admin');
    const foreign = await other({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { ...body, amountMinor: 100, idempotencyKey: 'foreign-1' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).fields).toEqual({ subscriptionId: 'Subscription not found' });
  });
});

/**
 * A plan and add-ons priced at the money maximum, sold for the longest terms: every amount a subscription
 * computes passes what an integer holds, and each is kept and summed exactly (docs/product.md, "Billing: what is
 * due"). With integer columns the assignment answered 400 `A number is out of range.` and wrote nothing.
 */
describe('amounts past what an integer holds', () => {
  const limits = SMALL_PLAN_LIMITS;
  const create = async (kind: 'plans' | 'addons', name: string) => {
    const res = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/${kind}`,
      payload: { name, priceMinor: MONEY_MAX_MINOR, ...(kind === 'plans' ? { limits } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  it('bills, renews, pays and sums a subscription of billions exactly', async () => {
    const plan = await create('plans', 'Largest plan');
    const addons = [await create('addons', 'Largest add-on 1'), await create('addons', 'Largest add-on 2')];
    const { school, schoolAdmin } = await schoolOnPlan(w);
    const assigned = await w.admin({
      method: 'POST',
      url: `/api/v1/company/schools/${school.id}/subscriptions`,
      payload: { planId: plan, addonIds: addons, months: 60 },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const total = 3 * MONEY_MAX_MINOR;
    expect(total).toBeGreaterThan(2 ** 31);
    expect(assigned.json()).toMatchObject({ totalAmountMinor: total, amountDueMinor: 60 * total });
    const renewed = await renew(w.admin, school.id, 60);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ amountDueMinor: 120 * total, outstandingMinor: 120 * total });

    const paid = await schoolAdmin({
      method: 'POST',
      url: '/api/v1/payments',
      payload: {
        subscriptionId: assigned.json().id,
        method: 'bank_transfer',
        reference: 'TRX-LARGEST',
        amountMinor: MONEY_MAX_MINOR,
        idempotencyKey: 'largest-payment-1',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().outstandingMinor).toBe(120 * total);
    const confirmed = await w.admin({ method: 'POST', url: `/api/v1/company/payments/${paid.json().id}/confirm` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const mine = await schoolAdmin({ method: 'GET', url: '/api/v1/subscription' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().subscription).toMatchObject({
      paidMinor: MONEY_MAX_MINOR,
      outstandingMinor: 120 * total - MONEY_MAX_MINOR,
    });

    // Recurring revenue sums past an integer too, on the revenue page, its CSV and the dashboard.
    const revenue = await w.admin({ method: 'GET', url: '/api/v1/company/revenue' });
    expect(revenue.statusCode, revenue.body).toBe(200);
    expect(revenue.json().mrrMinor).toBeGreaterThanOrEqual(total);
    expect(revenue.json().arrMinor).toBe(revenue.json().mrrMinor * 12);
    expect(revenue.json().paidMinor).toBeGreaterThanOrEqual(MONEY_MAX_MINOR);
    const csv = await w.admin({ method: 'GET', url: '/api/v1/company/revenue/export' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`MRR,${(revenue.json().mrrMinor / 100).toFixed(2)}`);
    const dashboard = await w.admin({ method: 'GET', url: '/api/v1/dashboard' });
    const mrr = dashboard.json().stats.find((s: { key: string }) => s.key === 'mrr');
    expect(mrr.value).toBe(revenue.json().mrrMinor);
    expect((await w.admin({ method: 'GET', url: '/api/v1/company/usage/export' })).statusCode).toBe(200);
  });

  it("an add-on's yearly charge at the money maximum is kept whole on its request", async () => {
    const plan = await create('plans', 'Largest yearly plan');
    const addon = await create('addons', 'Largest yearly add-on');
    const { school, schoolAdmin } = await schoolOnPlan(w);
    const assigned = await w.admin({
      method: 'POST',
      url: `/api/v1/company/schools/${school.id}/subscriptions`,
      payload: { planId: plan, billingCycle: 'yearly', months: 60 },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const asked = await schoolAdmin({ method: 'POST', url: '/api/v1/addon-requests', payload: { addonId: addon } });
    expect(asked.statusCode, asked.body).toBe(201);
    const approved = await w.admin({
      method: 'POST',
      url: `/api/v1/company/addon-requests/${asked.json().id}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ amountDueMinor: 12 * MONEY_MAX_MINOR });
    expect((await activeRow(school.id))?.totalAmountMinor).toBe(24 * MONEY_MAX_MINOR);
  });
});
