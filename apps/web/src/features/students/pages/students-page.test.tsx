import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { StudentsPage } from './students-page';

const page = (items: unknown[], nextCursor: string | null = null) => json({ items, nextCursor, total: items.length });

describe('StudentsPage', () => {
  it('sends a student to their own profile', async () => {
    mockFetch({});
    const { router } = renderWithProviders(null, {
      auth: signedIn('student'),
      path: '/students',
      routes: [
        { path: '/students', element: <StudentsPage /> },
        { path: '/students/:id', element: <p>own profile</p> },
      ],
    });
    expect(await screen.findByText('own profile')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/students/user-student');
  });

  it('tells company staff the page is not for their role, without asking the server', () => {
    const { calls } = mockFetch({});
    renderWithProviders(<StudentsPage />, { auth: signedIn('company_user') });
    expect(screen.getByText('Not available for your role')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows a teacher a read-only list and passes the filters to the server', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/students': () => page([]) });
    renderWithProviders(<StudentsPage />, { auth: signedIn('teacher'), path: '/students?search=ada&status=all' });
    expect(await screen.findByText('No students match')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add student' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    const url = new URL(calls[0]?.url ?? '', 'http://x');
    expect(url.searchParams.get('search')).toBe('ada');
    expect(url.searchParams.get('status')).toBe('all');
    expect(url.searchParams.get('limit')).toBe('25');
  });

  it('shows the error with a retry when the list cannot load', async () => {
    mockFetch({
      'GET /api/v1/students': () =>
        json({ error: { code: 'unavailable', message: 'Service temporarily unavailable. Please try again.' } }, 503),
    });
    renderWithProviders(<StudentsPage />, { auth: signedIn('school_admin') });
    expect(
      await screen.findByText('Service temporarily unavailable. Please try again.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
