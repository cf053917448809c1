import type { ClassDetailResponse } from '@lyceum/shared/academics';
import type { TimetableSlot } from '@lyceum/shared/timetable';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { timetableSlot } from '../../../test/fixtures';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { AssignTeacherDialog } from './assign-teacher-dialog';

const MATHS = { id: '0190f1a2-0000-7000-8000-0000000000a1', name: 'Mathematics' };
const ART = { id: '0190f1a2-0000-7000-8000-0000000000a2', name: 'Art' };
const DRAMA = { id: '0190f1a2-0000-7000-8000-0000000000a3', name: 'Drama' };
const TEACHER_ID = '0190f1a2-0000-7000-8000-0000000000b1';
const asActive = (s: { id: string; name: string }) => ({ ...s, code: null, isActive: true, createdAt: '2026-01-01' });
/** The subjects picker's list: the active ones only (Drama was deactivated after it was given to the class). */
const activeSubjects = () => json({ items: [MATHS, ART].map(asActive) });

const klass: ClassDetailResponse = {
  id: '0190f1a2-0000-7000-8000-0000000000c1',
  name: 'Grade 5',
  section: 'A',
  label: 'Grade 5 A',
  academicYear: '2026-2027',
  subjects: [MATHS, ART],
  assignedTeachers: [{ teacherId: 'old', teacherName: 'Tom Teacher', subjects: [ART], isClassTeacher: true }],
  classTeacherId: 'old',
  classTeacherName: 'Tom Teacher',
  studentCount: 0,
  isActive: true,
  createdAt: '2026-01-01T00:00:00Z',
  students: [],
};

const teacher = (id: string, name: string) => ({ id, name, email: `${name.split(' ')[0]?.toLowerCase()}@x.test` });

describe('AssignTeacherDialog', () => {
  it('offers only teachers not yet in the class and sends their subjects and the class-teacher flag', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const { calls } = mockFetch({
      'GET /api/v1/teachers': () =>
        json({
          items: [teacher('old', 'Tom Teacher'), teacher(TEACHER_ID, 'Tara Teachwell')],
          nextCursor: null,
          total: 2,
        }),
      'GET /api/v1/subjects': activeSubjects,
      'POST /api/v1/classes/0190f1a2-0000-7000-8000-0000000000c1/teachers': () => json(klass),
    });
    renderWithProviders(<AssignTeacherDialog klass={klass} open onOpenChange={onOpenChange} />, {
      auth: signedIn('school_admin'),
    });
    await screen.findByRole('option', { name: 'Tara Teachwell (tara@x.test)' });
    expect(screen.queryByRole('option', { name: /Tom Teacher/ })).toBeNull();
    expect(screen.getByText('Replaces Tom Teacher as the class teacher.')).toBeTruthy();

    const assign = screen.getByRole('button', { name: 'Assign teacher' }) as HTMLButtonElement;
    expect(assign.disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Teacher'), TEACHER_ID);
    // With no subject ticked, the dialog says what that means before it is saved.
    expect(screen.getByText(/No subject ticked: the teacher will be on Grade 5 A/)).toBeTruthy();
    await user.click(await screen.findByLabelText('Mathematics'));
    expect(screen.queryByText(/No subject ticked/)).toBeNull();
    await user.click(screen.getByLabelText('Class teacher'));
    await user.click(assign);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      teacherId: TEACHER_ID,
      subjectIds: [MATHS.id],
      isClassTeacher: true,
    });
  });

  it('does not offer a deactivated subject of the class to a new teacher; one who teaches it there keeps it, marked', async () => {
    const withDrama: ClassDetailResponse = {
      ...klass,
      subjects: [MATHS, ART, DRAMA],
      assignedTeachers: [{ teacherId: 'old', teacherName: 'Tom Teacher', subjects: [DRAMA], isClassTeacher: true }],
    };
    mockFetch({
      'GET /api/v1/teachers': () =>
        json({ items: [teacher(TEACHER_ID, 'Tara Teachwell')], nextCursor: null, total: 1 }),
      'GET /api/v1/subjects': activeSubjects,
    });
    const { unmount } = renderWithProviders(<AssignTeacherDialog klass={withDrama} open onOpenChange={vi.fn()} />, {
      auth: signedIn('school_admin'),
    });
    await screen.findByRole('checkbox', { name: 'Mathematics' });
    expect(screen.getByRole('checkbox', { name: 'Art' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Drama/ })).toBeNull();
    unmount();

    const editing = withDrama.assignedTeachers[0];
    renderWithProviders(<AssignTeacherDialog klass={withDrama} open onOpenChange={vi.fn()} editing={editing} />, {
      auth: signedIn('school_admin'),
    });
    const drama = (await screen.findByRole('checkbox', { name: 'Drama (inactive)' })) as HTMLInputElement;
    expect(drama.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Mathematics' }) as HTMLInputElement).checked).toBe(false);
  });

  it("shows the server's refusal to take a subject with lessons from a teacher under the subjects, and stays open", async () => {
    const user = userEvent.setup();
    const refusal = PEOPLE_MESSAGES.teacherSubjectHasLessons('Art', 2);
    mockFetch({
      'GET /api/v1/subjects': activeSubjects,
      'POST /api/v1/classes/0190f1a2-0000-7000-8000-0000000000c1/teachers': () =>
        apiError(409, 'conflict', refusal, { subjectIds: refusal }),
    });
    const onOpenChange = vi.fn();
    const editing = { teacherId: TEACHER_ID, teacherName: 'Tara Teachwell', subjects: [ART], isClassTeacher: false };
    renderWithProviders(<AssignTeacherDialog klass={klass} open onOpenChange={onOpenChange} editing={editing} />, {
      auth: signedIn('school_admin'),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Art' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('offers, after that refusal, to delete just that teacher’s lessons of the subject taken from them here; the save then goes through', async () => {
    const user = userEvent.setup();
    const refusal = PEOPLE_MESSAGES.teacherSubjectHasLessons('Art', 2);
    const editing = {
      teacherId: TEACHER_ID,
      teacherName: 'Tara Teachwell',
      subjects: [MATHS, ART],
      isClassTeacher: false,
    };
    const slot = (id: string, over: Partial<TimetableSlot>) =>
      timetableSlot({ id, classId: klass.id, className: klass.label, ...over });
    const ofTara = { teacherId: TEACHER_ID, teacherName: 'Tara Teachwell' };
    let items = [
      slot('s1', { ...ofTara, subjectId: ART.id, subject: ART.name }),
      slot('s2', { ...ofTara, subjectId: ART.id, subject: ART.name, startTime: '09:00', endTime: '09:45' }),
      // Her Mathematics, which she keeps, and another teacher's Art: neither is offered.
      slot('s3', { ...ofTara, subjectId: MATHS.id, subject: MATHS.name, startTime: '10:00', endTime: '10:45' }),
      slot('s4', { subjectId: ART.id, subject: ART.name, startTime: '11:00', endTime: '11:45' }),
    ];
    const { calls } = mockFetch({
      'GET /api/v1/subjects': activeSubjects,
      'POST /api/v1/classes/0190f1a2-0000-7000-8000-0000000000c1/teachers': () =>
        items.some((s) => s.teacherId === TEACHER_ID && s.subjectId === ART.id)
          ? apiError(409, 'conflict', refusal, { subjectIds: refusal })
          : json(klass),
      [`GET /api/v1/timetable/classes/${klass.id}`]: () => json({ items }),
      'DELETE /api/v1/timetable/slots': () => {
        items = items.filter((s) => !(s.teacherId === TEACHER_ID && s.subjectId === ART.id));
        return json({ deleted: 2 });
      },
    });
    const onOpenChange = vi.fn();
    renderWithProviders(<AssignTeacherDialog klass={klass} open onOpenChange={onOpenChange} editing={editing} />, {
      auth: signedIn('school_admin'),
    });
    // Nothing to delete is offered before a refusal.
    await user.click(await screen.findByRole('checkbox', { name: 'Art' }));
    expect(screen.queryByRole('link', { name: /Open the timetable/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the timetable of Grade 5 A' }).getAttribute('href')).toBe(
      `/timetable?class=${klass.id}`,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete the 2 Art lessons…' }));
    expect(screen.queryByRole('button', { name: /Mathematics lesson/ })).toBeNull();
    expect(
      screen.getByText('2 Art lessons of Tara Teachwell in Grade 5 A will be deleted from the timetable.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete them' }));
    expect((await screen.findByRole('status')).textContent).toBe('2 lessons deleted. Try again now.');
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      `/api/v1/timetable/slots?classId=${klass.id}&teacherId=${TEACHER_ID}&subjectId=${ART.id}`,
    );
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      teacherId: TEACHER_ID,
      subjectIds: [MATHS.id],
      isClassTeacher: false,
    });
  });
});

describe('AssignTeacherDialog in a school that has no teacher yet', () => {
  const empty = { ...klass, assignedTeachers: [], classTeacherId: null, classTeacherName: null };

  it('says there are none yet and links to the Teachers page, where they are added', async () => {
    mockFetch({
      'GET /api/v1/teachers': () => json({ items: [], nextCursor: null, total: 0 }),
      'GET /api/v1/subjects': activeSubjects,
    });
    renderWithProviders(<AssignTeacherDialog klass={empty} open onOpenChange={vi.fn()} />, {
      auth: signedIn('school_admin'),
    });
    expect(await screen.findByRole('option', { name: 'No teachers yet' })).toBeTruthy();
    expect(screen.getByText(/The school has no teachers to assign yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Teachers' }).getAttribute('href')).toBe('/teachers');
    expect(screen.queryByRole('option', { name: 'No teachers match' })).toBeNull();
  });

  it('still says "No teachers match" for a search that finds nobody, without the link', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/v1/teachers': (req) =>
        new URL(req.url, 'http://x').searchParams.get('search')
          ? json({ items: [], nextCursor: null, total: 0 })
          : json({ items: [teacher(TEACHER_ID, 'Tara Teachwell')], nextCursor: null, total: 1 }),
      'GET /api/v1/subjects': activeSubjects,
    });
    renderWithProviders(<AssignTeacherDialog klass={empty} open onOpenChange={vi.fn()} />, {
      auth: signedIn('school_admin'),
    });
    await screen.findByRole('option', { name: 'Tara Teachwell (tara@x.test)' });
    await user.type(screen.getByLabelText('Search teachers'), 'zed');
    expect(await screen.findByRole('option', { name: 'No teachers match' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open Teachers' })).toBeNull();
  });
});
