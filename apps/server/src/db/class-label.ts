import { type SQL, sql } from 'drizzle-orm';

/**
 * The one definition of how a class is shown (docs/product.md, "Classes and subjects"): its name, a space and
 * its section (`Grade 6 A`), and, when the school has another class of the same name and section (another
 * academic year's, as a year-end promotion leaves them), its academic year in brackets (`Grade 6 A (2027-2028)`),
 * so two such classes are never shown alike. Every label, option, row and column the server builds for a class
 * uses it; the web app shows those labels as sent. It lives here, below the modules, because most modules name
 * classes. `c` is the alias of `classes` in the statement (`classes` itself when not aliased).
 */
export function classLabelText(c: string): string {
  return `(trim(${c}.name || ' ' || ${c}.section) || case when exists (select 1 from classes twin
    where twin.school_id = ${c}.school_id and twin.id <> ${c}.id
      and lower(twin.name) = lower(${c}.name) and lower(twin.section) = lower(${c}.section))
    then ' (' || ${c}.academic_year || ')' else '' end)`;
}

export const classLabel = (c: string): SQL<string> => sql<string>`${sql.raw(classLabelText(c))}`;
