import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { apiError, authState, json, mockFetch, renderWithProviders } from '../../../test/utils';
import { ResetPasswordPage } from './reset-password-page';

const path = '/reset-password?token=an-invitation-token-123';
const open = () => renderWithProviders(<ResetPasswordPage />, { path, auth: authState() });
const used = () => apiError(400, 'auth/invalid-action-code', 'This link is invalid or has already been used.');

describe('ResetPasswordPage: the link is checked as the page opens', () => {
  it('says at once that a used invitation link is used, with the way to sign in or ask for a new link, and no password fields', async () => {
    const { calls } = mockFetch({ 'POST /api/v1/auth/reset-password/check': used });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'This link is invalid or has already been used. If you have already set your password, sign in with it. If not, ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'sign in with it' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'ask for a new one' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set password' })).toBeNull();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/v1/auth/reset-password/check', { token: 'an-invitation-token-123' }],
    ]);
  });

  // QA: "This link has expired. Please ask for a new one. … If not, ask for a new one." said it twice.
  it('says an expired link has expired, in the server’s words, without asking twice for a new link', async () => {
    for (const [language, message, next, newLink] of [
      [
        'en',
        'This link has expired. Please ask for a new one.',
        'If you have already set your password, sign in with it.',
        'Request a new link',
      ],
      [
        'es',
        'Este enlace ha caducado. Solicite uno nuevo.',
        'Si ya estableció su contraseña, inicie sesión con ella.',
        'Solicitar un enlace nuevo',
      ],
      [
        'ar',
        'انتهت صلاحية هذا الرابط. يُرجى طلب رابط جديد.',
        'إذا كنت قد عيّنت كلمة المرور بالفعل، سجّل الدخول بها.',
        'طلب رابط جديد',
      ],
    ] as const) {
      await changeLanguage(language);
      try {
        mockFetch({
          'POST /api/v1/auth/reset-password/check': () => apiError(400, 'auth/expired-action-code', message),
        });
        const { unmount } = open();
        expect((await screen.findByRole('alert')).textContent).toBe(`${message} ${next} ${newLink}`);
        expect(screen.getByRole('link', { name: newLink }).getAttribute('href')).toBe('/forgot-password');
        expect(screen.queryByLabelText('New password')).toBeNull();
        unmount();
      } finally {
        await changeLanguage('en');
      }
    }
  });

  it('asks for the new password when the link works', async () => {
    mockFetch({ 'POST /api/v1/auth/reset-password/check': () => json({ valid: true as const }) });
    open();
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(screen.getByLabelText('Confirm new password')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('still asks for the password when the check itself could not answer (too many requests)', async () => {
    mockFetch({
      'POST /api/v1/auth/reset-password/check': () =>
        apiError(429, 'auth/too-many-requests', 'Too many attempts. Please wait a few minutes and try again.'),
    });
    open();
    expect(await screen.findByLabelText('New password')).toBeTruthy();
  });

  it('speaks Spanish and Arabic around the server’s message', async () => {
    for (const [language, message, next] of [
      [
        'es',
        'Este enlace no es válido o ya se ha utilizado.',
        'Si ya estableció su contraseña, inicie sesión con ella. Si no, pida uno nuevo.',
      ],
      [
        'ar',
        'هذا الرابط غير صالح أو سبق استخدامه.',
        'إذا كنت قد عيّنت كلمة المرور بالفعل، سجّل الدخول بها. وإلا، اطلب رابطًا جديدًا.',
      ],
    ] as const) {
      await changeLanguage(language);
      try {
        mockFetch({
          'POST /api/v1/auth/reset-password/check': () => apiError(400, 'auth/invalid-action-code', message),
        });
        const { unmount } = open();
        expect((await screen.findByRole('alert')).textContent).toBe(`${message} ${next}`);
        unmount();
      } finally {
        await changeLanguage('en');
      }
    }
  });
});
