import { MOBILE_BREAKPOINT_PX, PRODUCT_TITLE } from '@lyceum/shared/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '../../test/media';
import { createTestQueryClient, makeUser, mockFetch, renderWithProviders, signedIn } from '../../test/utils';
import { notificationKeys } from '../../features/notifications/api/get-notifications';
import { AppShell } from './app-shell';

function renderShell(width: number, auth = signedIn('school_admin', { name: 'Hill Valley High', logo: null })) {
  setViewportWidth(width);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(notificationKeys.list, { items: [], unread: 0 });
  return renderWithProviders(null, {
    auth,
    queryClient,
    path: '/dashboard',
    routes: [
      {
        path: '/',
        element: <AppShell />,
        children: [
          { path: 'dashboard', element: <p>Dashboard page</p> },
          { path: 'students', element: <p>Students page</p> },
          { path: 'emergency-contact', element: <p>Emergency page</p> },
        ],
      },
    ],
  });
}

const sidebar = () => document.getElementById('app-sidebar') as HTMLElement;
const overlay = () => screen.queryByTestId('sidebar-overlay');

describe('AppShell on a phone (below 768 px)', () => {
  it('starts closed: off-canvas sidebar is inert, no overlay', () => {
    renderShell(375);
    expect(sidebar().dataset.state).toBe('closed');
    expect(sidebar().hasAttribute('inert')).toBe(true);
    expect(overlay()).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('opens with the hamburger and closes with the close button', async () => {
    renderShell(375);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(sidebar().dataset.state).toBe('open');
    expect(sidebar().hasAttribute('inert')).toBe(false);
    expect(overlay()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('true');
    const close = screen.getByRole('button', { name: 'Close menu' });
    expect(document.activeElement).toBe(close);

    await userEvent.click(close);
    expect(sidebar().dataset.state).toBe('closed');
    expect(overlay()).toBeNull();
  });

  it('is a modal dialog while open, named, holding the menu; closed, there is no dialog', async () => {
    renderShell(375);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Sidebar' });
    expect(dialog).toBe(sidebar());
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByRole('navigation', { name: 'Main' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sidebar().hasAttribute('aria-modal')).toBe(false);
  });

  it('closes when the overlay is clicked', async () => {
    renderShell(375);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(overlay() as HTMLElement);
    expect(sidebar().dataset.state).toBe('closed');
  });

  it('closes on Escape', async () => {
    renderShell(375);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.keyboard('{Escape}');
    expect(sidebar().dataset.state).toBe('closed');
  });

  it('holds focus while open: Tab and Shift+Tab go round inside the menu, the rest of the page is inert', async () => {
    renderShell(375);
    const openMenu = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(openMenu);
    const close = screen.getByRole('button', { name: 'Close menu' });
    const signOut = screen.getByRole('button', { name: 'Sign Out' });
    expect(document.activeElement).toBe(close);
    // Header, page and skip link sit under the overlay: out of reach of Tab and screen readers.
    expect(screen.getByRole('banner').closest('[inert]')).not.toBeNull();
    expect(document.getElementById('main-content')?.closest('[inert]')).not.toBeNull();
    expect(document.querySelector('a[href="#main-content"]')?.closest('[inert]')).not.toBeNull();
    expect(sidebar().closest('[inert]')).toBeNull();

    // Close menu, each menu entry, Sign Out: then round to Close menu again.
    const stops = within(sidebar()).getAllByRole('link').length + 2;
    for (let i = 1; i < stops; i++) {
      await userEvent.tab();
      expect(sidebar().contains(document.activeElement)).toBe(true);
    }
    expect(document.activeElement).toBe(signOut);
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(signOut);

    await userEvent.click(close);
    expect(screen.getByRole('banner').closest('[inert]')).toBeNull();
    expect(document.getElementById('main-content')?.closest('[inert]')).toBeNull();
  });

  it('gives focus back to the menu button when closed by Escape, the close button or the overlay', async () => {
    renderShell(375);
    const openMenu = screen.getByRole('button', { name: 'Open menu' });
    for (const close of [
      () => userEvent.keyboard('{Escape}'),
      () => userEvent.click(screen.getByRole('button', { name: 'Close menu' })),
      () => userEvent.click(overlay() as HTMLElement),
    ]) {
      await userEvent.click(openMenu);
      expect(sidebar().contains(document.activeElement)).toBe(true);
      await close();
      expect(sidebar().dataset.state).toBe('closed');
      expect(document.activeElement).toBe(openMenu);
    }
  });

  it('closes when navigating from the menu', async () => {
    const { router } = renderShell(375);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Students' }),
    );
    expect(router.state.location.pathname).toBe('/students');
    expect(screen.getByText('Students page')).toBeTruthy();
    expect(sidebar().dataset.state).toBe('closed');
  });

  it('closes when the window grows past the breakpoint', async () => {
    renderShell(375);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    act(() => setViewportWidth(MOBILE_BREAKPOINT_PX));
    expect(sidebar().dataset.state).toBe('expanded');
    expect(overlay()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('AppShell on a desktop', () => {
  it('collapses to icons and expands again, remembering the choice', async () => {
    renderShell(1280);
    expect(sidebar().dataset.state).toBe('expanded');
    expect(sidebar().hasAttribute('inert')).toBe(false);
    // Beside the page, not over it: a landmark, not a dialog.
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBe(sidebar());
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar().dataset.state).toBe('collapsed');
    expect(window.localStorage.getItem('lyceum.sidebar.collapsed')).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar().dataset.state).toBe('expanded');
  });
});

describe('Header', () => {
  it('shows the school name, the default icon, the role and the name', () => {
    renderShell(1280);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Hill Valley High')).toBeTruthy();
    expect(within(header).getByTestId('default-school-icon')).toBeTruthy();
    expect(header.textContent).toContain('School Admin');
    expect(header.textContent).toContain('Ada Lovelace');
  });

  it('on a phone keeps the whole name: role and name in the header’s text and title, the role in the menu', () => {
    renderShell(375);
    const header = screen.getByRole('banner');
    // The name has the line to itself; the role is read out before it and shown in the menu.
    const line = within(header).getByTitle('School Admin · Ada Lovelace');
    expect(line.textContent).toMatch(/^School Admin.*, Ada Lovelace$/);
    expect(within(line).getByText('Ada Lovelace').tagName).toBe('SPAN');
    expect(within(sidebar()).getByText('School Admin')).toBeTruthy();
    expect(within(sidebar()).getByText('Ada Lovelace')).toBeTruthy();
  });

  it('on a phone a long name wraps to a second line instead of being cut with an ellipsis', () => {
    const name = 'Tess Trialadmin-Longname Okonkwo-Bradley'; // 40 characters
    renderShell(375, {
      ...signedIn('school_admin', { name: 'Hill Valley High', logo: null }),
      user: makeUser('school_admin', { name }),
    });
    const line = within(screen.getByRole('banner')).getByTestId('header-user');
    expect(line.title).toBe(`School Admin · ${name}`);
    expect(within(line).getByText(name)).toBeTruthy();
    // Two lines below 640 px (one from there up), wrapping inside a word if it must; never one truncated line.
    const classes = line.className.split(' ');
    expect(classes).toEqual(expect.arrayContaining(['line-clamp-2', 'break-words', 'sm:line-clamp-1']));
    expect(classes).not.toContain('truncate');
    expect(classes.filter((c) => !c.startsWith('sm:') && c.startsWith('line-clamp'))).toEqual(['line-clamp-2']);
    // The school's icon (or logo) leaves the phone's header to make that room.
    expect(within(screen.getByRole('banner')).getByTestId('header-school-logo').className.split(' ')).toEqual(
      expect.arrayContaining(['hidden', 'sm:flex']),
    );
  });

  it('shows the school logo when there is one, and the product title without a school', () => {
    const { unmount } = renderShell(1280, signedIn('teacher', { name: 'Logo School', logo: '/files/logo.png' }));
    expect(screen.getByRole('img', { name: 'Logo School logo' }).getAttribute('src')).toBe('/files/logo.png');
    unmount();
    renderShell(1280, signedIn('company_admin'));
    expect(within(screen.getByRole('banner')).getByText(PRODUCT_TITLE)).toBeTruthy();
  });

  it("with White Label, the school's name replaces the product's in the sidebar and the browser tab too", async () => {
    // The brand comes with the session (GET /auth/me), not from a request of its own.
    const { calls } = mockFetch({});
    const brand = { name: 'Hill Valley High', logo: null, color: '#117755' };
    renderShell(1280, signedIn('school_admin', { name: 'Hillcrest', logo: null, brand }));
    await waitFor(() => expect(within(sidebar()).getByText('Hill Valley High')).toBeTruthy());
    expect(calls.filter((c) => c.url.includes('/school'))).toHaveLength(0);
    expect(within(sidebar()).queryByText(PRODUCT_TITLE)).toBeNull();
    expect(document.title).toBe('Hill Valley High');
    document.documentElement.removeAttribute('style');
  });

  it('opens the emergency contact page from its button', async () => {
    const { router } = renderShell(1280);
    await userEvent.click(screen.getByRole('button', { name: 'Emergency contact' }));
    expect(router.state.location.pathname).toBe('/emergency-contact');
    expect(screen.getByText('Emergency page')).toBeTruthy();
  });
});
