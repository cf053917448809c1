import { badgeLabel } from '@lyceum/shared/constants';
import { MENUS } from '@lyceum/shared/menus';
import { ChevronsLeft, ChevronsRight, GraduationCap, LogOut, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { NavLink } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { useMessagesUnread } from '../../features/messages/api/messages-live';
import { useProductIdentity } from '../../features/subscription/components/school-brand';
import { cn } from '../../lib/cn';
import { useAuthContext, useLogout } from '../../lib/auth';
import type { Resources } from '../../lib/i18n/resources';
import { MENU_ICONS } from './menu-icons';

type MenuId = keyof Resources['common']['menu'];

export const SIDEBAR_ID = 'app-sidebar';

interface SidebarProps {
  /** Desktop only: icons without labels. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Below 768 px the sidebar is off-canvas; this says whether it is shown. */
  isMobile: boolean;
  mobileOpen: boolean;
  onCloseMobile: () => void;
}

function UserFooter({ collapsed }: { collapsed: boolean }) {
  const { t } = useT();
  const auth = useAuthContext();
  const logout = useLogout();
  const [signingOut, setSigningOut] = useState(false);
  const user = auth?.user;
  if (!user) return null;

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <div className="border-t border-slate-800 p-3">
      <div className={cn('flex items-center gap-3', collapsed && 'justify-center')}>
        <Avatar name={user.name} src={user.profileImage} data-testid="user-initial" />
        <div className={cn('min-w-0', collapsed && 'sr-only')}>
          <p className="truncate text-sm font-medium text-white">{user.name}</p>
          {/* The phone's header has room for the name only: the role is shown here instead. */}
          <p className="truncate text-xs text-slate-300 sm:hidden">{t(`roles.${user.role}`)}</p>
          <p className="truncate text-xs text-slate-400">{user.email}</p>
        </div>
      </div>
      <button
        type="button"
        onClick={signOut}
        disabled={signingOut}
        title={collapsed ? t('shell.signOut') : undefined}
        className={cn(
          'mt-3 flex h-9 w-full items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-300 transition-colors hover:bg-slate-800 hover:text-white disabled:opacity-60',
          collapsed && 'justify-center px-0',
        )}
      >
        <LogOut className="size-4 shrink-0 rtl:-scale-x-100" aria-hidden="true" />
        <span className={cn(collapsed && 'sr-only')}>{t('shell.signOut')}</span>
      </button>
    </div>
  );
}

export function Sidebar({ collapsed, onToggleCollapsed, isMobile, mobileOpen, onCloseMobile }: SidebarProps) {
  const { t } = useT();
  const auth = useAuthContext();
  const identity = useProductIdentity();
  const closeRef = useRef<HTMLButtonElement>(null);
  const asideRef = useRef<HTMLElement>(null);
  const hiddenOffCanvas = isMobile && !mobileOpen;
  const modal = isMobile && mobileOpen;

  useEffect(() => {
    if (modal) closeRef.current?.focus();
  }, [modal]);

  // The open phone menu is modal (the shell makes the rest inert): Tab and Shift+Tab go round inside it rather
  // than leave for elements hidden under the overlay (docs/product.md, "The shell: header, sidebar, toasts").
  useEffect(() => {
    if (!modal) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const aside = asideRef.current;
      if (event.key !== 'Tab' || !aside) return;
      const tabbable = [...aside.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
      const first = tabbable[0];
      const last = tabbable.at(-1);
      if (!first || !last) return;
      const from = document.activeElement;
      const atEdge = from === (event.shiftKey ? first : last) || !aside.contains(from);
      if (!atEdge) return;
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [modal]);

  const user = auth && !auth.isLoading ? auth.user : null;
  const menu = user ? MENUS[user.role] : [];
  const unreadMessages =
    useMessagesUnread(
      menu.some((entry) => entry.id === 'messages'),
      auth?.unreadMessages ?? null,
    ).data?.count ?? 0;

  return (
    <>
      {modal && (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="sidebar-overlay"
          className="fixed inset-0 z-30 bg-slate-950/60 md:hidden"
          onClick={onCloseMobile}
        />
      )}
      {/* Open on a phone, the sidebar is a modal dialog to screen readers too, as it is to the keyboard (the
          rest of the shell is inert): announced as one, with its name, when focus moves into it. */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-modal comes only with role="dialog" (the open phone menu) */}
      <aside
        ref={asideRef}
        id={SIDEBAR_ID}
        role={modal ? 'dialog' : undefined}
        aria-modal={modal || undefined}
        aria-label={t('shell.sidebar')}
        data-state={isMobile ? (mobileOpen ? 'open' : 'closed') : collapsed ? 'collapsed' : 'expanded'}
        inert={hiddenOffCanvas || undefined}
        className={cn(
          'fixed inset-y-0 start-0 z-40 flex w-72 max-w-[85vw] flex-col bg-slate-900 text-slate-200 transition-transform duration-200 ease-out',
          'md:static md:z-auto md:max-w-none md:translate-x-0 md:rtl:translate-x-0 md:transition-[width]',
          mobileOpen ? 'translate-x-0' : '-translate-x-full rtl:translate-x-full',
          collapsed ? 'md:w-[4.5rem]' : 'md:w-64',
        )}
      >
        <div
          className={cn(
            'flex h-16 shrink-0 items-center gap-2 border-b border-slate-800 px-4',
            collapsed && 'md:justify-center md:px-0',
          )}
        >
          {identity.logo ? (
            <img src={identity.logo} alt="" className="size-6 shrink-0 rounded object-contain" />
          ) : (
            <GraduationCap className="size-6 shrink-0 text-blue-400" aria-hidden="true" />
          )}
          {/* A school's own name (White Label) may be long: two lines, and the whole of it on hover. */}
          <span
            title={identity.title}
            data-testid="sidebar-brand"
            className={cn(
              'line-clamp-2 min-w-0 text-lg leading-tight font-semibold break-words text-white',
              collapsed && 'md:sr-only',
            )}
          >
            {identity.title}
          </span>
          <button
            ref={closeRef}
            type="button"
            aria-label={t('shell.closeMenu')}
            onClick={onCloseMobile}
            className="ms-auto flex size-9 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-white md:hidden"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>

        {!user ? (
          <p className="p-4 text-sm text-slate-400">{t('shell.authLoading')}</p>
        ) : (
          <nav aria-label={t('shell.mainNavigation')} className="flex-1 overflow-y-auto px-3 py-4">
            <ul className="space-y-1">
              {menu.map((entry) => {
                const Icon = MENU_ICONS[entry.icon];
                const label = t(`menu.${entry.id as MenuId}`);
                return (
                  <li key={`${entry.path}-${entry.label}`}>
                    <NavLink
                      to={entry.path}
                      title={collapsed ? label : undefined}
                      onClick={onCloseMobile}
                      className={({ isActive }) =>
                        cn(
                          'flex min-h-10 items-center gap-3 rounded-lg px-3 py-2 text-sm leading-5 font-medium transition-colors',
                          collapsed && 'md:justify-center md:px-0',
                          isActive
                            ? 'bg-blue-600 text-white shadow-sm'
                            : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                        )
                      }
                    >
                      <Icon className="size-5 shrink-0" aria-hidden="true" />
                      {/* Wrapped, never cut: "Solicitudes de complementos" is wider than the menu. */}
                      <span className={cn('min-w-0 break-words', collapsed && 'md:sr-only')}>{label}</span>
                      {entry.id === 'messages' && unreadMessages > 0 && (
                        <span
                          data-testid="messages-unread"
                          className="ms-auto rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
                        >
                          <span aria-hidden="true">{badgeLabel(unreadMessages)}</span>
                          <span className="sr-only">{t('shell.unreadMessages', { count: unreadMessages })}</span>
                        </span>
                      )}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}

        {user && <UserFooter collapsed={collapsed} />}

        {/* Desktop only; not rendered on a phone, where the menu's last control must be its last tabbable one. */}
        {!isMobile && (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar')}
            aria-expanded={!collapsed}
            aria-controls={SIDEBAR_ID}
            className="hidden h-10 shrink-0 items-center justify-center border-t border-slate-800 text-slate-400 hover:bg-slate-800 hover:text-white md:flex"
          >
            {collapsed ? (
              <ChevronsRight className="size-5 rtl:-scale-x-100" aria-hidden="true" />
            ) : (
              <ChevronsLeft className="size-5 rtl:-scale-x-100" aria-hidden="true" />
            )}
          </button>
        )}
      </aside>
    </>
  );
}
