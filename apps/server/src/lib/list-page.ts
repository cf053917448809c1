import { PAGE_LIMIT_MAX } from '@lyceum/shared/people';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { invalid } from './errors.ts';

/**
 * Every list of the API pages through `keysetPage`, behind opaque cursors: the list is ordered by one sort
 * expression and the id, and the cursor holds the last row's two values, so any page costs the same. A list
 * that may be sorted several ways names its sorts in an allow-list (`sortKeyOf`); a sort column that may be
 * null is keyed on a coalesced expression, and a computed one on the computation. Searches use `likePattern`
 * (lib/search.ts). The page size is capped here as well as by each list's query schema. `keysetList` bundles
 * the three steps (pick the sort from the allow-list, cap the size, page) for lists whose sorts are fixed keys.
 */

/** The most rows one page may hold: the same cap the list query schemas declare. */
export const PAGE_SIZE_MAX = PAGE_LIMIT_MAX;

/**
 * One statement per page: the matching rows as a CTE, the page after the cursor, and the total of the whole
 * match.
 */
export interface SortKey {
  /** What the rows are ordered by, selected as `sort_value` by the list's query. */
  expr: SQL;
  /** Cast of the cursor's sort value back from the text it travels as. */
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

/** A list's sorts by name: each makes the key for a direction (a null-safe expression may depend on it). */
export type SortAllowList<S extends string> = Record<S, (dir: SortKey['dir']) => SortKey>;

export function sortKeyOf<S extends string>(allowList: SortAllowList<S>, sort: S, dir: SortKey['dir']): SortKey {
  if (!Object.hasOwn(allowList, sort)) throw invalid('Invalid data: unknown sort', { sort: 'Unknown sort' });
  return allowList[sort](dir);
}

function decodeKeysetCursor(cursor: string, message: string): [string | number, string] {
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
  throw invalid(message, { cursor: 'Invalid cursor' });
}

/** A timestamptz as PostgreSQL writes it as text (`2026-01-05 10:11:12.123456+00`), or ±infinity. */
const TIMESTAMPTZ_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/**
 * Whether a cursor's sort value can be cast back to the sort's type. A cursor of another sort of the same
 * list (a name where a date or a roll number is expected) is a bad cursor, answered as one, never with the
 * database's cast error.
 */
function castable(value: string | number, cast: SortKey['cast']): boolean {
  const text = String(value);
  if (cast === 'text') return true;
  if (cast === 'int') return /^-?\d{1,10}$/.test(text) && Math.abs(Number(text)) <= 2_147_483_647;
  if (text === 'infinity' || text === '-infinity') return true;
  const m = TIMESTAMPTZ_TEXT.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return (
    day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && h < 24 && mi < 60 && s < 60
  );
}

/**
 * Runs one page of a list. `matching` selects `id` and `sort_value` of every row the caller may see with
 * the filters applied; `limit: null` returns every row (CSV exports).
 *
 * `counting`, when given, selects the same rows more cheaply for `total`, and the page and the count then
 * run as two subqueries of the statement instead of one shared CTE: a CTE used twice is materialised, so the
 * page could never be read in index order and stop at the limit.
 * `invalidCursor` is the message a cursor that cannot be read answers with (the lists word it differently).
 */
export async function keysetPage<T>(
  tx: Tx,
  matching: SQLWrapper,
  key: SortKey,
  cursor: string | undefined,
  limit: number | null,
  load: (ids: string[]) => Promise<T[]>,
  counting?: SQLWrapper,
  invalidCursor = 'Invalid data: the cursor is not valid',
): Promise<Page<T>> {
  const size = pageSize(limit);
  const past = afterCursor(key, cursor, sql`m.sort_value`, sql`m.id`, invalidCursor);
  const after = past ? sql`where ${past}` : sql``;
  const dir = sql.raw(key.dir);
  const tail = sql`order by m.sort_value ${dir}, m.id ${dir} ${size === null ? sql`` : sql`limit ${size + 1}`}`;
  // The sort value leaves as text and comes back cast: exact for every type (microseconds, infinity).
  const result = await tx.execute<{ id: string; sort_text: string; total: number }>(
    counting
      ? sql`select m.id, m.sort_value::text as sort_text, (select count(*)::int from (${counting}) c) as total
          from (${matching}) m ${after} ${tail}`
      : sql`with m as (${matching})
          select m.id, m.sort_value::text as sort_text, (select count(*)::int from m) as total from m ${after} ${tail}`,
  );
  const rows = result.rows as { id: string; sort_text: string; total: number }[];
  const page = size === null ? rows : rows.slice(0, size);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && cursor) {
    // Past the last row: the total still counts the whole match.
    const r = await tx.execute<{ n: number }>(sql`select count(*)::int as n from (${counting ?? matching}) c`);
    total = Number(r.rows[0]?.n ?? 0);
  }
  return { items: await load(page.map((r) => r.id)), nextCursor: nextCursorOf(rows, size), total };
}

/** A page's size: `limit` capped at PAGE_SIZE_MAX (null: every row). */
export const pageSize = (limit: number | null): number | null =>
  limit === null ? null : Math.min(Math.max(1, limit), PAGE_SIZE_MAX);

/**
 * The condition for the rows after `cursor` in `key`'s order (`value` and `id` name the row's sort value and id),
 * or undefined without a cursor; a cursor that cannot be read answers 400 with `invalidCursor`. For a list that
 * reads its page in a statement of its own (keysetPage is the usual way).
 */
export function afterCursor(
  key: SortKey,
  cursor: string | undefined,
  value: SQL,
  id: SQL,
  invalidCursor = 'Invalid data: the cursor is not valid',
): SQL | undefined {
  if (!cursor) return undefined;
  const [sortValue, lastId] = decodeKeysetCursor(cursor, invalidCursor);
  if (!castable(sortValue, key.cast)) throw invalid(invalidCursor, { cursor: 'Invalid cursor' });
  const v = sql`${String(sortValue)}::${sql.raw(key.cast)}`;
  return key.dir === 'asc'
    ? sql`(${value}, ${id}) > (${v}, ${lastId}::uuid)`
    : sql`(${value}, ${id}) < (${v}, ${lastId}::uuid)`;
}

/**
 * The next page's cursor from a page read with one row more than `size` (its sort value as text, `sort_text`),
 * or null on the last page.
 */
export function nextCursorOf(rows: readonly { id: string; sort_text: string }[], size: number | null): string | null {
  const last = size === null ? undefined : rows[size - 1];
  return size !== null && rows.length > size && last ? encodeKeysetCursor(last.sort_text, last.id) : null;
}

/** The rows a page's `load` read by id, put back in the page's order. */
export function inPageOrder<R>(ids: string[], rows: R[], idOf: (row: R) => string): R[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One keyset list: its sort allow-list, the query's paging, and how to select and load its rows. */
export interface KeysetList<T, S extends string> {
  /** Every sort the list offers; a sort off this list is refused. */
  sorts: Record<S, SortKey>;
  sort: S;
  cursor: string | undefined;
  /** Capped at PAGE_SIZE_MAX; null returns every row (CSV exports). */
  limit: number | null;
  /** The matching rows (`id`, `sort_value`) for the chosen sort key. */
  matching: (key: SortKey) => SQLWrapper;
  counting?: SQLWrapper;
  load: (ids: string[]) => Promise<T[]>;
}

/** A page of a keyset list whose sorts are fixed keys (the people lists). */
export function keysetList<T, S extends string>(tx: Tx, list: KeysetList<T, S>): Promise<Page<T>> {
  if (!Object.hasOwn(list.sorts, list.sort)) throw invalid('Invalid data: unknown sort', { sort: 'Unknown sort' });
  const key = list.sorts[list.sort];
  const limit = list.limit === null ? null : Math.trunc(list.limit);
  return keysetPage(tx, list.matching(key), key, list.cursor, limit, list.load, list.counting);
}
