import { messageOf, SCHOOL_NOTIFICATION_MESSAGES as N } from '@lyceum/shared/notifications';
import type {
  Payment,
  PaymentListQuery,
  PaymentListResponse,
  ReceiptResponse,
  SubmitPaymentRequest,
} from '@lyceum/shared/company';
import { DEFAULT_SCHOOL_LOCALE, type Language } from '@lyceum/shared/locale';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BILLING_MESSAGES, SUBSCRIPTION_REQUEST_MESSAGES } from '@lyceum/shared/company';
import { addMonths, cycleMonths, outstandingMinor, renewalEnd } from '@lyceum/shared/subscription-rules';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import {
  addonRequests,
  addons,
  plans,
  schoolSubscriptions,
  schools,
  subscriptionPayments,
} from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { localDateOf, timeZoneOf } from '../../lib/school-day.ts';
import { pgCode } from '../../lib/pg-errors.ts';
import { assertNoOpenRequest, insertSubscriptionRequest, lockSchoolRequests } from './leads.ts';
import { notifySchoolAdmins } from './notify.ts';
import { noticePaymentDecided, noticePaymentToConfirm } from './staff-notices.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { inPageOrder, keysetPage, type SortKey } from '../../lib/list-page.ts';
import { manualProvider, type PaymentProvider } from './payment-provider.ts';
import { latestSubscription, lockSchoolSubscriptions } from './subscriptions.ts';
import {
  assertWithinOutstanding,
  paidBySubscription,
  paidForRequest,
  requestCharge,
  requestOutstanding,
  settlePaymentStatusOf,
} from './billing.ts';

export const ISSUER = 'Lyceum';

/** The school's active subscription, whose cycle an add-on request not approved yet is charged by. */
const activeSub = alias(schoolSubscriptions, 'active_sub');

function paymentQuery(tx: Tx) {
  return tx
    .select({
      p: subscriptionPayments,
      schoolName: schools.name,
      schoolAddress: schools.address,
      schoolEmail: schools.email,
      planName: plans.name,
      billingCycle: schoolSubscriptions.billingCycle,
      subscriptionStart: schoolSubscriptions.startDate,
      subscriptionEnd: schoolSubscriptions.endDate,
      billedMinor: schoolSubscriptions.billedMinor,
      addonName: addons.name,
      addonPriceMinor: addons.priceMinor,
      requestCycle: addonRequests.billingCycle,
      requestDueMinor: addonRequests.amountDueMinor,
      requestDecidedAt: addonRequests.decidedAt,
      activeCycle: activeSub.billingCycle,
      // What confirmed payments brought for what this one pays for (itself included once confirmed).
      paidMinor: sql<number>`(select coalesce(sum(o.amount_minor), 0)::bigint from subscription_payments o
        where o.school_id = ${subscriptionPayments.schoolId} and o.status = 'confirmed'
          and (o.subscription_id = ${subscriptionPayments.subscriptionId}
            or o.addon_request_id = ${subscriptionPayments.addonRequestId}))`,
    })
    .from(subscriptionPayments)
    .innerJoin(schools, eq(schools.id, subscriptionPayments.schoolId))
    .leftJoin(
      schoolSubscriptions,
      and(
        eq(schoolSubscriptions.schoolId, subscriptionPayments.schoolId),
        eq(schoolSubscriptions.id, subscriptionPayments.subscriptionId),
      ),
    )
    .leftJoin(plans, eq(plans.id, schoolSubscriptions.planId))
    .leftJoin(
      addonRequests,
      and(
        eq(addonRequests.schoolId, subscriptionPayments.schoolId),
        eq(addonRequests.id, subscriptionPayments.addonRequestId),
      ),
    )
    .leftJoin(addons, eq(addons.id, addonRequests.addonId))
    .leftJoin(
      activeSub,
      and(
        eq(activeSub.schoolId, subscriptionPayments.schoolId),
        eq(activeSub.status, 'active'),
        sql`${subscriptionPayments.addonRequestId} is not null`,
      ),
    );
}

type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentQuery>['execute']>>[number];

/** The cycle a payment is charged by: its subscription's, or its add-on request's (docs/product.md, "Billing: what is due"). */
function cycleOf(row: PaymentRow): 'monthly' | 'yearly' {
  if (row.addonName)
    return requestCharge({ amountDueMinor: 0, billingCycle: row.requestCycle }, 0, row.activeCycle).billingCycle;
  return row.billingCycle ?? 'monthly';
}

/** What the subscription or add-on request the payment is for still owes. */
function outstandingFor(row: PaymentRow): number {
  const due = row.addonName
    ? requestCharge(
        { amountDueMinor: row.requestDueMinor, billingCycle: row.requestCycle },
        row.addonPriceMinor ?? 0,
        row.activeCycle,
      ).amountDueMinor
    : (row.billedMinor ?? 0);
  return outstandingMinor(due, Number(row.paidMinor));
}

function describe(row: PaymentRow): string {
  if (row.addonName) return `${row.addonName} add-on (${cycleOf(row)})`;
  if (row.planName) return `${row.planName} plan (${cycleOf(row)})`;
  return 'Payment';
}

/**
 * The period a confirmed payment pays for (docs/product.md, "Payments"): a subscription payment's is the one fixed
 * when it was confirmed (periodForConfirmed), so a later renewal does not move an earlier receipt; an add-on's is
 * its billing cycle from the request's approval; null while not known (an add-on not approved yet).
 */
function periodOf(row: PaymentRow): { start: string; end: string } | null {
  if (row.p.periodStart && row.p.periodEnd)
    return { start: row.p.periodStart.toISOString(), end: row.p.periodEnd.toISOString() };
  if (!row.addonName || !row.requestDecidedAt || !row.requestCycle) return null;
  const start = row.requestDecidedAt;
  return { start: start.toISOString(), end: addMonths(start, cycleMonths(row.requestCycle)).toISOString() };
}

/**
 * Fixes the period a subscription payment pays for as it is confirmed: the subscription's term as billed then,
 * from its start to its end date; a renewal payment that pays beyond what was outstanding pays the cycle the renewal
 * will bill ahead, so its period runs one billing cycle further, as the renewal will count it. Call it after the
 * payment is marked confirmed, in the same transaction.
 */
async function fixPeriodOf(tx: Tx, payment: { schoolId: string; id: string }, now: Date): Promise<void> {
  const row = await paymentById(tx, payment.id);
  if (!row.p.subscriptionId || !row.subscriptionStart || !row.subscriptionEnd || !row.billingCycle) return;
  const paidBefore = Number(row.paidMinor) - row.p.amountMinor;
  const paysAhead = row.p.renewal && row.p.amountMinor > outstandingMinor(row.billedMinor ?? 0, paidBefore);
  const end = paysAhead ? renewalEnd(row.subscriptionEnd, now, cycleMonths(row.billingCycle)).end : row.subscriptionEnd;
  await tx
    .update(subscriptionPayments)
    .set({ periodStart: row.subscriptionStart, periodEnd: end })
    .where(and(eq(subscriptionPayments.schoolId, payment.schoolId), eq(subscriptionPayments.id, payment.id)));
}

function toPayment(row: PaymentRow): Payment {
  const p = row.p;
  return {
    id: p.id,
    schoolId: p.schoolId,
    schoolName: row.schoolName,
    subscriptionId: p.subscriptionId,
    addonRequestId: p.addonRequestId,
    description: describe(row),
    planName: row.addonName ? null : row.planName,
    billingCycle: row.addonName || row.planName ? cycleOf(row) : null,
    addonName: row.addonName,
    renewal: p.renewal,
    method: p.method,
    reference: p.reference,
    amountMinor: p.amountMinor,
    outstandingMinor: outstandingFor(row),
    currency: p.currency,
    status: p.status,
    receiptNumber: p.receiptNumber,
    provider: p.provider,
    reason: p.reason,
    decidedAt: p.decidedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}

const NEWEST_FIRST: SortKey = { expr: sql`${subscriptionPayments.createdAt}`, cast: 'timestamptz', dir: 'desc' };

async function paymentById(tx: Tx, id: string): Promise<PaymentRow> {
  const [row] = await paymentQuery(tx).where(eq(subscriptionPayments.id, id));
  if (!row) throw notFound('Payment not found');
  return row;
}

export async function listPayments(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof PaymentListQuery>,
): Promise<PaymentListResponse> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const matching = tx
      .select({ id: subscriptionPayments.id, sortValue: NEWEST_FIRST.expr.as('sort_value') })
      .from(subscriptionPayments)
      .where(
        and(
          query.status ? eq(subscriptionPayments.status, query.status) : undefined,
          query.schoolId ? eq(subscriptionPayments.schoolId, query.schoolId) : undefined,
          query.id ? eq(subscriptionPayments.id, query.id) : undefined,
        ),
      );
    const load = async (ids: string[]) => {
      const rows = ids.length ? await paymentQuery(tx).where(inArray(subscriptionPayments.id, ids)) : [];
      return inPageOrder(ids, rows, (r) => r.p.id).map(toPayment);
    };
    const { items, nextCursor } = await keysetPage(
      tx,
      matching,
      NEWEST_FIRST,
      query.cursor,
      query.limit,
      load,
      undefined,
      'Invalid cursor',
    );
    return { items, nextCursor };
  });
}

/**
 * `RCP-20261122-1A2B3C4D` (docs/product.md, "Payments"): the school's date and the random tail of the
 * payment's id, unique per school. The demo seed numbers its payments with it too.
 */
export function receiptNumberOf(id: string, now: Date, timeZone: string): string {
  const day = localDateOf(now, timeZone).replaceAll('-', '');
  return `RCP-${day}-${id.replaceAll('-', '').slice(-8).toUpperCase()}`;
}

async function existingByKey(tx: Tx, schoolId: string, key: string) {
  const [row] = await tx
    .select({ id: subscriptionPayments.id })
    .from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.schoolId, schoolId), eq(subscriptionPayments.idempotencyKey, key)));
  return row ? paymentById(tx, row.id) : null;
}

/**
 * One pending payment per subscription or add-on request: each one puts "Payment to confirm" in every company
 * staff member's bell, so a second waits until they confirm or reject the first (docs/product.md, "Payments").
 * Takes the school's request lock, so call it in the transaction that then records the payment.
 */
async function assertNoPendingPayment(
  tx: Tx,
  schoolId: string,
  input: { subscriptionId?: string | undefined; addonRequestId?: string | undefined; idempotencyKey: string },
): Promise<void> {
  await lockSchoolRequests(tx, schoolId);
  // The same form sent twice at once is not a second payment: the first one's own key does not count, and the
  // recording step answers it.
  const anotherForm = sql`${subscriptionPayments.idempotencyKey} is distinct from ${input.idempotencyKey}`;
  const [pending] = await tx
    .select({ id: subscriptionPayments.id })
    .from(subscriptionPayments)
    .where(
      and(
        eq(subscriptionPayments.schoolId, schoolId),
        eq(subscriptionPayments.status, 'pending'),
        anotherForm,
        input.subscriptionId
          ? eq(subscriptionPayments.subscriptionId, input.subscriptionId)
          : eq(subscriptionPayments.addonRequestId, input.addonRequestId ?? ''),
      ),
    )
    .limit(1);
  if (pending) {
    const M = SUBSCRIPTION_REQUEST_MESSAGES;
    throw new AppError('conflict', input.subscriptionId ? M.paymentPending : M.addonPaymentPending);
  }
}

/**
 * Records a payment once per idempotency key: the same key again returns the first payment unchanged
 * (`created: false`), even when two submissions race (the school's request lock, then the unique index,
 * decide). Another key for a subscription or add-on request whose payment is still pending is refused
 * (assertNoPendingPayment). A renewal payment records its renewal request in the same transaction, and a
 * renewal already asked for refuses it. Both refusals come before anything is written or sent to the
 * provider (docs/product.md, "Payments").
 */
export async function submitPayment(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof SubmitPaymentRequest>,
  provider: PaymentProvider = manualProvider,
): Promise<{ payment: Payment; created: boolean }> {
  const schoolId = actor.schoolId as string;
  const tenant = tenantOf(actor);
  const first = await withTenant(deps.db, tenant, (tx) => existingByKey(tx, schoolId, input.idempotencyKey));
  if (first) return { payment: toPayment(first), created: false };

  const currency = await withTenant(deps.db, tenant, async (tx) => {
    if (input.subscriptionId) {
      const [sub] = await tx
        .select()
        .from(schoolSubscriptions)
        .where(and(eq(schoolSubscriptions.schoolId, schoolId), eq(schoolSubscriptions.id, input.subscriptionId)));
      if (!sub) throw invalid('Subscription not found', { subscriptionId: 'Subscription not found' });
      // The company renews the school's latest subscription and never a cancelled one, so the school is not
      // asked to pay for a renewal that cannot happen (docs/product.md, "Statuses, expiry and renewal").
      if (input.renewal) {
        const latest = await latestSubscription(tx, schoolId);
        if (latest?.id !== input.subscriptionId) {
          throw new AppError('rule', SUBSCRIPTION_REQUEST_MESSAGES.notCurrentRenewal, {
            subscriptionId: SUBSCRIPTION_REQUEST_MESSAGES.notCurrentRenewal,
          });
        }
        if (sub.status === 'cancelled') throw new AppError('rule', SUBSCRIPTION_REQUEST_MESSAGES.cancelledNotRenewable);
      }
      if (input.renewal) await assertNoOpenRequest(tx, schoolId, 'renewal', null);
      await assertNoPendingPayment(tx, schoolId, input);
      // At most what is outstanding; a renewal payment may pay the cycle the renewal will bill ahead.
      const paid = (await paidBySubscription(tx, [sub])).get(sub.id) ?? 0;
      const upcoming = input.renewal ? sub.totalAmountMinor : 0;
      assertWithinOutstanding(
        input.amountMinor,
        outstandingMinor(sub.billedMinor, paid),
        sub.currency,
        'subscription',
        upcoming,
      );
      return sub.currency;
    }
    const [request] = await tx
      .select({ currency: addons.currency, status: addonRequests.status })
      .from(addonRequests)
      .innerJoin(addons, eq(addons.id, addonRequests.addonId))
      .where(and(eq(addonRequests.schoolId, schoolId), eq(addonRequests.id, input.addonRequestId ?? '')));
    if (!request) throw invalid('Addon request not found', { addonRequestId: 'Addon request not found' });
    if (request.status === 'rejected')
      throw new AppError('rule', 'This add-on request was rejected; there is nothing to pay.');
    await assertNoPendingPayment(tx, schoolId, input);
    const outstanding = await requestOutstanding(tx, schoolId, input.addonRequestId ?? '');
    assertWithinOutstanding(input.amountMinor, outstanding, request.currency, 'addon');
    return request.currency;
  });

  const result = await provider.submit({
    amountMinor: input.amountMinor,
    currency,
    method: input.method,
    reference: input.reference,
    idempotencyKey: input.idempotencyKey,
  });
  try {
    return await withTenant(deps.db, tenant, async (tx) => {
      // Again under the lock: the same form may have been recorded, or another renewal or payment, since the
      // checks above.
      await lockSchoolRequests(tx, schoolId);
      const raced = await existingByKey(tx, schoolId, input.idempotencyKey);
      if (raced) return { payment: toPayment(raced), created: false };
      if (input.renewal) await assertNoOpenRequest(tx, schoolId, 'renewal', null);
      await assertNoPendingPayment(tx, schoolId, input);
      const id = newId();
      // The server's clock: the receipt's number and date, and the day revenue counts the payment on.
      const now = deps.clock();
      const receiptNumber = receiptNumberOf(id, now, timeZoneOf(actor));
      await tx.insert(subscriptionPayments).values({
        schoolId,
        id,
        subscriptionId: input.subscriptionId ?? null,
        addonRequestId: input.addonRequestId ?? null,
        method: input.method,
        reference: input.reference,
        amountMinor: input.amountMinor,
        currency,
        status: result.status,
        provider: provider.name,
        idempotencyKey: input.idempotencyKey,
        renewal: input.renewal ?? false,
        receiptNumber,
        submittedBy: actor.profileId,
        decidedAt: result.status === 'confirmed' ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      if (result.status === 'confirmed') {
        await countConfirmed(tx, { schoolId, id, subscriptionId: input.subscriptionId ?? null }, now);
      } else await noticePaymentToConfirm(tx, { id, schoolId, amountMinor: input.amountMinor, currency });
      await audit(tx, actor, {
        schoolId,
        action: 'payment.submitted',
        entity: 'payment',
        entityId: id,
        after: { amountMinor: input.amountMinor, method: input.method, status: result.status },
      });
      // The renewal request names its payment (the lead's receipt number), for company staff to match the two.
      if (input.renewal) await insertSubscriptionRequest(tx, actor, { kind: 'renewal', paymentId: id });
      return { payment: toPayment(await paymentById(tx, id)), created: true };
    });
  } catch (err) {
    if (pgCode(err) !== '23505') throw err;
    const raced = await withTenant(deps.db, tenant, (tx) => existingByKey(tx, schoolId, input.idempotencyKey));
    if (!raced) throw err;
    return { payment: toPayment(raced), created: false };
  }
}

/**
 * A payment just marked confirmed counts towards what its subscription billed: its period is fixed (fixPeriodOf)
 * and the subscription's payment status follows. Both read the subscription under its lock, taken first: a
 * renewal at the same moment would otherwise leave the period of the term before it, or the status it read.
 */
async function countConfirmed(
  tx: Tx,
  payment: { schoolId: string; id: string; subscriptionId: string | null },
  now: Date,
): Promise<void> {
  if (!payment.subscriptionId) return;
  await lockSchoolSubscriptions(tx, payment.schoolId);
  await fixPeriodOf(tx, payment, now);
  await settlePaymentStatusOf(tx, payment.schoolId, payment.subscriptionId, now);
}

/**
 * A payment for an add-on request is confirmed only while the request is not rejected: the school would pay
 * for an add-on it never gets (docs/product.md, "Payments"). The request's row lock orders this after a
 * rejection running at the same time, which rejects the payment itself (rejectPaymentsOfRequest).
 */
async function assertRequestNotRejected(tx: Tx, schoolId: string, addonRequestId: string | null): Promise<void> {
  if (!addonRequestId) return;
  const [request] = await tx
    .select({ status: addonRequests.status })
    .from(addonRequests)
    .where(and(eq(addonRequests.schoolId, schoolId), eq(addonRequests.id, addonRequestId)))
    .for('update');
  if (request?.status === 'rejected') {
    throw new AppError(
      'conflict',
      'This payment is for an add-on request that was rejected. Reject the payment instead.',
    );
  }
}

/**
 * An add-on request whose payment was confirmed is not rejected: the school would have paid for an add-on it
 * never gets (docs/product.md, "Payments"). The caller holds the request's row lock, which a confirmation of
 * its payment takes too, so the two cannot both go through.
 */
export async function assertRequestNotPaid(tx: Tx, schoolId: string, addonRequestId: string): Promise<void> {
  if ((await paidForRequest(tx, schoolId, addonRequestId)) > 0) {
    throw new AppError(
      'conflict',
      'This add-on request has a confirmed payment, so it cannot be rejected. Approve it instead.',
    );
  }
}

/**
 * Rejecting an add-on request rejects its pending payment in the same transaction, with a reason that says
 * so, and tells the school admins as a rejected payment does (docs/product.md, "Payments"). The caller holds
 * the request's row lock.
 */
export async function rejectPaymentsOfRequest(
  tx: Tx,
  actor: Actor,
  schoolId: string,
  addonRequestId: string,
  requestReason: string,
  now: Date,
): Promise<void> {
  const reason = messageOf(N.addonPaymentRejectedReason, requestReason).text;
  const rejected = await tx
    .update(subscriptionPayments)
    .set({ status: 'rejected', reason, decidedAt: now, decidedByAccountId: actor.accountId, updatedAt: now })
    .where(
      and(
        eq(subscriptionPayments.schoolId, schoolId),
        eq(subscriptionPayments.addonRequestId, addonRequestId),
        eq(subscriptionPayments.status, 'pending'),
      ),
    )
    .returning({ id: subscriptionPayments.id });
  for (const { id } of rejected) {
    const row = await paymentById(tx, id);
    await notifySchoolAdmins(
      tx,
      schoolId,
      'payments',
      messageOf(N.paymentRejectedTitle),
      messageOf(N.addonPaymentRejectedBody, `${describe(row)} (${row.p.receiptNumber})`, requestReason),
    );
    await audit(tx, actor, {
      schoolId,
      action: 'payment.rejected',
      entity: 'payment',
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'rejected', reason },
    });
  }
}

/** Company staff confirm (a subscription payment marks the subscription paid) or reject with a reason. */
export async function decidePayment(
  deps: Deps,
  actor: Actor,
  { id, ...decision }: { id: string } & ({ status: 'confirmed' } | { status: 'rejected'; reason: string }),
): Promise<Payment> {
  const now = deps.clock();
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const first = await paymentById(tx, id);
    if (decision.status === 'confirmed') await assertRequestNotRejected(tx, first.p.schoolId, first.p.addonRequestId);
    // Read again after that lock: a rejection of the request may have rejected this payment meanwhile.
    const row = first.p.addonRequestId ? await paymentById(tx, id) : first;
    if (row.p.status !== 'pending') throw new AppError('conflict', `This payment was already ${row.p.status}.`);
    const reason = decision.status === 'rejected' ? decision.reason : null;
    // Only a payment still pending is decided: of two staff deciding it at once, the second finds it decided
    // (its update waits for the first's row lock, then matches nothing) and is told so, nothing written twice.
    const decided = await tx
      .update(subscriptionPayments)
      .set({
        status: decision.status,
        reason,
        decidedAt: now,
        decidedByAccountId: actor.accountId,
        updatedAt: now,
      })
      .where(
        and(
          eq(subscriptionPayments.schoolId, row.p.schoolId),
          eq(subscriptionPayments.id, id),
          eq(subscriptionPayments.status, 'pending'),
        ),
      )
      .returning({ id: subscriptionPayments.id });
    if (decided.length === 0) {
      const current = await paymentById(tx, id);
      throw new AppError('conflict', `This payment was already ${current.p.status}.`);
    }
    if (decision.status === 'confirmed') await countConfirmed(tx, row.p, now);
    const what = `${describe(row)} (${row.p.receiptNumber})`;
    await notifySchoolAdmins(
      tx,
      row.p.schoolId,
      'payments',
      messageOf(decision.status === 'confirmed' ? N.paymentConfirmedTitle : N.paymentRejectedTitle),
      decision.status === 'confirmed' ? messageOf(N.paymentConfirmedBody, what) : `${what}: ${reason}`,
    );
    await noticePaymentDecided(tx, actor, { ...row.p, status: decision.status });
    await audit(tx, actor, {
      schoolId: row.p.schoolId,
      action: `payment.${decision.status}`,
      entity: 'payment',
      entityId: id,
      before: { status: 'pending' },
      after: { status: decision.status, reason },
    });
    return toPayment(await paymentById(tx, id));
  });
}

export async function receiptOf(deps: Deps, actor: Actor, { id }: { id: string }): Promise<ReceiptResponse> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const row = await paymentById(tx, id);
    // A receipt is for money received (docs/product.md, "Payments").
    if (row.p.status === 'pending') throw new AppError('conflict', BILLING_MESSAGES.receiptPending);
    if (row.p.status === 'rejected') throw new AppError('conflict', BILLING_MESSAGES.receiptRejected);
    const payment = toPayment(row);
    return {
      receiptNumber: payment.receiptNumber,
      payment,
      school: { name: row.schoolName, address: row.schoolAddress, email: row.schoolEmail },
      issuedBy: ISSUER,
      lines: [{ label: payment.description, amountMinor: payment.amountMinor }],
      totalMinor: payment.amountMinor,
      period: periodOf(row),
    };
  });
}

/** The receipt as a one-page PDF in `language`, with the file name it is downloaded under. */
export async function receiptPdfOf(
  deps: Deps,
  actor: Actor,
  input: { id: string; language: Language },
): Promise<{ filename: string; pdf: Buffer }> {
  const receipt = await receiptOf(deps, actor, input);
  const timeZone = actor.school?.locale?.timeZone ?? DEFAULT_SCHOOL_LOCALE.timeZone;
  return { filename: `receipt-${receipt.receiptNumber}.pdf`, pdf: await receiptPdf(receipt, input.language, timeZone) };
}
