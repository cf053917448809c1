import { formatMoney } from '@lyceum/shared/plans';
import { addMonths, autoRenewalEnd, cycleMonths, renewalEnd } from '@lyceum/shared/subscription-rules';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { sweepExpiredSubscriptions } from '../src/modules/company/subscriptions.ts';
import { activeSubscriptionRow, type CompanyWorld, companyWorld, DAY, setActiveEndDate } from './company-helpers.ts';
import { as, createSchool, errorOf, login, type SchoolFixture } from './helpers.ts';
import { owe } from './factories/payments.ts';

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

type Caller = ReturnType<typeof as>;
interface Note {
  title: string;
  body: string;
  target: unknown;
}

const schoolAdmin = async (s: SchoolFixture) =>
  as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
const bell = async (caller: Caller): Promise<Note[]> => {
  const res = await caller({ method: 'GET', url: '/api/v1/notifications' });
  expect(res.statusCode).toBe(200);
  return res.json().items;
};
const assign = (schoolId: string, payload: Record<string, unknown>) =>
  w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${schoolId}/subscriptions`, payload });
const activeRow = (schoolId: string) => activeSubscriptionRow(w.t, schoolId);
const auditsOf = (schoolId: string, action: string) =>
  withSystem(w.t.app.deps.db, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, schoolId), eq(auditLog.action, action))),
  );
let keySeq = 0;
const pay = (caller: Caller, target: { subscriptionId: string } | { addonRequestId: string }, amountMinor: number) =>
  caller({
    method: 'POST',
    url: '/api/v1/payments',
    payload: {
      ...target,
      method: 'bank_transfer',
      reference: `REF-${++keySeq}`,
      amountMinor,
      idempotencyKey: `key-${keySeq}-abcdefgh`,
    },
  });

describe('auto-renew: the rule', () => {
  it('an automatic renewal ends where a manual renewal made at the moment of the lapse would (property)', () => {
    const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2080, 0, 1) }).map((t) => new Date(t));
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom('monthly' as const, 'yearly' as const),
        fc.nat(400 * DAY),
        (oldEnd, cycle, late) => {
          const months = cycleMonths(cycle);
          const now = new Date(oldEnd.getTime() + late);
          const { end, periods } = autoRenewalEnd(oldEnd, now, months);
          // The manual rule (docs/product.md, "Subscriptions and plans"), applied once per period, each at the moment the previous period ended.
          let manual = oldEnd;
          for (let i = 0; i < periods; i++) manual = renewalEnd(manual, manual, months).end;
          expect(end.toISOString()).toBe(manual.toISOString());
          // Exactly as many periods as it takes to cover now: one fewer would still be lapsed.
          expect(periods).toBeGreaterThanOrEqual(1);
          expect(end.getTime()).toBeGreaterThan(now.getTime());
          let previous = oldEnd;
          for (let i = 0; i < periods - 1; i++) previous = renewalEnd(previous, previous, months).end;
          expect(previous.getTime()).toBeLessThanOrEqual(now.getTime());
          // Noticed within the first period, it is the manual renewal from the old end date.
          if (now.getTime() < addMonths(oldEnd, months).getTime()) {
            expect(end.toISOString()).toBe(renewalEnd(oldEnd, oldEnd, months).end.toISOString());
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('auto-renew: the sweep and every read', () => {
  it('the sweep renews one billing cycle from the old end date, payment due, audited as the system, admins told', async () => {
    const s = await createSchool(w.t.app, { name: 'Auto Monthly School' });
    const created = await assign(s.id, {
      planId: await w.planId('Basic'),
      billingCycle: 'monthly',
      months: 1,
      autoRenew: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ autoRenew: true, totalAmountMinor: 5000, amountDueMinor: 5000 });
    const sa = await schoolAdmin(s);
    const paid = await pay(sa, { subscriptionId: created.json().id }, 5000);
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/payments/${paid.json().id}/confirm` });
    expect((await activeRow(s.id))?.paymentStatus).toBe('paid');

    const oldEnd = new Date(Date.now() - 3_600_000);
    await setActiveEndDate(w.t, s.id, oldEnd);
    // PGlite runs the two sweeps one after the other; a real pool would race them: one renewal either way.
    const swept = await Promise.all([
      sweepExpiredSubscriptions(w.t.app.deps.db, new Date()),
      sweepExpiredSubscriptions(w.t.app.deps.db, new Date()),
    ]);
    expect(swept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const row = await activeRow(s.id);
    expect(row).toMatchObject({ id: created.json().id, status: 'active', paymentStatus: 'pending', autoRenew: true });
    expect(row?.endDate.toISOString()).toBe(addMonths(oldEnd, 1).toISOString());
    expect(row?.totalAmountMinor).toBe(5000);
    expect(await sweepExpiredSubscriptions(w.t.app.deps.db, new Date())).toBe(0);

    const audits = await auditsOf(s.id, 'subscription.auto_renewed');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorAccountId: null, actorRole: null, entityId: created.json().id });
    expect(audits[0]?.after).toMatchObject({ months: 1, periods: 1, paymentStatus: 'pending' });

    const notes = (await bell(sa)).filter((n) => n.title === 'Subscription renewed');
    // The date in the school's date format, as the app writes dates (not the ISO day), and what is now due.
    expect(notes).toHaveLength(1);
    // Opening it leads to the plan on My Subscription (docs/product.md, "Notifications").
    expect(notes[0]?.target).toEqual({ kind: 'subscription', section: 'plan' });
    expect(notes[0]?.body).toMatch(
      new RegExp(
        `^Your Basic subscription renewed automatically until [A-Z][a-z]{2} \\d{1,2}, \\d{4}\\. A payment of \\${formatMoney(5000)} is due\\.$`,
      ),
    );
    expect(notes[0]?.body).not.toContain(addMonths(oldEnd, 1).toISOString().slice(0, 10));
    // Only the school's admins are told, and no other school hears of it.
    const teacher = as(w.t.app, await login(w.t.app, s.users.teacher.email, 'teacher'));
    expect((await bell(teacher)).map((n) => n.title)).not.toContain('Subscription renewed');
    expect((await bell(await w.asB('school_admin'))).map((n) => n.title)).not.toContain('Subscription renewed');

    // Unpaid is not blocked: access follows status and end date only.
    expect((await teacher({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(200);
    const mine = (await sa({ method: 'GET', url: '/api/v1/subscription' })).json();
    expect(mine.subscription).toMatchObject({ status: 'active', paymentStatus: 'pending' });
    expect(mine.history.items).toHaveLength(2); // the seeded one it replaced, and this one: no new row
  });

  it('a lapse detected at sign-in, on a live session or by a read renews too; yearly adds a year; missed periods all count', async () => {
    const yearly = await createSchool(w.t.app, { name: 'Auto Yearly School' });
    await assign(yearly.id, { planId: await w.planId('Standard'), billingCycle: 'yearly', autoRenew: true });
    const sa = await schoolAdmin(yearly);
    const oldEnd = new Date(Date.now() - 60_000);
    await setActiveEndDate(w.t, yearly.id, oldEnd);
    // The session lookup sees an end date in the past; the gate settles it instead of answering 402.
    const dash = await sa({ method: 'GET', url: '/api/v1/dashboard' });
    expect(dash.statusCode).toBe(200);
    expect((await activeRow(yearly.id))?.endDate.toISOString()).toBe(addMonths(oldEnd, 12).toISOString());

    const signIn = await createSchool(w.t.app, { name: 'Auto Sign-in School' });
    await assign(signIn.id, { planId: await w.planId('Basic'), autoRenew: true });
    const longAgo = new Date(Date.now() - 70 * DAY);
    await setActiveEndDate(w.t, signIn.id, longAgo);
    await login(w.t.app, signIn.users.parent.email, 'parent');
    const renewed = await activeRow(signIn.id);
    // 70 days late: two months are not enough to cover today, three are.
    expect(renewed?.endDate.toISOString()).toBe(addMonths(addMonths(addMonths(longAgo, 1), 1), 1).toISOString());
    expect((await auditsOf(signIn.id, 'subscription.auto_renewed'))[0]?.after).toMatchObject({ periods: 3 });

    const read = await createSchool(w.t.app, { name: 'Auto Read School' });
    await assign(read.id, { planId: await w.planId('Basic'), autoRenew: true });
    const readEnd = new Date(Date.now() - 1000);
    await setActiveEndDate(w.t, read.id, readEnd);
    const detail = (await w.companyUser({ method: 'GET', url: `/api/v1/company/schools?q=Auto Read` })).json();
    expect(detail.items[0]).toMatchObject({
      status: 'active',
      subscriptionEndDate: addMonths(readEnd, 1).toISOString(),
    });

    // Without auto-renew the same lapse still expires it and blocks sign-in.
    const plain = await createSchool(w.t.app, { name: 'No Auto School' });
    await setActiveEndDate(w.t, plain.id, new Date(Date.now() - 1000));
    const refused = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: plain.users.teacher.email, password: 'correct-horse-battery', role: 'teacher' },
    });
    expect(errorOf(refused).code).toBe('auth/subscription-expired');
  });

  it('an API key of a school whose auto-renewing subscription just lapsed keeps working; without auto-renew it stops', async () => {
    const keyOf = async (autoRenew: boolean) => {
      const s = await createSchool(w.t.app, { name: `Key School ${autoRenew ? 'renewing' : 'lapsing'}` });
      await assign(s.id, { planId: await w.planId('Standard'), addonIds: [await w.addonId('API Access')], autoRenew });
      const created = await (await schoolAdmin(s))({
        method: 'POST',
        url: '/api/v1/api-keys',
        payload: { name: 'Sync' },
      });
      expect(created.statusCode).toBe(201);
      await setActiveEndDate(w.t, s.id, new Date(Date.now() - 1000));
      return created.json().key as string;
    };
    const call = (key: string) =>
      w.t.app.inject({ method: 'GET', url: '/api/v1/school', headers: { authorization: `Bearer ${key}` } });
    expect((await call(await keyOf(true))).statusCode).toBe(200);
    const lapsed = await call(await keyOf(false));
    expect(lapsed.statusCode).toBe(402);
    expect(errorOf(lapsed).code).toBe('entitlement_required');
  });

  it('auto-renew is a boolean set on assignment by company staff only', async () => {
    const bad = await assign(w.a.id, { planId: await w.planId('Basic'), autoRenew: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {})).toContain('autoRenew');
    const sa = await w.asA('school_admin');
    const forbidden = await sa({
      method: 'POST',
      url: `/api/v1/company/schools/${w.a.id}/subscriptions`,
      payload: { planId: await w.planId('Basic'), autoRenew: true },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(
      (
        await w.companyUser({
          method: 'POST',
          url: `/api/v1/company/schools/${w.a.id}/subscriptions`,
          payload: { planId: await w.planId('Basic'), autoRenew: true },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('the school admins hear of every decision in the bell', () => {
  it('add-on requests approved or rejected, payments confirmed or rejected', async () => {
    const s = await createSchool(w.t.app, { name: 'Notified School' });
    const sa = await schoolAdmin(s);
    const request = async (name: string) => {
      const res = await sa({
        method: 'POST',
        url: '/api/v1/addon-requests',
        payload: { addonId: await w.addonId(name) },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    const sms = await request('SMS');
    const whatsapp = await request('WhatsApp');
    expect((await w.admin({ method: 'POST', url: `/api/v1/company/addon-requests/${sms}/approve` })).statusCode).toBe(
      200,
    );
    const declined = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/addon-requests/${whatsapp}/reject`,
      payload: { reason: 'Not available in your region yet.' },
    });
    expect(declined.statusCode).toBe(200);

    const sub = (await sa({ method: 'GET', url: '/api/v1/subscription' })).json().subscription;
    await owe(w.t.app, s.id, sub.totalAmountMinor);
    const good = (await pay(sa, { subscriptionId: sub.id }, sub.totalAmountMinor)).json();
    const bad = (await pay(sa, { addonRequestId: sms }, 1500)).json();
    expect((await w.admin({ method: 'POST', url: `/api/v1/company/payments/${good.id}/confirm` })).statusCode).toBe(
      200,
    );
    const refused = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/payments/${bad.id}/reject`,
      payload: { reason: 'No transfer arrived with that reference.' },
    });
    expect(refused.statusCode).toBe(200);

    const notes = await bell(sa);
    const pick = (title: string) => notes.filter((n) => n.title === title).map((n) => n.body);
    expect(pick('SMS is active')).toEqual(['Your request for SMS was approved. It is now part of your subscription.']);
    expect(pick('WhatsApp request declined')).toEqual(['Not available in your region yet.']);
    expect(pick('Payment confirmed')).toEqual([
      `We received your payment for Standard plan (monthly) (${good.receiptNumber}). Thank you.`,
    ]);
    expect(pick('Payment rejected')).toEqual([
      `SMS add-on (monthly) (${bad.receiptNumber}): No transfer arrived with that reference.`,
    ]);
    expect((await sa({ method: 'GET', url: '/api/v1/notifications' })).json().unread).toBeGreaterThanOrEqual(4);
    // Each leads to the part of My Subscription it is about (docs/product.md, "Notifications").
    const targetOf = (title: string) => notes.filter((n) => n.title === title).map((n) => n.target);
    expect(targetOf('SMS is active')).toEqual([{ kind: 'subscription', section: 'addons' }]);
    expect(targetOf('WhatsApp request declined')).toEqual([{ kind: 'subscription', section: 'addons' }]);
    expect(targetOf('Payment confirmed')).toEqual([{ kind: 'subscription', section: 'payments' }]);
    expect(targetOf('Payment rejected')).toEqual([{ kind: 'subscription', section: 'payments' }]);

    // Other roles of the school and other schools hear nothing of it.
    const principal = as(w.t.app, await login(w.t.app, s.users.principal.email, 'principal'));
    const otherAdmin = await w.asB('school_admin');
    for (const caller of [principal, otherAdmin]) {
      const titles = (await bell(caller)).map((n) => n.title);
      expect(titles).not.toContain('Payment confirmed');
      expect(titles).not.toContain('SMS is active');
    }
  });

  it('a decision without a reason, by a school role, twice or on another school is refused and tells nobody', async () => {
    const s = await createSchool(w.t.app, { name: 'Quiet School' });
    const sa = await schoolAdmin(s);
    const sub = (await sa({ method: 'GET', url: '/api/v1/subscription' })).json().subscription;
    await owe(w.t.app, s.id, 100);
    const payment = (await pay(sa, { subscriptionId: sub.id }, 100)).json();
    const noReason = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/payments/${payment.id}/reject`,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).fields?.reason).toBe('Give a reason (at least 3 characters)');
    for (const caller of [sa, w.companyUser, await w.asB('school_admin')]) {
      // School roles and company_user may not decide (403), whichever school the payment belongs to.
      expect((await caller({ method: 'POST', url: `/api/v1/company/payments/${payment.id}/confirm` })).statusCode).toBe(
        403,
      );
    }
    // School B's admin cannot read A's payment receipt either (404: it does not exist for them).
    const other = await w.asB('school_admin');
    expect((await other({ method: 'GET', url: `/api/v1/payments/${payment.id}/receipt` })).statusCode).toBe(404);
    expect((await bell(sa)).map((n) => n.title)).not.toContain('Payment confirmed');
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/payments/${payment.id}/confirm` });
    const twice = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/payments/${payment.id}/reject`,
      payload: { reason: 'Changed my mind' },
    });
    expect(twice.statusCode).toBe(409);
    expect((await bell(sa)).filter((n) => n.title.startsWith('Payment '))).toHaveLength(1);
  });
});

describe('deactivated plans and add-ons are no longer offered; holders keep them', () => {
  it('a deactivated plan leaves the public list, assignment and upgrade requests; its schools keep and renew it', async () => {
    const s = await createSchool(w.t.app, { name: 'Premium Keeper School' });
    const premium = await w.planId('Premium');
    const onPremium = await assign(s.id, { planId: premium, billingCycle: 'monthly', autoRenew: true });
    expect(onPremium.statusCode).toBe(201);
    const off = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/plans/${premium}`,
      payload: { isActive: false },
    });
    expect(off.json()).toMatchObject({ isActive: false });
    try {
      const offered = (await w.t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
      expect(offered.map((p: { name: string }) => p.name)).toEqual(['Basic', 'Standard', 'Enterprise']);
      const company = (await w.companyUser({ method: 'GET', url: '/api/v1/company/plans' })).json().items;
      expect(company.find((p: { id: string }) => p.id === premium)).toMatchObject({
        isActive: false,
        activeSubscriptions: 1,
      });

      const refused = await assign(w.b.id, { planId: premium });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toMatchObject({
        message: 'Choose one of the offered plans',
        fields: { planId: 'Choose a plan' },
      });
      const upgrade = await (await w.asB('school_admin'))({
        method: 'POST',
        url: '/api/v1/subscription/requests',
        payload: { kind: 'upgrade', planId: premium },
      });
      expect(upgrade.statusCode).toBe(400);
      expect(errorOf(upgrade).fields?.planId).toBe('Choose a plan');

      // The school on it keeps it, renews it by hand and automatically.
      const sa = await schoolAdmin(s);
      const mine = (await sa({ method: 'GET', url: '/api/v1/subscription' })).json();
      expect(mine.plan).toMatchObject({ name: 'Premium', isActive: false });
      const renewed = await w.admin({
        method: 'POST',
        url: `/api/v1/company/schools/${s.id}/subscription/renew`,
        payload: { months: 2 },
      });
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json()).toMatchObject({ planName: 'Premium', status: 'active', id: onPremium.json().id });
      const lapse = new Date(Date.now() - 1000);
      await setActiveEndDate(w.t, s.id, lapse);
      await sweepExpiredSubscriptions(w.t.app.deps.db, new Date());
      expect(await activeRow(s.id)).toMatchObject({ planId: premium, endDate: addMonths(lapse, 1) });
      // Company staff only switch plans on and off.
      expect(
        (await sa({ method: 'PATCH', url: `/api/v1/company/plans/${premium}`, payload: { isActive: true } }))
          .statusCode,
      ).toBe(403);
    } finally {
      await w.companyAdmin({ method: 'PATCH', url: `/api/v1/company/plans/${premium}`, payload: { isActive: true } });
    }
  });

  it('a deactivated add-on leaves the marketplace and cannot be requested or approved; holders keep it', async () => {
    const s = await createSchool(w.t.app, { name: 'Mobile Keeper School' });
    const sa = await schoolAdmin(s);
    const mobile = await w.addonId('Mobile App');
    const email = await w.addonId('Email Marketing');
    const held = (await sa({ method: 'POST', url: '/api/v1/addon-requests', payload: { addonId: mobile } })).json();
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/addon-requests/${held.id}/approve` });
    const open = (await sa({ method: 'POST', url: '/api/v1/addon-requests', payload: { addonId: email } })).json();
    for (const id of [mobile, email]) {
      const off = await w.companyAdmin({
        method: 'PATCH',
        url: `/api/v1/company/addons/${id}`,
        payload: { isActive: false },
      });
      expect(off.json().isActive).toBe(false);
    }
    try {
      const market = (await sa({ method: 'GET', url: '/api/v1/marketplace' }))
        .json()
        .items.map((i: { id: string }) => i.id);
      expect(market).not.toContain(mobile);
      expect(market).not.toContain(email);
      const other = await w.asB('school_admin');
      const again = await other({ method: 'POST', url: '/api/v1/addon-requests', payload: { addonId: mobile } });
      expect(again.statusCode).toBe(400);
      expect(errorOf(again)).toMatchObject({
        message: 'Choose one of the offered add-ons',
        fields: { addonId: 'Unknown add-on' },
      });
      const approve = await w.companyAdmin({
        method: 'POST',
        url: `/api/v1/company/addon-requests/${open.id}/approve`,
      });
      expect(approve.statusCode).toBe(422);
      expect(errorOf(approve).message).toBe('Email Marketing is no longer offered. Reject the request instead.');
      const reject = await w.companyAdmin({
        method: 'POST',
        url: `/api/v1/company/addon-requests/${open.id}/reject`,
        payload: { reason: 'Discontinued.' },
      });
      expect(reject.json().status).toBe('rejected');
      const assignWithIt = await assign(w.b.id, { planId: await w.planId('Basic'), addonIds: [mobile] });
      expect(assignWithIt.statusCode).toBe(400);

      // The school that holds it keeps it, its price and its entitlement, through a renewal.
      const renewed = await w.admin({
        method: 'POST',
        url: `/api/v1/company/schools/${s.id}/subscription/renew`,
        payload: {},
      });
      expect(renewed.json()).toMatchObject({ addonNames: ['Mobile App'], totalAmountMinor: 10_000 + 10_000 });
      const mine = (await sa({ method: 'GET', url: '/api/v1/subscription' })).json();
      expect(mine.addons.map((a: { name: string }) => a.name)).toEqual(['Mobile App']);
      expect(mine.entitlements).toContain('mobile_app');
      expect((await sa({ method: 'GET', url: '/api/v1/school' })).json().entitlements).toContain('mobile_app');
    } finally {
      for (const id of [mobile, email]) {
        await w.companyAdmin({ method: 'PATCH', url: `/api/v1/company/addons/${id}`, payload: { isActive: true } });
      }
    }
  });
});

describe('Advanced Analytics reaches the web through GET /school', () => {
  it('every role of an entitled school reads it; other schools and lapsed ones do not', async () => {
    const s = await createSchool(w.t.app, { name: 'Analytics School' });
    const sa = await schoolAdmin(s);
    const entitlements = async (caller: Caller) => {
      const res = await caller({ method: 'GET', url: '/api/v1/school' });
      expect(res.statusCode).toBe(200);
      return res.json().entitlements as string[];
    };
    expect(await entitlements(sa)).not.toContain('advanced_analytics');
    const req = await sa({
      method: 'POST',
      url: '/api/v1/addon-requests',
      payload: { addonId: await w.addonId('Advanced Analytics') },
    });
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/addon-requests/${req.json().id}/approve` });
    for (const role of ['school_admin', 'principal', 'teacher', 'student', 'parent'] as const) {
      const caller = as(w.t.app, await login(w.t.app, s.users[role].email, role));
      expect(await entitlements(caller)).toEqual(['advanced_analytics']);
    }
    const detail = (await w.companyAdmin({ method: 'GET', url: `/api/v1/company/schools/${s.id}` })).json();
    expect(detail.entitlements).toEqual(['advanced_analytics']);
    expect(await entitlements(await w.asB('teacher'))).not.toContain('advanced_analytics');
    // A plan that includes it entitles without buying it.
    const enterprise = await createSchool(w.t.app, { name: 'Enterprise Analytics School' });
    const planAddons = (await w.companyUser({ method: 'GET', url: '/api/v1/company/plans' }))
      .json()
      .items.find((p: { name: string }) => p.name === 'Enterprise').addonIds as string[];
    await assign(enterprise.id, { planId: await w.planId('Enterprise') });
    const included = await entitlements(await schoolAdmin(enterprise));
    expect(included.includes('advanced_analytics')).toBe(planAddons.includes(await w.addonId('Advanced Analytics')));
    // Once lapsed (no auto-renew) the add-on switches off with the subscription.
    await setActiveEndDate(w.t, s.id, new Date(Date.now() - 1000));
    expect(await entitlements(sa)).toEqual([]);
  });
});

describe("GET /school tells every role whether the school's subscription lapsed or was cancelled", () => {
  it('active, then expired after a lapse, cancelled after a cancel; answered to a lapsed school too (recovery route)', async () => {
    const lapsing = await createSchool(w.t.app, { name: 'Lapsing School' });
    const cancelling = await createSchool(w.t.app, { name: 'Cancelled School' });
    const statusOf = async (s: SchoolFixture, role: 'teacher' | 'principal' | 'parent') => {
      const caller = as(w.t.app, await login(w.t.app, s.users[role].email, role));
      const res = await caller({ method: 'GET', url: '/api/v1/school' });
      expect(res.statusCode).toBe(200);
      return res.json().subscriptionStatus;
    };
    const teacher = as(w.t.app, await login(w.t.app, lapsing.users.teacher.email, 'teacher'));
    const principal = as(w.t.app, await login(w.t.app, cancelling.users.principal.email, 'principal'));
    expect(await statusOf(lapsing, 'teacher')).toBe('active');
    expect(await statusOf(cancelling, 'parent')).toBe('active');

    await setActiveEndDate(w.t, lapsing.id, new Date(Date.now() - 1000));
    expect((await teacher({ method: 'GET', url: '/api/v1/classes' })).statusCode).toBe(402);
    const lapsed = await teacher({ method: 'GET', url: '/api/v1/school' });
    expect(lapsed.statusCode).toBe(200);
    expect(lapsed.json().subscriptionStatus).toBe('expired');

    const cancel = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/schools/${cancelling.id}/subscription/cancel`,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    expect((await principal({ method: 'GET', url: '/api/v1/classes' })).statusCode).toBe(402);
    const cancelled = await principal({ method: 'GET', url: '/api/v1/school' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscriptionStatus).toBe('cancelled');
    // Each school's card tells its own subscription: the other school's cancellation leaves the lapse a lapse.
    expect((await teacher({ method: 'GET', url: '/api/v1/school' })).json().subscriptionStatus).toBe('expired');
  });
});
