/**
 * What the service worker does with one request (docs/security.md, "The offline app shell"). Kept apart from
 * the worker so the decisions are tested without a browser.
 *  - `shell`: a page navigation, network first; offline, the cached index.html of this build;
 *  - `asset`: a build file under /assets/ (hashed names, never changed), cache first;
 *  - `pass`: left to the browser, never cached: the API (people's data must not stay in a shared device's
 *    cache), anything of another origin, anything but GET, and every other file (the worker itself).
 */
export type SwRoute = 'shell' | 'asset' | 'pass';

export interface SwRequest {
  method: string;
  url: string;
  mode: string;
}

export function routeOf(request: SwRequest, origin: string): SwRoute {
  if (request.method !== 'GET') return 'pass';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'pass';
  }
  if (url.origin !== origin) return 'pass';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'pass';
  if (request.mode === 'navigate') return 'shell';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  return 'pass';
}

/**
 * Whether a fetched asset may be kept: a file the server had. A name it does not know (an older build's chunk)
 * is a 404, and must not be cached as that file; neither may an HTML page, which a server or proxy that answers
 * every path with index.html would send for it.
 */
export function isKeptAsset(response: { ok: boolean; type: string; headers: { get(name: string): string | null } }) {
  return (
    response.ok && response.type === 'basic' && !(response.headers.get('content-type') ?? '').includes('text/html')
  );
}

/** The cache names of this worker's build; any other Lyceum cache is an older build's, deleted on activate. */
export const CACHE_PREFIX = 'lyceum-shell-';
export const cacheName = (version: string) => `${CACHE_PREFIX}${version}`;
export const isStaleCache = (name: string, version: string) =>
  name.startsWith(CACHE_PREFIX) && name !== cacheName(version);

/**
 * A page load's answer: the network's, unless it fails, or gives nothing within `waitMs` (a connection that
 * hangs rather than fails, as a phone's often does), when the cached shell answers instead, if there is one.
 */
export async function networkOrShell<T>(
  network: Promise<T>,
  shell: () => Promise<T | undefined>,
  waitMs: number,
): Promise<T> {
  const late = Symbol('late');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = new Promise<typeof late>((resolve) => {
    timer = setTimeout(() => resolve(late), waitMs);
  });
  try {
    const first = await Promise.race([network, wait]);
    if (first !== late) return first;
    return (await shell()) ?? (await network);
  } catch (error) {
    const cached = await shell();
    if (cached !== undefined) return cached;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
