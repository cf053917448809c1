import { SUBSCRIPTION_REQUEST_MESSAGES } from '@lyceum/shared/company';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addonRequests, apiUsage, auditLog, notifications, schoolSubscriptions } from '../src/db/schema/index.ts';
import { newId } from '../src/lib/ids.ts';
import { currentMonth } from '../src/modules/company/usage.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { activeSubscriptionRow, type CompanyWorld, companyWorld, schoolOnPlan } from './company-helpers.ts';
import { as, createSchool, errorOf, login, TEST_PASSWORD } from './helpers.ts';
import { owe } from './factories/payments.ts';

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

const activeSub = (schoolId: string) => activeSubscriptionRow(w.t, schoolId);

describe('marketplace and add-on requests', () => {
  it('a school admin requests an add-on; company staff approve; the subscription and its total change', async () => {
    const sa = await w.asA('school_admin');
    const market = await sa({ method: 'GET', url: '/api/v1/marketplace' });
    expect(market.statusCode).toBe(200);
    const analytics = market.json().items.find((i: { name: string }) => i.name === 'Advanced Analytics');
    expect(analytics).toMatchObject({ owned: false, includedInPlan: false, pendingRequestId: null, priceMinor: 5000 });

    const req = await sa({
      method: 'POST',
      url: '/api/v1/addon-requests',
      payload: { addonId: analytics.id, message: 'For our trends.' },
    });
    expect(req.statusCode).toBe(201);
    expect(req.json()).toMatchObject({
      status: 'pending',
      addonName: 'Advanced Analytics',
      schoolName: 'Alpha School',
    });
    const dup = await sa({ method: 'POST', url: '/api/v1/addon-requests', payload: { addonId: analytics.id } });
    expect(dup.statusCode).toBe(409);
    const again = (await sa({ method: 'GET', url: '/api/v1/marketplace' })).json().items;
    expect(again.find((i: { id: string }) => i.id === analytics.id).pendingRequestId).toBe(req.json().id);

    const pending = await w.companyUser({ method: 'GET', url: '/api/v1/company/addon-requests?status=pending' });
    expect(pending.json().items.map((r: { id: string }) => r.id)).toContain(req.json().id);
    const before = await activeSub(w.a.id);
    const approved = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/addon-requests/${req.json().id}/approve`,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    const after = await activeSub(w.a.id);
    expect(after?.addonIds).toContain(analytics.id);
    expect(after?.totalAmountMinor).toBe((before?.totalAmountMinor ?? 0) + 5000);
    expect(after?.totalAmountMinor).toBe((after?.planAmountMinor ?? 0) + (after?.addonsAmountMinor ?? 0));

    const mine = (await sa({ method: 'GET', url: '/api/v1/subscription' })).json();
    expect(mine.entitlements).toContain('advanced_analytics');
    expect(mine.addons.map((a: { name: string }) => a.name)).toContain('Advanced Analytics');
    const note = await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.schoolId, w.a.id), eq(notifications.userId, w.a.users.school_admin.id))),
    );
    expect(note.map((n) => n.title)).toContain('Advanced Analytics is active');
    const audits = await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.schoolId, w.a.id), eq(auditLog.action, 'addon_request.approved'))),
    );
    expect(audits[0]?.actorRole).toBe('company_admin');
    const twice = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/addon-requests/${req.json().id}/approve`,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('rejects with a reason; bad input, wrong roles and other schools are refused', async () => {
    const sa = await w.asA('school_admin');
    const whatsapp = await w.addonId('WhatsApp');
    const req = await sa({ method: 'POST', url: '/api/v1/addon-requests', payload: { addonId: whatsapp } });
    const noReason = await w.admin({
      method: 'POST',
      url: `/api/v1/company/addon-requests/${req.json().id}/reject`,
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).fields?.reason).toBe('Give a reason (at least 3 characters)');
    const rejected = await w.admin({
      method: 'POST',
      url: `/api/v1/company/addon-requests/${req.json().id}/reject`,
      payload: { reason: 'Not available in your region yet' },
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Not available in your region yet' });
    expect((await sa({ method: 'POST', url: '/api/v1/addon-requests', payload: { addonId: 'nope' } })).statusCode).toBe(
      400,
    );
    const principal = await w.asA('principal');
    expect(
      (await principal({ method: 'POST', url: '/api/v1/addon-requests', payload: { addonId: whatsapp } })).statusCode,
    ).toBe(403);
    expect((await principal({ method: 'GET', url: '/api/v1/marketplace' })).statusCode).toBe(403);
    // School B sees none of A's requests.
    const b = await w.asB('school_admin');
    const listB = (await b({ method: 'GET', url: '/api/v1/addon-requests' })).json().items;
    expect(listB.every((r: { schoolId: string }) => r.schoolId === w.b.id)).toBe(true);
    expect(
      (await w.companyUser({ method: 'POST', url: `/api/v1/company/addon-requests/${req.json().id}/approve` }))
        .statusCode,
    ).toBe(403);
    const missing = await w.admin({
      method: 'POST',
      url: '/api/v1/company/addon-requests/01900000-0000-7000-8000-000000000000/approve',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('payments', () => {
  it('records a payment once per idempotency key, confirm marks the subscription paid, receipt in JSON and PDF', async () => {
    const sa = await w.asB('school_admin');
    const sub = await activeSub(w.b.id);
    await owe(w.t.app, w.b.id, 10_000);
    const body = {
      subscriptionId: sub?.id,
      method: 'bank_transfer',
      reference: 'TRX-1001',
      amountMinor: 10_000,
      idempotencyKey: 'pay-beta-0001',
    };
    const first = await sa({ method: 'POST', url: '/api/v1/payments', payload: body });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'pending',
      provider: 'manual',
      description: 'Standard plan (monthly)',
      // The same in parts, for the web app to word in the reader's language.
      planName: 'Standard',
      billingCycle: 'monthly',
      addonName: null,
    });
    const again = await sa({ method: 'POST', url: '/api/v1/payments', payload: { ...body, amountMinor: 99 } });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().amountMinor).toBe(10_000);
    const mine = (await sa({ method: 'GET', url: '/api/v1/payments' })).json().items;
    expect(mine.filter((p: { reference: string }) => p.reference === 'TRX-1001')).toHaveLength(1);

    const outstanding = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/revenue' })).json();
    expect(outstanding.outstandingMinor).toBeGreaterThanOrEqual(10_000);
    const confirmed = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/payments/${first.json().id}/confirm`,
    });
    expect(confirmed.json().status).toBe('confirmed');
    expect((await activeSub(w.b.id))?.paymentStatus).toBe('paid');
    const bell = (await sa({ method: 'GET', url: '/api/v1/notifications' })).json().items;
    expect(bell.map((n: { title: string }) => n.title)).toContain('Payment confirmed');
    const twice = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/payments/${first.json().id}/reject`,
      payload: { reason: 'too late' },
    });
    expect(twice.statusCode).toBe(409);

    const receipt = await sa({ method: 'GET', url: `/api/v1/payments/${first.json().id}/receipt` });
    expect(receipt.json()).toMatchObject({
      receiptNumber: first.json().receiptNumber,
      totalMinor: 10_000,
      school: { name: 'Beta School' },
    });
    const pdf = await sa({ method: 'GET', url: `/api/v1/payments/${first.json().id}/receipt.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="receipt-RCP-/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await w.companyAdmin({ method: 'GET', url: `/api/v1/payments/${first.json().id}/receipt` })).statusCode,
    ).toBe(200);
    // company_user reads the payments, so their receipts too (the Payments list links to them).
    const read = await w.companyUser({ method: 'GET', url: `/api/v1/payments/${first.json().id}/receipt` });
    expect(read.json()).toMatchObject({ receiptNumber: first.json().receiptNumber, totalMinor: 10_000 });
    const readPdf = await w.companyUser({ method: 'GET', url: `/api/v1/payments/${first.json().id}/receipt.pdf` });
    expect(readPdf.statusCode).toBe(200);
    const other = await w.asA('school_admin');
    expect((await other({ method: 'GET', url: `/api/v1/payments/${first.json().id}/receipt` })).statusCode).toBe(404);
  });

  it('pays for an add-on request, rejects with a reason, and refuses bad input with field messages', async () => {
    const sa = await w.asB('school_admin');
    const req = await sa({
      method: 'POST',
      url: '/api/v1/addon-requests',
      payload: { addonId: await w.addonId('SMS') },
    });
    const paid = await sa({
      method: 'POST',
      url: '/api/v1/payments',
      payload: {
        addonRequestId: req.json().id,
        method: 'cheque',
        reference: 'CHQ 77',
        amountMinor: 1500,
        idempotencyKey: 'pay-beta-0002',
      },
    });
    expect(paid.json()).toMatchObject({
      description: 'SMS add-on (monthly)',
      planName: null,
      billingCycle: 'monthly',
      addonName: 'SMS',
      status: 'pending',
    });
    const rejected = await w.admin({
      method: 'POST',
      url: `/api/v1/company/payments/${paid.json().id}/reject`,
      payload: { reason: 'Cheque bounced' },
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Cheque bounced' });
    const pending = (await w.companyUser({ method: 'GET', url: '/api/v1/company/payments?status=rejected' })).json()
      .items;
    expect(pending.map((p: { id: string }) => p.id)).toContain(paid.json().id);

    const bad = await sa({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { method: 'bitcoin', reference: '', amountMinor: 0, idempotencyKey: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toMatchObject({
      method: 'Choose a payment method',
      reference: 'Reference is required',
      amountMinor: 'Amount must be more than 0',
      idempotencyKey: 'Invalid idempotency key',
    });
    const foreign = await sa({
      method: 'POST',
      url: '/api/v1/payments',
      payload: {
        subscriptionId: (await activeSub(w.a.id))?.id,
        method: 'card',
        reference: 'X',
        amountMinor: 5,
        idempotencyKey: 'pay-beta-0003',
      },
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).fields?.subscriptionId).toBe('Subscription not found');
    const teacher = await w.asB('teacher');
    expect((await teacher({ method: 'GET', url: '/api/v1/payments' })).statusCode).toBe(403);
    expect(
      (await w.companyUser({ method: 'POST', url: `/api/v1/company/payments/${paid.json().id}/confirm` })).statusCode,
    ).toBe(403);
  });
});

describe('payment races and rules', () => {
  it('two submissions racing with the same key record one payment', async () => {
    const sa = await w.asA('school_admin');
    await owe(w.t.app, w.a.id, 4200);
    await owe(w.t.app, w.b.id, 4200);
    const sub = await activeSub(w.a.id);
    const body = {
      subscriptionId: sub?.id,
      method: 'card',
      reference: 'RACE-1',
      amountMinor: 4200,
      idempotencyKey: 'race-key-0001',
    };
    const [x, y] = await Promise.all([
      sa({ method: 'POST', url: '/api/v1/payments', payload: body }),
      sa({ method: 'POST', url: '/api/v1/payments', payload: body }),
    ]);
    expect([x?.statusCode, y?.statusCode].sort()).toEqual([200, 201]);
    expect(x?.json().id).toBe(y?.json().id);
    const list = (await sa({ method: 'GET', url: '/api/v1/payments?limit=100' })).json().items;
    expect(list.filter((p: { reference: string }) => p.reference === 'RACE-1')).toHaveLength(1);
    // The same key in another school is another payment.
    const b = await w.asB('school_admin');
    const other = await b({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { ...body, subscriptionId: (await activeSub(w.b.id))?.id },
    });
    expect(other.statusCode).toBe(201);
    expect(other.json().id).not.toBe(x?.json().id);
  });

  it('a renewal payment records its renewal request with it; renewing again while that is new writes nothing', async () => {
    const s = await createSchool(w.t.app, { name: 'Renew Twice School' });
    const sa = as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
    const sub = await activeSub(s.id);
    const renew = (key: string) =>
      sa({
        method: 'POST',
        url: '/api/v1/payments',
        payload: {
          subscriptionId: sub?.id,
          method: 'bank_transfer',
          reference: key,
          amountMinor: 10_000,
          idempotencyKey: key,
          renewal: true,
        },
      });
    const leadsOf = async () =>
      (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/leads?kind=renewal&limit=100' }))
        .json()
        .items.filter((l: { schoolId: string }) => l.schoolId === s.id);
    const paymentsOf = async () => (await sa({ method: 'GET', url: '/api/v1/payments?limit=100' })).json().items;

    const first = await renew('renew-once-1');
    expect(first.statusCode).toBe(201);
    const [lead] = await leadsOf();
    // The payment is named by its receipt number, a field of the lead: no words of ours in the school's message.
    expect(lead).toMatchObject({
      kind: 'renewal',
      status: 'new',
      message: '',
      billingCycle: null,
      receiptNumber: first.json().receiptNumber,
    });
    // The same form sent again is the same payment, not a refusal.
    expect((await renew('renew-once-1')).statusCode).toBe(200);

    const second = await renew('renew-once-2');
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'conflict', message: SUBSCRIPTION_REQUEST_MESSAGES.renewalPending });
    expect((await paymentsOf()).map((p: { id: string }) => p.id)).toEqual([first.json().id]);
    expect(await leadsOf()).toHaveLength(1);

    // Once the company has taken the request up and decided its payment, the school may renew again.
    await w.companyAdmin({ method: 'PATCH', url: `/api/v1/company/leads/${lead.id}`, payload: { status: 'closed' } });
    const stillPending = await renew('renew-once-3');
    expect(errorOf(stillPending)).toMatchObject({
      code: 'conflict',
      message: SUBSCRIPTION_REQUEST_MESSAGES.paymentPending,
    });
    await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/payments/${first.json().id}/reject`,
      payload: { reason: 'Never arrived' },
    });
    expect((await renew('renew-once-3')).statusCode).toBe(201);
    expect(await paymentsOf()).toHaveLength(2);
    expect(await leadsOf()).toHaveLength(2);

    // Only a subscription payment asks for a renewal.
    const bad = await sa({
      method: 'POST',
      url: '/api/v1/payments',
      payload: {
        addonRequestId: sub?.id,
        method: 'card',
        reference: 'X-1',
        amountMinor: 100,
        idempotencyKey: 'renew-addon-1',
        renewal: true,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.renewal).toBe('Only a subscription payment can ask for a renewal');
  });

  it('one pending payment per subscription or add-on request: another waits until the first is decided', async () => {
    const s = await createSchool(w.t.app, { name: 'Pay Once School' });
    const sa = as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
    const sub = await activeSub(s.id);
    await owe(w.t.app, s.id, 5000);
    const pay = (key: string, target: Record<string, unknown> = { subscriptionId: sub?.id }, amountMinor = 5000) =>
      sa({
        method: 'POST',
        url: '/api/v1/payments',
        payload: { ...target, method: 'card', reference: key, amountMinor, idempotencyKey: key },
      });
    const paymentsOf = async () => (await sa({ method: 'GET', url: '/api/v1/payments?limit=100' })).json().items;
    const toConfirm = async () =>
      (await w.companyAdmin({ method: 'GET', url: '/api/v1/notifications?limit=100' }))
        .json()
        .items.filter((n: { title: string }) => n.title === 'Payment to confirm: Pay Once School').length;

    const first = await pay('pay-once-0001');
    expect(first.statusCode).toBe(201);
    expect(await toConfirm()).toBe(1);
    // The same form sent again still answers the first payment.
    const retry = await pay('pay-once-0001');
    expect([retry.statusCode, retry.json().id]).toEqual([200, first.json().id]);
    for (const key of ['pay-once-0002', 'pay-once-0003']) {
      const again = await pay(key);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toEqual({ code: 'conflict', message: SUBSCRIPTION_REQUEST_MESSAGES.paymentPending });
    }
    expect((await paymentsOf()).map((p: { id: string }) => p.id)).toEqual([first.json().id]);
    expect(await toConfirm()).toBe(1);
    // Another school's subscription is still not found, and a teacher may not pay.
    const foreign = await pay('pay-once-0004', { subscriptionId: (await activeSub(w.a.id))?.id });
    expect(errorOf(foreign).fields?.subscriptionId).toBe('Subscription not found');
    const teacher = as(w.t.app, await login(w.t.app, s.users.teacher.email, 'teacher'));
    expect(
      (
        await teacher({
          method: 'POST',
          url: '/api/v1/payments',
          payload: {
            subscriptionId: sub?.id,
            method: 'card',
            reference: 'T',
            amountMinor: 1,
            idempotencyKey: 'pay-teacher-1',
          },
        })
      ).statusCode,
    ).toBe(403);

    // Once the company rejects it, the school may pay again; two new forms at once record one payment.
    await w.admin({
      method: 'POST',
      url: `/api/v1/company/payments/${first.json().id}/reject`,
      payload: { reason: 'Wrong amount' },
    });
    const racing = await Promise.all([pay('pay-once-0005'), pay('pay-once-0006')]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await paymentsOf()).toHaveLength(2);
    expect(await toConfirm()).toBe(2);

    // The same for an add-on request, apart from the subscription's.
    const req = await sa({
      method: 'POST',
      url: '/api/v1/addon-requests',
      payload: { addonId: await w.addonId('SMS') },
    });
    const addonDue = req.json().outstandingMinor;
    expect((await pay('pay-addon-0001', { addonRequestId: req.json().id }, addonDue)).statusCode).toBe(201);
    const addonAgain = await pay('pay-addon-0002', { addonRequestId: req.json().id }, addonDue);
    expect(errorOf(addonAgain)).toEqual({
      code: 'conflict',
      message: SUBSCRIPTION_REQUEST_MESSAGES.addonPaymentPending,
    });
    expect(await paymentsOf()).toHaveLength(3);
  });

  it('rejecting an add-on request rejects its pending payment; a payment of a rejected request is never confirmed', async () => {
    const s = await createSchool(w.t.app, { name: 'Declined Addon School' });
    const sa = as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
    const request = async (addon: string) =>
      (await sa({ method: 'POST', url: '/api/v1/addon-requests', payload: { addonId: await w.addonId(addon) } })).json()
        .id as string;
    const pay = async (addonRequestId: string, key: string) =>
      (
        await sa({
          method: 'POST',
          url: '/api/v1/payments',
          payload: { addonRequestId, method: 'cash', reference: key, amountMinor: 1500, idempotencyKey: key },
        })
      ).json().id as string;
    const paymentOf = async (id: string) =>
      (await sa({ method: 'GET', url: '/api/v1/payments?limit=100' }))
        .json()
        .items.find((p: { id: string }) => p.id === id);
    const bell = async () =>
      (await sa({ method: 'GET', url: '/api/v1/notifications?limit=100' }))
        .json()
        .items.map(
          (n: { title: string; body: string; target: { section?: string } | null }) =>
            `${n.title} | ${n.body} | ${n.target?.section}`,
        );

    const sms = await request('SMS');
    const smsPayment = await pay(sms, 'declined-sms-1');
    const { receiptNumber } = await paymentOf(smsPayment);
    const rejected = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/addon-requests/${sms}/reject`,
      payload: { reason: 'Not available in your region' },
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    const reason = 'The add-on request was rejected: Not available in your region';
    expect(await paymentOf(smsPayment)).toMatchObject({ status: 'rejected', reason });
    expect(await bell()).toContain(
      `Payment rejected | SMS add-on (monthly) (${receiptNumber}): the add-on request was rejected (Not available in your region). | payments`,
    );
    const pending = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/payments?status=pending&limit=100' }))
      .json()
      .items.map((p: { id: string }) => p.id);
    expect(pending).not.toContain(smsPayment);
    const confirm = await w.companyAdmin({ method: 'POST', url: `/api/v1/company/payments/${smsPayment}/confirm` });
    expect(confirm.statusCode).toBe(409);
    expect(errorOf(confirm).message).toBe(
      'This payment is for an add-on request that was rejected. Reject the payment instead.',
    );

    // A request rejected while its payment was somehow left pending (a rejection racing the payment): still refused.
    const whatsapp = await request('WhatsApp');
    const whatsappPayment = await pay(whatsapp, 'declined-wa-1');
    await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .update(addonRequests)
        .set({ status: 'rejected', reason: 'No' })
        .where(and(eq(addonRequests.schoolId, s.id), eq(addonRequests.id, whatsapp))),
    );
    const refused = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/payments/${whatsappPayment}/confirm`,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'conflict',
      message: 'This payment is for an add-on request that was rejected. Reject the payment instead.',
    });
    expect(await paymentOf(whatsappPayment)).toMatchObject({ status: 'pending' });
    expect((await activeSub(s.id))?.addonIds).toEqual([]);
    // Rejecting that payment is still allowed; a pending request's payment is confirmed as before.
    const reject = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/payments/${whatsappPayment}/reject`,
      payload: { reason: 'Request declined' },
    });
    expect(reject.json()).toMatchObject({ status: 'rejected', reason: 'Request declined' });
    const email = await request('Email Marketing');
    const emailPayment = await pay(email, 'declined-em-1');
    expect(
      (await w.companyAdmin({ method: 'POST', url: `/api/v1/company/payments/${emailPayment}/confirm` })).json(),
    ).toMatchObject({ status: 'confirmed' });
    // Paid for, the request is no longer rejected: the school would keep a confirmed payment for nothing.
    const late = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/addon-requests/${email}/reject`,
      payload: { reason: 'Too late' },
    });
    expect({ status: late.statusCode, message: errorOf(late).message }).toEqual({
      status: 409,
      message: 'This add-on request has a confirmed payment, so it cannot be rejected. Approve it instead.',
    });
    expect(await paymentOf(emailPayment)).toMatchObject({ status: 'confirmed' });
    const [still] = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select({ status: addonRequests.status }).from(addonRequests).where(eq(addonRequests.id, email)),
    );
    expect(still?.status).toBe('pending');
  });

  it('an add-on cannot be approved for a school without an active subscription', async () => {
    const sa = await w.asB('school_admin');
    const req = await sa({
      method: 'POST',
      url: '/api/v1/addon-requests',
      payload: { addonId: await w.addonId('Mobile App') },
    });
    await w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${w.b.id}/subscription/cancel` });
    const res = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/addon-requests/${req.json().id}/approve`,
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).message).toBe('This school has no active subscription to add the add-on to.');
    await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/schools/${w.b.id}/subscriptions`,
      payload: { planId: await w.planId('Standard') },
    });
  });
});

describe('leads', () => {
  it("a renewal or upgrade request keeps the school's own words apart from what it asks for", async () => {
    const s = await createSchool(w.t.app, { name: 'Structured Lead School' });
    const sa = as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
    const leadsOf = async () =>
      (await w.companyUser({ method: 'GET', url: '/api/v1/company/leads?limit=100' }))
        .json()
        .items.filter((l: { schoolId: string }) => l.schoolId === s.id);
    const ask = (payload: Record<string, unknown>) =>
      sa({ method: 'POST', url: '/api/v1/subscription/requests', payload });

    for (const payload of [
      { kind: 'renewal', billingCycle: 'weekly' },
      { kind: 'renewal', message: 7 },
    ]) {
      const bad = await ask(payload);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(errorOf(bad).fields ?? {})).toEqual([Object.keys(payload)[1]]);
    }
    const teacher = as(w.t.app, await login(w.t.app, s.users.teacher.email, 'teacher'));
    const refused = await teacher({
      method: 'POST',
      url: '/api/v1/subscription/requests',
      payload: { kind: 'renewal' },
    });
    expect(refused.statusCode).toBe(403);
    expect(await leadsOf()).toEqual([]);

    const renewal = await ask({ kind: 'renewal', billingCycle: 'yearly', message: '  Please call after 3 pm. ' });
    expect(renewal.statusCode, renewal.body).toBe(201);
    const asked = {
      kind: 'renewal',
      schoolName: 'Structured Lead School',
      message: 'Please call after 3 pm.',
      planName: null,
      billingCycle: 'yearly',
      receiptNumber: null,
    };
    expect(renewal.json()).toMatchObject(asked);
    expect(await leadsOf()).toMatchObject([asked]);
    const upgrade = await ask({ kind: 'upgrade', planId: await w.planId('Premium') });
    expect(upgrade.json()).toMatchObject({ kind: 'upgrade', message: '', planName: 'Premium', billingCycle: null });
    // Company staff's notice says what each asks, in the reader's words.
    const bell = (await w.companyUser({ method: 'GET', url: '/api/v1/notifications?limit=100' })).json().items;
    const bodies = bell.map((n: { body: string }) => n.body);
    const name = (await sa({ method: 'GET', url: '/api/v1/auth/me' })).json().user.name;
    expect(bodies).toContain(`${name} (Structured Lead School) asked to renew the subscription.`);
    expect(bodies).toContain(`${name} (Structured Lead School) asked to change the plan.`);
  });

  it('contact-sales from any school role is visible to company staff, who update its status', async () => {
    const parent = await w.asA('parent');
    const res = await parent({
      method: 'POST',
      url: '/api/v1/sales-leads',
      payload: { name: 'Pat Parent', email: 'PAT@home.test', message: 'Do you offer a mobile app?' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'contact_sales', email: 'pat@home.test', schoolName: 'Alpha School' });
    const list = await w.companyUser({ method: 'GET', url: '/api/v1/company/leads?kind=contact_sales' });
    expect(list.json().items.map((l: { id: string }) => l.id)).toContain(res.json().id);
    const done = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/leads/${res.json().id}`,
      payload: { status: 'contacted' },
    });
    expect(done.json().status).toBe('contacted');
    const bad = await parent({
      method: 'POST',
      url: '/api/v1/sales-leads',
      payload: { name: 'x', email: 'x@y.z', message: '' },
    });
    expect(errorOf(bad).fields?.message).toBe('Message is required');
    expect(
      (
        await w.companyUser({
          method: 'PATCH',
          url: `/api/v1/company/leads/${res.json().id}`,
          payload: { status: 'closed' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await parent({ method: 'GET', url: '/api/v1/company/leads' })).statusCode).toBe(403);
    const upgrade = await (await w.asA('school_admin'))({
      method: 'POST',
      url: '/api/v1/subscription/requests',
      payload: { kind: 'upgrade', planId: await w.planId('Enterprise'), billingCycle: 'yearly' },
    });
    expect(upgrade.json()).toMatchObject({
      kind: 'upgrade',
      planName: 'Enterprise',
      billingCycle: 'yearly',
      receiptNumber: null,
      message: '',
    });
    const badKind = await (await w.asA('school_admin'))({
      method: 'POST',
      url: '/api/v1/subscription/requests',
      payload: { kind: 'refund' },
    });
    expect(errorOf(badKind).fields?.kind).toBe('Choose renew or upgrade');
  });

  it('a renewal or the same upgrade asked for again while the first is new is refused (409), nothing written', async () => {
    const sa = await w.asB('school_admin');
    const ask = (payload: Record<string, unknown>) =>
      sa({ method: 'POST', url: '/api/v1/subscription/requests', payload });
    const leadCount = async () =>
      (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/leads?limit=100' })).json().items.length as number;
    const bell = async () => (await w.companyAdmin({ method: 'GET', url: '/api/v1/notifications?limit=100' })).json();
    const first = await ask({ kind: 'renewal', message: 'spam' });
    expect(first.statusCode).toBe(201);
    const [leads, notices] = [await leadCount(), (await bell()).items.length];
    for (const payload of [
      { kind: 'renewal', message: 'spam' },
      { kind: 'renewal', billingCycle: 'yearly' },
    ]) {
      const again = await ask(payload);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toMatchObject({ code: 'conflict', message: SUBSCRIPTION_REQUEST_MESSAGES.renewalPending });
    }
    const enterprise = await w.planId('Enterprise');
    expect((await ask({ kind: 'upgrade', planId: enterprise })).statusCode).toBe(201);
    const sameUpgrade = await ask({ kind: 'upgrade', planId: enterprise });
    expect(sameUpgrade.statusCode).toBe(409);
    expect(errorOf(sameUpgrade).message).toBe(SUBSCRIPTION_REQUEST_MESSAGES.upgradePending);
    // Another plan is another request.
    expect((await ask({ kind: 'upgrade', planId: await w.planId('Standard') })).statusCode).toBe(201);
    expect([await leadCount(), (await bell()).items.length]).toEqual([leads + 2, notices + 2]);
    // Once the company's staff have taken it up, the school may ask again.
    await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/leads/${first.json().id}`,
      payload: { status: 'contacted' },
    });
    expect((await ask({ kind: 'renewal' })).statusCode).toBe(201);
    // Another school's request is its own.
    expect(
      (
        await (
          await w.asA('school_admin')
        )({ method: 'POST', url: '/api/v1/subscription/requests', payload: { kind: 'renewal' } })
      ).statusCode,
    ).toBe(201);
  });
});

describe('contact sales', () => {
  it('one open lead per school: another, from anyone of the school, is refused (409) until staff take it up', async () => {
    const s = await createSchool(w.t.app, { name: 'Contact Once School' });
    const asRole = async (role: 'teacher' | 'student' | 'school_admin') =>
      as(w.t.app, await login(w.t.app, s.users[role].email, role));
    const contact = async (role: 'teacher' | 'student' | 'school_admin', message = 'Please call us.') =>
      (await asRole(role))({
        method: 'POST',
        url: '/api/v1/sales-leads',
        payload: { name: 'Tess Teacher', email: 'tess@contact.test', message },
      });
    const leadsOf = async () =>
      (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/leads?kind=contact_sales&limit=100' }))
        .json()
        .items.filter((l: { schoolId: string }) => l.schoolId === s.id);
    const bell = async () =>
      (await w.companyAdmin({ method: 'GET', url: '/api/v1/notifications?limit=100' }))
        .json()
        .items.filter((n: { body: string }) => n.body.includes('(Contact Once School)')).length;

    const empty = await contact('teacher', '');
    expect(errorOf(empty).fields?.message).toBe('Message is required');
    const first = await contact('teacher');
    expect(first.statusCode).toBe(201);
    expect([(await leadsOf()).length, await bell()]).toEqual([1, 1]);
    for (const role of ['teacher', 'student', 'school_admin'] as const) {
      const again = await contact(role, 'x'.repeat(2000));
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toEqual({ code: 'conflict', message: SUBSCRIPTION_REQUEST_MESSAGES.contactSalesPending });
    }
    // The plan-expiry screen's form too, once the password is right (a wrong one is refused as before).
    const lapsed = (password: string) =>
      w.t.app.inject({
        method: 'POST',
        url: '/api/v1/sales-leads/lapsed',
        remoteAddress: '192.0.2.151',
        payload: { email: s.users.school_admin.email, password, message: 'Renew us, please.' },
      });
    expect((await lapsed('not-the-password')).statusCode).toBe(401);
    const lapsedAgain = await lapsed(TEST_PASSWORD);
    expect(errorOf(lapsedAgain)).toEqual({
      code: 'conflict',
      message: SUBSCRIPTION_REQUEST_MESSAGES.contactSalesPending,
    });
    expect([(await leadsOf()).length, await bell()]).toEqual([1, 1]);
    // Renewal and upgrade requests are their own kinds.
    const renewal = await (await asRole('school_admin'))({
      method: 'POST',
      url: '/api/v1/subscription/requests',
      payload: { kind: 'renewal' },
    });
    expect(renewal.statusCode).toBe(201);
    // Another school's contact is its own; company staff have no school to contact for.
    expect(
      (
        await (
          await w.asB('parent')
        )({
          method: 'POST',
          url: '/api/v1/sales-leads',
          payload: { name: 'Bea', email: 'bea@b.test', message: 'Hello' },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await w.companyUser({
          method: 'POST',
          url: '/api/v1/sales-leads',
          payload: { name: 'Cy', email: 'cy@c.test', message: 'Hello' },
        })
      ).statusCode,
    ).toBe(403);

    // Marked contacted (or closed), the school may write again; two at once record one.
    await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/leads/${first.json().id}`,
      payload: { status: 'contacted' },
    });
    const racing = await Promise.all([contact('student'), contact('school_admin')]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    // The renewal request's notice, then the one new lead's.
    expect([(await leadsOf()).length, await bell()]).toEqual([2, 3]);
  });
});

describe('revenue, usage, dashboard', () => {
  it('MRR and ARR from active paid plans, paid revenue by month/plan/add-on, CSV export safe for spreadsheets', async () => {
    const res = await w.admin({ method: 'GET', url: '/api/v1/company/revenue' });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    const subs = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(schoolSubscriptions).where(eq(schoolSubscriptions.status, 'active')),
    );
    const expectedMrr = subs
      .filter((s) => !s.isTrial)
      .reduce(
        (sum, s) => sum + (s.billingCycle === 'yearly' ? Math.round(s.totalAmountMinor / 12) : s.totalAmountMinor),
        0,
      );
    expect(r.mrrMinor).toBe(expectedMrr);
    expect(r.arrMinor).toBe(expectedMrr * 12);
    expect(r.byMonth).toHaveLength(12);
    expect(r.byMonth.reduce((s: number, m: { amountMinor: number }) => s + m.amountMinor, 0)).toBe(r.paidMinor);
    expect(r.byPlan).toEqual([{ planName: 'Standard', amountMinor: 10_000, count: 1 }]);
    const ranged = await w.admin({ method: 'GET', url: '/api/v1/company/revenue?from=2020-01-01&to=2020-03-31' });
    expect(ranged.json()).toMatchObject({ paidMinor: 0, from: '2020-01-01', to: '2020-03-31' });
    expect(ranged.json().byMonth.map((m: { month: string }) => m.month)).toEqual(['2020-01', '2020-02', '2020-03']);
    const backwards = await w.admin({ method: 'GET', url: '/api/v1/company/revenue?from=2021-01-01&to=2020-01-01' });
    expect(backwards.statusCode).toBe(400);
    expect((await w.admin({ method: 'GET', url: '/api/v1/company/revenue?from=yesterday' })).statusCode).toBe(400);
    // A year the database has no date for is a bad date like any other, not "A date is out of range."
    const yearZero = await w.admin({ method: 'GET', url: '/api/v1/company/revenue?from=0000-01-01' });
    expect([yearZero.statusCode, errorOf(yearZero).fields?.from]).toEqual([400, 'Use a date like 2026-01-31']);
    const csv = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/revenue/export' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="revenue-/);
    // The UTF-8 byte-order mark first, so a spreadsheet reads the file as UTF-8.
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(csv.body.slice(1).split('\n')[0]).toBe('section,item,amount (USD),count');
    expect(csv.body).toContain(`summary,MRR,${(expectedMrr / 100).toFixed(2)},`);
    expect((await w.companyUser({ method: 'GET', url: '/api/v1/company/revenue' })).statusCode).toBe(403);
  });

  it('usage of every school against each limit, closest to a limit first, with a CSV export', async () => {
    const res = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/usage' });
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(res.json().storageCounted).toBe(true);
    const ratios = items.map((s: { maxRatio: number }) => s.maxRatio);
    expect(ratios).toEqual([...ratios].sort((x: number, y: number) => y - x));
    const alpha = items.find((s: { schoolName: string }) => s.schoolName === 'Alpha School');
    expect(alpha.items.map((i: { metric: string }) => i.metric)).toEqual([
      'students',
      'teachers',
      'parents',
      'admins',
      'principals',
      'storage',
      'apiCalls',
    ]);
    expect(alpha.items.find((i: { metric: string }) => i.metric === 'admins')).toEqual({
      metric: 'admins',
      used: 1,
      limit: 5,
      ratio: 0.2,
    });
    expect(alpha.items.find((i: { metric: string }) => i.metric === 'storage')).toEqual({
      metric: 'storage',
      used: 0,
      limit: 25 * 1024 ** 3,
      ratio: 0,
    });
    const csv = await w.admin({ method: 'GET', url: '/api/v1/company/usage/export?q=alpha' });
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Alpha School,Standard,active,1,500,/);
    expect((await w.companyUser({ method: 'GET', url: '/api/v1/company/usage' })).statusCode).toBe(403);
  });

  it('the CSV rounds the share of a limit half up, from the counts: 2875 of 5000 API calls is 58 %', async () => {
    // 2875 / 5000 × 100 is 57.49999… in floating point, which Math.round takes down to 57.
    const school = await createSchool(w.t.app, { name: 'Halfway School' });
    await withSystem(w.t.app.deps.db, (tx) =>
      tx.insert(apiUsage).values({ schoolId: school.id, id: newId(), month: currentMonth(new Date()), calls: 2875 }),
    );
    const usage = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/usage?q=Halfway' })).json().items;
    expect(usage[0].items.find((i: { metric: string }) => i.metric === 'apiCalls')).toMatchObject({
      used: 2875,
      limit: 5000,
    });
    const csv = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/usage/export?q=Halfway' });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.slice(1).trim().split('\n');
    expect(header?.split(',').at(-1)).toBe('closest to limit (%)');
    expect(row).toMatch(/^Halfway School,Standard,active,/);
    expect(row?.split(',').at(-1)).toBe('58');
  });

  it('the company dashboard counts pending add-on requests, payments and new leads', async () => {
    const res = await w.companyUser({ method: 'GET', url: '/api/v1/dashboard' });
    const stats = Object.fromEntries(res.json().stats.map((s: { key: string; value: unknown }) => [s.key, s.value]));
    expect(stats).toMatchObject({
      pendingAddonRequests: expect.any(Number),
      pendingPayments: expect.any(Number),
      leads: expect.any(Number),
    });
    expect(stats.leads).toBeGreaterThanOrEqual(1);
  });
});

describe('list filters come from allow-lists', () => {
  it('refuses unknown statuses, kinds, cursors, limits and ids with 400', async () => {
    for (const url of [
      '/api/v1/company/addon-requests?status=maybe',
      '/api/v1/company/payments?status=refunded',
      '/api/v1/company/payments?schoolId=not-a-uuid',
      '/api/v1/company/leads?kind=spam',
      '/api/v1/company/leads?cursor=%24%24%24',
      '/api/v1/company/payments?limit=0',
      '/api/v1/company/schools/not-a-uuid',
      `/api/v1/company/usage?q=${'x'.repeat(200)}`,
    ]) {
      const res = await w.companyAdmin({ method: 'GET', url });
      expect({ url, status: res.statusCode, code: errorOf(res).code }).toEqual({
        url,
        status: 400,
        code: 'validation',
      });
    }
    // An unknown status in any list's filter reads as our words, not zod's list of options.
    for (const list of ['addon-requests', 'payments', 'leads', 'schools']) {
      const res = await w.companyAdmin({ method: 'GET', url: `/api/v1/company/${list}?status=maybe` });
      expect({ list, fields: errorOf(res).fields }).toEqual({ list, fields: { status: 'Unknown status' } });
    }
    const lead = await w.companyAdmin({
      method: 'PATCH',
      url: '/api/v1/company/leads/01900000-0000-7000-8000-000000000000',
      payload: { status: 'won' },
    });
    expect(errorOf(lead).fields?.status).toBe('Choose a status');
    const missing = await w.companyAdmin({
      method: 'PATCH',
      url: '/api/v1/company/leads/01900000-0000-7000-8000-000000000000',
      payload: { status: 'closed' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

// Last: the decided payment counts in the revenue figures the tests above check exactly.
describe('deciding a payment', () => {
  it('two staff deciding one payment at once: one decision is kept, the other is told it was already decided', async () => {
    // A school of its own, so no payment of the tests above is pending for it.
    const { subscription, schoolAdmin: sa } = await schoolOnPlan(w);
    const paid = await sa({
      method: 'POST',
      url: '/api/v1/payments',
      payload: {
        subscriptionId: subscription.id,
        method: 'card',
        reference: 'TWICE-1',
        amountMinor: 4200,
        idempotencyKey: 'twice-key-0001',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const url = `/api/v1/company/payments/${paid.json().id}`;
    const [confirm, reject] = await Promise.all([
      w.companyAdmin({ method: 'POST', url: `${url}/confirm` }),
      w.companyAdmin({ method: 'POST', url: `${url}/reject`, payload: { reason: 'Not received' } }),
    ]);
    const codes = [confirm?.statusCode, reject?.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = confirm?.statusCode === 409 ? confirm : reject;
    const winner = confirm?.statusCode === 200 ? 'confirmed' : 'rejected';
    expect(loser?.json().error.message).toBe(`This payment was already ${winner}.`);
    const decisions = await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityId, paid.json().id),
            inArray(auditLog.action, ['payment.confirmed', 'payment.rejected']),
          ),
        ),
    );
    expect(decisions.map((d) => d.action)).toEqual([`payment.${winner}`]);
  });
});
