import type { SchoolResponse } from '@lyceum/shared/company';
import { desc, eq } from 'drizzle-orm';
import { schoolSubscriptions, schools } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { brandOf } from './brand.ts';

/**
 * The signed-in user's own school: what the emergency-contact button shows, plus its brand (White Label
 * replaces the product title and theme) and the add-ons it holds, for the client to switch features on.
 */
export async function mySchool(deps: Deps, actor: Actor): Promise<SchoolResponse> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const [school] = await tx
      .select()
      .from(schools)
      .where(eq(schools.id, actor.schoolId ?? ''));
    if (!school) throw notFound('School not found');
    return {
      name: school.name,
      address: school.address,
      phone: school.phone,
      email: school.email,
      principalName: school.principalName,
      logo: school.logo,
      ...(await brandOf(tx, school, deps.clock())),
      subscriptionStatus: await newestSubscriptionStatus(tx, school.id),
    };
  });
}

/**
 * The newest subscription's status, as the company's renew and cancel see it (the newest one not replaced):
 * a school that lapsed may renew, one whose subscription was cancelled cannot (docs/product.md, "Statuses,
 * expiry and renewal").
 */
async function newestSubscriptionStatus(tx: Tx, schoolId: string): Promise<SchoolResponse['subscriptionStatus']> {
  const [row] = await tx
    .select({ status: schoolSubscriptions.status })
    .from(schoolSubscriptions)
    .where(eq(schoolSubscriptions.schoolId, schoolId))
    .orderBy(desc(schoolSubscriptions.createdAt), desc(schoolSubscriptions.id))
    .limit(1);
  return row?.status ?? null;
}
