import { PLATFORM_MANAGERS, type Role } from '@lyceum/shared/roles';

/** docs/product.md, "Who may do what": school_admin and principal manage the school's people and classes. */
export function isStaff(role: Role | undefined): boolean {
  return role === 'school_admin' || role === 'principal';
}

/**
 * Whether a class label may link to its page: `GET /classes/:id` is for staff, teachers and company readers
 * (packages/shared/src/access/people.ts). A parent or a student sees the class as text, since the browser
 * only hides what the server would refuse (docs/product.md, "Who may do what").
 */
export function mayOpenClass(role: Role | undefined): boolean {
  return isStaff(role) || role === 'teacher' || (PLATFORM_MANAGERS as readonly string[]).includes(role ?? '');
}
