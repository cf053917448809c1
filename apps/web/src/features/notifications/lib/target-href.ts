import type { NotificationTarget } from '@lyceum/shared/api';
import { MENUS } from '@lyceum/shared/menus';
import { isCompanyRole, type Role } from '@lyceum/shared/roles';
import { SHELL_ROUTES } from '@lyceum/shared/routes';

/** My Subscription is the school admin's alone (its page tells anyone else it is not theirs). */
const SUBSCRIPTION_READERS: readonly Role[] = ['school_admin'];

const inMenu = (role: Role, path: string) => MENUS[role].some((entry) => entry.path === path);

/**
 * The company pages are not all in every company role's menu (admin has no Addon Requests entry, nobody has
 * Payments), so they go by the route table itself: a route its roles list lets the reader open.
 */
const routeOpens = (role: Role, path: string) =>
  SHELL_ROUTES.some((route) => route.path === path && route.roles?.includes(role));

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
    case 'addonRequest': {
      // The request itself, marked on the page (docs/product.md, "Notifications"), in the list of its status.
      const query = new URLSearchParams({ status: target.status, id: target.id });
      // A pending one opens where it is decided, for the staff who may decide it; the rest open the list.
      if (target.status === 'pending' && routeOpens(role, 'addon-requests/manage'))
        return `/addon-requests/manage?${query}`;
      return routeOpens(role, 'addon-requests') ? `/addon-requests?${query}` : null;
    }
    case 'payment':
      return routeOpens(role, 'payments')
        ? `/payments?${new URLSearchParams({ status: target.status, id: target.id })}`
        : null;
    case 'lead':
      // The sales leads card of the company dashboard, that lead marked in it.
      return isCompanyRole(role) ? `/dashboard?${new URLSearchParams({ lead: target.id })}` : null;
    case 'school':
      return routeOpens(role, 'schools/:id') ? `/schools/${encodeURIComponent(target.id)}` : null;
    default:
      return null;
  }
}
