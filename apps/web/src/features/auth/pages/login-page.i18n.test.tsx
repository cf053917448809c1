import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale-constants';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setFormatSettings } from '../../../lib/i18n/format';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { LocaleSync } from '../../../lib/i18n/locale-sync';
import { authState, makeUser, renderWithProviders } from '../../../test/utils';
import { LoginPage } from './login-page';

const render = (path = '/login') =>
  renderWithProviders(null, { path, routes: [{ path: '/login', element: <LoginPage /> }] });

// Unmount first: switching back to English must not re-render a finished test's components outside act().
afterEach(async () => {
  cleanup();
  setFormatSettings({ language: 'en', locale: DEFAULT_SCHOOL_LOCALE });
  await changeLanguage('en');
});

describe('LoginPage in other languages', () => {
  it('is written in Arabic, right to left', async () => {
    await changeLanguage('ar');
    render();
    expect(await screen.findByRole('heading', { name: 'سجّل الدخول إلى حسابك' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'مدير المدرسة' })).toBeTruthy();
  });

  it('lets a visitor switch to Spanish before signing in, and remembers it on this device', async () => {
    render();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'es');
    expect(await screen.findByRole('heading', { name: 'Inicie sesión en su cuenta' })).toBeTruthy();
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
    expect(window.localStorage.getItem('lyceum.language')).toBe('es');
  });

  it("keeps the language picked here after signing in, unless the account has its own; else the school's", async () => {
    const school = (language: 'en' | 'ar') => ({
      name: 'Hill Valley High',
      logo: null,
      locale: { ...DEFAULT_SCHOOL_LOCALE, language },
    });
    const signIn = (language: 'ar' | null, schoolLanguage: 'en' | 'ar' = 'en') => {
      cleanup();
      renderWithProviders(<LocaleSync />, {
        auth: authState({ user: makeUser('teacher', { language }), school: school(schoolLanguage) }),
      });
    };
    render();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'es');
    await screen.findByRole('heading', { name: 'Inicie sesión en su cuenta' });
    // A teacher with no language of their own, in an English school: the page stays in Spanish.
    signIn(null);
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    // An account's own language comes first.
    signIn('ar');
    await waitFor(() => expect(document.documentElement.lang).toBe('ar'));
    // Nothing picked on the device: the school's language.
    window.localStorage.clear();
    signIn(null, 'ar');
    await waitFor(() => expect(document.documentElement.lang).toBe('ar'));
    signIn(null, 'en');
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });
});
