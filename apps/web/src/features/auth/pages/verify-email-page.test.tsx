import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, authState, makeUser, mockFetch, renderWithProviders } from '../../../test/utils';
import { VerifyEmailPage } from './verify-email-page';

const used = () => apiError(400, 'validation', 'This link is invalid or has already been used.');

describe('VerifyEmailPage, a link used before', () => {
  it('tells a signed-in admin whose address is confirmed that it is, with no button to look for', async () => {
    mockFetch({ 'POST /api/v1/auth/verify-email': used });
    renderWithProviders(<VerifyEmailPage />, {
      path: '/verify-email?token=used-token-123',
      auth: authState({ user: makeUser('school_admin'), mailVerificationRequired: false }),
    });
    expect(await screen.findByText('This link has already been used: your e-mail address is confirmed.')).toBeTruthy();
    expect(screen.queryByText(/Send the link again/)).toBeNull();
  });

  it('points a signed-in admin still to confirm at the banner’s button, and a stranger to sign in first', async () => {
    mockFetch({ 'POST /api/v1/auth/verify-email': used });
    const { unmount } = renderWithProviders(<VerifyEmailPage />, {
      path: '/verify-email?token=used-token-123',
      auth: authState({ user: makeUser('school_admin'), mailVerificationRequired: true }),
    });
    expect(await screen.findByText(/^This link is invalid.*Use "Send the link again" at the top/)).toBeTruthy();
    unmount();
    mockFetch({ 'POST /api/v1/auth/verify-email': used });
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email?token=used-token-123', auth: authState() });
    expect(await screen.findByText(/Sign in and use "Send the link again"/)).toBeTruthy();
  });
});
