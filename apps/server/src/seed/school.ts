import { DEFAULT_SUBSCRIPTION_MONTHS } from '@lyceum/shared/plans';
import { addMonths } from '@lyceum/shared/subscription-rules';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { plans, schoolSubscriptions, schools } from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';

export interface NewSchool {
  name: string;
  planName?: string;
  address?: string;
  phone?: string;
  email?: string;
  principalName?: string;
  isDemo?: boolean;
  /** Days until the subscription ends; negative for one that has lapsed. Default: it began 30 days ago. */
  subscriptionDays?: number;
}

/**
 * A school with an active subscription of the named plan (default Standard), billed monthly. Like one company
 * staff assign, it runs the default DEFAULT_SUBSCRIPTION_MONTHS from its start (docs/product.md, "Assigning a
 * plan; upgrades and downgrades"), through the same addMonths: it began 30 days ago, or ends in
 * `subscriptionDays`.
 */
export async function insertSchool(tx: Tx, input: NewSchool): Promise<string> {
  const schoolId = newId();
  await tx.insert(schools).values({
    id: schoolId,
    name: input.name,
    address: input.address ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    principalName: input.principalName ?? null,
    isDemo: input.isDemo ?? false,
  });
  const [plan] = await tx
    .select()
    .from(plans)
    .where(eq(plans.name, input.planName ?? 'Standard'));
  if (!plan) throw new Error(`Plan ${input.planName ?? 'Standard'} is not seeded`);
  const now = Date.now();
  const { startDate, endDate } = subscriptionTerm(now, input.subscriptionDays);
  await tx.insert(schoolSubscriptions).values({
    schoolId,
    id: newId(),
    planId: plan.id,
    startDate,
    endDate,
    status: endDate.getTime() > now ? 'active' : 'expired',
    paymentStatus: 'paid',
    totalAmountMinor: plan.priceMinor,
    planAmountMinor: plan.priceMinor,
    currency: plan.currency,
    subscriptionType: 'initial',
    isInitial: true,
  });
  return schoolId;
}

/** The default term of a subscription, ending `days` from `now` when given, else begun 30 days before `now`. */
function subscriptionTerm(now: number, days?: number): { startDate: Date; endDate: Date } {
  if (days === undefined) {
    const startDate = new Date(now - 30 * 86_400_000);
    return { startDate, endDate: addMonths(startDate, DEFAULT_SUBSCRIPTION_MONTHS) };
  }
  const endDate = new Date(now + days * 86_400_000);
  return { startDate: addMonths(endDate, -DEFAULT_SUBSCRIPTION_MONTHS), endDate };
}
