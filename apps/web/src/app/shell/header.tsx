import { PRODUCT_TITLE } from '@lyceum/shared/constants';
import { Menu, PhoneCall, School } from 'lucide-react';
import type { Ref } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SubscriptionExpiryWatcher } from '../../features/subscription/components/expiry-watcher';
import { useBrandedSchool } from '../../features/subscription/components/school-brand';
import { useAuthContext } from '../../lib/auth';
import { SIDEBAR_ID } from './sidebar';

interface HeaderProps {
  mobileMenuOpen: boolean;
  onOpenMobileMenu: () => void;
  /** The phone's menu button, to which focus returns when the menu closes. */
  menuButtonRef?: Ref<HTMLButtonElement>;
}

/** The header of docs/product.md, "The shell: header, sidebar, toasts": school logo or default icon, school name or product title, role and name, actions. */
export function Header({ mobileMenuOpen, onOpenMobileMenu, menuButtonRef }: HeaderProps) {
  const { t } = useT();
  const auth = useAuthContext();
  const navigate = useNavigate();
  const user = auth?.user ?? null;
  const school = useBrandedSchool(auth?.school ?? null);

  return (
    <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:gap-3 sm:px-6">
      <button
        ref={menuButtonRef}
        type="button"
        aria-label={t('shell.openMenu')}
        aria-expanded={mobileMenuOpen}
        aria-controls={SIDEBAR_ID}
        onClick={onOpenMobileMenu}
        className="flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 md:hidden"
      >
        <Menu className="size-5" aria-hidden="true" />
      </button>

      {/* Below 640 px the logo gives its room to the person's name, so about 40 characters fit on two lines
          (docs/product.md, "The shell: header, sidebar, toasts"); the school's name stays beside it. */}
      {school?.logo ? (
        <img
          src={school.logo}
          alt={t('shell.schoolLogo', { name: school.name })}
          className="hidden size-9 shrink-0 rounded-lg border border-slate-200 object-cover sm:block"
          data-testid="header-school-logo"
        />
      ) : (
        <span
          className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-700 sm:flex"
          data-testid="header-school-logo"
        >
          <School className="size-5" aria-hidden="true" data-testid="default-school-icon" />
        </span>
      )}

      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900 sm:text-base">{school?.name ?? PRODUCT_TITLE}</p>
        {user && (
          // On a phone the name alone fits beside the buttons; the role is then read out here and shown in the
          // menu (docs/product.md, "The shell: header, sidebar, toasts"). A longer name wraps to a second line
          // there rather than being cut (40 characters fit at 375 px). The title holds both for a pointer.
          <p
            className="line-clamp-2 break-words text-xs leading-4 text-slate-500 sm:line-clamp-1"
            title={`${t(`roles.${user.role}`)} · ${user.name}`}
            data-testid="header-user"
          >
            <span className="sr-only font-medium text-slate-700 sm:not-sr-only">{t(`roles.${user.role}`)}</span>
            <span aria-hidden="true" className="hidden sm:inline">
              {' · '}
            </span>
            <span className="sr-only">, </span>
            <span className="font-medium text-slate-700 sm:font-normal sm:text-slate-500">{user.name}</span>
          </p>
        )}
      </div>

      <button
        type="button"
        onClick={() => navigate('/emergency-contact')}
        className="flex h-10 shrink-0 items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-2.5 text-sm font-medium text-red-700 hover:bg-red-100 sm:px-3"
      >
        <PhoneCall className="size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t('shell.emergencyContact')}</span>
      </button>

      <NotificationBell />

      {user && (
        <Avatar
          name={user.name}
          src={user.profileImage}
          className="hidden sm:inline-flex"
          data-testid="header-avatar"
        />
      )}
      <SubscriptionExpiryWatcher />
    </header>
  );
}
