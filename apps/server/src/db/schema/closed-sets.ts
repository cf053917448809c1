import { sql } from 'drizzle-orm';
import { check, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * A check constraint holding a `text(…, { enum })` column to its closed set: the database refuses a value the
 * contract does not expect (one such row used to break every page that listed it). The values are the
 * column's own, written into the migration as literals.
 */
export function oneOf(name: string, column: PgColumn) {
  // The app hands built columns; drizzle-kit hands their builders, which keep the values in `config`.
  const c = column as PgColumn & { enumValues?: readonly string[]; config?: { enumValues?: readonly string[] } };
  const values = c.enumValues ?? c.config?.enumValues ?? [];
  if (values.length === 0) throw new Error(`${name}: ${column.name} has no closed set`);
  return check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`);
}
