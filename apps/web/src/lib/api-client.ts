import { type ApiErrorBody, MESSAGES } from '@lyceum/shared/errors';
import { currentLanguage } from './i18n/i18n';
import { intlLocaleOf } from './i18n/languages';

/** The one HTTP client of the web app (ARCHITECTURE.md, "Layout", bulletproof-react): JSON, same-origin cookie session. */
export const API_BASE = '/api/v1';

export class ApiError extends Error {
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly status: number;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A final answer: the server refused (403), found nothing (404) or could not read the request (400 and the
 * other 4xx), and asking again gives the same answer. Not final: no answer at all (network), the server's own
 * failure (5xx), a timeout (408) or a rate limit (429), which a retry may get past.
 */
export function isFinalError(error: unknown): error is ApiError {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** A user-facing message for any thrown value. */
export function errorMessage(error: unknown, fallback: string = MESSAGES.unavailable): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Called when any call except `/auth/me` and `/auth/login` answers 401: the auth provider clears the session,
 * and the route guard then sends the user to /login (remembering where they were). Returns an unregister function.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

const PATHS_WITHOUT_401_REDIRECT = new Set(['/auth/me', '/auth/login']);

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key that makes a retried write safe. */
  headers?: Record<string, string>;
  /**
   * Gives up after this long, as if there were no network (status 0, retryable): on a connection that hangs
   * rather than fails, the calls a bad connection must not stall (the session read, sending marks) come back.
   */
  timeoutMs?: number;
}

/** `signal`, also aborted after `ms` when given; `timedOut` says whether the timer did it. */
function withTimeout(signal: AbortSignal | undefined, ms: number | undefined) {
  if (ms === undefined) return { signal, timedOut: () => false, done: () => {} };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const follow = () => controller.abort();
  signal?.addEventListener('abort', follow);
  if (signal?.aborted) controller.abort();
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  // The server words its messages (errors, exports) in the language the UI shows.
  const headers: Record<string, string> = {
    ...options.headers,
    accept: 'application/json',
    'accept-language': intlLocaleOf(currentLanguage()),
  };
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    // Uploads: the browser sets the multipart boundary; the header is the upload routes' CSRF proof.
    headers['x-requested-with'] = 'XMLHttpRequest';
    body = options.body;
  } else if (method !== 'GET' && method !== 'HEAD') {
    // The server refuses state-changing requests without the JSON content type (CSRF defence), even when empty.
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }

  const limit = withTimeout(options.signal, options.timeoutMs);
  try {
    return await send<T>(method, path, { headers, body, signal: limit.signal });
  } catch (error) {
    if (limit.timedOut()) throw new ApiError(0, 'network', MESSAGES.unavailable);
    throw error;
  } finally {
    limit.done();
  }
}

async function send<T>(
  method: string,
  path: string,
  init: { headers: Record<string, string>; body: string | FormData | undefined; signal: AbortSignal | undefined },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method, ...init, credentials: 'same-origin' });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'network', MESSAGES.unavailable);
  }

  if (response.status === 401 && !PATHS_WITHOUT_401_REDIRECT.has(path.split('?')[0] ?? path)) {
    unauthorizedHandler?.();
  }

  if (!response.ok) {
    const payload = await readJson(response);
    if (isErrorBody(payload)) {
      throw new ApiError(response.status, payload.error.code, payload.error.message, payload.error.fields);
    }
    const fallback = response.status >= 500 ? MESSAGES.unavailable : MESSAGES.invalidData;
    throw new ApiError(response.status, response.status >= 500 ? 'unavailable' : 'unknown', fallback);
  }

  if (response.status === 204 || response.status === 205) return undefined as T;
  return (await readJson(response)) as T;
}

// Methods rather than generic arrow functions: `<T>(…) =>` reads as JSX to the TSX parser of the raw-strings guard.
export const api = {
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>) {
    return request<T>('GET', path, options);
  },
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) {
    return request<T>('POST', path, { ...options, body });
  },
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) {
    return request<T>('PATCH', path, { ...options, body });
  },
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) {
    return request<T>('PUT', path, { ...options, body });
  },
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>) {
    return request<T>('DELETE', path, options);
  },
};
