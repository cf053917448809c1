import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { focusIsLost, focusPageHeading, pageHeading } from '../../lib/page-focus';

/** How long a page may take to show its heading (its data loading) before its title is announced instead. */
export const HEADING_WAIT_MS = 10_000;

/** What the shell's polite live region says; `id` changes with each announcement, so the same title is said again. */
export interface RouteAnnouncement {
  text: string;
  id: number;
}

/**
 * Focus and announcement on moving to another page (docs/product.md, "The shell: header, sidebar, toasts").
 * A link or button inside the page goes away with the page, dropping focus to <body>: the new page's heading
 * takes it once it shows (a page loading its data shows it later), so a screen reader reads where the user
 * arrived and the next Tab starts there. A control that stays (a sidebar link, the phone menu's button given
 * focus back) keeps the focus, and the page's title is announced politely instead.
 *
 * Not on the first load (the page starts at its top), nor on a redirect (`replace`, as `/` → `/dashboard`),
 * nor when only the query changes (filters, paging, the conversation open in Messages): the pathname did not.
 * A focus the page or a dialog put somewhere meanwhile (a field in error, the reply box) is left where it is.
 */
export function useRouteFocus(title: string | undefined): RouteAnnouncement {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  const stopWaiting = useRef<(() => void) | null>(null);
  const titleNow = useRef(title);
  titleNow.current = title;
  const [announcement, setAnnouncement] = useState<RouteAnnouncement>({ text: '', id: 0 });

  useEffect(() => {
    if (pathname === shown.current) return;
    shown.current = pathname;
    // A redirect only carries on a wait begun by the user's own move (a link to a page that redirects).
    if (navigationType === 'REPLACE' && !stopWaiting.current) return;
    stopWaiting.current?.();

    const announce = () => setAnnouncement((previous) => ({ text: titleNow.current ?? '', id: previous.id + 1 }));
    if (!focusIsLost()) {
      announce();
      return;
    }
    if (pageHeading()) {
      focusPageHeading();
      return;
    }
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      document.removeEventListener('focusin', onFocusIn);
      stopWaiting.current = null;
    };
    const observer = new MutationObserver(() => {
      if (!pageHeading()) return;
      stop();
      focusPageHeading();
    });
    // The user (or the page) put focus somewhere while the page loaded: it stays there.
    const onFocusIn = () => {
      if (!focusIsLost()) stop();
    };
    const timer = window.setTimeout(() => {
      stop();
      announce();
    }, HEADING_WAIT_MS);
    observer.observe(document.querySelector('main') ?? document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', onFocusIn);
    stopWaiting.current = stop;
  }, [pathname, navigationType]);

  useEffect(() => () => stopWaiting.current?.(), []);

  return announcement;
}
