import { PAGE_LIMIT_MAX } from '@lyceum/shared/people';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { invalid } from './errors.ts';

/**
 * Every list of the API pages through here, one of two ways behind opaque cursors:
 * - `keysetList` (over `keysetPage`) for the school's lists (people), which grow with the school: the sort
 *   comes from the list's allow-list, the page size is capped, and the cursor holds the last row's sort value
 *   and id, so any page costs the same;
 * - `offsetPage` / `encodeOffsetCursor` for the company's lists, which stay small and sort by allow-listed
 *   columns that may be null or computed (the cursor holds an offset).
 * Searches use `likePattern` (lib/search.ts); each list's query schema caps the page size.
 */

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

function encodeKeysetCursor(value: unknown, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

function decodeKeysetCursor(cursor: string): [string | number, string] {
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
    const [value, id] = decodeKeysetCursor(cursor);
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
    nextCursor: limit !== null && rows.length > limit && last ? encodeKeysetCursor(value, last.id) : null,
    total,
  };
}

/** One keyset list: its sort allow-list, the query's paging, and how to select and load its rows. */
export interface KeysetList<T, S extends string> {
  /** Every sort the list offers; a sort off this list is refused. */
  sorts: Record<S, SortKey>;
  sort: S;
  cursor: string | undefined;
  /** Capped at PAGE_LIMIT_MAX; null returns every row (CSV exports). */
  limit: number | null;
  /** The matching rows (`id`, `sort_value`) for the chosen sort key. */
  matching: (key: SortKey) => SQLWrapper;
  counting?: SQLWrapper;
  load: (ids: string[]) => Promise<T[]>;
}

/** A page of a keyset list: the sort picked from the list's allow-list, the page size capped. */
export function keysetList<T, S extends string>(tx: Tx, list: KeysetList<T, S>): Promise<Page<T>> {
  const key = Object.hasOwn(list.sorts, list.sort) ? list.sorts[list.sort] : undefined;
  if (!key) throw invalid('Invalid data: this sort is not offered', { sort: 'Invalid sort' });
  const limit = list.limit === null ? null : Math.min(Math.max(1, Math.trunc(list.limit)), PAGE_LIMIT_MAX);
  return keysetPage(tx, list.matching(key), key, list.cursor, limit, list.load, list.counting);
}

/** Offset cursors for the company lists (small, sorted by allow-listed columns); opaque to clients. */
export function encodeOffsetCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

export function decodeOffsetCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const match = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw invalid('Invalid cursor', { cursor: 'Invalid cursor' });
  return Number(match[1]);
}

/**
 * One page of a company list: `fetch` is asked for `limit + 1` rows from the cursor's offset, and the extra
 * row says whether there is a next page.
 */
export async function offsetPage<R, T>(
  page: { cursor?: string | undefined; limit: number },
  fetch: (limit: number, offset: number) => Promise<R[]>,
  present: (row: R) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const offset = decodeOffsetCursor(page.cursor);
  const rows = await fetch(page.limit + 1, offset);
  return {
    items: rows.slice(0, page.limit).map(present),
    nextCursor: rows.length > page.limit ? encodeOffsetCursor(offset + page.limit) : null,
  };
}
