import { type SQL, sql } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';

/** An `ilike` pattern matching `search` anywhere: `%`, `_` and `\\` in a search are literal characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The combining accents of Latin letters (U+0300 … U+036F), which a decomposed (NFD) text carries apart. */
const ACCENTS = '[\u0300-\u036f]';

/**
 * Latin letters whose mark is part of the letter (a stroke or a bar), so decomposing them leaves them whole:
 * each with the plain letter a reader types for it, `Łukasz` → `Lukasz`.
 */
const STROKED = 'ŁłØøĐđĦħŦŧƗɨƵƶ';
const PLAIN = 'LlOoDdHhTtIiZz';

/** The text without its accents: `Émile Zoé` → `Emile Zoe`, `Łukasz Øst` → `Lukasz Ost`. */
export const withoutAccents = (text: string): string =>
  text
    .normalize('NFD')
    .replace(new RegExp(ACCENTS, 'g'), '')
    .replace(/[ŁłØøĐđĦħŦŧƗɨƵƶ]/g, (c) => PLAIN[STROKED.indexOf(c)] ?? c);

/**
 * A name containing `search`, ignoring case and accents on both sides, so `emile` finds `Émile` and `Chloé`
 * finds `Chloe` (docs/product.md, "Searching by name"). `%` and `_` are literal, as in likePattern.
 */
export function nameLike(column: AnyColumn | SQL, search: string): SQL {
  return sql`translate(regexp_replace(normalize(${column}, NFD), ${ACCENTS}, '', 'g'), ${STROKED}, ${PLAIN}) ilike ${likePattern(withoutAccents(search))}`;
}

/**
 * A name's sort key (docs/product.md, "Sorting by name"): the name folded as a search folds it, A–Z lower-cased,
 * compared code point by code point, so `Álvarez` sorts with `Ana` and `de la Cruz` among the D's on PGlite and
 * on any PostgreSQL, whatever its collation. lyceum_name_key is the SQL function of migration 0029, indexed for
 * the people lists (users_school_role_name_key_idx); write the key only through here so the index still matches.
 */
export function nameKey(column: AnyColumn | SQL): SQL {
  return sql`(lyceum_name_key(${column}) collate "C")`;
}

/** The name as written, compared code point by code point: the tie-breaker of names with the same key. */
export function nameAsWritten(column: AnyColumn | SQL): SQL {
  return sql`(${column} collate "C")`;
}

/**
 * `order by` terms for a list by name (docs/product.md, "Sorting by name"): the sort keys of the given columns
 * (a class: its name, then its section), then the same columns as written. The caller adds the id last.
 */
export function byName(...columns: (AnyColumn | SQL)[]): SQL {
  return sql.join([...columns.map(nameKey), ...columns.map(nameAsWritten)], sql`, `);
}

/** byName for the SQL some reads keep as plain text (`sql.raw`): `columns` are trusted column names. */
export function byNameText(...columns: string[]): string {
  return [
    ...columns.map((c) => `(lyceum_name_key(${c}) collate "C")`),
    ...columns.map((c) => `(${c} collate "C")`),
  ].join(', ');
}
