import { z } from 'zod';

export const PAGE_LIMIT_DEFAULT = 25;
export const PAGE_LIMIT_MAX = 100;

/** One message for every way a page size can be wrong: not a number, empty, repeated, fractional, out of range. */
export const PAGE_LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 100';

/** A list's `limit` query parameter (docs/product.md, "Lists and pages"). */
export const pageLimit = (size: number = PAGE_LIMIT_DEFAULT) =>
  z.coerce
    .number({ error: PAGE_LIMIT_MESSAGE })
    .int(PAGE_LIMIT_MESSAGE)
    .min(1, PAGE_LIMIT_MESSAGE)
    .max(PAGE_LIMIT_MAX, PAGE_LIMIT_MESSAGE)
    .default(size);
