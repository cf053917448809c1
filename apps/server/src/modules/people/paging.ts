import { PAGE_LIMIT_DEFAULT } from '@lyceum/shared/people';
import { type SQL, sql } from 'drizzle-orm';
import { invalid } from '../../lib/errors.ts';

/**
 * Keyset pagination (DESIGN §7): a list is ordered by one sort expression and the id; the cursor carries
 * the last row's two values, so every page is one index range whatever its depth.
 */
export interface SortKey {
  expr: SQL;
  id: SQL;
  /** Cast for the cursor's sort value: it travels as text. */
  cast: 'text' | 'int' | 'timestamptz';
  dir: 'asc' | 'desc';
}

export function encodeCursor(value: unknown, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

function decodeCursor(cursor: string): [string | number, string] {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') &&
      typeof parsed[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(parsed[1])
    ) {
      return [parsed[0], parsed[1]];
    }
  } catch {
    // fall through
  }
  throw invalid('Invalid data: the cursor is not valid', { cursor: 'Invalid cursor' });
}

export function afterCursor(key: SortKey, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [value, id] = decodeCursor(cursor);
  const v = sql`${String(value)}::${sql.raw(key.cast)}`;
  return key.dir === 'asc'
    ? sql`(${key.expr}, ${key.id}) > (${v}, ${id}::uuid)`
    : sql`(${key.expr}, ${key.id}) < (${v}, ${id}::uuid)`;
}

export function orderOf(key: SortKey): SQL[] {
  return key.dir === 'asc' ? [sql`${key.expr} asc`, sql`${key.id} asc`] : [sql`${key.expr} desc`, sql`${key.id} desc`];
}

/** Cuts the `limit + 1` rows a query fetched into a page and the cursor of the next one. */
export function pageOf<T extends { id: string; sortValue: unknown }>(
  rows: T[],
  limit: number = PAGE_LIMIT_DEFAULT,
): { ids: string[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const value = last?.sortValue instanceof Date ? last.sortValue.toISOString() : last?.sortValue;
  return {
    ids: page.map((r) => r.id),
    nextCursor: rows.length > limit && last ? encodeCursor(value, last.id) : null,
  };
}

/** `%` and `_` in a search are literal characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
