import { useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useAddonRequestsLiveHandler } from '../../features/addon-requests/api/live-addon-requests';
import { useAnnouncementLiveHandler } from '../../features/announcements/api/live-announcements';
import { useAttendanceLiveHandler } from '../../features/attendance/api/live-attendance';
import { useDayLiveHandlers } from '../../features/dashboard/api/live-day';
import { useMessageLiveHandlers } from '../../features/messages/api/messages-live';
import { usePaymentsLiveHandler } from '../../features/payments/api/live-payments';
import { useSubscriptionLiveHandler } from '../../features/subscription/api/live-subscription';
import { useSubscriptionStandingLiveHandler } from '../../features/subscription/components/expiry-watcher';
import { useNotificationLiveHandler, useUnreadLiveHandler } from '../../features/notifications/api/live-notifications';
import { useTimetableLiveHandler } from '../../features/timetable/api/live-timetable';
import { useLiveEvents } from '../../lib/live-events';
import { cn } from '../../lib/cn';
import { useIsMobile } from '../../lib/use-media-query';
import { useRouteFillsView, useRouteTitle } from '../route-handle';
import { Header } from './header';
import { useRouteFocus } from './route-focus';
import { SIDEBAR_ID, Sidebar } from './sidebar';
import { useProductIdentity } from '../../features/subscription/components/school-brand';
import { useT } from '../../lib/i18n/i18n';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner';

const COLLAPSED_KEY = 'lyceum.sidebar.collapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Only show the page skeleton when a lazy page takes long enough to notice (avoids a flash on fast loads). */
function useDelayed(flag: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [flag, delayMs]);
  return flag && shown;
}

/** The protected shell (docs/product.md, "The shell: header, sidebar, toasts"): sidebar, header, and the current page. */
export function AppShell() {
  const { t } = useT();
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  const navigation = useNavigation();
  const showSkeleton = useDelayed(navigation.state === 'loading', 150);
  const title = useRouteTitle();
  const fillsView = useRouteFillsView();
  // The one live event stream of a signed-in tab; each feature that shows live data adds its handler here.
  const notificationLive = useNotificationLiveHandler();
  const timetableLive = useTimetableLiveHandler();
  const attendanceLive = useAttendanceLiveHandler();
  const dayLive = useDayLiveHandlers();
  const messageLive = useMessageLiveHandlers();
  const unreadLive = useUnreadLiveHandler();
  const announcementLive = useAnnouncementLiveHandler();
  const subscriptionLive = useSubscriptionLiveHandler();
  const standingLive = useSubscriptionStandingLiveHandler();
  const addonRequestsLive = useAddonRequestsLiveHandler();
  const paymentsLive = usePaymentsLiveHandler();
  useLiveEvents(
    useMemo(
      () => [
        notificationLive,
        unreadLive,
        timetableLive,
        attendanceLive,
        announcementLive,
        subscriptionLive,
        standingLive,
        addonRequestsLive,
        paymentsLive,
        ...messageLive,
        ...dayLive,
      ],
      [
        notificationLive,
        unreadLive,
        timetableLive,
        attendanceLive,
        announcementLive,
        subscriptionLive,
        standingLive,
        addonRequestsLive,
        paymentsLive,
        messageLive,
        dayLive,
      ],
    ),
  );

  // Navigating closes the off-canvas menu.
  if (pathname !== lastPath) {
    setLastPath(pathname);
    if (mobileOpen) setMobileOpen(false);
  }

  const product = useProductIdentity().title;
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMobileOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mobileOpen]);

  const toggleCollapsed = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      window.localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // Private mode: the choice just is not remembered.
    }
  };

  const open = isMobile && mobileOpen;

  // Closing the phone menu (Escape, ×, the overlay, a link) gives focus back to the button that opened it,
  // rather than leaving it on <body> or in the now inert menu.
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const focused = document.activeElement;
    if (!focused || focused === document.body || document.getElementById(SIDEBAR_ID)?.contains(focused)) {
      menuButtonRef.current?.focus();
    }
  }, [open]);

  // After the menu's rule above, so a focus it gave back counts as kept.
  const routeAnnouncement = useRouteFocus(title);

  return (
    <div className="flex h-dvh overflow-hidden bg-slate-50">
      {/* While the phone menu is open, everything else is inert: hidden under the overlay, out of reach of Tab
          and of screen readers, as behind a dialog. */}
      <a
        inert={open || undefined}
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-medium text-blue-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        {t('shell.skipToContent')}
      </a>
      <Sidebar
        collapsed={!isMobile && collapsed}
        onToggleCollapsed={toggleCollapsed}
        isMobile={isMobile}
        mobileOpen={open}
        onCloseMobile={() => setMobileOpen(false)}
      />
      <div className="flex min-w-0 flex-1 flex-col" inert={open || undefined}>
        <Header mobileMenuOpen={open} onOpenMobileMenu={() => setMobileOpen(true)} menuButtonRef={menuButtonRef} />
        <main
          id="main-content"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the page scrolls inside <main>; keyboard users must be able to focus it to scroll a page that has no links (axe: scrollable-region-focusable)
          tabIndex={0}
          className="relative min-w-0 flex-1 overflow-y-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-500"
        >
          <div
            className={cn(
              'mx-auto w-full max-w-7xl p-4 sm:p-6 lg:p-8',
              // A window-high page: <main>'s height passes down, so the page's own panels scroll, not <main>.
              fillsView && 'flex h-full flex-col',
            )}
            data-fills-view={fillsView || undefined}
          >
            <VerifyEmailBanner />
            {showSkeleton ? <PageSkeleton /> : <Outlet />}
          </div>
        </main>
      </div>
      {/* The page's title, when a move to it left the focus on a control that stayed (see useRouteFocus). */}
      <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
        {routeAnnouncement.text && <span key={routeAnnouncement.id}>{routeAnnouncement.text}</span>}
      </div>
    </div>
  );
}
