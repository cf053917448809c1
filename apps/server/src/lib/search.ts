/** An `ilike` pattern matching `search` anywhere: `%`, `_` and `\\` in a search are literal characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
