import type { Role } from '@lyceum/shared/roles';
import type { Actor } from '../../lib/actor.ts';
import { forbidden } from '../../lib/errors.ts';

/**
 * The one rule of who may change whom inside a school, asked by every write that touches a person (edit,
 * deactivate, reactivate, promote, reset password, resend invitation), whichever page it comes from: a
 * principal manages everyone except school administrators, and a promoted teacher *is* one (their `users`
 * row says `school_admin`). The role table already keeps every other role away from these writes.
 * See docs/product.md, "The Users page".
 */
export function mayChange(actorRole: Role, targetRole: string): boolean {
  return !(actorRole === 'principal' && targetRole === 'school_admin');
}

/** 403 unless the actor may change a person whose `users.role` is `targetRole`. */
export function assertMayChange(actor: Actor, target: { role: string }): void {
  if (!mayChange(actor.role, target.role)) throw forbidden();
}
