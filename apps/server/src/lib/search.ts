import { type SQL, sql } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';

/** An `ilike` pattern matching `search` anywhere: `%`, `_` and `\\` in a search are literal characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The combining accents of Latin letters (U+0300 … U+036F), which a decomposed (NFD) text carries apart. */
const ACCENTS = '[\u0300-\u036f]';

/** The text without its accents: `Émile Zoé` → `Emile Zoe`. */
export const withoutAccents = (text: string): string => text.normalize('NFD').replace(new RegExp(ACCENTS, 'g'), '');

/**
 * A name containing `search`, ignoring case and accents on both sides, so `emile` finds `Émile` and `Chloé`
 * finds `Chloe` (docs/product.md, "Searching by name"). `%` and `_` are literal, as in likePattern.
 */
export function nameLike(column: AnyColumn | SQL, search: string): SQL {
  return sql`regexp_replace(normalize(${column}, NFD), ${ACCENTS}, '', 'g') ilike ${likePattern(withoutAccents(search))}`;
}
