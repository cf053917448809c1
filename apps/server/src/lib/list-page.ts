import { PAGE_LIMIT_MAX } from '@lyceum/shared/people';
import { type AnyColumn, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { invalid } from './errors.ts';
import { nameAsWritten } from './search.ts';

/**
 * Every list of the API pages through `keysetPage`, behind opaque cursors: the list is ordered by one sort
 * expression and the id, and the cursor holds the last row's two values, so any page costs the same (a list by
 * name orders by the name's sort key, then the name as written, then the id: three values). A list
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
  /**
   * A second text value ordering rows of the same sort value before the id, selected as `tie_value` (by name:
   * the name as written after its sort key, docs/product.md "Sorting by name"); the cursor then carries it too.
   */
  tie?: SQL;
}

/** The sort columns a list's matching query selects for `key`: `sort_value`, and `tie_value` when it has one. */
export const sortColumns = (key: SortKey): SQL =>
  key.tie ? sql`${key.expr} as sort_value, ${key.tie} as tie_value` : sql`${key.expr} as sort_value`;

/**
 * The sort of a list by a person's name (docs/product.md, "Sorting by name"): the name's sort key, then the
 * name as written, then the id. The key is read from `key`, the column that stores it (users.name_key, collation
 * "C", migration 0033), not computed: under row-level security a cursor's comparison can bound an index scan
 * only if every function in it is leakproof, and the computed key's are not, so a page after the first would
 * read the school's index from its start (docs/product.md, "Performance budgets").
 */
export const nameSort = (name: AnyColumn, key: AnyColumn, dir: SortKey['dir'] = 'asc'): SortKey => ({
  expr: sql`${key}`,
  tie: nameAsWritten(name),
  cast: 'text',
  dir,
});

/** The same, as the fields of a query builder's select. */
export const sortFields = (key: SortKey) => ({
  sortValue: key.expr.as('sort_value'),
  ...(key.tie ? { tieValue: key.tie.as('tie_value') } : {}),
});

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

function encodeKeysetCursor(values: unknown[], id: string): string {
  return Buffer.from(JSON.stringify([...values, id])).toString('base64url');
}

/** A list's sorts by name: each makes the key for a direction (a null-safe expression may depend on it). */
export type SortAllowList<S extends string> = Record<S, (dir: SortKey['dir']) => SortKey>;

export function sortKeyOf<S extends string>(allowList: SortAllowList<S>, sort: S, dir: SortKey['dir']): SortKey {
  if (!Object.hasOwn(allowList, sort)) throw invalid('Invalid data: unknown sort', { sort: 'Unknown sort' });
  return allowList[sort](dir);
}

/** A cursor's values (the sort value, then the tie value when the sort has one) and its last id. */
function decodeKeysetCursor(cursor: string, message: string, withTie: boolean): [(string | number)[], string] {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const values = withTie ? 2 : 1;
    const id = Array.isArray(parsed) ? parsed[values] : undefined;
    if (
      Array.isArray(parsed) &&
      parsed.length === values + 1 &&
      (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') &&
      (!withTie || typeof parsed[1] === 'string') &&
      typeof id === 'string' &&
      /^[0-9a-f-]{36}$/i.test(id)
    ) {
      return [parsed.slice(0, values) as (string | number)[], id];
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
  const tie = key.tie ? sql`m.tie_value` : undefined;
  const past = afterCursor(key, cursor, sql`m.sort_value`, sql`m.id`, invalidCursor, tie);
  const after = past ? sql`where ${past}` : sql``;
  const dir = sql.raw(key.dir);
  const tieOrder = tie ? sql`${tie} ${dir}, ` : sql``;
  const tail = sql`order by m.sort_value ${dir}, ${tieOrder}m.id ${dir} ${size === null ? sql`` : sql`limit ${size + 1}`}`;
  // The sort value leaves as text and comes back cast: exact for every type (microseconds, infinity).
  const columns = sql`m.id, m.sort_value::text as sort_text${tie ? sql`, ${tie} as tie_text` : sql``}`;
  const result = await tx.execute<KeysetRow & { total: number }>(
    counting
      ? sql`select ${columns}, (select count(*)::int from (${counting}) c) as total
          from (${matching}) m ${after} ${tail}`
      : sql`with m as (${matching})
          select ${columns}, (select count(*)::int from m) as total from m ${after} ${tail}`,
  );
  const rows = result.rows as (KeysetRow & { total: number })[];
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
 * The condition for the rows after `cursor` in `key`'s order (`value`, `id` and, for a key with a tie value,
 * `tie` name the row's values), or undefined without a cursor; a cursor that cannot be read answers 400 with
 * `invalidCursor`. For a list that reads its page in a statement of its own (keysetPage is the usual way).
 */
export function afterCursor(
  key: SortKey,
  cursor: string | undefined,
  value: SQL,
  id: SQL,
  invalidCursor = 'Invalid data: the cursor is not valid',
  tie?: SQL,
): SQL | undefined {
  if (!cursor) return undefined;
  const [[sortValue, tieValue], lastId] = decodeKeysetCursor(cursor, invalidCursor, tie !== undefined);
  if (sortValue === undefined || !castable(sortValue, key.cast)) {
    throw invalid(invalidCursor, { cursor: 'Invalid cursor' });
  }
  const v = sql`${String(sortValue)}::${sql.raw(key.cast)}`;
  const row = tie ? sql`${value}, ${tie}, ${id}` : sql`${value}, ${id}`;
  const last = tie ? sql`${v}, ${String(tieValue)}::text, ${lastId}::uuid` : sql`${v}, ${lastId}::uuid`;
  return key.dir === 'asc' ? sql`(${row}) > (${last})` : sql`(${row}) < (${last})`;
}

/** A row of a page as keysetPage reads it: the sort value as text, and the tie value when the sort has one. */
type KeysetRow = {
  id: string;
  sort_text: string;
  tie_text?: string;
};

/**
 * The next page's cursor from a page read with one row more than `size` (its sort value as text, `sort_text`,
 * and its tie value, `tie_text`, when the sort has one), or null on the last page.
 */
export function nextCursorOf(rows: readonly KeysetRow[], size: number | null): string | null {
  const last = size === null ? undefined : rows[size - 1];
  if (size === null || rows.length <= size || !last) return null;
  return encodeKeysetCursor(last.tie_text === undefined ? [last.sort_text] : [last.sort_text, last.tie_text], last.id);
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
