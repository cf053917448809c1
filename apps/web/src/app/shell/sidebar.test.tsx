import { MENUS } from '@lyceum/shared/menus';
import { ROLES } from '@lyceum/shared/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n/i18n';
import { authState, makeUser, renderWithProviders, signedIn } from '../../test/utils';
import { Sidebar } from './sidebar';

const props = {
  collapsed: false,
  onToggleCollapsed: () => {},
  isMobile: false,
  mobileOpen: false,
  onCloseMobile: () => {},
};

describe('Sidebar', () => {
  it.each(ROLES)('lists exactly MENUS.%s, in order, with their paths', (role) => {
    renderWithProviders(<Sidebar {...props} />, { auth: signedIn(role), path: '/dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(MENUS[role].map((entry) => entry.label));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(MENUS[role].map((entry) => entry.path));
    expect(links[0]?.textContent).toBe('Dashboard');
  });

  // QA at 1280 px: "Solicitudes de comple…" in Spanish, and a White Label school's name cut to "Maple Grove Sch…".
  it('wraps a long menu entry and a long school name instead of cutting them', async () => {
    await changeLanguage('es');
    try {
      renderWithProviders(<Sidebar {...props} />, { auth: signedIn('company_admin'), path: '/dashboard' });
      const nav = screen.getByRole('navigation', { name: 'Principal' });
      for (const link of within(nav).getAllByRole('link')) {
        const label = link.querySelector('span') as HTMLElement;
        expect(label.className.split(' ')).toContain('break-words');
        expect(label.className.split(' ')).not.toContain('truncate');
        // The entry grows with its label rather than keeping one line's height.
        expect(link.className.split(' ')).toContain('min-h-10');
        expect(link.className.split(' ')).not.toContain('h-10');
      }
    } finally {
      await changeLanguage('en');
    }
    const brand = screen.getByTestId('sidebar-brand');
    expect(brand.className.split(' ')).toEqual(expect.arrayContaining(['line-clamp-2', 'break-words']));
    expect(brand.className.split(' ')).not.toContain('truncate');
    expect(brand.title).toBe(brand.textContent);
  });

  it('shows Marketplace only to school_admin', () => {
    for (const role of ROLES) {
      const { unmount } = renderWithProviders(<Sidebar {...props} />, { auth: signedIn(role) });
      const link = within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', {
        name: 'Marketplace',
      });
      expect(Boolean(link)).toBe(role === 'school_admin');
      unmount();
    }
  });

  it('gives company_user the company lists it reads, not Revenue or Schools Usage', () => {
    renderWithProviders(<Sidebar {...props} />, { auth: signedIn('company_user'), path: '/dashboard' });
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Schools',
      'Subscription Plans',
      'Addon Requests',
      'Settings',
    ]);
  });

  it('highlights the active entry', () => {
    renderWithProviders(<Sidebar {...props} />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Attendance' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it("shows the user's initial, name, email and a Sign Out button", () => {
    const user = makeUser('principal', { name: 'grace Hopper', email: 'grace@school.test' });
    renderWithProviders(<Sidebar {...props} />, { auth: authState({ user }) });
    expect(screen.getByTestId('user-initial').textContent).toBe('G');
    expect(screen.getByText('grace Hopper')).toBeTruthy();
    expect(screen.getByText('grace@school.test')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it("says 'Authentication loading...' when the auth context is unavailable", () => {
    renderWithProviders(<Sidebar {...props} />, { auth: null });
    expect(screen.getByText('Authentication loading...')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it("says 'Authentication loading...' while auth loads", () => {
    renderWithProviders(<Sidebar {...props} />, { auth: authState({ isLoading: true }) });
    expect(screen.getByText('Authentication loading...')).toBeTruthy();
  });

  it('keeps labels for screen readers when collapsed and toggles with the collapse button', async () => {
    const onToggleCollapsed = vi.fn();
    renderWithProviders(<Sidebar {...props} collapsed onToggleCollapsed={onToggleCollapsed} />, {
      auth: signedIn('company_admin'),
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const schools = within(nav).getByRole('link', { name: 'Schools' });
    expect(schools.getAttribute('title')).toBe('Schools');
    expect(schools.querySelector('span')?.className).toContain('md:sr-only');
    const toggle = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(onToggleCollapsed).toHaveBeenCalledTimes(1);
  });
});

describe('Sidebar unread messages in Arabic', () => {
  afterEach(() => changeLanguage('en'));

  it('says the number its badge shows for one and two unread too, not the count in words only', async () => {
    await changeLanguage('ar');
    for (const count of [1, 2, 3]) {
      const { unmount } = renderWithProviders(<Sidebar {...props} />, {
        auth: authState({ user: makeUser('teacher'), unreadMessages: count }),
        path: '/dashboard',
      });
      const badge = await screen.findByTestId('messages-unread');
      expect(badge.querySelector('.sr-only')?.textContent).toContain(String(count));
      unmount();
    }
  });
});
