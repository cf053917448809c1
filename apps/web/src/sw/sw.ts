/**
 * The app shell's service worker (docs/security.md, "The offline app shell"; docs/product.md, "Attendance on a
 * bad connection"): a reload without a network shows the app, not the browser's error page. Built into
 * dist/sw.js by scripts/service-worker.mjs, which fills in the build's files and version.
 */
import { cacheName, isKeptAsset, isStaleCache, networkOrShell, routeOf } from './routing';

declare const __PRECACHE__: string[];
declare const __VERSION__: string;

// The DOM library has no worker types, and the web app is checked with it: the little used here, declared.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE = cacheName(__VERSION__);
const SHELL = '/index.html';

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // index.html revalidated (it is no-cache): the shell cached is the one of the assets beside it.
      .then((cache) => cache.addAll(__PRECACHE__.map((url) => new Request(url, { cache: 'no-cache' }))))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => isStaleCache(name, __VERSION__)).map((n) => caches.delete(n))),
      )
      .then(() => worker.clients.claim()),
  );
});

/** How long a page load waits for the network before the cached shell answers. */
const NAVIGATION_WAIT_MS = 4_000;

/** Network first, so a deploy shows at once; the cached shell when the network fails or hangs. */
function navigate(request: Request): Promise<Response> {
  // The network's promise is handled in any case: a late failure after the shell answered is no error.
  const network = fetch(request);
  network.catch(() => {});
  return networkOrShell(network, () => caches.match(SHELL, { cacheName: CACHE }), NAVIGATION_WAIT_MS);
}

/** Cache first: a hashed name never changes its bytes. One not precached is kept once fetched. */
async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (isKeptAsset(response)) await cache.put(request, response.clone());
  return response;
}

worker.addEventListener('fetch', (event) => {
  const route = routeOf(event.request, worker.location.origin);
  if (route === 'shell') event.respondWith(navigate(event.request));
  else if (route === 'asset') event.respondWith(asset(event.request));
});
