import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, authState, json, makeUser, mockFetch, renderWithProviders } from '../../../test/utils';
import { VerifyEmailPage } from './verify-email-page';

const used = () => apiError(400, 'validation', 'This link is invalid or has already been used.');

describe('VerifyEmailPage, a link used before', () => {
  it('tells a signed-in admin whose address is confirmed that it is, with no button to look for', async () => {
    mockFetch({
      'POST /api/v1/auth/verify-email': used,
      'GET /api/v1/auth/email-verification': () =>
        json({ required: false, email: 'head@trial.test', signedUp: true, schoolConfirmed: true }),
    });
    renderWithProviders(<VerifyEmailPage />, {
      path: '/verify-email?token=used-token-123',
      auth: authState({ user: makeUser('school_admin'), mailVerificationRequired: false }),
    });
    expect(await screen.findByText('This link has already been used: your e-mail address is confirmed.')).toBeTruthy();
    expect(screen.queryByText(/Send the link again/)).toBeNull();
  });

  it('tells another admin of the school what is true for them: the school is confirmed, or only the signer can ask', async () => {
    // Their session says they have nothing to confirm, as for the admin who signed up: only the status tells them apart.
    const other = authState({ user: makeUser('school_admin'), mailVerificationRequired: false });
    mockFetch({
      'POST /api/v1/auth/verify-email': used,
      'GET /api/v1/auth/email-verification': () =>
        json({ required: false, email: 'second@trial.test', signedUp: false, schoolConfirmed: true }),
    });
    const { unmount } = renderWithProviders(<VerifyEmailPage />, {
      path: '/verify-email?token=used-token-123',
      auth: other,
    });
    expect(
      await screen.findByText("This link has already been used: your school's e-mail address is confirmed."),
    ).toBeTruthy();
    expect(screen.queryByText(/your e-mail address is confirmed/)).toBeNull();
    unmount();
    mockFetch({
      'POST /api/v1/auth/verify-email': used,
      'GET /api/v1/auth/email-verification': () =>
        json({ required: false, email: 'second@trial.test', signedUp: false, schoolConfirmed: false }),
    });
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email?token=used-token-123', auth: other });
    expect(
      await screen.findByText(
        /^This link is invalid.*Only the school admin who signed the school up can ask for a new link\.$/,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/is confirmed/)).toBeNull();
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
