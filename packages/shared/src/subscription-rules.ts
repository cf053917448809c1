/**
 * The money and date rules of subscriptions (docs/product.md, "Subscriptions and plans"), pure so they can be property-tested and shown in
 * the browser exactly as the server computes them. Money is integer minor units; nothing here rounds twice.
 */
import { wholePercent } from './percent.ts';

export type BillingCycle = 'monthly' | 'yearly';
export type ChangeKind = 'new' | 'upgrade' | 'downgrade' | 'same';

export interface PriceParts {
  /** The plan's charge for one billing cycle, net of the yearly discount. */
  planAmountMinor: number;
  /** The add-ons' charge for one billing cycle (add-ons carry no yearly discount). */
  addonsAmountMinor: number;
  /** What the yearly discount took off the plan (0 when billed monthly). */
  discountMinor: number;
  /** planAmountMinor + addonsAmountMinor, always. */
  totalAmountMinor: number;
}

/** Percentage of an integer amount, rounded half up, in integer arithmetic (no floating point). */
export function percentOf(amountMinor: number, percent: number): number {
  return Math.floor((amountMinor * percent + 50) / 100);
}

/**
 * The price of one billing cycle. Monthly: plan + add-ons. Yearly: twelve months of the plan less its yearly
 * discount, plus twelve months of each add-on. Monthly plan and add-on prices are the inputs.
 */
export function priceSubscription(
  planMonthlyMinor: number,
  yearlyDiscountPercent: number,
  addonMonthlyMinor: readonly number[],
  cycle: BillingCycle,
): PriceParts {
  const months = cycle === 'yearly' ? 12 : 1;
  const planGross = planMonthlyMinor * months;
  const discountMinor = cycle === 'yearly' ? percentOf(planGross, yearlyDiscountPercent) : 0;
  const planAmountMinor = planGross - discountMinor;
  const addonsAmountMinor = addonMonthlyMinor.reduce((sum, p) => sum + p * months, 0);
  return { planAmountMinor, addonsAmountMinor, discountMinor, totalAmountMinor: planAmountMinor + addonsAmountMinor };
}

/** Monthly recurring revenue of one subscription (a yearly charge spread over twelve months, rounded). */
export function monthlyRecurringMinor(totalAmountMinor: number, cycle: BillingCycle): number {
  return cycle === 'yearly' ? Math.round(totalAmountMinor / 12) : totalAmountMinor;
}

/** docs/product.md, "Subscriptions and plans": upgrade if the new plan costs more than the previous one, downgrade if less. */
export function changeKindOf(previousPlanPriceMinor: number | null, newPlanPriceMinor: number): ChangeKind {
  if (previousPlanPriceMinor === null) return 'new';
  if (newPlanPriceMinor > previousPlanPriceMinor) return 'upgrade';
  if (newPlanPriceMinor < previousPlanPriceMinor) return 'downgrade';
  return 'same';
}

export function countChanges(kinds: readonly ChangeKind[]): { totalUpgrades: number; totalDowngrades: number } {
  let totalUpgrades = 0;
  let totalDowngrades = 0;
  for (const k of kinds) {
    if (k === 'upgrade') totalUpgrades++;
    else if (k === 'downgrade') totalDowngrades++;
  }
  return { totalUpgrades, totalDowngrades };
}

/**
 * Calendar months added in UTC. A day that does not exist in the target month is clamped to its last day
 * (31 January + 1 month = 28/29 February), so the end never spills into the month after.
 */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** docs/product.md, "Subscriptions and plans": a renewal counts from the later of the old end date and now. */
export function renewalEnd(oldEnd: Date, now: Date, months: number): { start: Date; end: Date } {
  const start = oldEnd.getTime() > now.getTime() ? oldEnd : now;
  return { start, end: addMonths(start, months) };
}

/**
 * How far past today a manual renewal may take the end date (docs/product.md, "Statuses, expiry and renewal"):
 * each renewal adds at most 60 months, so without a bound repeated renewals ran past what dates can hold.
 */
export const RENEWAL_REACH_YEARS = 10;
export const RENEWAL_MESSAGES = {
  tooFar: `A renewal cannot take the end date more than ${RENEWAL_REACH_YEARS} years past today`,
};

/** True when `end` lies more than RENEWAL_REACH_YEARS past `now`. */
export function renewalTooFar(end: Date, now: Date): boolean {
  return end.getTime() > addMonths(now, RENEWAL_REACH_YEARS * 12).getTime();
}

/** The length of one billing cycle in months: what an automatic renewal adds, and what its total pays for. */
export function cycleMonths(cycle: BillingCycle): number {
  return cycle === 'yearly' ? 12 : 1;
}

/**
 * docs/product.md, "Prices and billing cycles": a yearly subscription runs whole years, so its length is a
 * multiple of twelve months (a monthly one may run any number of months).
 */
export function lengthFitsCycle(months: number, cycle: BillingCycle): boolean {
  return months % cycleMonths(cycle) === 0;
}

/** The message of a length that does not fit the billing cycle (on `months`). */
export const YEARLY_LENGTH_MESSAGE = 'A yearly subscription runs whole years: 12, 24, 36, 48 or 60 months';

/**
 * What a period of `months` bills (docs/product.md, "Billing: what is due"): one charge of the subscription's
 * total per billing cycle it covers, so twelve months billed monthly are twelve monthly totals.
 */
export function chargeForMonths(totalAmountMinor: number, months: number, cycle: BillingCycle): number {
  return totalAmountMinor * Math.ceil(months / cycleMonths(cycle));
}

/** What an add-on adds to a subscription's total: its monthly price for one billing cycle (twelve months yearly). */
export function addonChargeMinor(addonMonthlyMinor: number, cycle: BillingCycle): number {
  return addonMonthlyMinor * cycleMonths(cycle);
}

export type PaymentStatus = 'none' | 'pending' | 'paid' | 'failed';

/**
 * A subscription's payment status from what it billed and what confirmed payments brought: `none` while it has
 * billed nothing and received nothing (a free trial owes nothing), `paid` once confirmed payments cover what it
 * billed, `pending` otherwise.
 */
export function paymentStatusOf(billedMinor: number, paidMinor: number): Exclude<PaymentStatus, 'failed'> {
  if (billedMinor === 0 && paidMinor === 0) return 'none';
  return paidMinor >= billedMinor ? 'paid' : 'pending';
}

/** What is still owed: what was billed less what confirmed payments brought, never below zero. */
export function outstandingMinor(billedMinor: number, paidMinor: number): number {
  return Math.max(0, billedMinor - paidMinor);
}

/**
 * Auto-renew (issue 3): once the end date passes, the subscription renews by the same rule as a manual
 * renewal (`renewalEnd`) taken at the moment it lapsed, so the new period starts at the old end date and
 * the delay of whoever noticed (a read, the sweep) neither gives nor takes days. A subscription that lapsed
 * more than one period ago (the server was down) renews period after period until it covers `now`.
 */
export function autoRenewalEnd(oldEnd: Date, now: Date, months: number): { end: Date; periods: number } {
  let end = oldEnd;
  let periods = 0;
  while (end.getTime() <= now.getTime()) {
    end = renewalEnd(end, end, months).end;
    periods++;
  }
  return { end, periods };
}

/** docs/product.md, "Subscriptions and plans": expired once the end date has passed; cancelled stays cancelled. */
export function effectiveStatus(
  status: 'active' | 'expired' | 'cancelled',
  endDate: Date,
  now: Date,
): 'active' | 'expired' | 'cancelled' {
  return status === 'active' && endDate.getTime() <= now.getTime() ? 'expired' : status;
}

/** Days left until the end date, rounded up; 0 or negative once it has passed. */
export function daysLeft(endDate: Date, now: Date): number {
  return Math.ceil((endDate.getTime() - now.getTime()) / 86_400_000);
}

/** How close a usage is to its limit: 0 when unlimited (-1) or zero-limited with no use. */
export function usageRatio(used: number, limit: number): number {
  if (limit === -1) return 0;
  if (limit <= 0) return used > 0 ? 1 : 0;
  return used / limit;
}

/** `usageRatio` as a whole percentage, rounded half up in integer arithmetic (57.5 % is 58, never 57). */
export function usagePercent(used: number, limit: number): number {
  if (limit === -1) return 0;
  if (limit <= 0) return used > 0 ? 100 : 0;
  return wholePercent(used, limit);
}
