import type { TimetableOptionsResponse, TimetableWeek } from '@lyceum/shared/timetable';
import { assertAccessible, fitsViewport, screenshot } from './support/checks.ts';
import { DESKTOP, expect, PHONE, test } from './support/fixtures.ts';

/** The timetable screens on the demo school, whose classes have a full, clash-free week Monday to Friday. */

test('timetable: the principal adding a lesson that clashes sees the refusal in the form', async ({ signInAs }) => {
  const page = await signInAs('principal', DESKTOP);
  await page.goto('/timetable');
  const grid = page.getByRole('table', { name: /^Week of / });
  await grid.waitFor();
  await expect(grid.getByRole('columnheader')).toHaveText([
    'Time',
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
    'Sunday',
  ]);
  await screenshot(page, 'timetable-principal-1280');
  await assertAccessible(page, 'timetable (principal)');

  await page.getByRole('button', { name: 'Add lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a lesson' });
  // The class's subjects are offered, taught or not; English has its teacher in the demo's Grade 5 A.
  await dialog.getByLabel('Subject').selectOption({ label: 'English' });
  await dialog.getByLabel('Teacher').selectOption({ index: 1 });
  await dialog.getByLabel('Day').selectOption('monday');
  await dialog.getByLabel('Period').selectOption({ label: 'Period 1 (08:00–08:45)' });
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog.getByText('A slot already exists for this time').first()).toBeVisible();

  // Not the same times, but overlapping the class's Monday first lesson: the clash is named.
  await dialog.getByLabel('Starts').fill('08:10');
  await dialog.getByLabel('Ends').fill('08:40');
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog.getByText(/already has .+ on Monday 08:00–08:45/).first()).toBeVisible();
  await screenshot(page, 'timetable-clash-1280');
  await page.close();
});

test('timetable: a student sees their week at 1280 and 375 px, and a change arrives live', async ({ signInAs }) => {
  const student = await signInAs('student', DESKTOP);
  await student.goto('/timetable');
  const grid = student.getByRole('table', { name: /^Week of / });
  await grid.waitFor();
  await expect(grid.getByText('Break').first()).toBeVisible();
  await screenshot(student, 'timetable-student-1280');
  await assertAccessible(student, 'timetable (student, desktop)');

  // The principal adds a Saturday lesson to the student's class; the open grid shows it without a reload.
  const me = (await (await student.request.get('/api/v1/auth/me')).json()) as { user: { id: string } };
  const week = (await (await student.request.get(`/api/v1/timetable/students/${me.user.id}`)).json()) as TimetableWeek;
  const classId = week.items[0]?.classId as string;
  const principal = await signInAs('principal', DESKTOP);
  const options = (await (await principal.request.get('/api/v1/timetable/options')).json()) as TimetableOptionsResponse;
  const teaching = options.assignments.find((a) => a.classId === classId && a.subjectIds.length > 0);
  if (!teaching) throw new Error("the demo student's class has a teacher with a subject");
  const created = await principal.request.post('/api/v1/timetable/slots', {
    data: {
      classId,
      subjectId: teaching.subjectIds[0],
      teacherId: teaching.teacherId,
      room: 'Live-1',
      day: 'saturday',
      startTime: '09:00',
      endTime: '09:45',
    },
  });
  expect(created.status(), 'the Saturday lesson is created').toBe(201);
  await expect(grid.getByText('Live-1')).toBeVisible();
  await principal.close();

  // On paper: the week alone, without the menu or the buttons.
  await student.emulateMedia({ media: 'print' });
  await expect(student.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(student.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(grid).toBeVisible();
  await screenshot(student, 'timetable-print');
  await student.emulateMedia({ media: 'screen' });

  await student.setViewportSize(PHONE);
  const days = student.getByRole('tablist', { name: 'Day' });
  await days.waitFor();
  await days.getByRole('tab', { name: 'Monday' }).click();
  await expect(
    student
      .getByRole('list', { name: /^Week of / })
      .getByText('Break')
      .first(),
  ).toBeVisible();
  expect(await fitsViewport(student), 'the timetable fits 375 px').toBe(true);
  await screenshot(student, 'timetable-student-375');
  await assertAccessible(student, 'timetable (student, 375 px)');
  await student.close();

  const parent = await signInAs('parent', PHONE);
  await parent.goto('/timetable');
  await parent.getByRole('tablist', { name: 'Day' }).waitFor();
  expect(await fitsViewport(parent), "the parent's timetable fits 375 px").toBe(true);
  await screenshot(parent, 'timetable-parent-375');
  await parent.close();
});
