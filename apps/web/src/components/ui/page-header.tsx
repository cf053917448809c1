import { type ReactNode, useEffect } from 'react';

interface PageHeaderProps {
  /** A catalogue string, or someone's text (a class label) in a `<bdi>`. */
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/**
 * The Performance API mark of the moment a page's main content is first on screen with its data: the browser
 * timings (tests/e2e/page-weight.spec.ts) read it as the time to the main content of a fresh visit. It lives
 * beside the page heading so that it adds no chunk of its own to the pages' downloads.
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
