import { BILLING_MESSAGES, SUBSCRIPTION_REQUEST_MESSAGES } from '@lyceum/shared/company';
import { renderIn } from '@lyceum/shared/i18n/catalogues';
import { COMPANY_NOTIFICATION_MESSAGES, messageOf } from '@lyceum/shared/notifications';
import { formatMoney } from '@lyceum/shared/plans';
import { addMonths, YEARLY_LENGTH_MESSAGE } from '@lyceum/shared/subscription-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredSubscriptions } from '../src/modules/company/subscriptions.ts';
import { type CompanyWorld, companyWorld, DAY, setActiveEndDate } from './company-helpers.ts';
import type { Caller } from './fixtures/school-world.ts';
import { as, createSchool, errorOf, login, type SchoolFixture } from './helpers.ts';

/** docs/product.md, "Billing: what is due": what a subscription bills, what a payment may be, and receipts. */

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

let keySeq = 0;
const assign = (schoolId: string, payload: Record<string, unknown>) =>
  w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${schoolId}/subscriptions`, payload });
const renew = (schoolId: string, months: number) =>
  w.companyAdmin({
    method: 'POST',
    url: `/api/v1/company/schools/${schoolId}/subscription/renew`,
    payload: { months },
  });
const confirm = (id: string) => w.companyAdmin({ method: 'POST', url: `/api/v1/company/payments/${id}/confirm` });
const schoolAdmin = async (s: SchoolFixture) =>
  as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
const pay = (caller: Caller, target: Record<string, unknown>, amountMinor: number) => {
  keySeq++;
  return caller({
    method: 'POST',
    url: '/api/v1/payments',
    payload: {
      ...target,
      method: 'bank_transfer',
      reference: `DUE-${keySeq}`,
      amountMinor,
      idempotencyKey: `due-key-${keySeq}`,
    },
  });
};
const mine = async (caller: Caller) =>
  (await caller({ method: 'GET', url: '/api/v1/subscription' })).json().subscription;
const requestAddon = async (caller: Caller, name: string) => {
  const res = await caller({
    method: 'POST',
    url: '/api/v1/addon-requests',
    payload: { addonId: await w.addonId(name) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('a subscription keeps the prices it was sold at', () => {
  it('approving an add-on adds only its charge: the plan part and the other add-ons stay as sold', async () => {
    const plan = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/plans',
      payload: {
        name: 'Gold Due',
        priceMinor: 14_999,
        yearlyDiscountPercent: 12,
        limits: {
          maxStudents: 100,
          maxTeachers: 10,
          maxParents: 100,
          maxAdmins: 2,
          maxPrincipals: 1,
          storageGB: 1,
          apiCallsPerMonth: 0,
          maxSchools: 1,
        },
      },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const library = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/addons',
      payload: { name: 'Library Due', priceMinor: 1250 },
    });
    expect(library.statusCode, library.body).toBe(201);
    const s = await createSchool(w.t.app, { name: 'Maple Due School' });
    const sold = await assign(s.id, {
      planId: plan.json().id,
      billingCycle: 'yearly',
      months: 12,
      addonIds: [library.json().id],
    });
    expect(sold.json()).toMatchObject({
      planAmountMinor: 158_389,
      discountMinor: 21_599,
      addonsAmountMinor: 15_000,
      totalAmountMinor: 173_389,
      amountDueMinor: 173_389,
      paymentStatus: 'pending',
    });
    // The catalogue changes afterwards: the plan's price and discount, the add-on's price.
    for (const [kind, id, payload] of [
      ['plans', plan.json().id, { priceMinor: 15_999, yearlyDiscountPercent: 10 }],
      ['addons', library.json().id, { priceMinor: 9_900 }],
    ] as const) {
      const edit = await w.companyAdmin({ method: 'PATCH', url: `/api/v1/company/${kind}/${id}`, payload });
      expect(edit.statusCode, edit.body).toBe(200);
    }
    const sa = await schoolAdmin(s);
    const sms = await requestAddon(sa, 'SMS');
    // On a yearly subscription the add-on costs twelve months of it.
    expect(sms).toMatchObject({ billingCycle: 'yearly', amountDueMinor: 12 * sms.priceMinor });
    const approved = await w.companyAdmin({ method: 'POST', url: `/api/v1/company/addon-requests/${sms.id}/approve` });
    expect(approved.json()).toMatchObject({ status: 'approved', amountDueMinor: 12 * sms.priceMinor });
    expect(await mine(sa)).toMatchObject({
      planAmountMinor: 158_389,
      discountMinor: 21_599,
      addonsAmountMinor: 15_000 + 12 * sms.priceMinor,
      totalAmountMinor: 173_389 + 12 * sms.priceMinor,
      // The add-on is paid on its own request; the subscription's bill is unchanged.
      amountDueMinor: 173_389,
    });
  });
});

describe('billing cycle and length agree', () => {
  it('a yearly subscription runs whole years: another length is refused on months, nothing changed', async () => {
    const s = await createSchool(w.t.app, { name: 'Cycle Length School' });
    const basic = await w.planId('Basic');
    const before = await mine(await schoolAdmin(s));
    const oneMonth = await assign(s.id, { planId: basic, billingCycle: 'yearly', months: 1 });
    expect(oneMonth.statusCode).toBe(400);
    expect(errorOf(oneMonth).fields?.months).toBe(YEARLY_LENGTH_MESSAGE);
    expect(await mine(await schoolAdmin(s))).toEqual(before);
    // Creating a school checks its first plan the same way.
    const created = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/schools',
      payload: {
        name: 'Eighteen Months School',
        admin: { name: 'Ed Admin', email: 'ed.eighteen@school.test' },
        subscription: { planId: basic, billingCycle: 'yearly', months: 18 },
      },
    });
    expect(errorOf(created).fields?.['subscription.months']).toBe(YEARLY_LENGTH_MESSAGE);
    // A yearly subscription renews by whole years too (422: the rule depends on the subscription).
    expect((await assign(s.id, { planId: basic, billingCycle: 'yearly', months: 24 })).json()).toMatchObject({
      amountDueMinor: 2 * 54_000,
    });
    const renewed = await renew(s.id, 6);
    expect(renewed.statusCode).toBe(422);
    expect(errorOf(renewed).fields?.months).toBe(YEARLY_LENGTH_MESSAGE);
    expect((await renew(s.id, 12)).json()).toMatchObject({ amountDueMinor: 3 * 54_000 });
    // A monthly one may run any number of months, each billed.
    expect((await assign(s.id, { planId: basic, months: 5 })).json()).toMatchObject({ amountDueMinor: 5 * 5000 });
    expect(
      (
        await w.companyUser({
          method: 'POST',
          url: `/api/v1/company/schools/${s.id}/subscription/renew`,
          payload: { months: 12 },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('a payment against what is due', () => {
  it('refuses more than is outstanding, naming it; a partial payment leaves the subscription pending', async () => {
    const s = await createSchool(w.t.app, { name: 'Partial Pay School' });
    const sub = (await assign(s.id, { planId: await w.planId('Basic'), months: 1 })).json();
    expect(sub).toMatchObject({ amountDueMinor: 5000, paidMinor: 0, outstandingMinor: 5000, paymentStatus: 'pending' });
    const sa = await schoolAdmin(s);
    const tooMuch = await pay(sa, { subscriptionId: sub.id }, 99_999_999);
    expect(tooMuch.statusCode).toBe(422);
    const message = BILLING_MESSAGES.moreThanOutstanding(formatMoney(5000));
    expect(errorOf(tooMuch)).toMatchObject({ code: 'rule', message, fields: { amountMinor: message } });
    expect((await sa({ method: 'GET', url: '/api/v1/payments' })).json().items).toEqual([]);
    // In Spanish too.
    const es = await sa({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { 'accept-language': 'es' },
      payload: {
        subscriptionId: sub.id,
        method: 'card',
        reference: 'X',
        amountMinor: 6000,
        idempotencyKey: 'due-es-00001',
      },
    });
    expect(errorOf(es).message).toBe('El importe es mayor que los $50.00 pendientes de pago.');

    const one = await pay(sa, { subscriptionId: sub.id }, 100);
    expect(one.json()).toMatchObject({ amountMinor: 100, outstandingMinor: 5000, renewal: false });
    const listed = (await w.companyAdmin({ method: 'GET', url: `/api/v1/company/payments?schoolId=${s.id}` })).json();
    expect(listed.items[0]).toMatchObject({ id: one.json().id, outstandingMinor: 5000 });
    expect((await confirm(one.json().id)).json()).toMatchObject({ status: 'confirmed', outstandingMinor: 4900 });
    expect(await mine(sa)).toMatchObject({ paymentStatus: 'pending', paidMinor: 100, outstandingMinor: 4900 });
    expect(errorOf(await pay(sa, { subscriptionId: sub.id }, 4901)).message).toBe(
      BILLING_MESSAGES.moreThanOutstanding(formatMoney(4900)),
    );
    const rest = await pay(sa, { subscriptionId: sub.id }, 4900);
    await confirm(rest.json().id);
    expect(await mine(sa)).toMatchObject({ paymentStatus: 'paid', outstandingMinor: 0 });
    const nothing = await pay(sa, { subscriptionId: sub.id }, 1);
    expect(errorOf(nothing)).toMatchObject({ code: 'rule', message: BILLING_MESSAGES.nothingOutstanding });
    // Another school's subscription is not found; a teacher may not pay.
    const other = await pay(await w.asA('school_admin'), { subscriptionId: sub.id }, 1);
    expect(errorOf(other).fields?.subscriptionId).toBe('Subscription not found');
    const teacher = as(w.t.app, await login(w.t.app, s.users.teacher.email, 'teacher'));
    expect((await pay(teacher, { subscriptionId: sub.id }, 1)).statusCode).toBe(403);
  });

  it('an add-on request is paid by its own charge: at most that', async () => {
    const s = await createSchool(w.t.app, { name: 'Addon Due School' });
    const sa = await schoolAdmin(s);
    const sms = await requestAddon(sa, 'SMS');
    expect(sms).toMatchObject({
      billingCycle: 'monthly',
      amountDueMinor: sms.priceMinor,
      outstandingMinor: sms.priceMinor,
    });
    const over = await pay(sa, { addonRequestId: sms.id }, sms.priceMinor + 1);
    expect(errorOf(over)).toMatchObject({
      code: 'rule',
      fields: { amountMinor: BILLING_MESSAGES.moreThanOutstanding(formatMoney(sms.priceMinor)) },
    });
    const paid = await pay(sa, { addonRequestId: sms.id }, sms.priceMinor);
    await confirm(paid.json().id);
    const listed = (await sa({ method: 'GET', url: '/api/v1/addon-requests' })).json().items[0];
    expect(listed).toMatchObject({ id: sms.id, outstandingMinor: 0 });
    expect(errorOf(await pay(sa, { addonRequestId: sms.id }, 1)).message).toBe(
      BILLING_MESSAGES.addonNothingOutstanding,
    );
  });
});

describe('renewing and paying in either order', () => {
  it('a renewal payment confirmed before the renewal counts for it; the renewal closes the request', async () => {
    const s = await createSchool(w.t.app, { name: 'Birch Due School' });
    const sub = (await assign(s.id, { planId: await w.planId('Basic'), months: 1, isTrial: true })).json();
    // A trial owes nothing.
    expect(sub).toMatchObject({
      paymentStatus: 'none',
      amountDueMinor: 0,
      outstandingMinor: 0,
      totalAmountMinor: 5000,
    });
    const sa = await schoolAdmin(s);
    // A renewal payment may pay the cycle ahead, not more.
    expect((await pay(sa, { subscriptionId: sub.id, renewal: true }, 5001)).statusCode).toBe(422);
    const payment = await pay(sa, { subscriptionId: sub.id, renewal: true }, 5000);
    expect(payment.json()).toMatchObject({ renewal: true, status: 'pending' });
    await confirm(payment.json().id);
    const renewed = await renew(s.id, 1);
    expect(renewed.json()).toMatchObject({
      paymentStatus: 'paid',
      amountDueMinor: 5000,
      outstandingMinor: 0,
      isTrial: false,
    });
    const leads = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/leads?kind=renewal&limit=100' }))
      .json()
      .items.filter((l: { schoolId: string }) => l.schoolId === s.id);
    expect(leads.map((l: { status: string }) => l.status)).toEqual(['closed']);
    // So the next renewal may be asked for, with the cycle ahead.
    const next = await pay(sa, { subscriptionId: sub.id, renewal: true }, 5000);
    expect(next.statusCode, next.body).toBe(201);
    // Renewing first and confirming after ends the same way.
    await renew(s.id, 1);
    expect((await mine(sa)).paymentStatus).toBe('pending');
    await confirm(next.json().id);
    expect(await mine(sa)).toMatchObject({ paymentStatus: 'paid', outstandingMinor: 0, amountDueMinor: 10_000 });
    expect(
      (
        await w.companyAdmin({
          method: 'POST',
          url: `/api/v1/company/schools/01900000-0000-7000-8000-000000000000/subscription/renew`,
          payload: { months: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a trial that ran out still owes nothing', async () => {
    const s = await createSchool(w.t.app, { name: 'Dogwood Due School' });
    await assign(s.id, { planId: await w.planId('Standard'), months: 1, isTrial: true });
    const sa = await schoolAdmin(s);
    await setActiveEndDate(w.t, s.id, new Date(Date.now() - 2 * DAY));
    expect(await mine(sa)).toMatchObject({
      status: 'expired',
      isTrial: true,
      paymentStatus: 'none',
      outstandingMinor: 0,
    });
    const detail = (await w.companyAdmin({ method: 'GET', url: `/api/v1/company/schools/${s.id}` })).json();
    expect(detail.history.items[0]).toMatchObject({ paymentStatus: 'none', amountDueMinor: 0 });
  });

  it('an automatic renewal caught up late bills every cycle it covers', async () => {
    const s = await createSchool(w.t.app, { name: 'Cedar Due School' });
    await assign(s.id, { planId: await w.planId('Basic'), months: 1, autoRenew: true });
    const oldEnd = new Date(Date.now() - 40 * DAY);
    await setActiveEndDate(w.t, s.id, oldEnd);
    await sweepExpiredSubscriptions(w.t.app.deps.db, new Date());
    const sa = await schoolAdmin(s);
    const sub = await mine(sa);
    expect(sub.endDate).toBe(addMonths(oldEnd, 2).toISOString());
    expect(sub).toMatchObject({ amountDueMinor: 3 * 5000, outstandingMinor: 3 * 5000, paymentStatus: 'pending' });
    const bell = (await sa({ method: 'GET', url: '/api/v1/notifications' })).json().items;
    expect(bell.find((n: { title: string }) => n.title === 'Subscription renewed').body).toContain(
      `A payment of ${formatMoney(15_000)} is due.`,
    );
  });
});

describe('receipts are for money received', () => {
  it('a pending or rejected payment has no receipt; a confirmed one states its period and cycle', async () => {
    const s = await createSchool(w.t.app, { name: 'Receipt Due School' });
    const sub = (await assign(s.id, { planId: await w.planId('Basic'), billingCycle: 'yearly', months: 12 })).json();
    const sa = await schoolAdmin(s);
    const first = (await pay(sa, { subscriptionId: sub.id }, 1000)).json();
    for (const url of [`/api/v1/payments/${first.id}/receipt`, `/api/v1/payments/${first.id}/receipt.pdf`]) {
      const res = await sa({ method: 'GET', url });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe(BILLING_MESSAGES.receiptPending);
    }
    await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/payments/${first.id}/reject`,
      payload: { reason: 'Never arrived' },
    });
    const rejected = await w.companyUser({ method: 'GET', url: `/api/v1/payments/${first.id}/receipt.pdf` });
    expect(errorOf(rejected)).toMatchObject({ code: 'conflict', message: BILLING_MESSAGES.receiptRejected });

    const second = (await pay(sa, { subscriptionId: sub.id }, 1000)).json();
    await confirm(second.id);
    const receipt = (await sa({ method: 'GET', url: `/api/v1/payments/${second.id}/receipt` })).json();
    expect(receipt.payment).toMatchObject({ billingCycle: 'yearly', description: 'Basic plan (yearly)' });
    expect(receipt.period).toEqual({ start: sub.startDate, end: sub.endDate });
    const pdf = await sa({ method: 'GET', url: `/api/v1/payments/${second.id}/receipt.pdf` });
    expect(pdf.statusCode).toBe(200);
    // Another school does not see it at all.
    expect(
      (await (await w.asA('school_admin'))({ method: 'GET', url: `/api/v1/payments/${second.id}/receipt` })).statusCode,
    ).toBe(404);

    // An add-on on a yearly subscription: twelve months of it, the period one year from its approval.
    const sms = await requestAddon(sa, 'SMS');
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/addon-requests/${sms.id}/approve` });
    const addonPayment = (await pay(sa, { addonRequestId: sms.id }, 12 * sms.priceMinor)).json();
    expect(addonPayment).toMatchObject({ billingCycle: 'yearly', outstandingMinor: 12 * sms.priceMinor });
    await confirm(addonPayment.id);
    const addonReceipt = (await sa({ method: 'GET', url: `/api/v1/payments/${addonPayment.id}/receipt` })).json();
    const approvedAt = new Date(addonReceipt.period.start);
    expect(addonReceipt.period.end).toBe(addMonths(approvedAt, 12).toISOString());
  });
});

describe('company figures and notices', () => {
  it('"ending within 30 days" leaves out subscriptions that renew automatically; a renewal request is worded as one', async () => {
    const renewing = await createSchool(w.t.app, { name: 'Auto Ending School' });
    const ending = await createSchool(w.t.app, { name: 'Plain Ending School' });
    await assign(renewing.id, { planId: await w.planId('Basic'), months: 1, autoRenew: true });
    await assign(ending.id, { planId: await w.planId('Basic'), months: 1 });
    const soon = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/revenue' })).json().expiringSoon;
    const names = soon.map((e: { schoolName: string }) => e.schoolName);
    expect(names).toContain('Plain Ending School');
    expect(names).not.toContain('Auto Ending School');

    const sa = await schoolAdmin(ending);
    const asked = await sa({ method: 'POST', url: '/api/v1/subscription/requests', payload: { kind: 'renewal' } });
    expect(asked.statusCode).toBe(201);
    const bell = async () =>
      (await w.companyAdmin({ method: 'GET', url: '/api/v1/notifications?limit=100' }))
        .json()
        .items.map((n: { body: string }) => n.body);
    const renewalNotice = (await bell()).filter((b: string) => b.includes('(Plain Ending School)'));
    expect(renewalNotice).toHaveLength(1);
    expect(renewalNotice[0]).toMatch(/ \(Plain Ending School\) asked to renew the subscription\.$/);
    // Each reader gets it in their language (the bell renders the stored reference).
    const ref = messageOf(COMPANY_NOTIFICATION_MESSAGES.renewalLeadBody, 'Bea', 'Birch').ref;
    expect(renderIn(ref, 'es')).toBe('Bea (Birch) pidió renovar la suscripción.');
    expect(renderIn(ref, 'ar')).toBe('طلب تجديد الاشتراك من \u2068Bea\u2069 (\u2068Birch\u2069).');
    expect(
      errorOf(await sa({ method: 'POST', url: '/api/v1/subscription/requests', payload: { kind: 'renewal' } })).message,
    ).toBe(SUBSCRIPTION_REQUEST_MESSAGES.renewalPending);
  });

  it('the usage CSV header is lower case, as the other CSVs', async () => {
    const csv = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/usage/export' })).body;
    const header = csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
    expect(header.startsWith('school,plan,status,students used,students limit,')).toBe(true);
    expect(header).toContain('API calls this month used');
  });
});
