import { invalid } from '../../lib/errors.ts';

/** Offset cursors for the company lists (small, sorted by allow-listed columns); opaque to clients. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number {
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
  const offset = decodeCursor(page.cursor);
  const rows = await fetch(page.limit + 1, offset);
  return {
    items: rows.slice(0, page.limit).map(present),
    nextCursor: rows.length > page.limit ? encodeCursor(offset + page.limit) : null,
  };
}

/** A case-insensitive `ilike` pattern matching `q` anywhere, with its wildcards escaped. */
export function likePattern(q: string | undefined): string | null {
  return q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}
