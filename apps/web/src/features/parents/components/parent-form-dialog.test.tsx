import { MESSAGES } from '@lyceum/shared/errors';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { ParentFormDialog } from './parent-form-dialog';

describe('ParentFormDialog', () => {
  it('shows "A user with this email already exists..." on the e-mail field', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    mockFetch({
      'POST /api/v1/parents': () =>
        apiError(409, 'auth/email-already-in-use', MESSAGES.emailInUse, { email: MESSAGES.emailInUse }),
    });
    renderWithProviders(<ParentFormDialog open onOpenChange={vi.fn()} onCreated={onCreated} />, {
      auth: signedIn('school_admin'),
    });
    await user.type(screen.getByLabelText('Full name'), 'Pat Parent');
    await user.type(screen.getByLabelText('E-mail'), 'taken@x.test');
    await user.click(screen.getByRole('button', { name: 'Add parent' }));
    expect(await screen.findByText('A user with this email already exists...')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('E-mail').getAttribute('aria-describedby')).toBe('parent-email-error');
    expect(onCreated).not.toHaveBeenCalled();
  });
});
