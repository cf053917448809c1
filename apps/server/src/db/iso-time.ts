import { type SQL, sql } from 'drizzle-orm';

const FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * An instant as JavaScript's `toISOString` writes it (UTC, milliseconds, "Z"), written by PostgreSQL: an
 * answer can pass it on as it is, where parsing PostgreSQL's own format would take JavaScript's slow path
 * (microseconds and an offset).
 */
export const isoTime = (column: SQL): SQL => sql`to_char(${column} at time zone 'UTC', ${sql.raw(FORMAT)})`;

/** isoTime for the SQL some reads keep as plain text (`sql.raw`): `column` is a trusted column name. */
export const isoTimeText = (column: string): string => `to_char(${column} at time zone 'UTC', ${FORMAT})`;

/**
 * An instant of the server's clock (deps.clock) as a statement's parameter, where a rule compares with "now": the
 * database's own now() is the real time, not the one tests set (ARCHITECTURE.md, "Service shape", "The clock").
 */
export const instantSql = (at: Date): SQL => sql`${at.toISOString()}::timestamptz`;
