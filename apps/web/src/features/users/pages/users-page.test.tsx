import type { UserAccountResponse } from '@lyceum/shared/people';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { UsersPage } from './users-page';

function account(
  id: string,
  name: string,
  role: UserAccountResponse['role'],
  extra: Partial<UserAccountResponse> = {},
): UserAccountResponse {
  return {
    id,
    name,
    email: `${id}@x.test`,
    phone: null,
    role,
    isActive: true,
    invitationPending: false,
    invited: false,
    lastLoginAt: null,
    profileImage: null,
    createdAt: '2026-01-01T00:00:00Z',
    ...extra,
  };
}

const ACCOUNTS = [
  account('user-principal', 'Me Myself', 'principal'),
  account('admin-1', 'Sam Admin', 'school_admin'),
  account('teacher-1', 'Tara Teachwell', 'teacher', { invitationPending: true, invited: true }),
];

function rowOf(name: string): HTMLElement {
  return screen.getByText(name).closest('tr') as HTMLElement;
}

describe('UsersPage', () => {
  it('offers no actions on yourself, and a principal none on a school admin', async () => {
    mockFetch({ 'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }) });
    renderWithProviders(<UsersPage />, { auth: signedIn('principal') });
    await screen.findByText('Tara Teachwell');
    expect(within(rowOf('Me Myself')).queryAllByRole('button')).toHaveLength(0);
    expect(within(rowOf('Sam Admin')).queryAllByRole('button')).toHaveLength(0);
    const teacher = within(rowOf('Tara Teachwell'));
    expect(teacher.getByRole('button', { name: 'Resend invitation to Tara Teachwell' })).toBeTruthy();
    expect(teacher.getByRole('button', { name: "Reset Tara Teachwell's password" })).toBeTruthy();
    expect(teacher.getByRole('button', { name: 'Deactivate Tara Teachwell' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add principal' })).toBeTruthy();
  });

  it('says an account never mailed has no password yet, and its first invitation is sent, not sent again', async () => {
    const user = userEvent.setup();
    const ben = account('student-1', 'Ben Imported', 'student', { invitationPending: true, invited: false });
    mockFetch({
      'GET /api/v1/users': () => json({ items: [...ACCOUNTS, ben], nextCursor: null, total: 4 }),
      'POST /api/v1/users/student-1/resend-invitation': () => new Response(null, { status: 204 }),
    });
    toast.remove();
    renderWithProviders(
      <>
        <UsersPage />
        <Toaster />
      </>,
      { auth: signedIn('school_admin') },
    );
    await screen.findByText('Ben Imported');
    const row = within(rowOf('Ben Imported'));
    expect(row.getByText('No password yet')).toBeTruthy();
    expect(row.queryByText('Invitation pending')).toBeNull();
    expect(within(rowOf('Tara Teachwell')).getByText('Invitation pending')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Send an invitation to Ben Imported' }));
    expect(await screen.findByText('Invitation sent to student-1@x.test')).toBeTruthy();
    expect(screen.queryByText(/sent again/)).toBeNull();
  });

  it('shows a temporary password from a reset once, in the one-time dialog', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }),
      'POST /api/v1/users/teacher-1/reset-password': () =>
        json({ temporaryPassword: 'Tmp-pass-123456789', invitationSent: false }),
    });
    renderWithProviders(<UsersPage />, { auth: signedIn('school_admin') });
    await user.click(await screen.findByRole('button', { name: "Reset Tara Teachwell's password" }));
    await user.click(screen.getByRole('radio', { name: /Show a temporary password/ }));
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password reset' });
    expect(within(dialog).getByLabelText('Temporary password of Tara Teachwell').textContent).toBe(
      'Tmp-pass-123456789',
    );
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ mode: 'temporary' }));
  });

  it('adds a principal with a temporary password by default, like the other people forms', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }),
      'POST /api/v1/users': () =>
        json({ user: account('new-1', 'Paula Principal', 'principal'), temporaryPassword: 'Tmp-pass-123456789' }, 201),
    });
    renderWithProviders(<UsersPage />, { auth: signedIn('school_admin') });
    await user.click(await screen.findByRole('button', { name: 'Add principal or admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a principal or administrator' });
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Send an invitation e-mail' }) as HTMLInputElement).checked,
    ).toBe(false);
    await user.type(within(dialog).getByLabelText('Full name'), 'Paula Principal');
    await user.type(within(dialog).getByLabelText('E-mail'), 'paula@x.test');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ role: 'principal', sendInvitation: false }),
    );
  });

  it('is not for teachers', () => {
    const { calls } = mockFetch({});
    renderWithProviders(<UsersPage />, { auth: signedIn('teacher') });
    expect(screen.getByText('Not available for your role')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('speaks Spanish, and Arabic right to left', async () => {
    mockFetch({ 'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }) });
    try {
      await act(() => changeLanguage('es'));
      const { unmount } = renderWithProviders(<UsersPage />, { auth: signedIn('school_admin') });
      expect(await screen.findByRole('heading', { name: 'Usuarios', level: 1 })).toBeTruthy();
      expect(await screen.findByText('3 cuentas en esta vista.')).toBeTruthy();
      unmount();
      await act(() => changeLanguage('ar'));
      renderWithProviders(<UsersPage />, { auth: signedIn('school_admin') });
      expect(await screen.findByRole('heading', { name: 'المستخدمون', level: 1 })).toBeTruthy();
      expect(await screen.findByRole('button', { name: 'إعادة تعيين كلمة مرور Tara Teachwell' })).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
