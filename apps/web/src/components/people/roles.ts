import type { Role } from '@lyceum/shared/roles';

/** docs/product.md, "Who may do what": school_admin and principal manage the school's people and classes. */
export function isStaff(role: Role | undefined): boolean {
  return role === 'school_admin' || role === 'principal';
}
