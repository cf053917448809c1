import { z } from 'zod';

/** The longest search a list takes; the web's search boxes stop there, so a typed search never goes past it. */
export const LIST_SEARCH_MAX = 100;

/**
 * Said when a search is longer: the catalogue's own words, translated like every shared message (the messages'
 * contact search says the same), never zod's "Too big: expected string to have <=100 characters".
 */
export const searchTooLong = (max: number) => `A search can be at most ${max} characters`;

/** A list's `?search=`: trimmed, at most LIST_SEARCH_MAX characters (docs/product.md, "Searching by name"). */
export const listSearch = () => z.string().trim().max(LIST_SEARCH_MAX, searchTooLong(LIST_SEARCH_MAX)).optional();
