import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, authState, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { VerifyEmailPage } from '../pages/verify-email-page';
import { VerifyEmailBanner } from './verify-email-banner';

describe('VerifyEmailBanner', () => {
  it('asks an unverified school admin to confirm, and sends the link again once', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/auth/email-verification': () =>
        json({ required: true, email: 'head@trial.test', signedUp: true, schoolConfirmed: false }),
      'POST /api/v1/auth/email-verification/resend': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<VerifyEmailBanner />, { auth: signedIn('school_admin') });
    expect(await screen.findByText('head@trial.test')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('button', { name: 'Sent' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows the limit when the server refuses another link', async () => {
    const message = 'At most 5 verification e-mails a day are sent to one address. Try again tomorrow.';
    mockFetch({
      'GET /api/v1/auth/email-verification': () =>
        json({ required: true, email: 'head@trial.test', signedUp: true, schoolConfirmed: false }),
      'POST /api/v1/auth/email-verification/resend': () => apiError(429, 'rate_limited', message),
    });
    renderWithProviders(<VerifyEmailBanner />, { auth: signedIn('school_admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('is not there for a verified school, and never asks for other roles', async () => {
    const verified = mockFetch({
      'GET /api/v1/auth/email-verification': () =>
        json({ required: false, email: 'head@trial.test', signedUp: true, schoolConfirmed: true }),
    });
    const first = renderWithProviders(<VerifyEmailBanner />, { auth: signedIn('school_admin') });
    await waitFor(() =>
      expect(first.queryClient.getQueryState(['auth', 'email-verification'])?.status).toBe('success'),
    );
    expect(verified.calls).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
    first.unmount();
    const teacher = mockFetch({});
    renderWithProviders(<VerifyEmailBanner />, { auth: signedIn('teacher') });
    expect(teacher.calls).toHaveLength(0);
  });
});

describe('VerifyEmailPage', () => {
  it('confirms the address from the link', async () => {
    const { calls } = mockFetch({ 'POST /api/v1/auth/verify-email': () => new Response(null, { status: 204 }) });
    renderWithProviders(null, {
      auth: authState(),
      path: '/verify-email?token=abcdefghijklmnop',
      routes: [{ path: '/verify-email', element: <VerifyEmailPage /> }],
    });
    expect(await screen.findByText(/Your e-mail address is confirmed/)).toBeTruthy();
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', body: { token: 'abcdefghijklmnop' } })]);
  });

  it('says what to do with a used or expired link', async () => {
    mockFetch({
      'POST /api/v1/auth/verify-email': () =>
        apiError(400, 'auth/invalid-action-code', 'This link is invalid or has already been used.'),
    });
    renderWithProviders(null, {
      auth: authState(),
      path: '/verify-email?token=abcdefghijklmnop',
      routes: [{ path: '/verify-email', element: <VerifyEmailPage /> }],
    });
    expect(await screen.findByText(/already been used/)).toBeTruthy();
  });
});
