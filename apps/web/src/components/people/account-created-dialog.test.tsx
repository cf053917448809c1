import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AccountCreatedDialog } from './account-created-dialog';

describe('AccountCreatedDialog', () => {
  it('shows each temporary password once with a copy button and the "shown only once" note', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <AccountCreatedDialog
        title="Student added"
        onClose={onClose}
        accounts={[
          { kind: 'Student', name: 'Ada', email: 'ada@x.test', temporaryPassword: 'Xy7-abcdefghijklmn' },
          { kind: 'Parent', name: 'Pat', email: 'pat@x.test', temporaryPassword: null },
        ]}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Student added' })).toBeTruthy();
    expect(screen.getByLabelText('Temporary password of Ada').textContent).toBe('Xy7-abcdefghijklmn');
    // Isolated left to right, so a right-to-left page draws it as issued (no `%` moved to the other end).
    expect(screen.getByLabelText('Temporary password of Ada').getAttribute('dir')).toBe('ltr');
    expect(screen.getByText(/Shown only once: this password cannot be displayed again/)).toBeTruthy();
    // The parent was invited instead: no password of theirs is shown.
    expect(screen.queryByLabelText('Temporary password of Pat')).toBeNull();
    expect(screen.getByText('An invitation e-mail with a one-time link to set a password was sent.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: "Copy Ada's password" }));
    expect(await navigator.clipboard.readText()).toBe('Xy7-abcdefghijklmn');
    expect(screen.getByRole('button', { name: "Copied Ada's password" })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says an invitation went out when no password was returned', () => {
    render(
      <AccountCreatedDialog
        title="Teacher added"
        onClose={vi.fn()}
        accounts={[{ kind: 'Teacher', name: 'Tara', email: 'tara@x.test', temporaryPassword: null }]}
      />,
    );
    expect(screen.queryByTestId('temporary-password')).toBeNull();
    expect(screen.queryByText(/Shown only once/)).toBeNull();
    expect(screen.getByText('Sign-in details are on their way by e-mail.')).toBeTruthy();
  });
});
