import type { Role } from '@lyceum/shared/roles';

/** DESIGN §6: school_admin and principal manage the school's people and classes. */
export function isStaff(role: Role | undefined): boolean {
  return role === 'school_admin' || role === 'principal';
}
