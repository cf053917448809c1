import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { TeacherFormDialog } from './teacher-form-dialog';

/** Types a valid teacher with this experience, submits, and answers what the experience field says. */
async function experienceMessage(typed: string): Promise<string | null | undefined> {
  const user = userEvent.setup();
  const { calls } = mockFetch({
    'GET /api/v1/subjects': () => json({ items: [] }),
    'GET /api/v1/classes': () => json({ items: [] }),
  });
  const { unmount } = renderWithProviders(<TeacherFormDialog open onOpenChange={vi.fn()} />, {
    auth: signedIn('school_admin'),
  });
  await user.type(screen.getByLabelText('Full name'), 'Tom Teacher');
  await user.type(screen.getByLabelText('E-mail'), 'tom@x.test');
  await user.type(screen.getByLabelText('Experience (years)'), typed);
  await user.click(screen.getByRole('button', { name: 'Add teacher' }));
  await waitFor(() => expect(document.getElementById('teacher-experience-error')).not.toBeNull());
  const message = document.getElementById('teacher-experience-error')?.textContent;
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  unmount();
  return message;
}

describe('the teacher form checks experience with the server’s words', () => {
  it('says what the server says for a negative, a fraction and too many years', async () => {
    expect(await experienceMessage('-2')).toBe('Experience cannot be negative');
    expect(await experienceMessage('2.5')).toBe('Experience must be a whole number of years');
    expect(await experienceMessage('81')).toBe('Experience must be at most 80 years');
  });

  it('in the reader’s language', async () => {
    try {
      await act(() => changeLanguage('es'));
      const user = userEvent.setup();
      mockFetch({
        'GET /api/v1/subjects': () => json({ items: [] }),
        'GET /api/v1/classes': () => json({ items: [] }),
      });
      renderWithProviders(<TeacherFormDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
      await user.type(screen.getByLabelText('Experiencia (años)'), '-2');
      await user.click(screen.getByRole('button', { name: 'Añadir profesor' }));
      expect(await screen.findByText('La experiencia no puede ser negativa')).toBeTruthy();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
