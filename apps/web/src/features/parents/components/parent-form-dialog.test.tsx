import { MESSAGES } from '@lyceum/shared/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { ParentFormDialog } from './parent-form-dialog';

const created = {
  parent: {
    id: 'par-1',
    name: 'Grace Green',
    email: 'grace@x.test',
    phone: null,
    schoolId: 'school-1',
    relationship: null,
    status: 'active' as const,
    isActive: true,
    children: [],
    profileImage: null,
    lastLoginAt: null,
    createdAt: '2026-09-01T00:00:00.000Z',
  },
  temporaryPassword: 'x',
  invitationSent: false,
};

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

  it('refuses to save while a child the search found is not linked, and says to press Link; linked, it is sent', async () => {
    const user = userEvent.setup();
    const mia = { id: 'stu-mia', name: 'Mia Green', classLabel: 'Grade 5 B' };
    const { calls } = mockFetch({
      'GET /api/v1/students': () => json({ items: [mia], nextCursor: null, total: 1 }),
      'POST /api/v1/parents': () => json(created),
    });
    renderWithProviders(<ParentFormDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
    await user.type(screen.getByLabelText('Full name'), 'Grace Green');
    await user.type(screen.getByLabelText('E-mail'), 'grace@x.test');
    await user.type(screen.getByLabelText('Search students to link'), 'mia');
    await screen.findByRole('button', { name: 'Link Mia Green' });
    await user.click(screen.getByRole('button', { name: 'Add parent' }));
    expect(
      await screen.findByText(
        'Mia Green was found but is not linked: press Link to add them as a child, or clear the search.',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Link Mia Green' }));
    expect(screen.queryByText(/was found but is not linked/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add parent' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      children: [{ studentId: mia.id, relationship: 'Guardian' }],
    });
  });

  // QA: a child typed and saved at once, before the (debounced) search had answered, was dropped without a word.
  it('refuses to save while the search has not answered what was typed, and says so', async () => {
    const user = userEvent.setup();
    const mia = { id: 'stu-mia', name: 'Mia Green', classLabel: 'Grade 5 B' };
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { calls } = mockFetch({
      'GET /api/v1/students': async () => {
        await answered;
        return json({ items: [mia], nextCursor: null, total: 1 });
      },
      'POST /api/v1/parents': () => json(created),
    });
    renderWithProviders(<ParentFormDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
    await user.type(screen.getByLabelText('Full name'), 'Grace Green');
    await user.type(screen.getByLabelText('E-mail'), 'grace@x.test');
    const unanswered =
      'The search has not answered yet: press Link beside the child once it shows them, or clear the search.';

    // Typed, the search not made yet (typing has not paused).
    await user.type(screen.getByLabelText('Search students to link'), 'mia');
    await user.click(screen.getByRole('button', { name: 'Add parent' }));
    expect(await screen.findByText(unanswered)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Search students to link'));

    // The search made, its answer not back yet.
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url.includes('search=mia'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Add parent' }));
    expect(await screen.findByText(unanswered)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    answer();
    await user.click(await screen.findByRole('button', { name: 'Link Mia Green' }));
    await user.click(screen.getByRole('button', { name: 'Add parent' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      children: [{ studentId: mia.id, relationship: 'Guardian' }],
    });
  });

  // QA: a search that failed read "No students match" and the parent was saved without the child typed.
  it('shows a failed search as a failure, with Retry, and refuses to save past it', async () => {
    const user = userEvent.setup();
    const mia = { id: 'stu-mia', name: 'Mia Green', classLabel: 'Grade 5 B' };
    let fail = true;
    const { calls } = mockFetch({
      'GET /api/v1/students': () =>
        fail ? apiError(503, 'unavailable', 'Service unavailable') : json({ items: [mia], nextCursor: null, total: 1 }),
      'POST /api/v1/parents': () => json(created),
    });
    renderWithProviders(<ParentFormDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
    await user.type(screen.getByLabelText('Full name'), 'Grace Green');
    await user.type(screen.getByLabelText('E-mail'), 'grace@x.test');
    await user.type(screen.getByLabelText('Search students to link'), 'mia');
    expect(await screen.findByText('Service unavailable')).toBeTruthy();
    expect(screen.queryByText('No students match.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add parent' }));
    expect(
      await screen.findByText('The search failed, so no child was found: try the search again, or clear it.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Search students to link'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(await screen.findByRole('button', { name: 'Link Mia Green' }));
    await user.click(screen.getByRole('button', { name: 'Add parent' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      children: [{ studentId: mia.id, relationship: 'Guardian' }],
    });
  });
});
