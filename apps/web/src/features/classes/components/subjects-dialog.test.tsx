import type { SubjectResponse } from '@lyceum/shared/academics';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { SubjectsDialog } from './subjects-dialog';

const maths: SubjectResponse = {
  id: 'sub-maths',
  name: 'Mathematics',
  code: 'MATH',
  isActive: true,
  createdAt: '2026-01-01T00:00:00Z',
};
const latin: SubjectResponse = { ...maths, id: 'sub-latin', name: 'Latin', code: null, isActive: false };

function renderDialog() {
  return renderWithProviders(
    <>
      <SubjectsDialog open onOpenChange={vi.fn()} />
      <Toaster />
    </>,
    { auth: signedIn('school_admin') },
  );
}

describe('SubjectsDialog', () => {
  beforeEach(() => toast.remove());

  it('lists inactive subjects too, marked as such, with Reactivate', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/subjects': () => json({ items: [latin, maths] }) });
    renderDialog();
    const list = await screen.findByRole('list', { name: 'Subjects' });
    const latinRow = within(list).getByText('Latin').closest('li') as HTMLElement;
    expect(within(latinRow).getByText('Inactive')).toBeTruthy();
    expect(within(latinRow).getByRole('button', { name: 'Reactivate Latin' })).toBeTruthy();
    const mathsRow = within(list).getByText('Mathematics (MATH)').closest('li') as HTMLElement;
    expect(within(mathsRow).queryByText('Inactive')).toBeNull();
    expect(within(mathsRow).getByRole('button', { name: 'Deactivate Mathematics' })).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/subjects?status=all');
  });

  it('renames a subject and clears its code', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/v1/subjects': () => json({ items: [maths] }),
      'PATCH /api/v1/subjects/sub-maths': () => json({ ...maths, name: 'Maths', code: null }),
    });
    renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Edit Mathematics' }));
    expect(screen.getByText('Edit Mathematics')).toBeTruthy();
    const name = screen.getByLabelText('Subject name');
    expect((name as HTMLInputElement).value).toBe('Mathematics');
    await user.clear(name);
    await user.type(name, 'Maths');
    await user.clear(screen.getByLabelText('Code'));
    await user.click(screen.getByRole('button', { name: 'Save subject' }));
    expect(await screen.findByText('Subject Maths updated')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Maths', code: null });
    // Back to adding once saved.
    expect(screen.getByText('Add a subject')).toBeTruthy();
  });

  it('adds a subject and leaves the keyboard in an empty name field, ready for the next one', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/v1/subjects': () => json({ items: [maths] }),
      'POST /api/v1/subjects': () => json({ ...maths, id: 'sub-art', name: 'Art', code: null }, 201),
    });
    renderDialog();
    const name = await screen.findByLabelText('Subject name');
    await user.type(name, 'Art');
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    expect(await screen.findByText('Subject Art added')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Art' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect((name as HTMLInputElement).value).toBe('');
  });

  it("shows the server's duplicate-name message under the name", async () => {
    const user = userEvent.setup();
    const message = 'Subject "Latin" already exists';
    mockFetch({
      'GET /api/v1/subjects': () => json({ items: [maths, latin] }),
      'PATCH /api/v1/subjects/sub-maths': () => apiError(409, 'conflict', message, { name: message }),
    });
    renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Edit Mathematics' }));
    const name = screen.getByLabelText('Subject name');
    await user.clear(name);
    await user.type(name, 'Latin');
    await user.click(screen.getByRole('button', { name: 'Save subject' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a code over 20 characters at the field, sending nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/v1/subjects': () => json({ items: [maths] }) });
    renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Edit Mathematics' }));
    const code = screen.getByLabelText('Code');
    await user.clear(code);
    await user.type(code, 'X'.repeat(21));
    await user.click(screen.getByRole('button', { name: 'Save subject' }));
    expect(await screen.findByText('Subject code is too long')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('deactivates a subject and says so', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/v1/subjects': () => json({ items: [maths] }),
      'POST /api/v1/subjects/sub-maths/deactivate': () => json({ ...maths, isActive: false }),
    });
    renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Mathematics' }));
    // It asks first, and sends nothing until confirmed.
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Mathematics?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Subject Mathematics deactivated')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/subjects/sub-maths/deactivate')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate Mathematics?' })).toBeNull());
  });

  it('shows a refusal for lessons left inside the confirmation, with the way to the timetable, and lets the person try again', async () => {
    const user = userEvent.setup();
    const message = 'This subject still has 3 lessons in the timetable. Delete them first.';
    let refuse = true;
    const { calls } = mockFetch({
      'GET /api/v1/subjects': () => json({ items: [maths] }),
      'POST /api/v1/subjects/sub-maths/deactivate': () =>
        refuse ? apiError(409, 'conflict', message) : json({ ...maths, isActive: false }),
    });
    renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Mathematics' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Mathematics?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await within(confirm).findByText(message)).toBeTruthy();
    expect(within(confirm).getByRole('link', { name: 'Open the timetable' }).getAttribute('href')).toBe('/timetable');
    expect(within(confirm).getByText(/use Clear timetable to delete its Mathematics lessons\./)).toBeTruthy();
    // Clearing names a class or a teacher, never a subject across the school: no delete button here.
    expect(within(confirm).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    // Once the lessons are gone, the same dialog deactivates it.
    refuse = false;
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Subject Mathematics deactivated')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/v1/subjects/sub-maths/deactivate')).toHaveLength(2);
  });
});
