import type { FastifyInstance } from 'fastify';

/**
 * No cache keeps an API answer (docs/product.md, "API conventions"): what a signed-in person reads (a child's
 * details, a school's or the platform's figures, a receipt) is theirs, and no shared, proxy or browser cache may
 * keep it, as for the CSV and PDF downloads of the same data. `no-store` alone already says that to every cache.
 * Set before the route runs, so the few answers that are meant to be cached (profile pictures, attachments) and
 * the live-event stream replace it with their own; the web app's pages and assets are not under /api/v1 and keep
 * theirs. One prefix test and one header a request.
 */
export function registerApiNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/v1/')) reply.header('cache-control', 'no-store');
    done();
  });
}
