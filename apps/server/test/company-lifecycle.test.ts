import { formatMoney } from '@lyceum/shared/plans';
import { addMonths, autoRenewalEnd, cycleMonths, renewalEnd } from '@lyceum/shared/subscription-rules';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, schoolSubscriptions } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { sweepExpiredSubscriptions } from '../src/modules/company/subscriptions.ts';
import { type CompanyWorld, companyWorld, DAY, setActiveEndDate } from './company-helpers.ts';
import { as, createSchool, errorOf, login, type SchoolFixture } from './helpers.ts';

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

type Caller = ReturnType<typeof as>;
interface Note {
  title: string;
  body: string;
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
const activeRow = async (schoolId: string) =>
  (
    await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select()
        .from(schoolSubscriptions)
        .where(and(eq(schoolSubscriptions.schoolId, schoolId), eq(schoolSubscriptions.status, 'active'))),
    )
  )[0];
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
          // The manual rule (SPEC §4), applied once per period, each at the moment the previous period ended.
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
    const created = await assign(s.id, { planId: await w.planId('Basic'), billingCycle: 'monthly', autoRenew: true });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ autoRenew: true, totalAmountMinor: 5000 });
    const sa = await schoolAdmin(s);
    const paid = await pay(sa, { subscriptionId: created.json().id }, 5000);
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/payments/${paid.json().id}/confirm` });
    expect((await activeRow(s.id))?.paymentStatus).toBe('paid');

    const oldEnd = new Date(Date.now() - 3_600_000);
    await setActiveEndDate(w.t, s.id, oldEnd);
    // PGlite runs the two sweeps one after the other; a real pool would race them: one renewal either way.
    const swept = await Promise.all([
      sweepExpiredSubscriptions(w.t.app.deps.db),
      sweepExpiredSubscriptions(w.t.app.deps.db),
    ]);
    expect(swept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const row = await activeRow(s.id);
    expect(row).toMatchObject({ id: created.json().id, status: 'active', paymentStatus: 'pending', autoRenew: true });
    expect(row?.endDate.toISOString()).toBe(addMonths(oldEnd, 1).toISOString());
    expect(row?.totalAmountMinor).toBe(5000);
    expect(await sweepExpiredSubscriptions(w.t.app.deps.db)).toBe(0);

    const audits = await auditsOf(s.id, 'subscription.auto_renewed');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorAccountId: null, actorRole: null, entityId: created.json().id });
    expect(audits[0]?.after).toMatchObject({ months: 1, periods: 1, paymentStatus: 'pending' });

    const notes = (await bell(sa)).filter((n) => n.title === 'Subscription renewed');
    expect(notes).toEqual([
      expect.objectContaining({
        body: `Your Basic subscription renewed automatically until ${addMonths(oldEnd, 1).toISOString().slice(0, 10)}. A payment of ${formatMoney(5000)} is due.`,
      }),
    ]);
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
