import { MESSAGES } from '@lyceum/shared/errors';
import { API_ACCESS, routeKey } from '@lyceum/shared/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../lib/actor.ts';
import { AppError } from '../lib/errors.ts';
import { resolveSession, SESSION_COOKIE } from '../modules/auth/sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api/v1` route as registered, for the route-wide security suite. */
    apiRoutes: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** Set on every non-public API route by the access hook; absent on public ones. */
    actor?: Actor;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The signed-in actor of a route that the access hook guarded. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthenticated', MESSAGES.signedOut);
  return request.actor;
}

/**
 * One hook in front of every API route: the CSRF rule, the session, and the role table of
 * packages/shared/permissions.ts. A route missing from that table stops the server from starting.
 */
export function registerAccessControl(app: FastifyInstance, ttlDays: number): void {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!API_ACCESS[routeKey(method, route.url)]) {
        throw new Error(`Route ${method} ${route.url} has no entry in packages/shared/src/permissions.ts`);
      }
      app.apiRoutes.push({ method, url: route.url });
    }
  });

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/v1')) return;
    if (STATE_CHANGING.has(request.method)) {
      // A cross-site form can only send text/plain, urlencoded or multipart without CORS; with SameSite=Lax
      // cookies, insisting on JSON (or our multipart uploads) is the CSRF defence.
      const type = request.headers['content-type'] ?? '';
      if (!type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
        throw new AppError('unsupported_media_type', 'Send the request body as application/json.');
      }
    }
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const access = API_ACCESS[routeKey(method, url)];
    if (!access || access === 'public') return;
    const token = request.cookies[SESSION_COOKIE];
    const actor = token ? await resolveSession(app.deps.db, token, ttlDays) : null;
    if (!actor) throw new AppError('unauthenticated', MESSAGES.signedOut);
    if (!access.includes(actor.role)) throw new AppError('forbidden', MESSAGES.forbidden);
    request.actor = actor;
  });
}
