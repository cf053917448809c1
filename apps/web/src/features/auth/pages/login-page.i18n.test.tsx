import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale-constants';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setFormatSettings } from '../../../lib/i18n/format';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { renderWithProviders } from '../../../test/utils';
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
});
