import type { Subscription } from '@lyceum/shared/company';

/** What My Subscription's payment button pays, and how much it offers to pay. */
export interface SubscriptionPayment {
  /** `payNow` pays what is outstanding; `renew` and `subscribe` also ask the company to renew. */
  kind: 'payNow' | 'renew' | 'subscribe';
  renewal: boolean;
  /** The amount the form starts with: the most the server takes for this payment. */
  amountMinor: number;
  /** Of which the next billing cycle, which a renewal payment may pay ahead. */
  nextCycleMinor: number;
}

/**
 * The payment My Subscription offers for its subscription (docs/product.md, "Billing: what is due"), or null for
 * none. What is outstanding is paid as such; with nothing outstanding a subscription in force is renewed, and a
 * renewal payment may also pay the billing cycle the renewal will bill (the server's limit: `The amount is more
 * than the {amount} due, the next billing cycle included.`). A trial owes nothing, so paying it pays for what
 * follows (`subscribe`). A cancelled subscription is not renewed, only paid when it was left unpaid.
 */
export function subscriptionPayment(subscription: Subscription, onTrial: boolean): SubscriptionPayment | null {
  const outstanding = subscription.outstandingMinor;
  const plain = { kind: 'payNow', renewal: false, amountMinor: outstanding, nextCycleMinor: 0 } as const;
  if (subscription.status === 'cancelled') return outstanding > 0 ? plain : null;
  if (subscription.status === 'active' && !onTrial && outstanding > 0) return plain;
  return {
    kind: onTrial ? 'subscribe' : 'renew',
    renewal: true,
    amountMinor: outstanding + subscription.totalAmountMinor,
    nextCycleMinor: subscription.totalAmountMinor,
  };
}
