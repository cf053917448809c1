import { pgCode } from './pg-errors.ts';

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

/**
 * Query parameters that carry what someone typed to find a person: a list's search (`?search=`, the messages'
 * `?q=`) holds names and e-mail addresses, and every page load of a filtered list would write them to the log at
 * info level. The log keeps that a search was made, not what was searched for (docs/security.md, "Secrets kept
 * out of the log").
 */
const PERSONAL_PARAMS = new Set(['search', 'q', 'query', 'email', 'name', 'phone']);

export const REDACTED = '[redacted]';

function paramName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** The URL as logged: the path and the other parameters as they came, each secret's and search's value replaced. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const name = paramName(pair);
      return SECRET_PARAMS.has(name) || PERSONAL_PARAMS.has(name) ? `${pair.split('=', 1)[0]}=${REDACTED}` : pair;
    })
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

/**
 * Fields of a database error that hold values rather than the statement: the statement's parameters (drizzle
 * and PGlite keep them on the error) and PostgreSQL's `detail`, which echoes the row or key that failed
 * (`Key (email)=(…) already exists`, `Failing row contains (…)`).
 */
const VALUE_FIELDS = new Set(['params', 'queryOptions', 'detail']);
const MAX_CAUSES = 10;

type ErrorLike = Error & { cause?: unknown; params?: unknown };

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** The error and its causes, first to last, each once. */
function causeChain(err: ErrorLike): ErrorLike[] {
  const chain = [err];
  for (let cause = err.cause; isErrorLike(cause) && !chain.includes(cause) && chain.length < MAX_CAUSES; ) {
    chain.push(cause);
    cause = cause.cause;
  }
  return chain;
}

/** drizzle writes a failed statement's values into its message (`Failed query: …\nparams: a,b`) and so its stack. */
function withoutValues(text: string, chain: ErrorLike[]): string {
  let out = text;
  for (const e of chain) {
    if (!Array.isArray(e.params) || e.params.length === 0) continue;
    out = out.split(`params: ${String(e.params)}`).join(`params: (${e.params.length} values)`);
  }
  return out;
}

/**
 * Fastify's own error serializer (type, message and stack with their causes, the error's other fields) for every
 * error the log names, with a failed statement's values left out: the SQL text, the PostgreSQL code and the message
 * stay, the parameters become their count. A statement's values are people's names, e-mails and a session token's
 * hash (docs/security.md, "Secrets kept out of the log").
 */
export function logError(err: Error): LoggedError {
  // The logger hands over whatever is logged as `err`: anything but an error is written as it is, as Fastify's does.
  return isErrorLike(err) ? serializeError(err, []) : (err as unknown as LoggedError);
}

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

function serializeError(err: ErrorLike, seen: ErrorLike[]): LoggedError {
  const chain = causeChain(err);
  seen.push(...chain);
  const out: LoggedError = {
    type: typeof err.constructor === 'function' ? err.constructor.name : err.name,
    message: withoutValues(chain.map((e) => e.message).join(': '), chain),
    stack: withoutValues(chain.map((e) => e.stack ?? '').join('\ncaused by: '), chain),
  };
  const code = pgCode(err);
  if (code) out.code = code;
  const params = chain.find((e) => Array.isArray(e.params))?.params;
  if (Array.isArray(params)) out.paramCount = params.length;
  for (const key in err) {
    if (key in out || key === 'cause' || VALUE_FIELDS.has(key)) continue;
    const value = (err as unknown as Record<string, unknown>)[key];
    if (!isErrorLike(value)) out[key] = value;
    else if (!seen.includes(value)) out[key] = serializeError(value, seen);
  }
  return out;
}
