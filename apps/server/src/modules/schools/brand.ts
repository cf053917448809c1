import type { BrandQuery, SchoolBrand } from '@lyceum/shared/company';
import { entitlementKeys, hasEntitlement } from '@lyceum/shared/entitlements';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { PublicActor } from '../../lib/actor.ts';
import { schools } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { notFound } from '../../lib/errors.ts';
import { entitledNames } from './entitlements.ts';

/**
 * White Label reaches the sign-in page too: `/login?school=<id>` asks for the school's brand before anyone has
 * signed in. Only an active school holding the add-on answers, and only with what its signed-in pages already
 * show to everyone (name, logo, colour); any other id gets the same 404, so the page falls back to the product.
 */
export async function publicBrand(
  deps: Deps,
  _actor: PublicActor,
  { school: schoolId }: z.output<typeof BrandQuery>,
): Promise<SchoolBrand> {
  return withSystem(deps.db, async (tx) => {
    const [school] = await tx.select().from(schools).where(eq(schools.id, schoolId));
    const brand = school?.isActive ? (await brandOf(tx, school, deps.clock())).brand : null;
    if (!brand) throw notFound('School not found');
    return brand;
  });
}

/** White Label: the school's own name, logo and colour replace the product's; null without the add-on. */
export function brandFrom(
  school: { name: string; logo: string | null; brandColor: string | null },
  entitled: readonly string[],
): SchoolBrand | null {
  return hasEntitlement(entitled, 'white_label')
    ? { name: school.name, logo: school.logo, color: school.brandColor }
    : null;
}

/** The school's brand (see brandFrom) and its entitlements, read with the add-ons it holds at `now` (deps.clock). */
export async function brandOf(
  tx: Tx,
  school: { id: string; name: string; logo: string | null; brandColor: string | null },
  now: Date,
): Promise<{ brand: SchoolBrand | null; entitlements: ReturnType<typeof entitlementKeys> }> {
  const names = await entitledNames(tx, school.id, now);
  return { brand: brandFrom(school, names), entitlements: entitlementKeys(names) };
}
