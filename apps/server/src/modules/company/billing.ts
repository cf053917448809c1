import { BILLING_MESSAGES } from '@lyceum/shared/company';
import { formatMoney } from '@lyceum/shared/plans';
import {
  addonChargeMinor,
  type BillingCycle,
  outstandingMinor,
  paymentStatusOf,
} from '@lyceum/shared/subscription-rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { addonRequests, addons, schoolSubscriptions, subscriptionPayments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * What is due and what was paid (docs/product.md, "Billing: what is due"). A subscription keeps what it billed
 * (`billedMinor`: its total once per billing cycle of each period it was assigned or renewed for, the add-ons
 * approved on the way charged on their own requests) and what confirmed payments brought is summed from the
 * payments, so the two can never disagree with the list of payments; its payment status follows from both.
 */

type SubscriptionRow = typeof schoolSubscriptions.$inferSelect;

/** What confirmed payments brought, per subscription id (0 for one with none). */
export async function paidBySubscription(tx: Tx, rows: readonly SubscriptionRow[]): Promise<Map<string, number>> {
  const ids = [...new Set(rows.map((r) => r.id))];
  if (ids.length === 0) return new Map();
  const sums = await tx
    .select({
      id: subscriptionPayments.subscriptionId,
      paid: sql<number>`sum(${subscriptionPayments.amountMinor})::bigint`,
    })
    .from(subscriptionPayments)
    .where(and(inArray(subscriptionPayments.subscriptionId, ids), eq(subscriptionPayments.status, 'confirmed')))
    .groupBy(subscriptionPayments.subscriptionId);
  return new Map(sums.map((s) => [s.id ?? '', Number(s.paid)]));
}

/**
 * What an add-on request costs: what its approval added to the subscription, else one billing cycle of the
 * add-on at today's price, by the school's active subscription's cycle (monthly without one).
 */
export function requestCharge(
  request: { amountDueMinor: number | null; billingCycle: BillingCycle | null },
  addonPriceMinor: number,
  activeCycle: BillingCycle | null,
): { billingCycle: BillingCycle; amountDueMinor: number } {
  const billingCycle = request.billingCycle ?? activeCycle ?? 'monthly';
  return { billingCycle, amountDueMinor: request.amountDueMinor ?? addonChargeMinor(addonPriceMinor, billingCycle) };
}

/** What one add-on request still owes: its charge less its confirmed payments. */
export async function requestOutstanding(tx: Tx, schoolId: string, addonRequestId: string): Promise<number> {
  const [row] = await tx
    .select({ r: addonRequests, price: addons.priceMinor, activeCycle: schoolSubscriptions.billingCycle })
    .from(addonRequests)
    .innerJoin(addons, eq(addons.id, addonRequests.addonId))
    .leftJoin(
      schoolSubscriptions,
      and(eq(schoolSubscriptions.schoolId, addonRequests.schoolId), eq(schoolSubscriptions.status, 'active')),
    )
    .where(and(eq(addonRequests.schoolId, schoolId), eq(addonRequests.id, addonRequestId)));
  if (!row) return 0;
  const { amountDueMinor } = requestCharge(row.r, row.price, row.activeCycle);
  return outstandingMinor(amountDueMinor, await paidForRequest(tx, schoolId, addonRequestId));
}

/** What confirmed payments brought for one add-on request. */
export async function paidForRequest(tx: Tx, schoolId: string, addonRequestId: string): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<number>`coalesce(sum(${subscriptionPayments.amountMinor}), 0)::bigint` })
    .from(subscriptionPayments)
    .where(
      and(
        eq(subscriptionPayments.schoolId, schoolId),
        eq(subscriptionPayments.addonRequestId, addonRequestId),
        eq(subscriptionPayments.status, 'confirmed'),
      ),
    );
  return Number(row?.paid ?? 0);
}

/**
 * Sets the subscription's payment status from what it billed and what confirmed payments brought: run after
 * either changes (a renewal bills, a confirmation pays). `paidAt` is when it last became paid.
 */
export async function settlePaymentStatus(tx: Tx, row: SubscriptionRow, now: Date): Promise<SubscriptionRow> {
  const paid = (await paidBySubscription(tx, [row])).get(row.id) ?? 0;
  const status = paymentStatusOf(row.billedMinor, paid);
  if (status === row.paymentStatus) return row;
  const [updated] = await tx
    .update(schoolSubscriptions)
    .set({ paymentStatus: status, ...(status === 'paid' ? { paidAt: now } : {}), updatedAt: now })
    .where(and(eq(schoolSubscriptions.schoolId, row.schoolId), eq(schoolSubscriptions.id, row.id)))
    .returning();
  return updated ?? row;
}

/** The same, for a subscription named by id (a payment's). */
export async function settlePaymentStatusOf(tx: Tx, schoolId: string, subscriptionId: string, now: Date) {
  const [row] = await tx
    .select()
    .from(schoolSubscriptions)
    .where(and(eq(schoolSubscriptions.schoolId, schoolId), eq(schoolSubscriptions.id, subscriptionId)));
  if (row) await settlePaymentStatus(tx, row, now);
}

/**
 * A payment is at most what it pays for still owes (docs/product.md, "Payments"): 422 on `amountMinor`, naming
 * the amount, and nothing recorded. `upcomingMinor` is what a renewal payment may pay ahead (one billing
 * cycle of the subscription, which the renewal it asks for bills).
 */
export function assertWithinOutstanding(
  amountMinor: number,
  outstanding: number,
  currency: string,
  what: 'subscription' | 'addon',
  upcomingMinor = 0,
): void {
  const limit = outstanding + upcomingMinor;
  if (amountMinor <= limit) return;
  const M = BILLING_MESSAGES;
  const message =
    limit === 0
      ? what === 'subscription'
        ? M.nothingOutstanding
        : M.addonNothingOutstanding
      : upcomingMinor > 0
        ? M.renewalMoreThanDue(formatMoney(limit, currency))
        : M.moreThanOutstanding(formatMoney(limit, currency));
  throw new AppError('rule', message, { amountMinor: message });
}

export { outstandingMinor };
