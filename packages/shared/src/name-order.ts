/**
 * How names are folded for searching and ordering (docs/product.md, "Searching by name" and "Sorting by name"):
 * decomposed (NFD), their marks dropped — the accents of Latin letters and the hamza and madda an Arabic alef
 * carries (آ أ إ are all alef in a dictionary), with the vowel signs — and each Latin letter whose mark is part of
 * it (a stroke or a bar) written as its plain letter. The server's SQL (lyceum_name_key, nameLike) folds with
 * these same constants; the web app orders the few lists it sorts itself with nameKey.
 */

/** The marks a decomposed name drops: Latin combining accents, Arabic vowel signs, hamza and madda, superscript alef. */
export const NAME_MARKS = '[\u0300-\u036f\u064b-\u065f\u0670]';

/** Latin letters whose mark is part of the letter, and the plain letter a reader types for each (`Łukasz` → `Lukasz`). */
export const STROKED = 'ŁłØøĐđĦħŦŧƗɨƵƶ';
export const PLAIN = 'LlOoDdHhTtIiZz';

/** The name without its marks: `Émile Zoé` → `Emile Zoe`, `Łukasz Øst` → `Lukasz Ost`, `أحمد` → `احمد`. */
export const withoutMarks = (text: string): string =>
  text
    .normalize('NFD')
    .replace(new RegExp(NAME_MARKS, 'g'), '')
    .replace(/[ŁłØøĐđĦħŦŧƗɨƵƶ]/g, (c) => PLAIN[STROKED.indexOf(c)] ?? c);

/** A name's sort key: folded, with A–Z lower-cased (only those: other scripts' case rules differ by database). */
export const nameKey = (name: string): string => withoutMarks(name).replace(/[A-Z]/g, (c) => c.toLowerCase());

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Two names in the order of the server's lists: by key, then as written, both code point by code point. */
export const compareNames = (a: string, b: string): number => byCodePoint(nameKey(a), nameKey(b)) || byCodePoint(a, b);
