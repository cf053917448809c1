import { ilike, or, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { likePattern, nameLike } from '../../lib/search.ts';

/** The name-or-e-mail search every people list offers; the name's accents are ignored (nameLike). */
export function nameOrEmailLike(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return or(nameLike(users.name, search), ilike(users.email, likePattern(search)));
}
