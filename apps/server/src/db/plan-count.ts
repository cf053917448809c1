import { sql } from 'drizzle-orm';

/**
 * The one definition of a school user who counts against the plan (docs/product.md, "Plan limits on
 * people"): an active, undeleted account. The people module's limit check and the company module's usage
 * figures (Schools Usage, the school's My Subscription, the schools list's student count) both count with
 * it, so a figure never shows a school over a limit the check would not refuse. It lives here, below the
 * modules, because the company module cannot import the people module (people reaches company through the
 * dashboard). `u` is the alias of `users` in the statement.
 */
export const countsAgainstPlan = (u: string) => sql`${sql.raw(u)}.is_active and ${sql.raw(u)}.deleted_at is null`;
