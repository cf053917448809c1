import type { MailVerificationStatus } from '@lyceum/shared/auth';
import { TRIAL_MAIL_MESSAGES } from '@lyceum/shared/trial-mail';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TeachersPage } from '../../features/teachers/pages/teachers-page';
import type { AuthState } from '../../lib/auth';
import { json, mockFetch, renderWithProviders, signedIn } from '../../test/utils';

const preview = { columns: ['name', 'email'], rows: [], rowCount: 0, validCount: 0, errors: [] };

/** A school admin's session as `GET /auth/me` answers it: whether the school may mail, and whether the banner is theirs. */
const admin = (mailAllowed: boolean, mailVerificationRequired: boolean): AuthState => ({
  ...signedIn('school_admin', { name: 'Trial School', logo: null, mailAllowed }),
  mailVerificationRequired,
});

async function previewImport(auth: AuthState, status?: MailVerificationStatus, tick = false) {
  const user = userEvent.setup();
  const { calls } = mockFetch({
    'GET /api/v1/teachers': () => json({ items: [], nextCursor: null, total: 0 }),
    'GET /api/v1/auth/email-verification': () =>
      json(status ?? { required: false, email: 'x@trial.test', signedUp: true, schoolConfirmed: true }),
    'POST /api/v1/teachers/import/preview': (req) =>
      json(
        JSON.parse(String(req.body)).sendInvitation && auth.school?.mailAllowed === false
          ? { ...preview, errors: [{ line: null, column: null, message: TRIAL_MAIL_MESSAGES.verifyFirstOther }] }
          : preview,
      ),
  });
  renderWithProviders(<TeachersPage />, { auth });
  await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog');
  const invite = within(dialog).getByRole('checkbox', { name: 'Send invitation e-mails' }) as HTMLInputElement;
  if (status) await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/auth/email-verification')).toBe(true));
  const checked = invite.checked;
  if (tick && !invite.checked) await user.click(invite);
  await user.type(within(dialog).getByLabelText('Or paste CSV'), 'name,email');
  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
  await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/teachers/import/preview')).toBe(true));
  return {
    checked,
    body: calls.find((c) => c.url === '/api/v1/teachers/import/preview')?.body,
    asked: calls.some((c) => c.url === '/api/v1/auth/email-verification'),
    dialog,
  };
}

describe('invitations of a CSV import', () => {
  it('are sent by default', async () => {
    expect(await previewImport(admin(true, false))).toMatchObject({
      checked: true,
      body: { csv: 'name,email', sendInvitation: true },
      asked: false,
    });
  });

  it('are off by default while the school cannot send e-mail, so its first import is not refused', async () => {
    expect(await previewImport(admin(false, true))).toMatchObject({
      checked: false,
      body: { csv: 'name,email', sendInvitation: false },
      asked: false,
    });
  });

  it('are off by default for another admin of that school too, who sees no banner, and the refusal says what they can do', async () => {
    const { checked, body, dialog } = await previewImport(admin(false, false), undefined, true);
    expect(checked).toBe(false);
    // Ticked anyway, the preview lists the server's refusal, which tells them whom to ask.
    expect(body).toEqual({ csv: 'name,email', sendInvitation: true });
    expect(await within(dialog).findByText(TRIAL_MAIL_MESSAGES.verifyFirstOther, { exact: false })).toBeTruthy();
    expect(within(dialog).queryByText(/open the link we sent you at sign-up/)).toBeNull();
  });

  it('are off by default when the session came from a sign-in and the school is not confirmed', async () => {
    // A sign-in's answer has no mail flag until the session is read again: a school admin's status answers it.
    const fromSignIn = signedIn('school_admin', { name: 'Trial School', logo: null });
    expect(
      await previewImport(fromSignIn, {
        required: false,
        email: 'b@trial.test',
        signedUp: false,
        schoolConfirmed: false,
      }),
    ).toMatchObject({ checked: false, body: { csv: 'name,email', sendInvitation: false }, asked: true });
  });
});
