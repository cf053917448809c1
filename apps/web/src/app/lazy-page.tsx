import { type ComponentType, useState } from 'react';
import { LoadFailed } from './pages/load-failed';

export interface PageModule {
  Component: ComponentType;
}
export type LazyPage = () => Promise<PageModule>;

/**
 * A route's `lazy` that never fails. React Router keeps a route whose `lazy` rejected as "not loaded yet" and
 * renders nothing in its place, the shell and its error boundary included, until the browser reloads (the
 * server out of reach while moving to a page not opened before). So a failed import becomes a page that says
 * so (LoadFailed), and whose Retry imports it again and then shows it.
 */
export function lazyPage(load: LazyPage, className = 'm-4'): LazyPage {
  return () =>
    load().catch(() => {
      // Once a retry has loaded the page, it stays loaded for every later visit of the route.
      let loaded: PageModule | null = null;
      return {
        Component: function PageLoadFailed() {
          const [page, setPage] = useState(loaded);
          if (page) return <page.Component />;
          const retry = () =>
            load().then((module) => {
              loaded = module;
              setPage(module);
            });
          return <LoadFailed retry={retry} className={className} />;
        },
      };
    });
}
