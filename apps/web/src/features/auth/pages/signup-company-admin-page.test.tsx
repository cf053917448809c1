import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders } from '../../../test/utils';
import { SignupCompanyAdminPage } from './signup-company-admin-page';

async function fill() {
  await userEvent.type(screen.getByLabelText('Your name'), 'Olga Operator');
  await userEvent.type(screen.getByLabelText('Email'), 'olga@example.test');
  await userEvent.type(screen.getByLabelText('Password'), 'operator-pass-123');
}

describe('SignupCompanyAdminPage', () => {
  it('asks the first company admin for the setup code from the server log, and sends it', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/auth/signup/company-admin': () => json({ open: true }),
      'POST /api/v1/auth/signup/company-admin': () => new Promise<Response>(() => {}),
    });
    renderWithProviders(<SignupCompanyAdminPage />, { path: '/signup/company-admin' });
    expect(await screen.findByText(/This server has no company admin yet/)).toBeTruthy();
    expect(screen.queryByLabelText('Invitation code')).toBeNull();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText("Enter the setup code from the server's log")).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Setup code'), ' 7KQ2-M9XD-4HRT-B0WZ ');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Olga Operator',
      email: 'olga@example.test',
      password: 'operator-pass-123',
      setupCode: '7KQ2-M9XD-4HRT-B0WZ',
    });
  });

  it('asks for an invitation code, not a setup code, once a company admin exists; in Spanish too', async () => {
    mockFetch({ 'GET /api/v1/auth/signup/company-admin': () => json({ open: false }) });
    renderWithProviders(<SignupCompanyAdminPage />, { path: '/signup/company-admin' });
    expect(await screen.findByLabelText('Invitation code')).toBeTruthy();
    expect(screen.queryByLabelText('Setup code')).toBeNull();
    await changeLanguage('es');
    expect(await screen.findByLabelText('Código de invitación')).toBeTruthy();
  });

  it('words the setup code in Spanish and Arabic', async () => {
    mockFetch({ 'GET /api/v1/auth/signup/company-admin': () => json({ open: true }) });
    renderWithProviders(<SignupCompanyAdminPage />, { path: '/signup/company-admin' });
    await screen.findByLabelText('Setup code');
    await changeLanguage('es');
    expect(await screen.findByLabelText('Código de configuración')).toBeTruthy();
    await changeLanguage('ar');
    expect(await screen.findByLabelText('رمز الإعداد')).toBeTruthy();
  });
});
