import type { SQL } from 'drizzle-orm';
import type { Tx } from './client.ts';

/** The rows of a raw statement, typed by the caller (the two database drivers type `execute` loosely). */
export async function selectRows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return result.rows as T[];
}
