import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders } from '../../../test/utils';
import { ForgotPasswordPage } from './forgot-password-page';

const SCHOOL = '0193a5f0-1111-7000-8000-000000000001';

afterEach(() => {
  document.documentElement.removeAttribute('style');
});

describe('ForgotPasswordPage', () => {
  it("keeps a White Label school's brand and leads back to its sign-in page", async () => {
    mockFetch({ 'GET /api/v1/brand': () => json({ name: 'Hillcrest Academy', logo: null, color: '#117755' }) });
    renderWithProviders(null, {
      path: `/forgot-password?school=${SCHOOL}`,
      routes: [{ path: '/forgot-password', element: <ForgotPasswordPage /> }],
    });
    expect(await screen.findByText('Hillcrest Academy')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(`/login?school=${SCHOOL}`);
    expect(document.documentElement.style.getPropertyValue('--color-blue-600')).toBe('#117755');
  });

  it("is the product's page without a school", () => {
    const { calls } = mockFetch({});
    renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });
    expect(screen.getByText('Lyceum')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(calls).toHaveLength(0);
  });
});
