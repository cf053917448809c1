import { calendarDate, messageOf, SCHOOL_NOTIFICATION_MESSAGES as N } from '@lyceum/shared/notifications';
import {
  ASSIGN_MESSAGES,
  type AssignSubscriptionRequest,
  type Subscription,
  type SubscriptionHistory,
} from '@lyceum/shared/company';
import type { z } from 'zod';
import { MESSAGES } from '@lyceum/shared/errors';
import { formatMoney } from '@lyceum/shared/plans';
import {
  addMonths,
  addonChargeMinor,
  autoRenewalEnd,
  chargeForMonths,
  changeKindOf,
  countChanges,
  cycleMonths,
  lengthFitsCycle,
  outstandingMinor,
  priceSubscription,
  renewalEnd,
  RENEWAL_MESSAGES,
  renewalTooFar,
  YEARLY_LENGTH_MESSAGE,
} from '@lyceum/shared/subscription-rules';
import { and, asc, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { addons, plans, salesLeads, schoolSubscriptions, schools } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import type { Actor } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { localDateOf } from '../../lib/school-day.ts';
import { paidBySubscription, settlePaymentStatus } from './billing.ts';
import { notifySchoolAdmins } from './notify.ts';

type SubscriptionRow = typeof schoolSubscriptions.$inferSelect;
type AuditActor = Pick<Actor, 'accountId' | 'role'> | null;
export type AssignInput = z.output<typeof AssignSubscriptionRequest>;

/**
 * The expiry and renewal rules of docs/product.md, "Statuses, expiry and renewal", automatic renewal included: an active subscription whose end date has passed renews itself when `autoRenew`
 * is on (a new billing cycle from the old end date, payment due, the school admins told) and is expired
 * otherwise. Run before every read of a subscription (so nobody sees a stale "active" or a lapse that is
 * really a renewal), by the sign-in and session gates, and by the periodic sweep. `schoolId` null = every
 * school. `now` is the server's clock (deps.clock), as every rule of the lifecycle reads it. Returns how many
 * subscriptions it renewed or expired.
 */
export async function settleLapsed(tx: Tx, schoolId: string | null, now: Date): Promise<number> {
  const lapsed = and(
    schoolId ? eq(schoolSubscriptions.schoolId, schoolId) : undefined,
    eq(schoolSubscriptions.status, 'active'),
    lte(schoolSubscriptions.endDate, now),
  );
  const due = await tx
    .select()
    .from(schoolSubscriptions)
    .where(and(lapsed, eq(schoolSubscriptions.autoRenew, true)));
  let settled = 0;
  for (const row of due) if (await autoRenew(tx, row, now)) settled++;
  const rows = await tx
    .update(schoolSubscriptions)
    .set({ status: 'expired', updatedAt: now })
    .where(and(lapsed, eq(schoolSubscriptions.autoRenew, false)))
    .returning({ schoolId: schoolSubscriptions.schoolId, id: schoolSubscriptions.id });
  for (const r of rows) {
    await audit(tx, null, {
      schoolId: r.schoolId,
      action: 'subscription.expired',
      entity: 'subscription',
      entityId: r.id,
    });
  }
  return settled + rows.length;
}

/**
 * Moves a subscription to a new end date, back to active, billing `chargeMinor` for the period added (docs/product.md,
 * "Billing: what is due"): the one write of a renewal, manual or automatic. Its payment status then follows
 * from what it billed and was paid, so a renewal paid ahead stays paid. A renewal answers the school's renewal
 * request, which it closes, so the school may ask for the next one. `onlyIf` narrows it (an automatic renewal
 * applies only while the row is still lapsed, so two reads settling the same row at once extend it once; the
 * loser gets null).
 */
async function extendSubscription(
  tx: Tx,
  current: SubscriptionRow,
  end: Date,
  chargeMinor: number,
  now: Date,
  onlyIf?: SQL,
): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .update(schoolSubscriptions)
    .set({
      status: 'active',
      endDate: end,
      billedMinor: sql`${schoolSubscriptions.billedMinor} + ${chargeMinor}`,
      isTrial: false,
      updatedAt: now,
    })
    .where(and(eq(schoolSubscriptions.schoolId, current.schoolId), eq(schoolSubscriptions.id, current.id), onlyIf))
    .returning();
  if (!row) return null;
  await tx
    .update(salesLeads)
    .set({ status: 'closed', updatedAt: now })
    .where(and(eq(salesLeads.schoolId, row.schoolId), eq(salesLeads.kind, 'renewal'), eq(salesLeads.status, 'new')));
  return settlePaymentStatus(tx, row, now);
}

/**
 * One automatic renewal: billing cycles from the old end date until one covers today, each billed (a renewal
 * caught up late bills every cycle it covers), by the system, the school admins told what is due.
 */
async function autoRenew(tx: Tx, current: SubscriptionRow, now: Date): Promise<boolean> {
  const months = cycleMonths(current.billingCycle);
  const { end, periods } = autoRenewalEnd(current.endDate, now, months);
  const stillLapsed = and(eq(schoolSubscriptions.status, 'active'), lte(schoolSubscriptions.endDate, now));
  const charge = current.totalAmountMinor * periods;
  const row = await extendSubscription(tx, current, end, charge, now, stillLapsed);
  if (!row) return false;
  await audit(tx, null, {
    schoolId: row.schoolId,
    action: 'subscription.auto_renewed',
    entity: 'subscription',
    entityId: row.id,
    before: { endDate: current.endDate.toISOString(), paymentStatus: current.paymentStatus },
    after: { endDate: end.toISOString(), paymentStatus: row.paymentStatus, months, periods, billedMinor: charge },
  });
  const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, row.planId));
  const [school] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, row.schoolId));
  // The date the school's own calendar gives the new end.
  const until = localDateOf(end, school?.timeZone ?? 'UTC');
  await notifySchoolAdmins(
    tx,
    row.schoolId,
    'plan',
    messageOf(N.renewedTitle),
    messageOf(
      N.renewedBody,
      plan?.name ?? '',
      calendarDate(until),
      formatMoney(await outstandingOf(tx, row), row.currency),
    ),
  );
  return true;
}

/**
 * The one rule (docs/product.md, "Statuses, expiry and renewal") for "this school may be used": an active subscription whose end date has not
 * passed, after settling a lapse (an auto-renewing subscription renews instead). The sign-in gate uses it;
 * the session lookup (auth/sessions.ts) states the same predicate in SQL and asks here before refusing.
 */
export async function hasActiveSubscription(tx: Tx, schoolId: string, now: Date): Promise<boolean> {
  await settleLapsed(tx, schoolId, now);
  const rows = await tx
    .select({ id: schoolSubscriptions.id })
    .from(schoolSubscriptions)
    .where(
      and(
        eq(schoolSubscriptions.schoolId, schoolId),
        eq(schoolSubscriptions.status, 'active'),
        gt(schoolSubscriptions.endDate, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** How often the sweep runs; reads detect expiry themselves, so this only has to be roughly timely. */
export const SUBSCRIPTION_SWEEP_MS = 15 * 60_000;

/** The periodic sweep (started in app.ts, runnable from tests): renews or expires every lapsed subscription. */
export function sweepExpiredSubscriptions(db: Database, now: Date): Promise<number> {
  return withSystem(db, (tx) => settleLapsed(tx, null, now));
}

/** Plan and add-on names and what confirmed payments brought for a set of subscriptions, in three queries. */
async function namesFor(tx: Tx, rows: SubscriptionRow[]) {
  const planIds = [...new Set(rows.map((r) => r.planId))];
  const addonIds = [...new Set(rows.flatMap((r) => r.addonIds))];
  const planRows = planIds.length
    ? await tx.select({ id: plans.id, name: plans.name }).from(plans).where(inArray(plans.id, planIds))
    : [];
  const addonRows = addonIds.length
    ? await tx.select({ id: addons.id, name: addons.name }).from(addons).where(inArray(addons.id, addonIds))
    : [];
  return {
    plan: new Map(planRows.map((p) => [p.id, p.name])),
    addon: new Map(addonRows.map((a) => [a.id, a.name])),
    paid: await paidBySubscription(tx, rows),
  };
}

/** What is still owed on one subscription (its confirmed payments counted). */
async function outstandingOf(tx: Tx, row: SubscriptionRow): Promise<number> {
  return outstandingMinor(row.billedMinor, (await paidBySubscription(tx, [row])).get(row.id) ?? 0);
}

export function toSubscription(
  row: SubscriptionRow,
  names: { plan: Map<string, string>; addon: Map<string, string>; paid: Map<string, number> },
): Subscription {
  const paid = names.paid.get(row.id) ?? 0;
  return {
    id: row.id,
    schoolId: row.schoolId,
    planId: row.planId,
    planName: names.plan.get(row.planId) ?? '',
    addonIds: row.addonIds,
    addonNames: row.addonIds.map((id) => names.addon.get(id) ?? ''),
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    status: row.status,
    autoRenew: row.autoRenew,
    paymentStatus: row.paymentStatus,
    billingCycle: row.billingCycle,
    amountDueMinor: row.billedMinor,
    paidMinor: paid,
    outstandingMinor: outstandingMinor(row.billedMinor, paid),
    totalAmountMinor: row.totalAmountMinor,
    planAmountMinor: row.planAmountMinor,
    addonsAmountMinor: row.addonsAmountMinor,
    discountMinor: row.discountMinor,
    currency: row.currency,
    subscriptionType: row.subscriptionType,
    isInitial: row.isInitial,
    isTrial: row.isTrial,
    changeKind: row.changeKind,
    previousSubscriptionId: row.previousSubscriptionId,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function presentSubscriptions(tx: Tx, rows: SubscriptionRow[]): Promise<Subscription[]> {
  const names = await namesFor(tx, rows);
  return rows.map((r) => toSubscription(r, names));
}

export async function activeSubscriptionRow(tx: Tx, schoolId: string): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(schoolSubscriptions)
    .where(and(eq(schoolSubscriptions.schoolId, schoolId), eq(schoolSubscriptions.status, 'active')))
    .limit(1);
  return row ?? null;
}

/** A school's subscription history (docs/product.md, "Assigning a plan; upgrades and downgrades"), derived from the rows so the counters can never disagree with them. */
export async function historyOf(tx: Tx, schoolId: string): Promise<SubscriptionHistory> {
  const rows = await tx
    .select()
    .from(schoolSubscriptions)
    .where(eq(schoolSubscriptions.schoolId, schoolId))
    .orderBy(asc(schoolSubscriptions.createdAt), asc(schoolSubscriptions.id));
  const items = await presentSubscriptions(tx, rows);
  const current = [...rows].reverse().find((r) => r.status !== 'cancelled') ?? rows[rows.length - 1];
  return {
    initialSubscriptionId: rows.find((r) => r.isInitial)?.id ?? rows[0]?.id ?? null,
    currentSubscriptionId: current?.id ?? null,
    ...countChanges(rows.map((r) => r.changeKind)),
    items: items.reverse(),
  };
}

/**
 * The plan and add-ons a new subscription is priced from: all on offer. A retired add-on the school's newest
 * subscription holds is not carried over (docs/product.md, "Plans and add-ons in the catalogue"): Assign plan
 * leaves it out, and a request naming it anyway is refused by its name rather than as an unknown add-on.
 */
async function loadPricing(tx: Tx, schoolId: string, planId: string, addonIds: string[]) {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
  if (!plan?.isActive) throw invalid('Choose one of the offered plans', { planId: 'Choose a plan' });
  const unique = [...new Set(addonIds)];
  const chosen = unique.length ? await tx.select().from(addons).where(inArray(addons.id, unique)) : [];
  const retired = chosen.filter((a) => !a.isActive);
  if (retired.length > 0) {
    const [newest] = await tx
      .select({ addonIds: schoolSubscriptions.addonIds })
      .from(schoolSubscriptions)
      .where(eq(schoolSubscriptions.schoolId, schoolId))
      .orderBy(desc(schoolSubscriptions.createdAt), desc(schoolSubscriptions.id))
      .limit(1);
    const held = retired.find((a) => newest?.addonIds.includes(a.id));
    if (held) {
      const message = ASSIGN_MESSAGES.addonNotCarried(held.name);
      throw invalid(message, { addonIds: message });
    }
  }
  if (chosen.length !== unique.length || retired.length > 0) {
    throw invalid('Choose add-ons from the offered ones', { addonIds: 'Unknown add-on' });
  }
  return { plan, addons: chosen };
}

/**
 * docs/product.md, "Subscriptions and plans": assigning a plan cancels the active subscription; the new one is `initial` when the school has
 * no history, otherwise `current`, and an upgrade or downgrade by price against the previous plan.
 */
export async function assignSubscription(
  tx: Tx,
  actor: AuditActor,
  schoolId: string,
  input: AssignInput,
  now: Date,
): Promise<SubscriptionRow> {
  const { plan, addons: chosen } = await loadPricing(tx, schoolId, input.planId, input.addonIds);
  // The request's schema says so already; a caller that builds its input itself is held to it too.
  if (!lengthFitsCycle(input.months, input.billingCycle))
    throw invalid(YEARLY_LENGTH_MESSAGE, { months: YEARLY_LENGTH_MESSAGE });
  await lockSchoolSubscriptions(tx, schoolId);
  await settleLapsed(tx, schoolId, now);
  const [previous] = await tx
    .select({ row: schoolSubscriptions, planPrice: plans.priceMinor })
    .from(schoolSubscriptions)
    .innerJoin(plans, eq(plans.id, schoolSubscriptions.planId))
    .where(eq(schoolSubscriptions.schoolId, schoolId))
    .orderBy(desc(schoolSubscriptions.createdAt), desc(schoolSubscriptions.id))
    .limit(1);
  await tx
    .update(schoolSubscriptions)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(eq(schoolSubscriptions.schoolId, schoolId), eq(schoolSubscriptions.status, 'active')));
  const price = priceSubscription(
    plan.priceMinor,
    plan.yearlyDiscountPercent,
    chosen.map((a) => a.priceMinor),
    input.billingCycle,
  );
  const [row] = await tx
    .insert(schoolSubscriptions)
    .values({
      schoolId,
      id: newId(),
      planId: plan.id,
      addonIds: chosen.map((a) => a.id),
      startDate: now,
      endDate: addMonths(now, input.months),
      status: 'active',
      autoRenew: input.autoRenew,
      // A trial bills nothing; otherwise every billing cycle of the length sold (docs/product.md, "Billing: what is due").
      paymentStatus: input.isTrial ? 'none' : 'pending',
      billedMinor: input.isTrial ? 0 : chargeForMonths(price.totalAmountMinor, input.months, input.billingCycle),
      billingCycle: input.billingCycle,
      ...price,
      currency: plan.currency,
      subscriptionType: previous ? 'current' : 'initial',
      isInitial: !previous,
      isTrial: input.isTrial,
      previousSubscriptionId: previous?.row.id ?? null,
      changeKind: changeKindOf(previous ? previous.planPrice : null, plan.priceMinor),
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  await audit(tx, actor, {
    schoolId,
    action: 'subscription.assigned',
    entity: 'subscription',
    entityId: row.id,
    before: previous ? { id: previous.row.id, planId: previous.row.planId, status: previous.row.status } : null,
    after: { planId: plan.id, billingCycle: row.billingCycle, total: row.totalAmountMinor, kind: row.changeKind },
  });
  return row;
}

/**
 * Every change company staff make to a school's subscriptions (assign, renew, cancel, an approved add-on, a
 * confirmed payment's status) takes this lock first, so two at once act one after the other, each on what the
 * other left (docs/security.md, "Billing changes one at a time"). Without it two renewals billed twice and
 * extended once, a renewal revived the subscription an assignment had just cancelled, and two add-ons
 * approved together kept only one. Take it before any row lock of the school's subscriptions.
 */
export async function lockSchoolSubscriptions(tx: Tx, schoolId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`subscriptions:${schoolId}`}, 0))`);
}

/** The subscription a renewal or cancel acts on: the newest one that was not replaced. */
export async function latestSubscription(tx: Tx, schoolId: string): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(schoolSubscriptions)
    .where(eq(schoolSubscriptions.schoolId, schoolId))
    .orderBy(desc(schoolSubscriptions.createdAt), desc(schoolSubscriptions.id))
    .limit(1);
  return row ?? null;
}

/** docs/product.md, "Subscriptions and plans": back to active, the new end counted from the later of the old end date and now. */
export async function renewSubscription(
  tx: Tx,
  actor: AuditActor,
  schoolId: string,
  months: number,
  now: Date,
): Promise<SubscriptionRow> {
  await lockSchoolSubscriptions(tx, schoolId);
  await settleLapsed(tx, schoolId, now);
  const current = await latestSubscription(tx, schoolId);
  if (!current || current.status === 'cancelled') {
    throw new AppError('rule', 'This school has no subscription to renew. Assign a plan instead.');
  }
  if (!lengthFitsCycle(months, current.billingCycle)) {
    throw new AppError('rule', YEARLY_LENGTH_MESSAGE, { months: YEARLY_LENGTH_MESSAGE });
  }
  const { end } = renewalEnd(current.endDate, now, months);
  if (renewalTooFar(end, now)) {
    throw new AppError('rule', RENEWAL_MESSAGES.tooFar, { months: RENEWAL_MESSAGES.tooFar });
  }
  const charge = chargeForMonths(current.totalAmountMinor, months, current.billingCycle);
  const row = await extendSubscription(tx, current, end, charge, now);
  if (!row) throw new AppError('conflict', 'The subscription changed meanwhile. Reload and try again.');
  await audit(tx, actor, {
    schoolId,
    action: 'subscription.renewed',
    entity: 'subscription',
    entityId: row.id,
    before: { endDate: current.endDate.toISOString(), status: current.status },
    after: { endDate: end.toISOString(), status: 'active', months, billedMinor: charge },
  });
  return row;
}

export async function cancelSubscription(
  tx: Tx,
  actor: AuditActor,
  schoolId: string,
  now: Date,
): Promise<SubscriptionRow> {
  await lockSchoolSubscriptions(tx, schoolId);
  await settleLapsed(tx, schoolId, now);
  const current = await activeSubscriptionRow(tx, schoolId);
  if (!current) throw new AppError('rule', MESSAGES.noActiveSubscription);
  const [row] = await tx
    .update(schoolSubscriptions)
    .set({ status: 'cancelled', autoRenew: false, cancelledAt: now, updatedAt: now })
    .where(and(eq(schoolSubscriptions.schoolId, schoolId), eq(schoolSubscriptions.id, current.id)))
    .returning();
  if (!row) throw notFound(MESSAGES.noActiveSubscription);
  await audit(tx, actor, {
    schoolId,
    action: 'subscription.cancelled',
    entity: 'subscription',
    entityId: row.id,
    before: { status: 'active' },
    after: { status: 'cancelled' },
  });
  return row;
}

/**
 * Adds an approved add-on to a subscription (docs/product.md, "Add-on requests and entitlements"): its total
 * grows by the add-on's charge for one billing cycle at today's price, and nothing else changes. The plan's
 * part and the add-ons it already had stay at the prices they were sold at. Answers the row and the charge.
 */
export async function addAddonToSubscription(
  tx: Tx,
  row: SubscriptionRow,
  addon: { id: string; priceMinor: number },
  now: Date,
): Promise<{ row: SubscriptionRow; chargeMinor: number }> {
  const chargeMinor = addonChargeMinor(addon.priceMinor, row.billingCycle);
  const [updated] = await tx
    .update(schoolSubscriptions)
    .set({
      addonIds: [...new Set([...row.addonIds, addon.id])],
      addonsAmountMinor: row.addonsAmountMinor + chargeMinor,
      totalAmountMinor: row.totalAmountMinor + chargeMinor,
      updatedAt: now,
    })
    .where(and(eq(schoolSubscriptions.schoolId, row.schoolId), eq(schoolSubscriptions.id, row.id)))
    .returning();
  if (!updated) throw notFound('Subscription not found');
  return { row: updated, chargeMinor };
}

/** The school exists (and the caller may see it: row-level security decides) or 404. */
export async function requireSchool(tx: Tx, schoolId: string) {
  const [school] = await tx.select().from(schools).where(eq(schools.id, schoolId));
  if (!school) throw notFound('School not found');
  return school;
}

export async function presentSubscription(tx: Tx, row: SubscriptionRow): Promise<Subscription> {
  return toSubscription(row, await namesFor(tx, [row]));
}
