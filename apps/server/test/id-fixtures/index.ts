import { ANNOUNCEMENT_ID_FIXTURES } from './announcements.ts';
import { COMPANY_ID_FIXTURES } from './company.ts';
import { FILES_ID_FIXTURES } from './files.ts';
import { FOUNDATION_ID_FIXTURES } from './foundation.ts';
import { MESSAGES_ID_FIXTURES } from './messages.ts';
import { PEOPLE_ID_FIXTURES } from './people.ts';
import { SCHOOL_DAY_ID_FIXTURES } from './school-day.ts';
import type { IdFixture } from './types.ts';
import { YEARS_ID_FIXTURES } from './years.ts';

/** One fixture per route with path parameters, each domain in its own file. */
export const ID_FIXTURES: Record<string, IdFixture> = {
  ...FOUNDATION_ID_FIXTURES,
  ...PEOPLE_ID_FIXTURES,
  ...COMPANY_ID_FIXTURES,
  ...FILES_ID_FIXTURES,
  ...SCHOOL_DAY_ID_FIXTURES,
  ...YEARS_ID_FIXTURES,
  ...MESSAGES_ID_FIXTURES,
  ...ANNOUNCEMENT_ID_FIXTURES,
};
