import { ilike, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import type { Tx } from '../db/client.ts';
import { invalid } from './errors.ts';

/**
 * Keyset pagination (DESIGN §7): a list is ordered by one sort expression and the id; the cursor carries
 * the last row's two values, so a page costs the same at any depth. One statement per page: the matching
 * rows as a CTE, the page after the cursor, and the total of the whole match.
 */
export interface SortKey {
  /** What the rows are ordered by, selected as `sort_value` by the list's query. */
  expr: SQL;
  /** Cast for the cursor's sort value: it travels as text. */
  cast: 'text' | 'int' | 'timestamptz';
  dir: 'asc' | 'desc';
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

function encodeCursor(value: unknown, id: string): string {
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

/**
 * Runs one page of a list. `matching` selects `id` and `sort_value` of every row the caller may see with
 * the filters applied; `limit: null` returns every row (CSV exports).
 *
 * `counting`, when given, selects the same rows more cheaply for `total`, and the page and the count then
 * run as two subqueries of the statement instead of one shared CTE: a CTE used twice is materialised, so the
 * page could never be read in index order and stop at the limit (DESIGN §9, list reads).
 */
export async function keysetPage<T>(
  tx: Tx,
  matching: SQLWrapper,
  key: SortKey,
  cursor: string | undefined,
  limit: number | null,
  load: (ids: string[]) => Promise<T[]>,
  counting?: SQLWrapper,
): Promise<Page<T>> {
  let after = sql``;
  if (cursor) {
    const [value, id] = decodeCursor(cursor);
    const v = sql`${String(value)}::${sql.raw(key.cast)}`;
    after =
      key.dir === 'asc'
        ? sql`where (m.sort_value, m.id) > (${v}, ${id}::uuid)`
        : sql`where (m.sort_value, m.id) < (${v}, ${id}::uuid)`;
  }
  const dir = sql.raw(key.dir);
  const tail = sql`order by m.sort_value ${dir}, m.id ${dir} ${limit === null ? sql`` : sql`limit ${limit + 1}`}`;
  const result = await tx.execute<{ id: string; sort_value: unknown; total: number }>(
    counting
      ? sql`select m.id, m.sort_value, (select count(*)::int from (${counting}) c) as total
          from (${matching}) m ${after} ${tail}`
      : sql`with m as (${matching})
          select m.id, m.sort_value, (select count(*)::int from m) as total from m ${after} ${tail}`,
  );
  const rows = result.rows as { id: string; sort_value: unknown; total: number }[];
  const page = limit === null ? rows : rows.slice(0, limit);
  const last = page[page.length - 1];
  const value = last?.sort_value instanceof Date ? last.sort_value.toISOString() : last?.sort_value;
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && cursor) {
    // Past the last row: the total still counts the whole match.
    const r = await tx.execute<{ n: number }>(sql`select count(*)::int as n from (${counting ?? matching}) c`);
    total = Number(r.rows[0]?.n ?? 0);
  }
  return {
    items: await load(page.map((r) => r.id)),
    nextCursor: limit !== null && rows.length > limit && last ? encodeCursor(value, last.id) : null,
    total,
  };
}

/** `%` and `_` in a search are literal characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The name-or-e-mail search every people list offers. */
export function nameOrEmailLike(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const p = likePattern(search);
  return or(ilike(users.name, p), ilike(users.email, p));
}
