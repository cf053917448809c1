import type { PublicPlan } from '@lyceum/shared/api';
import { asc, eq } from 'drizzle-orm';
import { plans } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import type { PublicActor } from '../../lib/actor.ts';

/** The plans on offer, cheapest first, for the sign-up page and the marketplace (prices are not secret). */
export async function listPublicPlans(deps: Deps, _actor: PublicActor): Promise<PublicPlan[]> {
  const rows = await withSystem(deps.db, (tx) =>
    tx.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.priceMinor)),
  );
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    priceMinor: p.priceMinor,
    currency: p.currency,
    billingPeriod: p.billingPeriod,
    isPopular: p.isPopular,
    color: p.color,
    features: p.features,
    limits: p.limits,
    yearlyDiscountPercent: p.yearlyDiscountPercent,
    trialAllowed: p.trialAllowed,
  }));
}
