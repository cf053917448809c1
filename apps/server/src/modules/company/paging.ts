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

/** A page of `limit` rows asked as `limit + 1`: the extra row says whether there is a next page. */
export function pageOf<T>(rows: T[], limit: number, offset: number): { items: T[]; nextCursor: string | null } {
  return {
    items: rows.slice(0, limit),
    nextCursor: rows.length > limit ? encodeCursor(offset + limit) : null,
  };
}
