import { useEffect } from 'react';

/**
 * The Performance API mark of the moment a page's main content is first on screen with its data: the browser
 * timings (tests/e2e/page-weight.spec.ts) read it as "time to the main content" of a fresh visit.
 */
export const MAIN_CONTENT_MARK = 'lyceum:main-content';

/** Sets MAIN_CONTENT_MARK once per document load, the first time `ready` (the page's data shown) is true. */
export function useMainContentMark(ready: boolean): void {
  useEffect(() => {
    if (ready && performance.getEntriesByName(MAIN_CONTENT_MARK, 'mark').length === 0) {
      performance.mark(MAIN_CONTENT_MARK);
    }
  }, [ready]);
}
