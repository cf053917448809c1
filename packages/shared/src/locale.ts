/** The zod schemas of the locale settings; the constants are in locale-constants.ts (no zod, for the web's first page). */
import { z } from 'zod';
import { DATE_FORMATS, isCurrency, isTimeZone, LANGUAGES, WEEK_STARTS } from './locale-constants.ts';

export * from './locale-constants.ts';

export const languageSchema = z.enum(LANGUAGES, { error: 'Choose a language' });
/** Left out, not text or too long says the field's own message too (docs/product.md, "The school's locale"). */
const TIME_ZONE_MESSAGE = 'Choose a valid time zone';
const CURRENCY_MESSAGE = 'Choose a valid currency';
export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .max(64, TIME_ZONE_MESSAGE)
  .refine(isTimeZone, { error: TIME_ZONE_MESSAGE });
export const currencySchema = z
  .string({ error: CURRENCY_MESSAGE })
  .length(3, CURRENCY_MESSAGE)
  .refine(isCurrency, { error: CURRENCY_MESSAGE });

export const SchoolLocale = z.object({
  language: languageSchema,
  timeZone: timeZoneSchema,
  currency: currencySchema,
  dateFormat: z.enum(DATE_FORMATS, { error: 'Choose a date format' }),
  weekStart: z.enum(WEEK_STARTS, { error: 'Choose the first day of the week' }),
});
export type SchoolLocale = z.infer<typeof SchoolLocale>;
