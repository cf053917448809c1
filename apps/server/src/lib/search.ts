import { type SQL, sql } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import { NAME_MARKS, PLAIN, STROKED, withoutMarks } from '@lyceum/shared/name-order';

/** An `ilike` pattern matching `search` anywhere: `%`, `_` and `\\` in a search are literal characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A name containing `search`, ignoring case and marks on both sides (the folding of @lyceum/shared/name-order),
 * so `emile` finds `Émile`, `Chloé` finds `Chloe` and `احمد` finds `أحمد` (docs/product.md, "Searching by name"). `%` and `_` are literal, as in likePattern.
 */
export function nameLike(column: AnyColumn | SQL, search: string): SQL {
  return sql`translate(regexp_replace(normalize(${column}, NFD), ${NAME_MARKS}, '', 'g'), ${STROKED}, ${PLAIN}) ilike ${likePattern(withoutMarks(search))}`;
}

/**
 * A name's sort key (docs/product.md, "Sorting by name"): the name folded as a search folds it, A–Z lower-cased,
 * compared code point by code point, so `Álvarez` sorts with `Ana` and `de la Cruz` among the D's on PGlite and
 * on any PostgreSQL, whatever its collation. lyceum_name_key is the SQL function of migrations 0029-0031; write the
 * key only through here. The people lists read a person's key from users.name_key instead, the same function's
 * answer stored by PostgreSQL (migration 0033) and indexed (users_school_role_name_key_idx): see nameSort.
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
