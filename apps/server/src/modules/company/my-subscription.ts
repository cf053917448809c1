import type { MySubscriptionResponse } from '@lyceum/shared/company';
import { entitlementKeys } from '@lyceum/shared/entitlements';
import { eq, inArray } from 'drizzle-orm';
import { addons, plans } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { daysLeftIn, timeZoneOf } from '../../lib/school-day.ts';
import { toAddon, toPlan } from './catalog.ts';
import { entitledNames } from '../schools/index.ts';
import { settleLapsed, historyOf, latestSubscription, presentSubscriptions } from './subscriptions.ts';
import { usageOf } from './usage.ts';

/** My subscription: the newest subscription (expired ones too, so the page can say so), plan, usage, history. */
export async function mySubscription(deps: Deps, actor: Actor): Promise<MySubscriptionResponse> {
  const schoolId = actor.schoolId as string;
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const now = deps.clock();
    await settleLapsed(tx, schoolId, now);
    const row = await latestSubscription(tx, schoolId);
    const [subscription] = row ? await presentSubscriptions(tx, [row]) : [];
    const [plan] = row ? await tx.select().from(plans).where(eq(plans.id, row.planId)) : [];
    const addonRows = row?.addonIds.length
      ? await tx.select().from(addons).where(inArray(addons.id, row.addonIds))
      : [];
    const [usage] = await usageOf(tx, schoolId, now);
    const { activeSubscriptions: _, ...planOut } = plan ? toPlan(plan) : { activeSubscriptions: 0 };
    return {
      subscription: subscription ?? null,
      plan: plan ? (planOut as MySubscriptionResponse['plan']) : null,
      addons: addonRows.map(toAddon),
      usage: usage?.items ?? [],
      history: await historyOf(tx, schoolId),
      entitlements: entitlementKeys(await entitledNames(tx, schoolId, now)),
      // On the school's calendar: 0 on the last day, negative once it has gone by. A cancelled subscription has
      // no days left whatever its end date: access ended with it (docs/product.md, "Statuses, expiry and renewal").
      daysLeft: row && row.status !== 'cancelled' ? daysLeftIn(timeZoneOf(actor), row.endDate, now) : null,
    };
  });
}
