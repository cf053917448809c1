import { ANNOUNCEMENT_ACCESS } from './access/announcements.ts';
import { COMPANY_ACCESS } from './access/company.ts';
import { FILES_ACCESS } from './access/files.ts';
import { MESSAGES_ACCESS } from './access/messages.ts';
import { PEOPLE_ACCESS } from './access/people.ts';
import { SCHOOL_DAY_ACCESS } from './access/school-day.ts';
import type { Access } from './access/types.ts';
import { YEARS_ACCESS } from './access/years.ts';
import { ROLES, SCHOOL_ROLES } from './roles.ts';

export type { Access } from './access/types.ts';

/**
 * Who may call each API route. The server refuses to start when a route is missing here, and the
 * route-wide security suite checks every entry for every role, so a new endpoint cannot ship unguarded.
 * Keys are `METHOD /url` with Fastify's `:param` placeholders. Each domain keeps its rows in `access/<domain>.ts`.
 */
const everyone = ROLES;

export const API_ACCESS: Record<string, Access> = {
  'GET /api/v1/health': 'public',
  'GET /api/v1/plans': 'public',
  'POST /api/v1/auth/login': 'public',
  'POST /api/v1/auth/logout': 'public',
  'POST /api/v1/auth/forgot-password': 'public',
  'POST /api/v1/auth/reset-password': 'public',
  'POST /api/v1/auth/reset-password/check': 'public',
  'POST /api/v1/auth/signup/school-admin': 'public',
  'POST /api/v1/auth/signup/company-admin': 'public',
  'GET /api/v1/auth/signup/company-admin': 'public',
  'POST /api/v1/auth/verify-email': 'public',
  'GET /api/v1/auth/email-verification': ['school_admin'],
  'POST /api/v1/auth/email-verification/resend': ['school_admin'],
  'GET /api/v1/auth/me': everyone,
  'POST /api/v1/auth/change-password': everyone,
  'PATCH /api/v1/profile': everyone,
  'PUT /api/v1/profile/language': everyone,
  'GET /api/v1/dashboard': everyone,
  'GET /api/v1/school': SCHOOL_ROLES,
  'GET /api/v1/school/locale': SCHOOL_ROLES,
  'PUT /api/v1/school/locale': ['school_admin'],
  'GET /api/v1/notifications': everyone,
  'POST /api/v1/notifications/read-all': everyone,
  'POST /api/v1/notifications/:id/read': everyone,
  'DELETE /api/v1/notifications/:id': everyone,
  'GET /api/v1/events': everyone,
  'POST /api/v1/company/invitations': ['company_admin'],
  ...PEOPLE_ACCESS,
  ...COMPANY_ACCESS,
  ...FILES_ACCESS,
  ...SCHOOL_DAY_ACCESS,
  ...YEARS_ACCESS,
  ...MESSAGES_ACCESS,
  ...ANNOUNCEMENT_ACCESS,
};

/**
 * Routes that answer with a stream held open until the client leaves (Server-Sent Events). The route-wide
 * suite cannot `inject` them as a permitted role (the response never ends); apps/server/test/events.test.ts
 * checks their roles over a real connection instead.
 */
export const STREAMING_ROUTES: ReadonlySet<string> = new Set(['GET /api/v1/events']);

export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}
