import { MESSAGES, PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn, apiError } from '../../../test/utils';
import { aClass } from '../../../test/fixtures';
import { StudentFormDialog } from './student-form-dialog';

const CLASS_ID = '0190f1a2-0000-7000-8000-000000000001';
const klass = aClass({ id: CLASS_ID, name: 'Grade 5' });

/** The class picker reads the options list, not the classes in full. */
const classOption = { id: klass.id, label: `${klass.name} ${klass.section}` };

function student(overrides: Record<string, unknown> = {}) {
  return {
    id: 'student-1',
    name: 'Ada Pupil',
    email: 'ada@x.test',
    phone: null,
    schoolId: 'school-1',
    classId: CLASS_ID,
    className: 'Grade 5',
    section: 'A',
    classLabel: 'Grade 5 A',
    rollNumber: 1,
    academicYear: '2026-2027',
    profileImage: null,
    parents: [],
    isActive: true,
    lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('StudentFormDialog', () => {
  it('shows the shared schema messages under each field and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/v1/classes/options': () => json({ items: [classOption] }) });
    renderWithProviders(<StudentFormDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.type(screen.getByLabelText('Roll number'), '0');
    await user.type(screen.getByLabelText('Academic year'), '2026-2030');
    await user.click(screen.getByRole('button', { name: 'Add student' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(document.getElementById('student-class-error')?.textContent).toBe('Choose a class');
    expect(screen.getByText('Roll number must be at least 1')).toBeTruthy();
    expect(screen.getByText('Academic year must look like 2026-2027')).toBeTruthy();
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the class it was opened for as chosen once the classes arrive, and sends it', async () => {
    // Opened from a class page ("Add new student"): the class list loads after the form has its value.
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/v1/classes/options': () => json({ items: [classOption] }),
      'POST /api/v1/students': () =>
        json({ student: student(), temporaryPassword: 'student-pass-12345', invitationSent: false, parents: [] }, 201),
    });
    renderWithProviders(<StudentFormDialog open onOpenChange={vi.fn()} defaultClassId={CLASS_ID} />, {
      auth: signedIn('school_admin'),
    });
    await screen.findByRole('option', { name: 'Grade 5 A' });
    const select = screen.getByLabelText('Class') as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe(CLASS_ID));
    expect(select.selectedOptions[0]?.textContent).toBe('Grade 5 A');
    await user.type(screen.getByLabelText('Full name'), 'Ada Pupil');
    await user.type(screen.getByLabelText('E-mail'), 'ada@x.test');
    await user.click(screen.getByRole('button', { name: 'Add student' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ classId: CLASS_ID });
  });

  it('creates the student with a new parent and hands back both one-time passwords', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    const { calls } = mockFetch({
      'GET /api/v1/classes/options': () => json({ items: [classOption] }),
      'POST /api/v1/students': () =>
        json(
          {
            student: student(),
            temporaryPassword: 'student-pass-12345',
            invitationSent: false,
            parents: [
              { id: 'p1', email: 'pat@x.test', temporaryPassword: 'parent-pass-123456', invitationSent: false },
            ],
          },
          201,
        ),
    });
    renderWithProviders(<StudentFormDialog open onOpenChange={vi.fn()} onCreated={onCreated} />, {
      auth: signedIn('school_admin'),
    });
    await user.type(screen.getByLabelText('Full name'), 'Ada Pupil');
    await user.type(screen.getByLabelText('E-mail'), 'Ada@X.test');
    await screen.findByRole('option', { name: 'Grade 5 A' });
    await user.selectOptions(screen.getByLabelText('Class'), CLASS_ID);
    await user.click(screen.getByRole('button', { name: 'New parent' }));
    await user.type(screen.getByLabelText('Parent name'), 'Pat Parent');
    await user.type(screen.getByLabelText('Parent e-mail'), 'pat@x.test');
    await user.click(screen.getByRole('button', { name: 'Add student' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Ada Pupil',
      email: 'ada@x.test',
      classId: CLASS_ID,
      parents: [],
      // Guardian, as a linked parent's: a preset Mother made every father added here a mother.
      newParents: [{ name: 'Pat Parent', email: 'pat@x.test', relationship: 'Guardian' }],
      sendInvitation: false,
    });
    expect(onCreated.mock.calls[0]?.[0]).toEqual([
      { kind: 'Student', name: 'Ada Pupil', email: 'ada@x.test', temporaryPassword: 'student-pass-12345' },
      { kind: 'Parent', name: 'Pat Parent', email: 'pat@x.test', temporaryPassword: 'parent-pass-123456' },
    ]);
  });

  it("shows the server's message when it refuses the request", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/v1/classes/options': () => json({ items: [classOption] }),
      'POST /api/v1/students': () => apiError(400, 'validation', PEOPLE_MESSAGES.missingStudentFields),
    });
    renderWithProviders(<StudentFormDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
    await user.type(screen.getByLabelText('Full name'), 'Ada Pupil');
    await user.type(screen.getByLabelText('E-mail'), 'ada@x.test');
    await screen.findByRole('option', { name: 'Grade 5 A' });
    await user.selectOptions(screen.getByLabelText('Class'), CLASS_ID);
    await user.click(screen.getByRole('button', { name: 'Add student' }));
    expect((await screen.findByRole('alert')).textContent).toContain(PEOPLE_MESSAGES.missingStudentFields);
  });

  it('puts the refusal of a repeated e-mail under the new parent’s e-mail, in the server’s words', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/v1/classes/options': () => json({ items: [classOption] }),
      'POST /api/v1/students': () =>
        apiError(400, 'validation', PEOPLE_MESSAGES.ownEmailEach, { 'newParents.0.email': PEOPLE_MESSAGES.ownEmail }),
    });
    renderWithProviders(<StudentFormDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
    await user.type(screen.getByLabelText('Full name'), 'Sam Student');
    await user.type(screen.getByLabelText('E-mail'), 'sam@x.test');
    await screen.findByRole('option', { name: 'Grade 5 A' });
    await user.selectOptions(screen.getByLabelText('Class'), CLASS_ID);
    await user.click(screen.getByRole('button', { name: 'New parent' }));
    await user.type(screen.getByLabelText('Parent name'), 'Pam Parent');
    await user.type(screen.getByLabelText('Parent e-mail'), 'sam@x.test');
    await user.click(screen.getByRole('button', { name: 'Add student' }));
    await waitFor(() => expect(screen.getByLabelText('Parent e-mail').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(PEOPLE_MESSAGES.ownEmail)).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('puts a new parent’s taken e-mail (409) under that parent’s e-mail, not the student’s', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/v1/classes/options': () => json({ items: [classOption] }),
      'POST /api/v1/students': () =>
        apiError(409, 'auth/email-already-in-use', MESSAGES.emailInUse, { 'newParents.0.email': MESSAGES.emailInUse }),
    });
    renderWithProviders(<StudentFormDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
    await user.type(screen.getByLabelText('Full name'), 'Np Kid');
    await user.type(screen.getByLabelText('E-mail'), 'npkid@x.test');
    await screen.findByRole('option', { name: 'Grade 5 A' });
    await user.selectOptions(screen.getByLabelText('Class'), CLASS_ID);
    await user.click(screen.getByRole('button', { name: 'New parent' }));
    await user.type(screen.getByLabelText('Parent name'), 'Np Mum');
    await user.type(screen.getByLabelText('Parent e-mail'), 'teacher@x.test');
    await user.click(screen.getByRole('button', { name: 'Add student' }));
    await waitFor(() => expect(screen.getByLabelText('Parent e-mail').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('new-parent-0-email-error')?.textContent).toBe(MESSAGES.emailInUse);
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('says its own checks in the reader’s language (Spanish)', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/v1/classes/options': () => json({ items: [classOption] }) });
    try {
      await act(() => changeLanguage('es'));
      renderWithProviders(<StudentFormDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
      await user.type(await screen.findByLabelText('Número de lista'), '0');
      await user.click(screen.getByRole('button', { name: 'Añadir alumno' }));
      expect(await screen.findByText('El número de lista debe ser al menos 1')).toBeTruthy();
      expect(document.getElementById('student-class-error')?.textContent).toBe('Elija una clase');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
