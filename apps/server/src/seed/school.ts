import { DEFAULT_SUBSCRIPTION_MONTHS } from '@lyceum/shared/plans';
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
  /** Days until the subscription ends; negative for one that has lapsed. */
  subscriptionDays?: number;
}

/** A school with an active subscription of the named plan (default Standard). */
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
  const days = input.subscriptionDays ?? Math.round(DEFAULT_SUBSCRIPTION_MONTHS * 30.44);
  await tx.insert(schoolSubscriptions).values({
    schoolId,
    id: newId(),
    planId: plan.id,
    startDate: new Date(Math.min(now, now + days * 86_400_000) - 30 * 86_400_000),
    endDate: new Date(now + days * 86_400_000),
    status: days > 0 ? 'active' : 'expired',
    paymentStatus: 'paid',
    totalAmountMinor: plan.priceMinor,
    planAmountMinor: plan.priceMinor,
    currency: plan.currency,
    subscriptionType: 'initial',
    isInitial: true,
  });
  return schoolId;
}
