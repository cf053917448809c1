import { MESSAGES } from '@lyceum/shared/errors';
import { DEFAULT_SUBSCRIPTION_MONTHS } from '@lyceum/shared/plans';
import { addMonths } from '@lyceum/shared/subscription-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '../src/lib/school-day.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/seed.ts';
import { as, createTestApp, errorOf, login, type TestApp } from './helpers.ts';

let t: TestApp;
let staff: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  const seeded = await seedDemo(t.app.deps.db);
  expect(seeded?.accounts).toContain('school_admin school-admin@hillside.lyceum.test (subscription expired)');
  staff = as(t.app, await login(t.app, 'company-admin@lyceum.test', 'company_admin', DEMO_PASSWORD));
});
afterAll(() => t.close());

describe('company demo data (issue 3, item 9)', () => {
  it('has a third school whose lapsed subscription blocks its people with the expiry message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'school-admin@hillside.lyceum.test', password: DEMO_PASSWORD, role: 'school_admin' },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(MESSAGES.subscriptionExpiredAdmin);
    const expired = (await staff({ method: 'GET', url: '/api/v1/company/schools?status=expired' })).json();
    expect(expired.items.map((s: { name: string }) => s.name)).toEqual(['Hillside School']);
    // The existing demo accounts keep working.
    await login(t.app, 'teacher@demo.lyceum.test', 'teacher', DEMO_PASSWORD);
    await login(t.app, 'school-admin@riverside.lyceum.test', 'school_admin', DEMO_PASSWORD);
  });

  it('has a year of payments, pending requests and a payment to confirm, history and a lead', async () => {
    const revenue = (await staff({ method: 'GET', url: '/api/v1/company/revenue' })).json();
    expect(revenue.byMonth).toHaveLength(12);
    expect(revenue.byMonth.filter((m: { amountMinor: number }) => m.amountMinor > 0).length).toBeGreaterThanOrEqual(11);
    expect(revenue.byPlan.map((p: { planName: string }) => p.planName).sort()).toEqual(['Basic', 'Standard']);
    expect(revenue.outstandingCount).toBe(1);
    const pending = (await staff({ method: 'GET', url: '/api/v1/company/addon-requests?status=pending' })).json();
    expect(pending.items.map((r: { addonName: string }) => r.addonName).sort()).toEqual(['API Access', 'SMS']);
    const leads = (await staff({ method: 'GET', url: '/api/v1/company/leads' })).json();
    expect(leads.items.map((l: { schoolName: string }) => l.schoolName)).toEqual(['Hillside School']);
    const demo = (await staff({ method: 'GET', url: '/api/v1/company/schools?q=Demo' })).json().items[0];
    const detail = (await staff({ method: 'GET', url: `/api/v1/company/schools/${demo.id}` })).json();
    expect(detail.history).toMatchObject({ totalUpgrades: 1, totalDowngrades: 0 });
    expect(detail.history.items).toHaveLength(2);
  });

  it("puts the waiting requests and the payment to confirm in company staff's bell, each opening its item", async () => {
    const bell = (await staff({ method: 'GET', url: '/api/v1/notifications' })).json();
    const pending = (await staff({ method: 'GET', url: '/api/v1/company/addon-requests?status=pending' })).json();
    const payments = (await staff({ method: 'GET', url: '/api/v1/company/payments?status=pending' })).json();
    expect(payments.items).toHaveLength(1);
    const targets = bell.items.map((n: { target: unknown }) => n.target);
    expect(targets).toEqual(
      expect.arrayContaining([
        ...pending.items.map((r: { id: string }) => ({ kind: 'addonRequest', id: r.id, status: 'pending' })),
        { kind: 'payment', id: payments.items[0].id, status: 'pending' },
      ]),
    );
    expect(bell.unread).toBe(3);
    expect(bell.items.map((n: { title: string }) => n.title)).toContain('Payment to confirm: Riverside Academy');
  });

  it('bills each working demo school what its confirmed payments paid: paid, nothing outstanding (docs/product.md, "Billing: what is due")', async () => {
    for (const email of ['school-admin@demo.lyceum.test', 'school-admin@riverside.lyceum.test']) {
      const admin = as(t.app, await login(t.app, email, 'school_admin', DEMO_PASSWORD));
      const sub = (await admin({ method: 'GET', url: '/api/v1/subscription' })).json().subscription;
      expect(sub.paidMinor).toBeGreaterThan(0);
      expect({ email, ...sub }).toMatchObject({
        email,
        paymentStatus: 'paid',
        amountDueMinor: sub.paidMinor,
        outstandingMinor: 0,
      });
    }
  });

  it('runs each subscription for the default term an assignment gives, from its start (docs/product.md, "Assigning a plan; upgrades and downgrades")', async () => {
    const schools = (await staff({ method: 'GET', url: '/api/v1/company/schools' })).json().items;
    expect(schools.map((s: { name: string }) => s.name).sort()).toEqual([
      'Demo School',
      'Hillside School',
      'Riverside Academy',
    ]);
    const now = Date.now();
    for (const school of schools) {
      const detail = (await staff({ method: 'GET', url: `/api/v1/company/schools/${school.id}` })).json();
      for (const sub of detail.history.items as { planName: string; startDate: string; endDate: string }[]) {
        const term = {
          school: school.name,
          plan: sub.planName,
          end: addMonths(new Date(sub.startDate), DEFAULT_SUBSCRIPTION_MONTHS).toISOString(),
        };
        expect(term).toEqual({ ...term, end: sub.endDate });
        expect(new Date(sub.startDate).getTime()).toBeLessThan(now);
      }
      if (school.name !== 'Hillside School') {
        // Basic until the upgrade, Standard from it: one term each, back to back.
        const [standard, basic] = detail.history.items;
        expect(basic.endDate).toBe(standard.startDate);
        expect(new Date(standard.endDate).getTime()).toBeGreaterThan(now);
      }
    }
  });

  it('numbers every demo receipt as a real payment is: RCP-{the school\'s date}-{8 characters} (docs/product.md, "Payments")', async () => {
    const payments = (await staff({ method: 'GET', url: '/api/v1/company/payments?limit=100' })).json().items;
    expect(payments).toHaveLength(25);
    const schools = (await staff({ method: 'GET', url: '/api/v1/company/schools' })).json().items;
    const timeZone = new Map<string, string>(
      schools.map((s: { id: string; locale: { timeZone: string } }) => [s.id, s.locale.timeZone]),
    );
    for (const p of payments as { id: string; schoolId: string; receiptNumber: string; createdAt: string }[]) {
      const day = localDateOf(new Date(p.createdAt), timeZone.get(p.schoolId) ?? 'UTC').replaceAll('-', '');
      const tail = p.id.replaceAll('-', '').slice(-8).toUpperCase();
      expect(p.receiptNumber).toBe(`RCP-${day}-${tail}`);
    }
  });
});
