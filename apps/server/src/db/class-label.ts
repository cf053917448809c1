import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../lib/errors.ts';
import type { Tx } from './client.ts';
import { selectRows } from './select-rows.ts';
import { byName } from '../lib/search.ts';

/**
 * The one definition of how a class is shown (docs/product.md, "Classes and subjects"): its name, a space and
 * its section (`Grade 6 A`), and, when the school has another class of the same name and section (another
 * academic year's, as a year-end promotion leaves them), its academic year in brackets (`Grade 6 A (2027-2028)`),
 * so two such classes are never shown alike. "The same" is the shown name's (shownNameKey): `Grade 6` `A` and
 * `Grade 6 A` without a section are twins too. Every label, option, row and column the server builds for a class
 * uses it; the web app shows those labels as sent. It lives here, below the modules, because most modules name
 * classes. `c` is the alias of `classes` in the statement (`classes` itself when not aliased).
 */
export function classLabelText(c: string): string {
  // shown_key is the stored shownNameKey of the class (see the classes table): an equality the index serves.
  return `(trim(${c}.name || ' ' || ${c}.section) || case when exists (select 1 from classes twin
    where twin.school_id = ${c}.school_id and twin.shown_key = ${c}.shown_key and twin.id <> ${c}.id)
    then ' (' || ${c}.academic_year || ')' else '' end)`;
}

export const classLabel = (c: string): SQL<string> => sql<string>`${sql.raw(classLabelText(c))}`;

/**
 * What a class is told apart by within its academic year: its shown name (name and section joined as the
 * label joins them), case and runs of spaces aside, so `Grade 2` section `B` and `Grade 2 B` without one are
 * the same class to a reader and may not both exist in one year (docs/product.md, "Classes and subjects").
 * Stored for every class as `classes.shown_key` (the same expression); this is for values not yet stored.
 */
export const shownNameKey = (name: SQL, section: SQL): SQL<string> =>
  sql<string>`lower(regexp_replace(trim(${name} || ' ' || ${section}), '\\s+', ' ', 'g'))`;

/**
 * Refuses (409, the duplicate-class message) a class `name` `section` in `academicYear` when another class of
 * that year (not `exceptId`) is shown alike. Class writes of one school and year take turns on a lock first,
 * so two differently spelled twins made at once cannot both pass.
 */
export async function refuseShownTwin(
  tx: Tx,
  schoolId: string,
  c: { exceptId: string | null; name: string; section: string; academicYear: string },
): Promise<void> {
  await lockClassLabels(tx, schoolId, c.academicYear);
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`select id from classes t where t.school_id = ${schoolId} and t.academic_year = ${c.academicYear}
      and (${c.exceptId}::uuid is null or t.id <> ${c.exceptId}::uuid)
      and t.shown_key = ${shownNameKey(sql`${c.name}::text`, sql`${c.section}::text`)}
      limit 1`,
  );
  if (rows.length > 0) {
    throw new AppError('conflict', PEOPLE_MESSAGES.classExists, { name: PEOPLE_MESSAGES.classExists });
  }
}

/**
 * The turn of class writes of one school and academic year (see refuseShownTwin): every class made in, or moved
 * into, `academicYear` takes it first, so a writer holding it sees every class of that year there will be.
 */
export async function lockClassLabels(tx: Tx, schoolId: string, academicYear: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`class-label:${schoolId}:${academicYear}`}, 0))`,
  );
}

/**
 * When the classes of academic year `from` join those labelled `to` (a year renamed to `to`), the first class of
 * `from` that a class of `to` is shown alike (its shown name, `Grade 2 B`), else null. Class writes of both
 * years wait meanwhile, so none can make a twin between this check and the move.
 */
export async function shownTwinAcrossYears(tx: Tx, schoolId: string, from: string, to: string): Promise<string | null> {
  for (const year of [from, to].sort()) await lockClassLabels(tx, schoolId, year);
  const [row] = await selectRows<{ label: string }>(
    tx,
    sql`select trim(c.name || ' ' || c.section) as label from classes c
      where c.school_id = ${schoolId} and c.academic_year = ${from}
        and exists (select 1 from classes t where t.school_id = c.school_id and t.academic_year = ${to}
          and t.shown_key = c.shown_key)
      order by ${byName(sql`c.name`, sql`c.section`)}, c.id
      limit 1`,
  );
  return row?.label ?? null;
}
