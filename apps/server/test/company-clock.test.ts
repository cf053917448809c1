import { MESSAGES } from '@lyceum/shared/errors';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { addMonths } from '@lyceum/shared/subscription-rules';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, apiUsage, schoolSubscriptions } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { localDateOf } from '../src/lib/school-day.ts';
import { type CompanyWorld, companyWorld, DAY, setActiveEndDate } from './company-helpers.ts';
import { as, createSchool, errorOf, login, type SchoolFixture, TEST_PASSWORD } from './helpers.ts';
import { owe } from './factories/payments.ts';

// The server's clock, set by each test: every rule of the subscriptions reads it (deps.clock), not the machine's.
// Each test sets it days or weeks away from the real time, where the real clock would answer otherwise.
const realNow = Date.now();
let now = new Date(realNow);
const setClock = (msFromRealNow: number) => {
  now = new Date(realNow + msFromRealNow);
  return now;
};

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld({}, () => now);
});
afterAll(() => w.t.close());

const schoolAdmin = async (s: SchoolFixture) =>
  as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
const signIn = (s: SchoolFixture, role: 'principal' | 'teacher') =>
  w.t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: s.users[role].email, password: TEST_PASSWORD, role },
  });
const statusInList = async (schoolId: string, status: string) => {
  const res = await w.companyAdmin({ method: 'GET', url: `/api/v1/company/schools?status=${status}&limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).some((s) => s.id === schoolId);
};
const usageOfSchool = async (schoolId: string) => {
  const res = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/usage' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { schoolId: string; status: string; items: { metric: string; used: number }[] }[]).find(
    (u) => u.schoolId === schoolId,
  );
};
/** Company staff assign the school a plan; answers the new subscription. */
const assign = async (s: SchoolFixture, payload: Record<string, unknown>) => {
  const res = await w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${s.id}/subscriptions`, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { startDate: string; endDate: string };
};
const monthOf = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

describe("the subscriptions' clock", () => {
  it('an end date tomorrow by the real clock but past by the server clock has lapsed: the company sees it expired', async () => {
    setClock(0);
    const s = await createSchool(w.t.app, { name: 'Tomorrow School' });
    await setActiveEndDate(w.t, s.id, new Date(realNow + DAY));
    setClock(2 * DAY);

    const detail = await w.companyAdmin({ method: 'GET', url: `/api/v1/company/schools/${s.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().school.status).toBe('expired');
    expect(detail.json().subscription).toBeNull();
    expect(detail.json().history.items[0].status).toBe('expired');
    expect(await statusInList(s.id, 'expired')).toBe(true);
    expect(await statusInList(s.id, 'active')).toBe(false);
    expect((await usageOfSchool(s.id))?.status).toBe('expired');
  });

  it('a school whose end date passed by the server clock: its users are refused, mid-session and at sign-in', async () => {
    setClock(0);
    const s = await createSchool(w.t.app, { name: 'Lapsing School' });
    const teacher = as(w.t.app, await login(w.t.app, s.users.teacher.email, 'teacher'));
    const sa = await schoolAdmin(s);
    expect((await teacher({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(200);
    await setActiveEndDate(w.t, s.id, new Date(realNow + DAY));
    setClock(2 * DAY);

    const blocked = await teacher({ method: 'GET', url: '/api/v1/dashboard' });
    expect(blocked.statusCode, blocked.body).toBe(402);
    expect(errorOf(blocked)).toEqual({ code: 'subscription_expired', message: MESSAGES.subscriptionExpired });
    const refused = await signIn(s, 'principal');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused).code).toBe('auth/subscription-expired');
    const mine = await sa({ method: 'GET', url: '/api/v1/subscription' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().subscription.status).toBe('expired');
    expect(mine.json().entitlements).toEqual([]);
  });

  it('a trial runs from the server clock and ends with it', async () => {
    const start = setClock(60 * DAY);
    const s = await createSchool(w.t.app, { name: 'Trial Clock School' });
    const assigned = await assign(s, { planId: await w.planId('Standard'), months: 1, isTrial: true });
    expect([assigned.startDate, assigned.endDate]).toEqual([start.toISOString(), addMonths(start, 1).toISOString()]);
    expect(await statusInList(s.id, 'trial')).toBe(true);
    expect((await signIn(s, 'teacher')).statusCode).toBe(200);

    // Past the trial's end by the server clock; by the real one it has not even begun.
    setClock(100 * DAY);
    expect(await statusInList(s.id, 'trial')).toBe(false);
    expect(await statusInList(s.id, 'expired')).toBe(true);
    const refused = await signIn(s, 'teacher');
    expect(errorOf(refused).code).toBe('auth/subscription-expired');
  });

  it("counts an API call in the server clock's month, and the usage page reads that month", async () => {
    // 45 days on is always another calendar month than the real one.
    const at = setClock(45 * DAY);
    const s = await createSchool(w.t.app, { name: 'Metered School' });
    await assign(s, { planId: await w.planId('Standard'), addonIds: [await w.addonId('API Access')] });
    const sa = await schoolAdmin(s);
    const created = await sa({ method: 'POST', url: '/api/v1/api-keys', payload: { name: 'Sync', scopes: ['read'] } });
    expect(created.statusCode, created.body).toBe(201);
    const call = await w.t.app.inject({
      method: 'GET',
      url: '/api/v1/school',
      headers: { authorization: `Bearer ${created.json().key}` },
    } as InjectOptions);
    expect(call.statusCode, call.body).toBe(200);

    const rows = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(apiUsage).where(eq(apiUsage.schoolId, s.id)),
    );
    expect(rows.map((r) => [r.month, r.calls])).toEqual([[monthOf(at), 1]]);
    const [key] = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(apiKeys).where(eq(apiKeys.id, created.json().apiKey.id)),
    );
    expect(key?.lastUsedAt?.toISOString()).toBe(at.toISOString());
    const usage = await usageOfSchool(s.id);
    expect(usage?.items.find((i) => i.metric === 'apiCalls')?.used).toBe(1);
  });

  it("revenue's today, its export's date and the subscriptions ending soon are the server clock's", async () => {
    setClock(0);
    const s = await createSchool(w.t.app, { name: 'Ending Soon School' });
    // 55 days away by the real clock (not "ending soon"), 10 by the server's.
    await setActiveEndDate(w.t, s.id, new Date(realNow + 55 * DAY));
    const at = setClock(45 * DAY);
    const today = at.toISOString().slice(0, 10);

    const res = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/revenue' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().to).toBe(today);
    const from = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
    expect(res.json().from).toBe(from);
    expect(res.json().byMonth.at(-1).month).toBe(today.slice(0, 7));
    expect(res.json().expiringSoon.map((e: { schoolId: string }) => e.schoolId)).toContain(s.id);
    const csv = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/revenue/export' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`revenue-${today}.csv`);
  });

  it("a payment's receipt is dated by the server clock, and revenue counts it in that month", async () => {
    const at = setClock(45 * DAY);
    const s = await createSchool(w.t.app, { name: 'Receipt Clock School' });
    const sa = await schoolAdmin(s);
    const [sub] = await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select()
        .from(schoolSubscriptions)
        .where(and(eq(schoolSubscriptions.schoolId, s.id), eq(schoolSubscriptions.status, 'active'))),
    );
    await owe(w.t.app, s.id, 4_321);
    const paid = await sa({
      method: 'POST',
      url: '/api/v1/payments',
      payload: {
        subscriptionId: sub?.id,
        method: 'bank_transfer',
        reference: 'CLOCK-1',
        amountMinor: 4_321,
        idempotencyKey: 'clock-receipt-0001',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paid.json();
    expect(payment.createdAt).toBe(at.toISOString());
    // The school's date of the server clock's instant (the fixture's school keeps the default time zone).
    const day = localDateOf(at, DEFAULT_SCHOOL_LOCALE.timeZone);
    expect(payment.receiptNumber).toContain(`RCP-${day.replaceAll('-', '')}-`);

    const decidedAt = setClock(46 * DAY);
    const confirmed = await w.companyAdmin({ method: 'POST', url: `/api/v1/company/payments/${payment.id}/confirm` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().decidedAt).toBe(decidedAt.toISOString());
    const receipt = await sa({ method: 'GET', url: `/api/v1/payments/${payment.id}/receipt` });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json().payment.createdAt).toBe(at.toISOString());

    const utcDay = at.toISOString().slice(0, 10);
    const revenue = await w.companyAdmin({ method: 'GET', url: `/api/v1/company/revenue?from=${utcDay}&to=${utcDay}` });
    expect(revenue.statusCode, revenue.body).toBe(200);
    expect(revenue.json().byMonth).toEqual([{ month: utcDay.slice(0, 7), amountMinor: 4_321, count: 1 }]);
  });
});
