import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { clientKey } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';

export const IMPORT_RATE_LIMITED = 'Too many import checks. Please wait a while and try again.';

/**
 * One budget per user for every import preview and import, of every kind: each call checks up to a file's
 * worth of e-mail addresses against the whole platform, so an unbounded number of calls would let one school
 * map which addresses have accounts (and keep the database busy). Keyed by account, not address: the caller
 * is always signed in. Used as an onRequest hook (after the access hook has set the actor), so a refused call
 * costs no body parsing; the plugin types its handler for preHandler, which takes the same arguments.
 */
export function importRateLimit(app: FastifyInstance): onRequestAsyncHookHandler {
  return app.rateLimit({
    max: app.deps.config.importChecksPerHour,
    timeWindow: 60 * 60_000,
    keyGenerator: (r: FastifyRequest) => `import:${r.actor?.accountId ?? clientKey(r.ip)}`,
    errorResponseBuilder: () => new AppError('rate_limited', IMPORT_RATE_LIMITED),
  }) as unknown as onRequestAsyncHookHandler;
}
