import type { ClassResponse } from '@lyceum/shared/academics';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { aClass } from '../../../test/fixtures';
import { ClassFormDialog } from './class-form-dialog';

const maths = { id: 'maths', name: 'Maths', code: null, isActive: true, createdAt: '2026-01-01T00:00:00Z' };

const created: ClassResponse = aClass({ id: 'class-1', name: 'Grade 1' });

describe('ClassFormDialog', () => {
  it('names the new class with its section in the toast', async () => {
    const user = userEvent.setup();
    toast.remove();
    mockFetch({
      'GET /api/v1/subjects': () => json({ items: [] }),
      'POST /api/v1/classes': () => json(created, 201),
    });
    renderWithProviders(
      <>
        <ClassFormDialog open onOpenChange={vi.fn()} />
        <Toaster />
      </>,
      { auth: signedIn('school_admin') },
    );
    await user.type(screen.getByLabelText('Class name'), 'Grade 1');
    await user.type(screen.getByLabelText('Section'), 'A');
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(await screen.findByText('Class Grade 1 A created')).toBeTruthy();
  });

  it('keeps a subject deactivated since on the class, marked inactive, when another field is saved', async () => {
    const user = userEvent.setup();
    const editing: ClassResponse = {
      ...created,
      subjects: [
        { id: 'art', name: 'Art' },
        { id: 'maths', name: 'Maths' },
      ],
    };
    const { calls } = mockFetch({
      // The picker's list is the active subjects only: Art was deactivated after it was given to the class.
      'GET /api/v1/subjects': () => json({ items: [maths, { ...maths, id: 'music', name: 'Music' }] }),
      'PATCH /api/v1/classes/class-1': () => json({ ...editing, section: 'B', label: 'Grade 1 B' }),
    });
    renderWithProviders(<ClassFormDialog open onOpenChange={vi.fn()} editing={editing} />, {
      auth: signedIn('school_admin'),
    });
    const art = await screen.findByRole('checkbox', { name: 'Art (inactive)' });
    expect((art as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Maths' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Music' }) as HTMLInputElement).checked).toBe(false);
    await user.clear(screen.getByLabelText('Section'));
    await user.type(screen.getByLabelText('Section'), 'B');
    await user.click(screen.getByRole('button', { name: 'Save class' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({ section: 'B', subjectIds: ['art', 'maths'] });
  });

  it("shows the server's refusal to remove a subject with lessons under the subjects, and stays open", async () => {
    const user = userEvent.setup();
    const refusal = PEOPLE_MESSAGES.classSubjectHasLessons('Maths', 3);
    const editing: ClassResponse = { ...created, subjects: [{ id: 'maths', name: 'Maths' }] };
    mockFetch({
      'GET /api/v1/subjects': () => json({ items: [maths] }),
      'PATCH /api/v1/classes/class-1': () => apiError(409, 'conflict', refusal, { subjectIds: refusal }),
    });
    const onOpenChange = vi.fn();
    renderWithProviders(<ClassFormDialog open onOpenChange={onOpenChange} editing={editing} />, {
      auth: signedIn('school_admin'),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Maths' }));
    await user.click(screen.getByRole('button', { name: 'Save class' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
