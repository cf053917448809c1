import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedIn, apiError } from '../../../test/utils';
import { StudentsPage } from './students-page';

const page = (items: unknown[], nextCursor: string | null = null) => json({ items, nextCursor, total: items.length });

/** A row of the student list in Grade 5 A, with what a test needs of its own. */
const row = (own: { id: string; name: string; email: string; classId: string }) => ({
  ...own,
  profileImage: null,
  className: 'Grade 5',
  section: 'A',
  classLabel: 'Grade 5 A',
  rollNumber: 1,
  parents: [],
  isActive: true,
});

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

  it('lets a company admin read one school at a time, first school by default, without management actions, rows linked within the school', async () => {
    const schools = () =>
      json({
        items: [
          { id: 'school-a', name: 'Alpha School' },
          { id: 'school-b', name: 'Beta School' },
        ],
        nextCursor: null,
        total: 2,
      });
    const { calls } = mockFetch({
      'GET /api/v1/company/schools': schools,
      'GET /api/v1/students': (req) => {
        const b = new URL(req.url, 'http://x').searchParams.get('schoolId') === 'school-b';
        return page([
          row({ id: b ? 'stu-b' : 'stu-a', name: b ? 'Bea Beta' : 'Ada Alpha', email: 'x@y.test', classId: 'c1' }),
        ]);
      },
    });
    renderWithProviders(<StudentsPage />, { auth: signedIn('company_admin'), path: '/students' });
    expect(await screen.findByText('Ada Alpha')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add student' })).toBeNull();
    // Rows open the profile inside the school being read, so the profile page can ask for it.
    expect(screen.getByRole('link', { name: /Ada Alpha/ }).getAttribute('href')).toBe(
      '/students/stu-a?schoolId=school-a',
    );
    fireEvent.change(screen.getByLabelText('School'), { target: { value: 'school-b' } });
    expect(await screen.findByText('Bea Beta')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Bea Beta/ }).getAttribute('href')).toBe(
      '/students/stu-b?schoolId=school-b',
    );
    const listed = calls.filter((c) => c.url.includes('/students')).map((c) => new URL(c.url, 'http://x'));
    expect(listed.map((u) => u.searchParams.get('schoolId'))).toEqual(['school-a', 'school-b']);
  });

  it('tells a company admin when the schools cannot load, with a retry, instead of waiting forever', async () => {
    let failing = true;
    mockFetch({
      'GET /api/v1/company/schools': () =>
        failing
          ? apiError(503, 'unavailable', 'Service temporarily unavailable. Please try again.')
          : json({ items: [{ id: 'school-a', name: 'Alpha School' }], nextCursor: null, total: 1 }),
      'GET /api/v1/students': () => page([]),
    });
    renderWithProviders(<StudentsPage />, { auth: signedIn('company_admin'), path: '/students' });
    expect(await screen.findByText('The list of schools could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('School')).toBeTruthy();
  });

  it('tells a company admin there are no schools yet', async () => {
    mockFetch({ 'GET /api/v1/company/schools': () => json({ items: [], nextCursor: null, total: 0 }) });
    renderWithProviders(<StudentsPage />, { auth: signedIn('company_admin'), path: '/students' });
    expect(await screen.findByText('No schools yet')).toBeTruthy();
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

  it("shows each student's class as the server labels it, so same-name classes of two years differ", async () => {
    // docs/product.md, "Classes and subjects": after a promotion, Grade 6 A of two years carry their year.
    const row = (id: string, name: string, className: string, classLabel: string) => ({
      id,
      name,
      email: `${id}@x.test`,
      profileImage: null,
      classId: `class-${id}`,
      className,
      section: 'A',
      classLabel,
      rollNumber: 1,
      parents: [],
      isActive: true,
    });
    mockFetch({
      'GET /api/v1/classes/options': () => json({ items: [] }),
      'GET /api/v1/students': () =>
        page([
          row('s1', 'Ada Alpha', 'Grade 6', 'Grade 6 A (2026-2027)'),
          row('s2', 'Bea Beta', 'Grade 6', 'Grade 6 A (2027-2028)'),
          row('s3', 'Cy Gamma', 'Grade 5', 'Grade 5 A'),
        ]),
    });
    renderWithProviders(<StudentsPage />, { auth: signedIn('school_admin'), path: '/students' });
    expect(await screen.findByText('Ada Alpha')).toBeTruthy();
    expect(screen.getAllByText('Grade 6 A (2026-2027)').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Grade 6 A (2027-2028)').length).toBeGreaterThan(0);
    // A class with no namesake in another year reads as before.
    expect(screen.getAllByText('Grade 5 A').length).toBeGreaterThan(0);
    expect(screen.queryByText('Grade 6 A')).toBeNull();
  });

  it('links each child’s class for a teacher but shows it as text to a parent, who may not open a class', async () => {
    // docs/product.md, "Who may do what": GET /classes/:id is staff, teachers and company readers only.
    const child = row({ id: 'kid-1', name: 'Kit Child', email: 'kit@x.test', classId: 'class-5a' });
    mockFetch({ 'GET /api/v1/students': () => page([child]) });
    const parentView = renderWithProviders(<StudentsPage />, { auth: signedIn('parent'), path: '/students' });
    expect(await screen.findByText('Kit Child')).toBeTruthy();
    expect(screen.getAllByText('Grade 5 A').length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('link', { name: 'Grade 5 A' })).toHaveLength(0);
    expect(document.querySelector('a[href^="/classes/"]')).toBeNull();
    parentView.unmount();

    renderWithProviders(<StudentsPage />, { auth: signedIn('teacher'), path: '/students' });
    expect(await screen.findByText('Kit Child')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Grade 5 A' });
    expect(links[0]?.getAttribute('href')).toBe('/classes/class-5a');
  });

  it('stops the search box at 100 characters, so a pasted long search never asks for a list the server refuses', async () => {
    // docs/product.md, "Searching by name": the server refuses a search of more than 100 characters.
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/v1/students': () => page([]) });
    renderWithProviders(<StudentsPage />, { auth: signedIn('teacher'), path: '/students' });
    const box = await screen.findByLabelText('Search students by name, e-mail or roll number');
    expect(box.getAttribute('maxlength')).toBe('100');
    await user.click(box);
    await user.paste('b'.repeat(150));
    expect((box as HTMLInputElement).value).toHaveLength(100);
    await waitFor(() =>
      expect(calls.some((c) => new URL(c.url, 'http://x').searchParams.get('search') === 'b'.repeat(100))).toBe(true),
    );
    expect(calls.every((c) => (new URL(c.url, 'http://x').searchParams.get('search') ?? '').length <= 100)).toBe(true);
  });

  it('shows the error with a retry when the list cannot load', async () => {
    mockFetch({
      'GET /api/v1/students': () => apiError(503, 'unavailable', 'Service temporarily unavailable. Please try again.'),
    });
    renderWithProviders(<StudentsPage />, { auth: signedIn('school_admin') });
    expect(
      await screen.findByText('Service temporarily unavailable. Please try again.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
