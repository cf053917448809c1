import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolSubscriptions } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { type CompanyWorld, companyWorld, DAY, setActiveEndDate } from './company-helpers.ts';
import { errorOf } from './helpers.ts';

// A world of its own: the figures are platform-wide, so no other test's schools may add to them.
let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

const month = () => new Date().toISOString().slice(0, 7);

describe('company figures against a scenario computed by hand', () => {
  it('dashboard, revenue and usage equal the hand figures exactly (integer minor units)', async () => {
    // Alpha: Premium billed yearly. 12 × 200.00 = 2,400.00 less its 20 % yearly discount (480.00) = 1,920.00.
    const alphaSub = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/schools/${w.a.id}/subscriptions`,
      payload: { planId: await w.planId('Premium'), billingCycle: 'yearly' },
    });
    expect(alphaSub.json()).toMatchObject({
      planAmountMinor: 192_000,
      discountMinor: 48_000,
      addonsAmountMinor: 0,
      totalAmountMinor: 192_000,
    });
    // Beta: Basic monthly (50.00), then the WhatsApp add-on (20.00 a month) approved on top: 70.00.
    const betaSub = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/schools/${w.b.id}/subscriptions`,
      payload: { planId: await w.planId('Basic'), billingCycle: 'monthly' },
    });
    const betaAdmin = await w.asB('school_admin');
    const whatsapp = await betaAdmin({
      method: 'POST',
      url: '/api/v1/addon-requests',
      payload: { addonId: await w.addonId('WhatsApp') },
    });
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/addon-requests/${whatsapp.json().id}/approve` });
    const beta = (await betaAdmin({ method: 'GET', url: '/api/v1/subscription' })).json().subscription;
    expect(beta).toMatchObject({
      id: betaSub.json().id,
      planAmountMinor: 5000,
      addonsAmountMinor: 2000,
      discountMinor: 0,
      totalAmountMinor: 7000,
    });

    // Payments: Alpha's year (confirmed), Beta's add-on (confirmed), Beta's month (pending), a rejected one.
    const alphaAdmin = await w.asA('school_admin');
    let n = 0;
    const pay = async (caller: typeof alphaAdmin, target: Record<string, string>, amountMinor: number) => {
      n++;
      const res = await caller({
        method: 'POST',
        url: '/api/v1/payments',
        payload: { ...target, method: 'card', reference: `FIG-${n}`, amountMinor, idempotencyKey: `figures-${n}-key` },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    const alphaYear = await pay(alphaAdmin, { subscriptionId: alphaSub.json().id }, 192_000);
    const betaAddon = await pay(betaAdmin, { addonRequestId: whatsapp.json().id }, 2000);
    // A subscription has one pending payment at a time: the wrong amount is rejected before the month is paid.
    const wrong = await pay(betaAdmin, { subscriptionId: beta.id }, 5000);
    await w.admin({
      method: 'POST',
      url: `/api/v1/company/payments/${wrong}/reject`,
      payload: { reason: 'Wrong amount' },
    });
    await pay(betaAdmin, { subscriptionId: beta.id }, 7000);
    for (const id of [alphaYear, betaAddon]) {
      expect((await w.admin({ method: 'POST', url: `/api/v1/company/payments/${id}/confirm` })).statusCode).toBe(200);
    }

    // MRR: 192,000 / 12 = 16,000 for Alpha + 7,000 for Beta = 23,000; ARR twelve times that.
    const revenue = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/revenue' });
    expect(revenue.statusCode).toBe(200);
    const r = revenue.json();
    expect(r).toMatchObject({
      currency: 'USD',
      mrrMinor: 23_000,
      arrMinor: 276_000,
      paidMinor: 194_000,
      outstandingMinor: 7000,
      outstandingCount: 1,
      byPlan: [{ planName: 'Premium', amountMinor: 192_000, count: 1 }],
      byAddon: [{ addonName: 'WhatsApp', amountMinor: 2000, count: 1 }],
      expiringSoon: [],
    });
    expect(r.byMonth).toHaveLength(12);
    expect(r.byMonth.at(-1)).toEqual({ month: month(), amountMinor: 194_000, count: 2 });
    expect(r.byMonth.slice(0, -1).every((m: { amountMinor: number }) => m.amountMinor === 0)).toBe(true);
    const csv = (await w.admin({ method: 'GET', url: '/api/v1/company/revenue/export' })).body;
    expect(csv).toContain('summary,MRR,230.00,');
    expect(csv).toContain('summary,ARR,2760.00,');
    expect(csv).toContain('summary,Outstanding (pending),70.00,1');
    expect(csv).toContain('addon,WhatsApp,20.00,1');
    // Outside the range nothing was paid; outstanding and MRR are "now" figures and stay.
    const old = (await w.admin({ method: 'GET', url: '/api/v1/company/revenue?from=2020-01-01&to=2020-01-31' })).json();
    expect(old).toMatchObject({ paidMinor: 0, byPlan: [], byAddon: [], outstandingMinor: 7000, mrrMinor: 23_000 });
    expect(old.byMonth).toEqual([{ month: '2020-01', amountMinor: 0, count: 0 }]);

    const dashboardOf = async (as: typeof w.admin) =>
      Object.fromEntries(
        (await as({ method: 'GET', url: '/api/v1/dashboard' }))
          .json()
          .stats.map((s: { key: string; value: unknown }) => [s.key, s.value]),
      );
    const counts = {
      schools: 2,
      active: 2,
      trial: 0,
      expired: 0,
      cancelled: 0,
      users: 10,
      pendingAddonRequests: 0,
      pendingPayments: 1,
      leads: 0,
    };
    expect(await dashboardOf(w.admin)).toEqual({ ...counts, mrr: 23_000 });
    // company_user reads the company lists, not revenue: its dashboard is sent no MRR (docs/product.md, "Who may do what").
    expect(await dashboardOf(w.companyUser)).toEqual(counts);

    // Usage: one person of each role per school. Beta's Basic allows one principal: 1/1, so Beta comes first.
    const usage = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/usage' })).json().items;
    const GB = 1024 ** 3;
    const figures = (s: { items: { metric: string; used: number; limit: number; ratio: number }[] }) =>
      Object.fromEntries(s.items.map((i) => [i.metric, [i.used, i.limit, i.ratio]]));
    expect(usage.map((s: { schoolName: string; maxRatio: number }) => [s.schoolName, s.maxRatio])).toEqual([
      ['Beta School', 1],
      ['Alpha School', 0.2],
    ]);
    expect(figures(usage[0])).toEqual({
      students: [1, 100, 0.01],
      teachers: [1, 10, 0.1],
      parents: [1, 200, 0.005],
      admins: [1, 2, 0.5],
      principals: [1, 1, 1],
      storage: [0, 5 * GB, 0],
      apiCalls: [0, 1000, 0],
    });
    expect(figures(usage[1])).toEqual({
      students: [1, 1000, 0.001],
      teachers: [1, 100, 0.01],
      parents: [1, 2000, 0.0005],
      admins: [1, 10, 0.1],
      principals: [1, 5, 0.2],
      storage: [0, 100 * GB, 0],
      apiCalls: [0, 20_000, 0],
    });
  });

  it('the figures are for company staff only, and a backwards range is refused', async () => {
    const sa = await w.asA('school_admin');
    for (const url of ['/api/v1/company/revenue', '/api/v1/company/usage', '/api/v1/company/revenue/export']) {
      expect((await sa({ method: 'GET', url })).statusCode).toBe(403);
      expect((await w.companyUser({ method: 'GET', url })).statusCode).toBe(403);
    }
    for (const url of [
      '/api/v1/company/revenue?from=2026-02-01&to=2026-01-01',
      '/api/v1/company/revenue/export?from=2026-02-01&to=2026-01-01',
      // Without an end the range ends today.
      '/api/v1/company/revenue?from=2999-01-01',
    ]) {
      const backwards = await w.admin({ method: 'GET', url });
      expect(backwards.statusCode).toBe(400);
      expect(errorOf(backwards).fields?.from).toBe('The start date must not be after the end date');
    }
    // One day is a range.
    expect(
      (await w.admin({ method: 'GET', url: '/api/v1/company/revenue?from=2026-01-01&to=2026-01-01' })).statusCode,
    ).toBe(200);
    // A school's own dashboard shows its own figures, not the platform's.
    const own = (await sa({ method: 'GET', url: '/api/v1/dashboard' })).json();
    expect(own.stats.map((s: { key: string }) => s.key)).not.toContain('mrr');
  });

  it('a range may end on 9999-12-31, the last day the form accepts: the page and its CSV answer it', async () => {
    const read = async (query: string) => {
      const res = await w.admin({ method: 'GET', url: `/api/v1/company/revenue?${query}` });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const lastYear = await read('to=9999-12-31');
    expect(lastYear).toMatchObject({ from: '9999-01-01', to: '9999-12-31', paidMinor: 0 });
    expect(lastYear.byMonth.at(-1)).toEqual({ month: '9999-12', amountMinor: 0, count: 0 });
    // Everything paid, from the first day the form accepts to the last, is what this century holds.
    const century = await read('from=2000-01-01&to=2099-12-31');
    expect(century.paidMinor).toBeGreaterThan(0);
    const all = await read('from=1900-01-01&to=9999-12-31');
    expect(all).toMatchObject({ from: '1900-01-01', to: '9999-12-31', paidMinor: century.paidMinor });
    expect(all.byMonth).toHaveLength((9999 - 1900 + 1) * 12);
    for (const query of ['to=9999-12-31', 'from=1900-01-01&to=9999-12-31']) {
      const csv = await w.admin({ method: 'GET', url: `/api/v1/company/revenue/export?${query}` });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(`summary,Paid ${query.includes('1900') ? '1900-01-01' : '9999-01-01'} to 9999-12-31,`);
    }
  });

  it('lists subscriptions ending within 30 days, and settles a lapse before counting (renewed, still in MRR)', async () => {
    const inTenDays = new Date(Date.now() + 10 * DAY);
    await setActiveEndDate(w.t, w.b.id, inTenDays);
    const before = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/revenue' })).json();
    expect(before.expiringSoon).toEqual([
      {
        schoolId: w.b.id,
        schoolName: w.b.name,
        planName: 'Basic',
        endDate: inTenDays.toISOString(),
        totalAmountMinor: 7000,
      },
    ]);
    // Alpha's yearly plan lapsed a minute ago with automatic renewal on: without settling first it would
    // drop out of MRR (its end date is past); settled, it runs another year and stays in.
    const lapsedAt = new Date(Date.now() - 60_000);
    await setActiveEndDate(w.t, w.a.id, lapsedAt);
    await withSystem(w.t.app.deps.db, (tx) =>
      tx.update(schoolSubscriptions).set({ autoRenew: true }).where(eq(schoolSubscriptions.schoolId, w.a.id)),
    );
    const after = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/revenue' })).json();
    expect(after.mrrMinor).toBe(before.mrrMinor);
    const [alpha] = await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select()
        .from(schoolSubscriptions)
        .where(and(eq(schoolSubscriptions.schoolId, w.a.id), eq(schoolSubscriptions.status, 'active'))),
    );
    expect(alpha?.endDate.getTime()).toBeGreaterThan(Date.now() + 300 * DAY);
  });
});

describe('usage counts people as the plan limits do (docs/product.md, "Plan limits on people")', () => {
  it('a deactivated principal or student is not counted in Schools Usage, My Subscription or the schools list', async () => {
    // Beta's Basic plan allows one principal. Deactivating the one there is lets a new one in: one active.
    const betaAdmin = await w.asB('school_admin');
    const off = await betaAdmin({ method: 'POST', url: `/api/v1/users/${w.b.users.principal.id}/deactivate` });
    expect(off.statusCode).toBe(200);
    const made = await betaAdmin({
      method: 'POST',
      url: '/api/v1/users',
      payload: { name: 'Second Principal', email: 'second.principal@figures.test', role: 'principal' },
    });
    expect(made.statusCode).toBe(201);
    const withdrawn = await betaAdmin({ method: 'POST', url: `/api/v1/students/${w.b.users.student.id}/deactivate` });
    expect(withdrawn.statusCode).toBe(200);
    // The limit check agrees: a second active principal is refused.
    const back = await betaAdmin({ method: 'POST', url: `/api/v1/users/${w.b.users.principal.id}/reactivate` });
    expect(back.json().error.code).toBe('plan_limit');

    const used = (items: { metric: string; used: number; ratio: number }[]) =>
      Object.fromEntries(
        items.filter((i) => ['principals', 'students'].includes(i.metric)).map((i) => [i.metric, i.used]),
      );
    const usage = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/usage' })).json().items;
    const beta = usage.find((s: { schoolId: string }) => s.schoolId === w.b.id);
    expect(used(beta.items)).toEqual({ principals: 1, students: 0 });
    expect(beta.maxRatio).toBe(1);
    const mine = (await betaAdmin({ method: 'GET', url: '/api/v1/subscription' })).json();
    expect(used(mine.usage)).toEqual({ principals: 1, students: 0 });
    const detail = (await w.companyAdmin({ method: 'GET', url: `/api/v1/company/schools/${w.b.id}` })).json();
    expect(detail.school.studentCount).toBe(0);
    expect(used(detail.usage)).toEqual({ principals: 1, students: 0 });
    const list = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/schools?sort=students' })).json();
    expect(list.items.find((s: { id: string }) => s.id === w.b.id).studentCount).toBe(0);
  });
});
