import type { Page, Request } from '@playwright/test';

/**
 * The API requests a page makes for its own data, which the app keeps to two per fresh visit (see
 * ARCHITECTURE.md, "A fresh page load"). Not counted: the shell's session read (`GET /auth/me`, once per load,
 * whatever the page), the live stream (`/api/v1/events`, held open) and what is not a fetch (profile pictures
 * are `<img>` loads, one per face shown, not data requests).
 */
export const MAX_DATA_REQUESTS = 2;

/** A request as a failure message names it: `GET /api/v1/classes/options?status=active`. */
export function describeRequest(request: Request): string {
  const url = new URL(request.url());
  return `${request.method()} ${url.pathname}${url.search}`;
}

const isApiFetch = (request: Request): boolean => {
  const { pathname } = new URL(request.url());
  return (
    pathname.startsWith('/api/v1/') &&
    pathname !== '/api/v1/events' &&
    (request.resourceType() === 'fetch' || request.resourceType() === 'xhr')
  );
};

const isSessionRead = (request: Request): boolean =>
  request.method() === 'GET' && new URL(request.url()).pathname === '/api/v1/auth/me';

interface Seen {
  request: Request;
  /** Settles when the response has been read in full (or the request failed); true when there was a response. */
  answered: Promise<boolean>;
}

const track = (request: Request): Seen => ({
  request,
  answered: request
    .response()
    .then(async (response) => {
      if (!response) return false;
      await response.finished();
      return true;
    })
    .catch(() => false),
});

/** Runs in the page: whether it has received `count` API fetches of this document (the live stream aside). */
function hasReceivedApiFetches(count: number): boolean {
  const received = performance.getEntriesByType('resource').filter((entry) => {
    const { initiatorType, name } = entry as PerformanceResourceTiming;
    if (initiatorType !== 'fetch' && initiatorType !== 'xmlhttprequest') return false;
    const { pathname } = new URL(name);
    return pathname.startsWith('/api/v1/') && pathname !== '/api/v1/events';
  });
  return received.length >= count;
}

/** The page shows its heading and has nothing left loading (skeletons pulse; busy tables say so). */
export async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.animate-pulse, [aria-busy="true"]'));
}

export interface ApiRequestLog {
  /** Forgets what was seen: call right before a full navigation whose requests are to be counted. */
  reset(): void;
  /**
   * Waits until the page has settled with no API request in flight and nothing new asked for once the last
   * answers were rendered, then returns the page's own data requests (see MAX_DATA_REQUESTS) since `reset`.
   */
  settle(): Promise<Request[]>;
}

/**
 * Starts recording `page`'s API requests. Requests the page made before (the load a sign-in helper waited for)
 * are picked up from the page's recent requests, so the current load is counted whole.
 */
export async function recordApiRequests(page: Page): Promise<ApiRequestLog> {
  let seen: Seen[] = [];
  page.on('request', (request) => {
    if (isApiFetch(request)) seen.push(track(request));
  });
  const earlier = (await page.requests()).filter((r) => isApiFetch(r) && !seen.some((s) => s.request === r));
  seen = [...earlier.map(track), ...seen];

  return {
    reset() {
      seen = [];
    },
    async settle() {
      for (;;) {
        await settled(page);
        const count = seen.length;
        const answered = (await Promise.all(seen.map((s) => s.answered))).filter(Boolean).length;
        // Playwright hears of a response before the page's script has it: wait until the page holds every
        // answer, then two frames for the app to render them and ask for whatever they lead to.
        await page.waitForFunction(hasReceivedApiFetches, answered);
        await page.evaluate(
          () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
        );
        if (seen.length === count) return seen.map((s) => s.request).filter((r) => !isSessionRead(r));
      }
    },
  };
}
