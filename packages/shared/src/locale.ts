/** The zod schemas of the locale settings; the constants are in locale-constants.ts (no zod, for the web's first page). */
import { z } from 'zod';
import { DATE_FORMATS, isCurrency, isTimeZone, LANGUAGES, WEEK_STARTS } from './locale-constants.ts';

export * from './locale-constants.ts';

export const languageSchema = z.enum(LANGUAGES, { error: 'Choose a language' });
export const timeZoneSchema = z.string().max(64).refine(isTimeZone, { error: 'Choose a valid time zone' });
export const currencySchema = z.string().length(3).refine(isCurrency, { error: 'Choose a valid currency' });

export const SchoolLocale = z.object({
  language: languageSchema,
  timeZone: timeZoneSchema,
  currency: currencySchema,
  dateFormat: z.enum(DATE_FORMATS, { error: 'Choose a date format' }),
  weekStart: z.enum(WEEK_STARTS, { error: 'Choose the first day of the week' }),
});
export type SchoolLocale = z.infer<typeof SchoolLocale>;
