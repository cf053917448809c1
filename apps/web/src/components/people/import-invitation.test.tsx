import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TeachersPage } from '../../features/teachers/pages/teachers-page';
import { authState, json, makeUser, mockFetch, renderWithProviders } from '../../test/utils';

const preview = { columns: ['name', 'email'], rows: [], rowCount: 0, validCount: 0, errors: [] };

async function previewImport(mailVerificationRequired: boolean) {
  const user = userEvent.setup();
  const { calls } = mockFetch({
    'GET /api/v1/teachers': () => json({ items: [], nextCursor: null, total: 0 }),
    'POST /api/v1/teachers/import/preview': () => json(preview),
  });
  renderWithProviders(<TeachersPage />, {
    auth: authState({ user: makeUser('school_admin'), mailVerificationRequired }),
  });
  await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog');
  const invite = within(dialog).getByRole('checkbox', { name: 'Send invitation e-mails' }) as HTMLInputElement;
  await user.type(within(dialog).getByLabelText('Or paste CSV'), 'name,email');
  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
  await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/teachers/import/preview')).toBe(true));
  return { checked: invite.checked, body: calls.find((c) => c.url === '/api/v1/teachers/import/preview')?.body };
}

describe('invitations of a CSV import', () => {
  it('are sent by default', async () => {
    expect(await previewImport(false)).toEqual({
      checked: true,
      body: { csv: 'name,email', sendInvitation: true },
    });
  });

  it('are off by default while the school cannot send e-mail, so its first import is not refused', async () => {
    expect(await previewImport(true)).toEqual({
      checked: false,
      body: { csv: 'name,email', sendInvitation: false },
    });
  });
});
