import type { ClassResponse } from '@lyceum/shared/academics';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { aClass, timetableSlot } from '../../../test/fixtures';
import { ClassFormDialog } from './class-form-dialog';

const maths = { id: 'maths', name: 'Maths', code: null, isActive: true, createdAt: '2026-01-01T00:00:00Z' };

const created: ClassResponse = aClass({ id: 'class-1', name: 'Grade 1' });

/** Opens the class form on `editing`, takes Maths off and saves, and waits for the server's `refusal`. */
async function removeMathsRefused(user: ReturnType<typeof userEvent.setup>, editing: ClassResponse, refusal: string) {
  const onOpenChange = vi.fn();
  renderWithProviders(<ClassFormDialog open onOpenChange={onOpenChange} editing={editing} />, {
    auth: signedIn('school_admin'),
  });
  await user.click(await screen.findByRole('checkbox', { name: 'Maths' }));
  await user.click(screen.getByRole('button', { name: 'Save class' }));
  expect(await screen.findByText(refusal)).toBeTruthy();
  return onOpenChange;
}

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
    const onOpenChange = await removeMathsRefused(user, editing, refusal);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('offers to delete just the removed subject’s lessons after that refusal; the save then goes through', async () => {
    const user = userEvent.setup();
    const refusal = PEOPLE_MESSAGES.classSubjectHasLessons('Maths', 2);
    const editing: ClassResponse = {
      ...created,
      subjects: [
        { id: 'maths', name: 'Maths' },
        { id: 'art', name: 'Art' },
      ],
    };
    const slot = (id: string, subjectId: string, subject: string, startTime: string) =>
      timetableSlot({ id, classId: 'class-1', className: 'Grade 1 A', subjectId, subject, startTime });
    let items = [
      slot('s1', 'maths', 'Maths', '08:00'),
      slot('s2', 'maths', 'Maths', '09:00'),
      slot('s3', 'art', 'Art', '10:00'),
    ];
    const { calls } = mockFetch({
      'GET /api/v1/subjects': () => json({ items: [maths, { ...maths, id: 'art', name: 'Art' }] }),
      'PATCH /api/v1/classes/class-1': () =>
        items.some((s) => s.subjectId === 'maths')
          ? apiError(409, 'conflict', refusal, { subjectIds: refusal })
          : json({ ...editing, subjects: [{ id: 'art', name: 'Art' }] }),
      'GET /api/v1/timetable/classes/class-1': () => json({ items }),
      'DELETE /api/v1/timetable/slots': () => {
        items = items.filter((s) => s.subjectId !== 'maths');
        return json({ deleted: 2 });
      },
    });
    const onOpenChange = await removeMathsRefused(user, editing, refusal);
    expect(screen.getByRole('link', { name: 'Open the timetable of Grade 1 A' }).getAttribute('href')).toBe(
      '/timetable?class=class-1',
    );
    // Only the subject being removed is offered, not Art, which stays.
    expect(screen.queryByRole('button', { name: /Art lesson/ })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Delete the 2 Maths lessons…' }));
    expect(screen.getByText('2 Maths lessons of Grade 1 A will be deleted from the timetable.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete them' }));
    expect((await screen.findByRole('status')).textContent).toBe('2 lessons deleted. Try again now.');
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      '/api/v1/timetable/slots?classId=class-1&subjectId=maths',
    );
    await user.click(screen.getByRole('button', { name: 'Save class' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toMatchObject({ subjectIds: ['art'] });
  });
});
