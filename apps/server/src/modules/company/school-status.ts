import { type SQL, sql } from 'drizzle-orm';
import { instantSql } from '../../db/iso-time.ts';

/**
 * A school's status (docs/product.md, "Trials"), from the school (`sc`) and its current subscription (`c`,
 * joined with CURRENT_SUBSCRIPTION): `inactive` when company staff deactivated it, `active` or `trial` while a
 * subscription is in force at `now` (the server's clock), `cancelled` when company staff cancelled it (an end date
 * still ahead does not make it one in force), else `expired` (a lapsed subscription, or none). The one definition
 * the schools list, its status filter and the company dashboard's figures all count with; usage.ts's
 * schoolStatusOf states it for one row.
 */
export const schoolStatusSql = (now: Date): SQL => sql`case when not sc.is_active then 'inactive'
  when c.status = 'active' and c.end_date > ${instantSql(now)} then (case when c.is_trial then 'trial' else 'active' end)
  when c.status = 'cancelled' then 'cancelled'
  else 'expired' end`;

/**
 * When the current subscription's access ends or ended (`c` as above): a cancelled one's when it was cancelled, not
 * the end date it was sold with. The schools list sorts by it, as it shows it.
 */
export const ACCESS_END_SQL = sql`case when c.status = 'cancelled' then least(coalesce(c.cancelled_at, c.end_date), c.end_date) else c.end_date end`;

// Each school's current subscription is looked up by the school (a lateral probe of its few rows): as a
// separate distinct-on over every subscription, row-level security's underestimates made PostgreSQL join
// it to the schools by a nested loop comparing every pair (40,000 comparisons, 2 ms a page).
export const CURRENT_SUBSCRIPTION = sql`left join lateral (
    select s.plan_id, s.status, s.end_date, s.cancelled_at, s.is_trial from school_subscriptions s
    where s.school_id = sc.id order by (s.status = 'active') desc, s.created_at desc limit 1
  ) c on true`;
