import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every table shares. IDs are UUIDv7 made by the server (lib/ids.ts). */
export const id = () => uuid('id').notNull();
export const schoolId = () => uuid('school_id').notNull();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An amount a subscription computes (a total, what it billed, an add-on's charge for a year): a price of up to
 * MONEY_MAX_MINOR times up to 60 months and a year of each add-on passes what an integer column holds, so these
 * are bigint, read as JavaScript numbers (exact to 2^53, far beyond any bill: docs/product.md, "Billing: what is due").
 */
export const money = (name: string) => bigint(name, { mode: 'number' });
