import type { SchoolBrand } from '@lyceum/shared/company';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { schools } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { notFound } from '../../lib/errors.ts';
import { brandOf } from '../company/my-subscription.ts';

/**
 * White Label reaches the sign-in page too: `/login?school=<id>` asks for the school's brand before anyone has
 * signed in. Only an active school holding the add-on answers, and only with what its signed-in pages already
 * show to everyone (name, logo, colour); any other id gets the same 404, so the page falls back to the product.
 */
export async function publicBrand(db: Database, schoolId: string): Promise<SchoolBrand> {
  return withSystem(db, async (tx) => {
    const [school] = await tx.select().from(schools).where(eq(schools.id, schoolId));
    const brand = school?.isActive ? (await brandOf(tx, school)).brand : null;
    if (!brand) throw notFound('School not found');
    return brand;
  });
}
