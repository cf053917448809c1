import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import type { SchoolResponse } from '@lyceum/shared/company';
import { json, mockFetch, renderWithProviders, signedIn, wrongPasswordResponse } from '../../../test/utils';
import { SettingsPage } from './settings-page';

describe('SettingsPage', () => {
  it('shows the server field error of a wrong current password inline', async () => {
    mockFetch({
      'POST /api/v1/auth/change-password': wrongPasswordResponse,
    });
    renderWithProviders(<SettingsPage />, { auth: signedIn('teacher') });
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-one');
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-long-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-new-long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });

  it('checks that the new passwords match before calling the server', async () => {
    const { calls } = mockFetch({});
    renderWithProviders(<SettingsPage />, { auth: signedIn('teacher') });
    await userEvent.type(screen.getByLabelText('Current password'), 'current-pass');
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-long-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'something-else');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('saves the profile with PATCH /profile', async () => {
    const { calls } = mockFetch({
      'PATCH /api/v1/profile': (init) => {
        const body = JSON.parse(String(init.body));
        return json({ user: { ...signedIn('teacher').user, ...body }, school: null });
      },
    });
    renderWithProviders(<SettingsPage />, { auth: signedIn('teacher') });
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.type(screen.getByLabelText('Phone'), '+44 20 7946 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Ada King', phone: '+44 20 7946 0000' });
  });

  it('lets only company admins create an invitation code', async () => {
    mockFetch({
      'POST /api/v1/company/invitations': () => json({ code: 'INV-ABC-123', expiresAt: '2030-01-01T00:00:00Z' }, 201),
    });
    const { unmount } = renderWithProviders(<SettingsPage />, { auth: signedIn('admin') });
    expect(screen.queryByText('Invite a company admin')).toBeNull();
    unmount();
    renderWithProviders(<SettingsPage />, { auth: signedIn('company_admin') });
    expect(screen.getByText('Invite a company admin')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation code' }));
    expect((await screen.findByTestId('invitation-code')).textContent).toBe('INV-ABC-123');
    // Read out or copied by hand: left to right in every language.
    expect(screen.getByTestId('invitation-code').getAttribute('dir')).toBe('ltr');
  });

  it('isolates the invitation page path in the Arabic sentence, so its slash stays in front', async () => {
    await changeLanguage('ar');
    try {
      renderWithProviders(<SettingsPage />, { auth: signedIn('company_admin') });
      expect(
        await screen.findByText('أنشئ رمز دعوة صالحًا لمرة واحدة. يُدخله زميلك في \u2068/signup/company-admin\u2069.'),
      ).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });

  it("gives a White Label school's admin its branded sign-in link, and nobody else", async () => {
    // The brand comes with the session (GET /auth/me).
    const school = (brand: SchoolResponse['brand']) => ({ name: 'Hillcrest', logo: null, brand });
    mockFetch({});
    const { unmount } = renderWithProviders(<SettingsPage />, {
      auth: signedIn('school_admin', school({ name: 'Hillcrest', logo: null, color: '#117755' })),
    });
    expect(await screen.findByText('Branded sign-in page')).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/login?school=school-1`)).toBeTruthy();
    unmount();

    const teacher = renderWithProviders(<SettingsPage />, {
      auth: signedIn('teacher', school({ name: 'Hillcrest', logo: null, color: '#117755' })),
    });
    expect(screen.queryByText('Branded sign-in page')).toBeNull();
    teacher.unmount();
    renderWithProviders(<SettingsPage />, { auth: signedIn('school_admin', school(null)) });
    expect(screen.queryByText('Branded sign-in page')).toBeNull();
  });

  it("says in its subtitle what this role's Settings hold, in the reader's language", async () => {
    mockFetch({});
    const subtitles = {
      teacher: 'Your profile, language and password.',
      admin: 'Your profile, language and password.',
      principal: "Your profile, language and password, and the school's academic years.",
      school_admin:
        "Your profile, language and password, and the school's language and region, attendance settings and academic years.",
      company_admin: 'Your profile, language and password, and invitations for new company admins.',
    } as const;
    for (const [role, subtitle] of Object.entries(subtitles)) {
      const { unmount } = renderWithProviders(<SettingsPage />, { auth: signedIn(role as keyof typeof subtitles) });
      expect(screen.queryByText(subtitle), role).not.toBeNull();
      unmount();
    }
    await changeLanguage('es');
    try {
      renderWithProviders(<SettingsPage />, { auth: signedIn('school_admin') });
      expect(
        await screen.findByText(
          'Su perfil, su idioma y su contraseña, y el idioma y la región, los ajustes de asistencia y los años académicos de la escuela.',
        ),
      ).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });

  it('speaks Arabic right to left, its own form checks included', async () => {
    await changeLanguage('ar');
    try {
      const { calls } = mockFetch({});
      renderWithProviders(<SettingsPage />, { auth: signedIn('teacher') });
      expect(await screen.findByRole('heading', { name: 'الإعدادات' })).toBeTruthy();
      expect((screen.getByLabelText('الدور') as HTMLInputElement).value).toBe('معلم');
      await userEvent.type(screen.getByLabelText('كلمة المرور الحالية'), 'current-pass');
      await userEvent.type(screen.getByLabelText('كلمة المرور الجديدة'), 'a-new-long-password');
      await userEvent.type(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), 'something-else');
      await userEvent.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
      expect(await screen.findByText('كلمتا المرور غير متطابقتين')).toBeTruthy();
      expect(calls).toHaveLength(0);
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await changeLanguage('en');
    }
  });
});
