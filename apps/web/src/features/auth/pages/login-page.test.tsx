import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, apiError } from '../../../test/utils';
import { LoginPage } from './login-page';

const SCHOOL = '0193a5f0-1111-7000-8000-000000000001';
const brandOf = () => json({ name: 'Hillcrest Academy', logo: null, color: '#117755' });
const render = (path: string) =>
  renderWithProviders(null, { path, routes: [{ path: '/login', element: <LoginPage /> }] });

afterEach(() => {
  document.documentElement.removeAttribute('style');
});

describe('LoginPage', () => {
  it("becomes a White Label school's own sign-in page with ?school=", async () => {
    const { calls } = mockFetch({ 'GET /api/v1/brand': brandOf });
    render(`/login?school=${SCHOOL}`);
    expect(await screen.findByText('Hillcrest Academy')).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain(`/api/v1/brand?school=${SCHOOL}`);
    expect(screen.queryByText('Lyceum')).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--color-blue-600')).toBe('#117755');
    // Only the school's roles, and no links to register schools or to the platform's sign-in pages.
    const roles = [...(screen.getByLabelText('Role') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(roles).not.toContain('Company Admin');
    expect(roles).toContain('Teacher');
    expect(screen.queryByRole('link', { name: 'Register your school' })).toBeNull();
    // Password reset stays on the school's pages.
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      `/forgot-password?school=${SCHOOL}`,
    );
  });

  it("stays the product's page when the school has no brand to show", async () => {
    const { calls } = mockFetch({
      'GET /api/v1/brand': () => apiError(404, 'not_found', 'School not found'),
    });
    render(`/login?school=${SCHOOL}`);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByText('Lyceum')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register your school' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(document.documentElement.style.getPropertyValue('--color-blue-600')).toBe('');
  });

  it('does not ask the server about a malformed school id, nor without one', () => {
    const { calls } = mockFetch({ 'GET /api/v1/brand': brandOf });
    render('/login?school=../../etc');
    render('/login');
    expect(calls).toHaveLength(0);
    expect(screen.getAllByText('Lyceum')).toHaveLength(2);
  });
});
