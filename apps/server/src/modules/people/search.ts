import { ilike, or, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/search.ts';

/** The name-or-e-mail search every people list offers. */
export function nameOrEmailLike(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const p = likePattern(search);
  return or(ilike(users.name, p), ilike(users.email, p));
}
