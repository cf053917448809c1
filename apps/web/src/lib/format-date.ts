/**
 * One date style everywhere: the school's date format ("Nov 22, 2027" in English by default) in its time zone.
 * Kept as its own module for the pages that import it; lib/i18n/format.ts does the work.
 */
export { formatDate } from './i18n/format';
