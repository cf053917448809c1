import type { SchoolLocale } from '@lyceum/shared/locale';
import { eq } from 'drizzle-orm';
import { audit } from '../../db/audit.ts';
import { schools } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { announceReaderChange } from '../../lib/reader-change.ts';

/** The locale columns of a school row. */
export function localeOf(school: SchoolLocale): SchoolLocale {
  return {
    language: school.language,
    timeZone: school.timeZone,
    currency: school.currency,
    dateFormat: school.dateFormat,
    weekStart: school.weekStart,
  };
}

/** The signed-in user's school's language, time zone, currency, date format and first day of the week. */
export async function getSchoolLocale(deps: Deps, actor: Actor): Promise<SchoolLocale> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const [school] = await tx
      .select()
      .from(schools)
      .where(eq(schools.id, actor.schoolId ?? ''));
    if (!school) throw notFound('School not found');
    return localeOf(school);
  });
}

/**
 * The school admin sets the whole locale at once (docs/product.md, "Language, time zone and currency").
 * Audited like every settings change; the audit also empties the session cache, so the next request of
 * everyone in the school already sees the new zone and language.
 */
export async function updateSchoolLocale(deps: Deps, actor: Actor, input: SchoolLocale): Promise<SchoolLocale> {
  const schoolId = actor.schoolId ?? '';
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const [before] = await tx.select().from(schools).where(eq(schools.id, schoolId));
    if (!before) throw notFound('School not found');
    const after = localeOf(input);
    await tx
      .update(schools)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(schools.id, schoolId));
    await audit(tx, actor, {
      schoolId,
      action: 'school.locale_updated',
      entity: 'school',
      entityId: schoolId,
      before: localeOf(before),
      after,
    });
    // Everyone's open streams in the school write dates, and the words of those who follow it, the new way.
    await announceReaderChange(tx, { schoolId });
    return after;
  });
}
