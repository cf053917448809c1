import type { NotificationTarget } from '@lyceum/shared/api';
import { MENUS } from '@lyceum/shared/menus';
import type { Role } from '@lyceum/shared/roles';

/** My Subscription is the school admin's alone (its page tells anyone else it is not theirs). */
const SUBSCRIPTION_READERS: readonly Role[] = ['school_admin'];

const inMenu = (role: Role, path: string) => MENUS[role].some((entry) => entry.path === path);

/**
 * The in-app page a notification's target opens for a reader of `role`, or null when there is none they may
 * open: the link is built here from the typed target, never taken from the server (docs/product.md,
 * "Notifications").
 */
export function targetHref(target: NotificationTarget | null | undefined, role: Role | undefined): string | null {
  if (!target || !role) return null;
  switch (target.kind) {
    case 'announcement':
      return inMenu(role, '/announcements') ? `/announcements?${new URLSearchParams({ a: target.id })}` : null;
    case 'conversation':
      return inMenu(role, '/messages') ? `/messages?${new URLSearchParams({ c: target.id })}` : null;
    case 'attendance':
      return inMenu(role, '/attendance')
        ? `/attendance?${new URLSearchParams({ tab: 'history', student: target.studentId, date: target.date })}`
        : null;
    case 'subscription':
      return SUBSCRIPTION_READERS.includes(role) ? `/subscription#my-${target.section}` : null;
    default:
      return null;
  }
}
