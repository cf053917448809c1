import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every table shares. IDs are UUIDv7 made by the server (lib/ids.ts). */
export const id = () => uuid('id').notNull();
export const schoolId = () => uuid('school_id').notNull();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
