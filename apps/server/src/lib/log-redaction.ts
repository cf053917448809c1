/**
 * Query parameters that carry a secret. The set-password, invitation and confirm-address links put their one-time
 * token in `?token=` (modules/auth/one-time-tokens.ts, mail-verification.ts); the rest are names a caller might
 * use for a credential (the company invitation code, an API key). Names are compared case-insensitively, after
 * percent-decoding. Whoever reads the log must not be able to use a link before its owner does
 * (docs/security.md, "Secrets kept out of the log").
 */
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'invitationcode',
  'key',
  'apikey',
  'api_key',
  'access_token',
  'password',
  'secret',
]);

export const REDACTED = '[redacted]';

function paramName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** The URL as logged: the path and the other parameters as they came, each secret's value replaced. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => (SECRET_PARAMS.has(paramName(pair)) ? `${pair.split('=', 1)[0]}=${REDACTED}` : pair))
    .join('&');
  return `${url.slice(0, start + 1)}${query}`;
}

/** Fastify's own request serializer (the same fields), with the URL's secrets redacted. */
export function logRequest(request: {
  method: string;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version']?.toString(),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
