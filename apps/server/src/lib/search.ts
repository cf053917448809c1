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
