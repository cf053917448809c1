import type { Page, Request } from '@playwright/test';

/**
 * The API requests a page makes for its own data, which the app keeps to two per fresh visit (see
 * ARCHITECTURE.md, "A fresh page load"). Not counted: the shell's reads (SHELL_READS, once per load, whatever
 * the page), the live stream (`/api/v1/events`, held open) and what is not a fetch (profile pictures are
 * `<img>` loads, one per face shown, not data requests).
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

/**
 * What the shell reads on every load: the session, which carries everything every page needs once (the user,
 * the school, the bell's and the Messages badge's counts, a school admin's address-confirmation flag;
 * ARCHITECTURE.md, "A fresh page load"). It is let through once per load; a second read counts as the page's.
 */
const SHELL_READS = ['GET /api/v1/auth/me'];

/** The page's own requests: all but the first of each shell read. */
function pageOwn(requests: Request[]): Request[] {
  const shellSeen = new Set<string>();
  return requests.filter((request) => {
    const { pathname } = new URL(request.url());
    const read = `${request.method()} ${pathname}`;
    if (!SHELL_READS.includes(read) || shellSeen.has(read)) return true;
    shellSeen.add(read);
    return false;
  });
}

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
  /** Forgets what was seen and counts again from the page's next load: call before navigating. */
  reset(): void;
  /**
   * Waits until the page has settled with no API request in flight and nothing new asked for once the last
   * answers were rendered, then returns the page's own data requests (see MAX_DATA_REQUESTS) since `reset`.
   */
  settle(): Promise<Request[]>;
}

/** Starts recording `page`'s API requests: start it before the navigation whose requests are to be counted. */
export function recordApiRequests(page: Page): ApiRequestLog {
  let seen: Request[] = [];
  /** Set by `reset`: the requests to count start with the next load of the page. */
  let awaitingLoad = false;
  /** Per request: settles when it is over, true when it finished with a response read in full. */
  const outcomes = new Map<Request, { done: Promise<boolean>; end(answered: boolean): void }>();
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) awaitingLoad = false;
    if (awaitingLoad || !isApiFetch(request)) return;
    let end: (answered: boolean) => void = () => {};
    const done = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    outcomes.set(request, { done, end });
    seen.push(request);
  });
  page.on('requestfinished', (request) => outcomes.get(request)?.end(true));
  page.on('requestfailed', (request) => outcomes.get(request)?.end(false));

  return {
    reset() {
      seen = [];
      outcomes.clear();
      awaitingLoad = true;
    },
    async settle() {
      for (;;) {
        await settled(page);
        const batch = [...seen];
        const answered = (await Promise.all(batch.map((r) => outcomes.get(r)?.done))).filter(Boolean).length;
        // Playwright hears of a response before the page's script has it: wait until the page holds every
        // answer, then two frames for the app to render them and ask for whatever they lead to.
        await page.waitForFunction(hasReceivedApiFetches, answered);
        await page.evaluate(
          () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
        );
        if (seen.length === batch.length) return pageOwn(batch);
      }
    },
  };
}
