import { SUBSCRIPTION_REQUEST_MESSAGES } from '@lyceum/shared/company';
import { MESSAGES } from '@lyceum/shared/errors';
import { addMonths, changeKindOf, countChanges } from '@lyceum/shared/subscription-rules';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolSubscriptions } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { sweepExpiredSubscriptions } from '../src/modules/company/subscriptions.ts';
import { type CompanyWorld, companyWorld, DAY, setActiveEndDate } from './company-helpers.ts';
import { as, createCompanyUser, createSchool, errorOf, login, TEST_PASSWORD } from './helpers.ts';
import { owe } from './factories/payments.ts';

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

const assign = (schoolId: string, payload: Record<string, unknown>) =>
  w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${schoolId}/subscriptions`, payload });
const detail = async (schoolId: string) =>
  (await w.companyAdmin({ method: 'GET', url: `/api/v1/company/schools/${schoolId}` })).json();
const statusOf = async (schoolId: string, id: string) =>
  (
    await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select({ s: schoolSubscriptions.status })
        .from(schoolSubscriptions)
        .where(and(eq(schoolSubscriptions.schoolId, schoolId), eq(schoolSubscriptions.id, id))),
    )
  )[0]?.s;

describe('assigning a plan', () => {
  it('cancels the previous one, marks it current, counts upgrades and downgrades by price', async () => {
    const s = await createSchool(w.t.app, { name: 'Lifecycle School' });
    const first = (await detail(s.id)).subscription;
    const up = await assign(s.id, {
      planId: await w.planId('Premium'),
      billingCycle: 'monthly',
      addonIds: [await w.addonId('WhatsApp')],
      autoRenew: true,
    });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({
      planName: 'Premium',
      subscriptionType: 'current',
      isInitial: false,
      changeKind: 'upgrade',
      previousSubscriptionId: first.id,
      autoRenew: true,
      totalAmountMinor: 22_000,
      addonNames: ['WhatsApp'],
    });
    expect(await statusOf(s.id, first.id)).toBe('cancelled');
    const down = await assign(s.id, { planId: await w.planId('Basic'), billingCycle: 'yearly' });
    expect(down.json()).toMatchObject({
      changeKind: 'downgrade',
      previousSubscriptionId: up.json().id,
      discountMinor: 6_000,
      totalAmountMinor: 54_000,
    });
    const same = await assign(s.id, { planId: await w.planId('Basic') });
    expect(same.json().changeKind).toBe('same');
    const d = await detail(s.id);
    expect(d.history).toMatchObject({
      totalUpgrades: 1,
      totalDowngrades: 1,
      initialSubscriptionId: first.id,
      currentSubscriptionId: same.json().id,
    });
    expect(d.history.items).toHaveLength(4);
    expect(d.history.items.filter((i: { status: string }) => i.status === 'active')).toHaveLength(1);
  });

  it('refuses unknown plans and add-ons, wrong roles and unknown schools', async () => {
    const retired = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/plans',
      payload: {
        name: 'Retired',
        priceMinor: 1,
        isPopular: false,
        limits: {
          maxStudents: 1,
          maxTeachers: 1,
          maxParents: 1,
          maxAdmins: 1,
          maxPrincipals: 1,
          storageGB: 1,
          apiCallsPerMonth: 1,
          maxSchools: 1,
        },
      },
    });
    await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/plans/${retired.json().id}`,
      payload: { isActive: false },
    });
    const offPlan = await assign(w.a.id, { planId: retired.json().id });
    expect(offPlan.statusCode).toBe(400);
    expect(errorOf(offPlan).message).toBe('Choose one of the offered plans');
    const bad = await assign(w.a.id, {
      planId: await w.planId('Basic'),
      addonIds: ['01900000-0000-7000-8000-000000000000'],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.addonIds).toBe('Unknown add-on');
    const months = await assign(w.a.id, { planId: await w.planId('Basic'), months: 0 });
    expect(errorOf(months).fields?.months).toBe('At least 1 month');
    const cu = await w.companyUser({
      method: 'POST',
      url: `/api/v1/company/schools/${w.a.id}/subscriptions`,
      payload: { planId: await w.planId('Basic') },
    });
    expect(cu.statusCode).toBe(403);
    const missing = await assign('01900000-0000-7000-8000-000000000000', { planId: await w.planId('Basic') });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe('School not found');
  });
});

describe('history over generated plan changes', () => {
  it('counts upgrades and downgrades by price and keeps exactly one active subscription', async () => {
    const names = ['Basic', 'Standard', 'Premium', 'Enterprise'] as const;
    const price = { Basic: 5000, Standard: 10_000, Premium: 20_000, Enterprise: 50_000 };
    const ids = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await w.planId(n)] as const)));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('monthly' as const, 'yearly' as const),
        async (sequence, billingCycle) => {
          const s = await createSchool(w.t.app, { name: `Generated ${Math.random().toString(36).slice(2, 8)}` });
          for (const plan of sequence) {
            const res = await assign(s.id, { planId: ids[plan], billingCycle });
            expect(res.statusCode).toBe(201);
            const sub = res.json();
            expect(sub.totalAmountMinor).toBe(sub.planAmountMinor + sub.addonsAmountMinor);
          }
          const prices = ['Standard' as const, ...sequence].map((n) => price[n]);
          const kinds = prices.slice(1).map((p, i) => changeKindOf(prices[i] as number, p));
          const d = await detail(s.id);
          expect({ up: d.history.totalUpgrades, down: d.history.totalDowngrades }).toEqual({
            up: countChanges(kinds).totalUpgrades,
            down: countChanges(kinds).totalDowngrades,
          });
          expect(d.history.items.filter((i: { status: string }) => i.status === 'active')).toHaveLength(1);
          expect(d.subscription.planName).toBe(sequence[sequence.length - 1]);
        },
      ),
      { numRuns: 6, seed: 20261122 },
    );
  });
});

describe('a retired add-on the school holds', () => {
  it('is not carried into a new plan: a request naming it is refused by its name, nothing changed', async () => {
    const s = await createSchool(w.t.app, { name: 'Retired Add-on School' });
    const other = await createSchool(w.t.app, { name: 'Never Held School' });
    const made = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/addons',
      payload: { name: 'Old Library', priceMinor: 1250 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const library = made.json().id as string;
    const sms = await w.addonId('SMS');
    const held = await assign(s.id, { planId: await w.planId('Basic'), addonIds: [library, sms] });
    expect(held.statusCode, held.body).toBe(201);
    const off = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/addons/${library}`,
      payload: { isActive: false },
    });
    expect(off.json().isActive).toBe(false);

    const message = 'Old Library is no longer offered, so it cannot be carried over to the new plan.';
    const refused = await assign(s.id, { planId: await w.planId('Premium'), addonIds: [sms, library] });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ message, fields: { addonIds: message } });
    const spanish = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/schools/${s.id}/subscriptions`,
      headers: { 'accept-language': 'es' },
      payload: { planId: await w.planId('Premium'), addonIds: [library] },
    });
    expect(errorOf(spanish).fields?.addonIds).toBe(
      'Old Library ya no se ofrece, así que no puede pasar al nuevo plan.',
    );
    // Nothing changed: the school keeps the subscription that holds it.
    expect((await detail(s.id)).subscription).toMatchObject({ id: held.json().id, addonIds: held.json().addonIds });

    // Left out, the plan is assigned with the add-ons still offered.
    const moved = await assign(s.id, { planId: await w.planId('Premium'), addonIds: [sms] });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json()).toMatchObject({ planName: 'Premium', addonNames: ['SMS'] });
    // A retired add-on a school never held is not on offer either.
    const never = await assign(other.id, { planId: await w.planId('Basic'), addonIds: [library] });
    expect(never.statusCode).toBe(400);
    expect(errorOf(never).fields?.addonIds).toBe('Unknown add-on');
    // Assigning stays the platform managers' own.
    const companyUser = await w.companyUser({
      method: 'POST',
      url: `/api/v1/company/schools/${s.id}/subscriptions`,
      payload: { planId: await w.planId('Basic'), addonIds: [library] },
    });
    expect(companyUser.statusCode).toBe(403);
  });
});

describe('renew and cancel', () => {
  it('renews from the old end date while it is in the future, and from now once it has passed', async () => {
    const s = await createSchool(w.t.app, { name: 'Renewing School', subscriptionDays: 10 });
    const before = (await detail(s.id)).subscription;
    const res = await w.admin({
      method: 'POST',
      url: `/api/v1/company/schools/${s.id}/subscription/renew`,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const oldEnd = new Date(before.endDate);
    // The calendar rule (a 29 February end renews to 28 February), not setUTCMonth's overflow into March.
    const expected = addMonths(oldEnd, 12);
    expect(new Date(res.json().endDate).toISOString().slice(0, 10)).toBe(expected.toISOString().slice(0, 10));

    const lapsed = await createSchool(w.t.app, { name: 'Lapsed School', subscriptionDays: -40 });
    const renewed = await w.admin({
      method: 'POST',
      url: `/api/v1/company/schools/${lapsed.id}/subscription/renew`,
      payload: { months: 1 },
    });
    expect(renewed.json().status).toBe('active');
    const end = new Date(renewed.json().endDate).getTime();
    expect(end).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(end).toBeLessThan(Date.now() + 32 * DAY);
    await login(w.t.app, lapsed.users.teacher.email, 'teacher');
  });

  it('cancels the active subscription; a second cancel or a renew of a cancelled one is refused', async () => {
    const s = await createSchool(w.t.app, { name: 'Cancelling School' });
    const res = await w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${s.id}/subscription/cancel` });
    expect(res.json().status).toBe('cancelled');
    const again = await w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${s.id}/subscription/cancel` });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).message).toBe(MESSAGES.noActiveSubscription);
    const renew = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/schools/${s.id}/subscription/renew`,
      payload: {},
    });
    expect(renew.statusCode).toBe(422);
    const bad = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/schools/${s.id}/subscription/renew`,
      payload: { months: 61 },
    });
    expect(errorOf(bad).fields?.months).toBe('At most 60 months');
    const sa = await as(w.t.app, await login(w.t.app, w.a.users.school_admin.email, 'school_admin'));
    expect(
      (await sa({ method: 'POST', url: `/api/v1/company/schools/${w.a.id}/subscription/cancel` })).statusCode,
    ).toBe(403);
  });

  it('a cancelled subscription has no days left on My Subscription, and its renewal cannot be paid for', async () => {
    const s = await createSchool(w.t.app, { name: 'Cancelled Renewal School' });
    const sa = as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
    const before = (await sa({ method: 'GET', url: '/api/v1/subscription' })).json();
    expect(before.daysLeft).toBeGreaterThan(0);
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${s.id}/subscription/cancel` });
    const mine = (await sa({ method: 'GET', url: '/api/v1/subscription' })).json();
    expect(mine.subscription).toMatchObject({ id: before.subscription.id, status: 'cancelled' });
    expect(mine.daysLeft).toBeNull();

    const renewal = await sa({
      method: 'POST',
      url: '/api/v1/payments',
      payload: {
        subscriptionId: before.subscription.id,
        renewal: true,
        method: 'card',
        reference: 'CANCELLED-R',
        amountMinor: 1000,
        idempotencyKey: 'cancelled-renew-1',
      },
    });
    expect(renewal.statusCode).toBe(422);
    expect(errorOf(renewal)).toEqual({
      code: 'rule',
      message: 'This subscription was cancelled and cannot be renewed. Contact our sales team to choose a plan.',
    });
    expect(SUBSCRIPTION_REQUEST_MESSAGES.cancelledNotRenewable).toBe(errorOf(renewal).message);
    // Nothing recorded: no payment, no renewal request for company staff.
    expect((await sa({ method: 'GET', url: '/api/v1/payments' })).json().items).toEqual([]);
    const leads = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/leads?limit=100' })).json().items;
    expect(leads.filter((l: { schoolId: string }) => l.schoolId === s.id)).toEqual([]);
  });

  it('a cancelled subscription left unpaid can still be paid for (not renewed): what it ran for is owed', async () => {
    const s = await createSchool(w.t.app, { name: 'Cancelled Unpaid School' });
    const sa = as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
    // A newly assigned plan is unpaid until the school pays for it.
    expect((await assign(s.id, { planId: await w.planId('Standard') })).statusCode).toBe(201);
    const sub = (await sa({ method: 'GET', url: '/api/v1/subscription' })).json().subscription;
    expect(sub.paymentStatus).toBe('pending');
    // Twelve months billed monthly: twelve monthly totals.
    expect(sub).toMatchObject({
      amountDueMinor: 12 * sub.totalAmountMinor,
      outstandingMinor: 12 * sub.totalAmountMinor,
    });
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${s.id}/subscription/cancel` });
    const paid = await sa({
      method: 'POST',
      url: '/api/v1/payments',
      payload: {
        subscriptionId: sub.id,
        method: 'bank_transfer',
        reference: 'OWED-1',
        amountMinor: sub.outstandingMinor,
        idempotencyKey: 'cancelled-owed-1',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const confirmed = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/payments/${paid.json().id}/confirm`,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const mine = (await sa({ method: 'GET', url: '/api/v1/subscription' })).json().subscription;
    expect(mine).toMatchObject({ id: sub.id, status: 'cancelled', paymentStatus: 'paid' });
    // Settling it asks for no renewal.
    const leads = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/leads?limit=100' })).json().items;
    expect(leads.filter((l: { schoolId: string }) => l.schoolId === s.id)).toEqual([]);
  });

  it('a cancelled subscription offers no plan change: an upgrade or renewal request is refused, nothing recorded', async () => {
    const s = await createSchool(w.t.app, { name: 'Cancelled Upgrade School' });
    const sa = as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${s.id}/subscription/cancel` });
    const premium = await w.planId('Premium');
    const upgrade = await sa({
      method: 'POST',
      url: '/api/v1/subscription/requests',
      payload: { kind: 'upgrade', planId: premium, billingCycle: 'monthly' },
    });
    expect({ status: upgrade.statusCode, error: errorOf(upgrade) }).toEqual({
      status: 422,
      error: {
        code: 'rule',
        message:
          'This subscription was cancelled, so its plan cannot be changed. Contact our sales team to choose a plan.',
      },
    });
    expect(SUBSCRIPTION_REQUEST_MESSAGES.cancelledNoPlanChange).toBe(errorOf(upgrade).message);
    const renewal = await sa({ method: 'POST', url: '/api/v1/subscription/requests', payload: { kind: 'renewal' } });
    expect({ status: renewal.statusCode, error: errorOf(renewal) }).toEqual({
      status: 422,
      error: { code: 'rule', message: SUBSCRIPTION_REQUEST_MESSAGES.cancelledNotRenewable },
    });
    // In the admin's language, like its neighbours.
    const spanish = await sa({
      method: 'POST',
      url: '/api/v1/subscription/requests',
      headers: { 'accept-language': 'es' },
      payload: { kind: 'upgrade' },
    });
    expect(errorOf(spanish).message).toBe(
      'Esta suscripción se canceló, así que no se puede cambiar su plan. Contacte con nuestro equipo de ventas para elegir un plan.',
    );
    const leads = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/leads?limit=100' })).json().items;
    expect(leads.filter((l: { schoolId: string }) => l.schoolId === s.id)).toEqual([]);
    // Sales is still the way to a new plan.
    const contact = await sa({
      method: 'POST',
      url: '/api/v1/sales-leads',
      payload: { name: 'Sam Admin', email: 'sam@school.test', message: 'We would like a plan again.' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
  });

  it("a renewal is paid for the school's current subscription only, never an older one it replaced", async () => {
    const s = await createSchool(w.t.app, { name: 'Replaced Renewal School' });
    const sa = as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
    const old = (await sa({ method: 'GET', url: '/api/v1/subscription' })).json().subscription.id as string;
    const assigned = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/schools/${s.id}/subscriptions`,
      payload: { planId: await w.planId('Standard') },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const renew = (subscriptionId: string, key: string) =>
      sa({
        method: 'POST',
        url: '/api/v1/payments',
        payload: {
          subscriptionId,
          renewal: true,
          method: 'card',
          reference: key,
          amountMinor: 1000,
          idempotencyKey: key,
        },
      });
    const older = await renew(old, 'replaced-renew-1');
    expect({ status: older.statusCode, error: errorOf(older) }).toEqual({
      status: 422,
      error: {
        code: 'rule',
        message: SUBSCRIPTION_REQUEST_MESSAGES.notCurrentRenewal,
        fields: { subscriptionId: SUBSCRIPTION_REQUEST_MESSAGES.notCurrentRenewal },
      },
    });
    expect((await sa({ method: 'GET', url: '/api/v1/payments' })).json().items).toEqual([]);
    const current = await renew(assigned.json().id, 'replaced-renew-2');
    expect(current.statusCode, current.body).toBe(201);
  });

  it('the dashboard counts schools by the status the schools list shows: a cancelled school is cancelled in both', async () => {
    // This file's first company dashboard read: its figures are computed now, not taken from the 15 s cache.
    const s = await createSchool(w.t.app, { name: 'Cancelled Counted School' });
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${s.id}/subscription/cancel` });
    const listed = await w.companyAdmin({
      method: 'GET',
      url: `/api/v1/company/schools?q=${encodeURIComponent(s.name)}`,
    });
    expect(listed.json().items.map((x: { status: string }) => x.status)).toEqual(['cancelled']);
    const dashboard = (await w.companyUser({ method: 'GET', url: '/api/v1/dashboard' })).json();
    const stats = Object.fromEntries(
      dashboard.stats.map((x: { key: string; value: unknown }) => [x.key, x.value]),
    ) as Record<string, number>;
    for (const status of ['active', 'trial', 'expired', 'cancelled'] as const) {
      const list = await w.companyAdmin({ method: 'GET', url: `/api/v1/company/schools?status=${status}&limit=1` });
      expect({ status, count: stats[status] }).toEqual({ status, count: list.json().total });
    }
    expect(stats.cancelled).toBeGreaterThanOrEqual(1);
  });

  it('a change by company staff shows on the dashboard at once, each figure equal to the list it links to', async () => {
    const s = await createSchool(w.t.app, { name: 'Deactivated Counted School' });
    const figures = async () =>
      Object.fromEntries(
        (await w.companyAdmin({ method: 'GET', url: '/api/v1/dashboard' }))
          .json()
          .stats.map((x: { key: string; value: unknown; hint?: string }) => [
            x.key,
            x.key === 'schools' ? x.hint : x.value,
          ]),
      ) as Record<string, number | string>;
    const total = async (status: string) =>
      (await w.companyAdmin({ method: 'GET', url: `/api/v1/company/schools?status=${status}&limit=1` })).json().total;
    // Fills the figure cache (or takes it, as a previous read left it).
    await figures();
    const off = await w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${s.id}/deactivate` });
    expect(off.statusCode).toBe(200);
    // Read straight after the change, well within the cache's 15 s.
    const after = await figures();
    expect(after.active).toBe(await total('active'));
    expect(after.schools).toBe(`${await total('inactive')} deactivated`);
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${s.id}/reactivate` });
    const again = await figures();
    expect(again.active).toBe((after.active as number) + 1);
    expect(again.active).toBe(await total('active'));
  });
});

describe('expiry', () => {
  it('is detected when read and by the sweep', async () => {
    const s = await createSchool(w.t.app, { name: 'Expiring School' });
    const sub = (await detail(s.id)).subscription;
    await setActiveEndDate(w.t, s.id, new Date(Date.now() - 1000));
    const d = await detail(s.id);
    expect(d.subscription).toBeNull();
    expect(d.school.status).toBe('expired');
    expect(d.history.items[0]).toMatchObject({ id: sub.id, status: 'expired' });

    const other = await createSchool(w.t.app, { name: 'Swept School' });
    await setActiveEndDate(w.t, other.id, new Date(Date.now() - 1000));
    expect(await sweepExpiredSubscriptions(w.t.app.deps.db, new Date())).toBeGreaterThanOrEqual(1);
    const [row] = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, other.id)),
    );
    expect(row?.status).toBe('expired');
    expect(await sweepExpiredSubscriptions(w.t.app.deps.db, new Date())).toBe(0);
  });

  it("blocks the school's users at sign-in with the expiry message; company staff are exempt", async () => {
    const s = await createSchool(w.t.app, { name: 'Blocked School', subscriptionDays: -3 });
    const signIn = (role: 'school_admin' | 'teacher' | 'parent', chosen: string = role, language = 'en') =>
      w.t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'accept-language': language },
        payload: { email: s.users[role].email, password: TEST_PASSWORD, role: chosen },
      });
    for (const role of ['teacher', 'parent'] as const) {
      const res = await signIn(role);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'auth/subscription-expired', message: MESSAGES.subscriptionExpired });
    }
    // The school's admin has no school administrator to ask: they are told to contact sales, whichever role
    // they chose on the page (the profile found decides), in their language.
    for (const chosen of ['school_admin', 'teacher'] as const) {
      const res = await signIn('school_admin', chosen);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'auth/subscription-expired', message: MESSAGES.subscriptionExpiredAdmin });
    }
    expect(MESSAGES.subscriptionExpiredAdmin).toBe(
      "Your school's subscription has expired. Contact our sales team to renew it or to choose another plan.",
    );
    expect(errorOf(await signIn('school_admin', 'school_admin', 'es')).message).toBe(
      'La suscripción de su escuela ha vencido. Comuníquese con nuestro equipo de ventas para renovarla o para elegir otro plan.',
    );
    expect(errorOf(await signIn('school_admin', 'school_admin', 'ar')).message).toBe(
      'انتهى اشتراك مدرستك. تواصل مع فريق المبيعات لدينا لتجديده أو لاختيار خطة أخرى.',
    );
    // A wrong password still gets the same answer as anyone's, telling nothing of the school.
    const wrong = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: s.users.school_admin.email, password: 'not-the-password', role: 'school_admin' },
    });
    expect(errorOf(wrong).code).toBe('auth/invalid-credential');
    expect((await w.companyAdmin({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(200);

    // The plan-expiry screen's contact-sales modal: the same credentials identify the school, no session.
    const lapsed = (payload: Record<string, unknown>) =>
      w.t.app.inject({ method: 'POST', url: '/api/v1/sales-leads/lapsed', payload });
    const ok = await lapsed({ email: s.users.parent.email, password: TEST_PASSWORD, message: 'Please renew us.' });
    expect(ok.statusCode).toBe(201);
    expect(ok.headers['set-cookie']).toBeUndefined();
    const leads = (await w.companyUser({ method: 'GET', url: '/api/v1/company/leads' })).json().items;
    expect(leads.find((l: { schoolName: string }) => l.schoolName === 'Blocked School')).toMatchObject({
      kind: 'contact_sales',
      email: s.users.parent.email,
      message: 'Please renew us.',
    });
    for (const bad of [
      { email: s.users.parent.email, password: 'wrong-password', message: 'x' },
      { email: 'nobody@nowhere.test', password: TEST_PASSWORD, message: 'x' },
    ]) {
      const res = await lapsed(bad);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toEqual({ code: 'auth/invalid-credential', message: MESSAGES.invalidCredential });
    }
    const staff = await createCompanyUser(w.t.app, 'company_user');
    expect((await lapsed({ email: staff.email, password: TEST_PASSWORD, message: 'x' })).statusCode).toBe(403);
    const empty = await lapsed({ email: s.users.parent.email, password: TEST_PASSWORD, message: ' ' });
    expect(errorOf(empty).fields?.message).toBe('Message is required');
  });

  it('mid-session: school routes answer 402 subscription_expired, the recovery routes stay open', async () => {
    const s = await createSchool(w.t.app, { name: 'Mid-session School' });
    const sa = as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
    const teacher = as(w.t.app, await login(w.t.app, s.users.teacher.email, 'teacher'));
    expect((await teacher({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(200);
    await setActiveEndDate(w.t, s.id, new Date(Date.now() - 1000));
    const blocked = await teacher({ method: 'GET', url: '/api/v1/dashboard' });
    expect(blocked.statusCode).toBe(402);
    expect(errorOf(blocked)).toEqual({ code: 'subscription_expired', message: MESSAGES.subscriptionExpired });
    expect((await sa({ method: 'GET', url: '/api/v1/marketplace' })).statusCode).toBe(402);
    expect((await teacher({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(200);
    expect((await teacher({ method: 'GET', url: '/api/v1/school' })).statusCode).toBe(200);
    const mine = await sa({ method: 'GET', url: '/api/v1/subscription' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().subscription.status).toBe('expired');
    expect(mine.json().daysLeft).toBeLessThanOrEqual(0);
    const lead = await teacher({
      method: 'POST',
      url: '/api/v1/sales-leads',
      payload: { name: 'Tia Teacher', email: 'tia@school.test', message: 'Our plan ran out, please call.' },
    });
    expect(lead.statusCode).toBe(201);
    const renewal = await sa({ method: 'POST', url: '/api/v1/subscription/requests', payload: { kind: 'renewal' } });
    expect(renewal.statusCode).toBe(201);
    expect(renewal.json()).toMatchObject({ kind: 'renewal', status: 'new', schoolName: 'Mid-session School' });
    const subscriptionId = mine.json().subscription.id;
    await owe(w.t.app, s.id, 10_000);
    const paid = await sa({
      method: 'POST',
      url: '/api/v1/payments',
      payload: {
        subscriptionId,
        method: 'bank_transfer',
        reference: 'LATE-1',
        amountMinor: 10_000,
        idempotencyKey: 'late-payment-1',
      },
    });
    expect(paid.statusCode).toBe(201);
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/payments/${paid.json().id}/confirm` });
    expect((await sa({ method: 'GET', url: `/api/v1/payments/${paid.json().id}/receipt` })).statusCode).toBe(200);
  });

  it('a lapsed school admin gets every call My Subscription and its pay, renew and receipt flows make', async () => {
    const s = await createSchool(w.t.app, { name: 'Lapsed Payer School' });
    const sa = as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
    const requested = await sa({
      method: 'POST',
      url: '/api/v1/addon-requests',
      payload: { addonId: await w.addonId('SMS') },
    });
    expect(requested.statusCode).toBe(201);
    await setActiveEndDate(w.t, s.id, new Date(Date.now() - 1000));
    expect((await sa({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(402);

    const mine = await sa({ method: 'GET', url: '/api/v1/subscription' });
    expect(mine.statusCode).toBe(200);
    const requests = await sa({ method: 'GET', url: '/api/v1/addon-requests' });
    expect(requests.statusCode).toBe(200);
    expect(requests.json().items.map((r: { id: string }) => r.id)).toEqual([requested.json().id]);
    expect((await sa({ method: 'GET', url: '/api/v1/payments' })).statusCode).toBe(200);
    // The upgrade dialog's plans are public.
    expect((await sa({ method: 'GET', url: '/api/v1/plans' })).statusCode).toBe(200);
    const pay = (target: Record<string, string>, key: string) =>
      sa({
        method: 'POST',
        url: '/api/v1/payments',
        payload: { ...target, method: 'card', reference: key, amountMinor: 1500, idempotencyKey: key },
      });
    const forAddon = await pay({ addonRequestId: requested.json().id }, 'lapsed-addon-1');
    expect(forAddon.statusCode).toBe(201);
    await owe(w.t.app, s.id, 1500);
    const forRenewal = await pay({ subscriptionId: mine.json().subscription.id }, 'lapsed-renewal-1');
    expect(forRenewal.statusCode).toBe(201);
    const renewal = await sa({ method: 'POST', url: '/api/v1/subscription/requests', payload: { kind: 'renewal' } });
    expect(renewal.statusCode).toBe(201);
    const id = forRenewal.json().id;
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/payments/${id}/confirm` });
    expect((await sa({ method: 'GET', url: `/api/v1/payments/${id}/receipt` })).statusCode).toBe(200);
    expect((await sa({ method: 'GET', url: `/api/v1/payments/${id}/receipt.pdf` })).statusCode).toBe(200);
    // The marketplace (buying something new) stays closed.
    expect((await sa({ method: 'GET', url: '/api/v1/marketplace' })).statusCode).toBe(402);
  });
});
