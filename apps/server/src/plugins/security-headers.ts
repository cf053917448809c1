import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** What the browser may load and run on Lyceum's pages, and the rest of helmet's protective headers. */
const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // react-hot-toast and swagger-ui inject style elements.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Schools' logos may live on their own https sites (White Label shows them in the shell and sign-in).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'"],
      // The offline app shell's service worker, /sw.js (docs/security.md, "The offline app shell"), and no other.
      workerSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets with these options, worked out once: they depend on nothing in the request. */
function securityHeaderValues(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => {},
  };
  helmet(OPTIONS)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    response as unknown as Parameters<ReturnType<typeof helmet>>[1],
    () => {},
  );
  return headers;
}

/**
 * Every answer carries the security headers. The Fastify helmet plugin built helmet's middleware (parsing
 * the policy) again for every request, a few per cent of a request's CPU; these never change, so they are
 * computed at start and copied onto each reply.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaderValues();
  if (!headers['content-security-policy']) throw new Error('security headers: helmet set no Content-Security-Policy');
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
