import { API_KEY_PREFIX, API_KEY_ROUTES, SUBSCRIPTION_RECOVERY_ROUTES } from '@lyceum/shared/company';
import { MESSAGES } from '@lyceum/shared/errors';
import { TRIAL_CHANGES_MESSAGES } from '@lyceum/shared/trial-caps';
import { API_ACCESS, routeKey } from '@lyceum/shared/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { SessionCache } from '../lib/session-cache.ts';
import type { DailyLimit } from '../lib/daily-limit.ts';
import type { WriteRateLimit } from '../lib/write-rate.ts';
import { resolveSession, SESSION_COOKIE } from '../modules/auth/index.ts';
import { resolveApiKey, hasActiveSubscription } from '../modules/company/index.ts';
import { withSystem } from '../db/tenancy.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api/v1` route as registered (with its querystring schema), for the route-wide security suite. */
    apiRoutes: { method: string; url: string; querystring?: unknown }[];
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The token of `Authorization: Bearer lyk_…`, or null when the request carries no API key (other
 * Authorization schemes, e.g. a proxy's Basic auth, are left alone and the session cookie decides).
 */
function bearerApiKey(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header.trim()) : null;
  if (!match?.[1]?.startsWith(API_KEY_PREFIX)) return null;
  return match[1];
}

/**
 * One hook in front of every API route: the CSRF rule, the session, and the role table of
 * packages/shared/permissions.ts. A route missing from that table stops the server from starting.
 */
export function registerAccessControl(
  app: FastifyInstance,
  ttlDays: number,
  cache?: SessionCache,
  writes?: WriteRateLimit,
  trialChanges?: DailyLimit,
): void {
  /**
   * Past the per-minute limit of changes (lib/write-rate.ts), or a trial school past its changes for the day
   * (TRIAL_CHANGES_PER_DAY, all its people together), 429 with Retry-After; reads are never counted.
   */
  const countWrite = (request: FastifyRequest, reply: FastifyReply, who: string, trialSchool?: string): void => {
    if (!STATE_CHANGING.has(request.method)) return;
    const taken = writes?.take(who);
    if (taken && !taken.allowed) {
      reply.header('retry-after', String(taken.retryAfterSeconds));
      throw new AppError('rate_limited', MESSAGES.writeRateLimited);
    }
    const today = trialSchool === undefined ? undefined : trialChanges?.take(trialSchool);
    if (today && !today.allowed) {
      reply.header('retry-after', String(today.retryAfterSeconds));
      throw new AppError('rate_limited', TRIAL_CHANGES_MESSAGES.perDay);
    }
  };

  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!API_ACCESS[routeKey(method, route.url)]) {
        throw new Error(`Route ${method} ${route.url} has no entry in packages/shared/src/permissions.ts`);
      }
      app.apiRoutes.push({ method, url: route.url, querystring: route.schema?.querystring });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
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
    const key = routeKey(method, url);
    const access = API_ACCESS[key];
    if (!access || access === 'public') return;
    // The server's clock (deps.clock), as the subscription's end and an API call's month are read against it.
    const now = app.deps.clock();
    const bearer = bearerApiKey(request.headers.authorization);
    if (bearer !== null) {
      // API keys reach only API_KEY_ROUTES (read scope: GETs), as a school-scoped actor; never company scope.
      if (!API_KEY_ROUTES.has(key)) throw new AppError('forbidden', MESSAGES.apiKeyScope);
      // Scope and role are checked before the call is metered: a refused call is not charged.
      request.actor = await resolveApiKey(app.deps.db, bearer, now, (actor) => {
        if (method !== 'GET' && !actor.apiKey?.scopes.includes('write')) {
          throw new AppError('forbidden', MESSAGES.apiKeyScope);
        }
        if (!access.includes(actor.role)) throw new AppError('forbidden', MESSAGES.forbidden);
      });
      countWrite(request, reply, `key:${request.actor.apiKey?.id}`);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    const actor = token ? await resolveSession(app.deps.db, token, { ttlDays, now }, cache) : null;
    if (!actor) throw new AppError('unauthenticated', MESSAGES.signedOut);
    // Known before any refusal below, so the refusal is worded in the person's own language, as every other
    // answer is (docs/product.md, "Messages in the user's language"); the route itself still never runs.
    request.actor = actor;
    if (!access.includes(actor.role)) throw new AppError('forbidden', MESSAGES.forbidden);
    // The lookup's SQL sees only the end date; a lapse may really be an auto-renewal nobody has settled yet
    // (the sweep runs every few minutes), so settle it before refusing. Lapsed schools only: cheap.
    const schoolId = actor.schoolId;
    if (actor.kind === 'school' && actor.subscriptionActive === false && schoolId) {
      actor.subscriptionActive = await withSystem(app.deps.db, (tx) => hasActiveSubscription(tx, schoolId, now));
    }
    // A school whose subscription lapsed mid-session keeps only what it needs to see why and recover.
    if (actor.kind === 'school' && actor.subscriptionActive === false && !SUBSCRIPTION_RECOVERY_ROUTES.has(key)) {
      throw new AppError('subscription_expired', MESSAGES.subscriptionExpired);
    }
    // Signing out, and what a school needs to choose a plan, stay open to a trial at its changes for the day.
    const trialSchool = actor.onTrial && schoolId && !SUBSCRIPTION_RECOVERY_ROUTES.has(key) ? schoolId : undefined;
    countWrite(request, reply, actor.profileId, trialSchool);
  });
}
