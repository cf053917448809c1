import type { Page } from '@playwright/test';
import { assertAccessible, fitsViewport, screenshot, waitForMail } from './support/checks.ts';
import { DESKTOP, expect, PHONE, test } from './support/fixtures.ts';
import type { StartedServer } from './support/server.ts';

type Journey = { server: StartedServer; openPage: () => Promise<Page> };

/** Screenshot and axe check of the current page at desktop width, then the same at 375 px (no sideways scroll). */
async function capture(page: Page, name: string, ready: (p: Page) => Promise<unknown>): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await screenshot(page, `${name}-desktop`);
  await assertAccessible(page, `${name} (desktop)`);
  await page.setViewportSize(PHONE);
  // The sidebar slides off-canvas below 768 px: wait until it has left the screen.
  await page.waitForFunction(
    () => (document.querySelector('aside[aria-label="Sidebar"]')?.getBoundingClientRect().right ?? 0) <= 0,
  );
  await ready(page);
  await page.waitForLoadState('networkidle');
  expect(await fitsViewport(page), `${name}: no horizontal scroll at 375 px`).toBe(true);
  await screenshot(page, `${name}-375`);
  await assertAccessible(page, `${name} (375 px)`);
  await page.setViewportSize(DESKTOP);
}

/** Follows the set-password link of the newest e-mail to `email`, sets `password`, and lands on /login. */
async function acceptInvitation({ server, openPage }: Journey, email: string, password: string) {
  const mail = await waitForMail(server, email);
  const link = mail.match(/\/reset-password\?token=[^\s]+/)?.[0];
  expect(link, `the invitation to ${email} has a set-password link`).toBeTruthy();
  const page = await openPage();
  await page.goto(link as string);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.waitForURL('**/login');
  await page.close();
}

const run = Date.now().toString(36);
const CLASS_NAME = `Grade 7 ${run}`;
const SECTION = 'E';
const TEACHER = { name: 'Tara Teachwell', email: `tara.${run}@example.test` };
const PARENT_EMAIL = `pat.parent.${run}@example.test`;
const STUDENTS = [
  { name: 'Ada Import', email: `ada.${run}@example.test` },
  { name: 'Ben Import', email: `ben.${run}@example.test` },
  { name: 'Cy Import', email: `cy.${run}@example.test` },
];
const NEW_PASSWORD = 'a-long-fresh-password-42';

function studentCsv(badEmail: boolean): string {
  const header = 'name,email,className,section,parentName,parentEmail,parentRelationship';
  const rows = STUDENTS.map((s, i) => {
    const email = badEmail && i === 1 ? 'not-an-email' : s.email;
    const parent = i === 0 ? `Pat Parent,${PARENT_EMAIL},Mother` : ',,';
    return `${s.name},${email},${CLASS_NAME},${SECTION},${parent}`;
  });
  return [header, ...rows].join('\n');
}

test('people: an admin creates a class, imports students (fixing a bad row), adds a teacher by invitation; the teacher and a parent see only theirs', async ({
  server,
  openPage,
  signInAs,
}) => {
  const admin = await signInAs('school_admin');

  // A subject and a class.
  await admin.goto('/classes');
  await admin.getByRole('heading', { name: 'Classes', level: 1 }).waitFor();
  await admin.getByRole('button', { name: 'Subjects' }).click();
  const subjects = admin.getByRole('dialog', { name: 'Subjects' });
  await subjects.getByLabel('Subject name').fill(`Mathematics ${run}`);
  await subjects.getByRole('button', { name: 'Add subject' }).click();
  await subjects.getByRole('list', { name: 'Subjects' }).getByText(`Mathematics ${run}`).waitFor();
  await screenshot(admin, 'people-subjects-dialog');
  await admin.keyboard.press('Escape');
  await subjects.waitFor({ state: 'detached' });

  await admin.getByRole('button', { name: 'New class' }).first().click();
  const classDialog = admin.getByRole('dialog', { name: 'New class' });
  await classDialog.getByRole('button', { name: 'Create class' }).click();
  await classDialog.getByText('Class name is required').waitFor();
  await classDialog.getByLabel('Class name').fill(CLASS_NAME);
  await classDialog.getByLabel('Section').fill(SECTION);
  await classDialog.getByLabel(`Mathematics ${run}`).check();
  await screenshot(admin, 'people-class-dialog');
  await assertAccessible(admin, 'new class dialog');
  await classDialog.getByRole('button', { name: 'Create class' }).click();
  await admin.waitForURL(/\/classes\/[0-9a-f-]{36}$/);
  const classUrl = new URL(admin.url()).pathname;
  await admin.getByRole('heading', { name: `${CLASS_NAME} ${SECTION}`, level: 1 }).waitFor();

  // Import: one bad row is reported by line and column, nothing is written; fixed, all rows go in.
  await admin.goto('/students');
  await admin.getByRole('button', { name: 'Import CSV' }).click();
  const importDialog = admin.getByRole('dialog', { name: 'Import students from CSV' });
  await importDialog.getByLabel('Or paste CSV').fill(studentCsv(true));
  await importDialog.getByRole('button', { name: 'Preview', exact: true }).click();
  const problems = importDialog.getByRole('list', { name: 'Problems by line' });
  await problems.waitFor();
  const problemText = await problems.innerText();
  expect(problemText, `the bad e-mail is reported on line 3: ${problemText}`).toContain('Line 3, column email');
  expect(
    await importDialog.getByRole('button', { name: /^Import/ }).isDisabled(),
    'import is disabled with errors',
  ).toBe(true);
  await screenshot(admin, 'people-import-errors-desktop');
  await assertAccessible(admin, 'import preview with errors');
  // On a phone the dialog is a full-width sheet and the preview scrolls inside it.
  await admin.setViewportSize(PHONE);
  await problems.waitFor();
  await screenshot(admin, 'people-import-errors-375');
  await assertAccessible(admin, 'import preview with errors (375 px)');
  await admin.setViewportSize(DESKTOP);
  await importDialog.getByLabel('Or paste CSV').fill(studentCsv(false));
  await importDialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await importDialog.getByText('All 3 students are valid and ready to import.').waitFor();
  await importDialog.getByRole('button', { name: 'Import 3 students' }).click();
  await admin.getByText('Imported 3 students').waitFor();
  await importDialog.waitFor({ state: 'detached' });

  // A teacher, invited, assigned to the class as its class teacher.
  await admin.goto('/teachers');
  await admin.getByRole('button', { name: 'Add teacher' }).first().click();
  const teacherDialog = admin.getByRole('dialog', { name: 'Add teacher' });
  await teacherDialog.getByLabel('Full name').fill(TEACHER.name);
  await teacherDialog.getByLabel('E-mail', { exact: true }).fill(TEACHER.email);
  await teacherDialog.getByLabel('Qualification').fill('M.Sc. Mathematics');
  await teacherDialog.getByLabel('Experience (years)').fill('6');
  await teacherDialog.getByRole('group', { name: 'Subjects they can teach' }).getByLabel(`Mathematics ${run}`).check();
  await teacherDialog.getByRole('button', { name: 'Assign to a class' }).click();
  await teacherDialog.getByLabel('Class', { exact: true }).selectOption({ label: `${CLASS_NAME} ${SECTION}` });
  await teacherDialog
    .getByRole('group', { name: /^Subjects in / })
    .getByLabel(`Mathematics ${run}`)
    .check();
  await teacherDialog.getByLabel('Class teacher').check();
  await teacherDialog.getByLabel('Send an invitation e-mail').check();
  await screenshot(admin, 'people-teacher-dialog');
  await teacherDialog.getByRole('button', { name: 'Add teacher' }).click();
  const created = admin.getByRole('dialog', { name: 'Teacher added' });
  await created.getByText('An invitation e-mail with a one-time link to set a password was sent.').waitFor();
  await created.getByRole('button', { name: 'Done' }).first().click();

  // The class page shows the roster and the class teacher.
  await admin.goto(classUrl);
  await admin.getByText(`Class teacher: ${TEACHER.name}`).waitFor();
  await capture(admin, 'people-class-page', (p) =>
    p
      .getByRole('cell', { name: /Ada Import/ })
      .or(p.getByText('Ada Import'))
      .first()
      .waitFor(),
  );
  await admin.getByRole('tab', { name: /Teachers/ }).click();
  await admin.getByText(TEACHER.name).first().waitFor();
  await screenshot(admin, 'people-class-teachers-desktop');

  // Moving a student takes them off this roster and onto the other class's.
  await admin.getByRole('tab', { name: /Students/ }).click();
  await admin.getByRole('button', { name: 'Move Cy Import', exact: true }).click();
  const moveDialog = admin.getByRole('dialog', { name: 'Move Cy Import' });
  await moveDialog.getByLabel('New class').selectOption({ label: 'Grade 5 A' });
  await moveDialog.getByRole('button', { name: 'Move student' }).click();
  await admin.getByText('Cy Import moved to Grade 5 A').waitFor();
  await admin.getByRole('button', { name: 'Move Cy Import', exact: true }).waitFor({ state: 'detached' });
  expect(
    await admin.getByRole('tab', { name: /Students/ }).innerText(),
    'the roster counts two students after the move',
  ).toBe('Students\n2');

  // Every list page as the administrator, at both widths.
  await admin.goto('/classes');
  await capture(admin, 'people-classes', (p) =>
    p
      .getByRole('link', { name: `${CLASS_NAME} ${SECTION}` })
      .first()
      .waitFor(),
  );
  // The demo school has over a hundred students: search finds the imported ones (debounced, kept in the URL).
  await admin.goto('/students');
  await admin.getByRole('table', { name: 'Students' }).waitFor();
  await admin.getByLabel('Search students by name, e-mail or roll number').fill(run);
  await admin.waitForURL(new RegExp(`search=${run}`));
  await capture(admin, 'people-students', (p) => p.getByText('Ada Import').first().waitFor());
  await admin
    .getByRole('link', { name: /Ada Import/ })
    .first()
    .click();
  await admin.getByRole('heading', { name: 'Ada Import', level: 1 }).waitFor();
  await capture(admin, 'people-student-profile', (p) => p.getByText('No attendance recorded yet').waitFor());
  expect(await admin.getByText('Pat Parent').isVisible(), 'the imported parent is linked to Ada').toBe(true);
  await admin.goto(`/teachers?search=${run}`);
  await capture(admin, 'people-teachers', (p) => p.getByText(TEACHER.name).first().waitFor());
  await admin
    .getByRole('link', { name: new RegExp(TEACHER.name) })
    .first()
    .click();
  await admin.getByRole('heading', { name: TEACHER.name, level: 1 }).waitFor();
  await capture(admin, 'people-teacher-profile', (p) =>
    p.getByRole('button', { name: 'Promote to school administrator' }).waitFor(),
  );
  await admin.goto(`/parents?search=${encodeURIComponent(PARENT_EMAIL)}`);
  await capture(admin, 'people-parents', (p) => p.getByText('Pat Parent').first().waitFor());
  await admin.goto(`/users?search=${run}`);
  await capture(admin, 'people-users', (p) => p.getByText(TEACHER.email).first().waitFor());
  await admin.close();

  // The teacher follows the invitation, signs in and finds the class under My Classes.
  await acceptInvitation({ server, openPage }, TEACHER.email, NEW_PASSWORD);
  const teacher = await signInAs({ email: TEACHER.email, password: NEW_PASSWORD, role: 'teacher' });
  await teacher.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Classes' }).click();
  await teacher.waitForURL('**/classes');
  await teacher.getByRole('heading', { name: 'My Classes', level: 1 }).waitFor();
  const myClassList = teacher.getByRole('list', { name: 'My classes' });
  await myClassList.waitFor();
  const myClasses = await myClassList.getByRole('heading').allInnerTexts();
  expect(myClasses, 'the teacher sees exactly the assigned class').toEqual([`${CLASS_NAME} ${SECTION}`]);
  await capture(teacher, 'people-my-classes', (p) => p.getByText('Class teacher').first().waitFor());
  // The teacher reads the class roster but cannot change it.
  await teacher.getByRole('link', { name: 'Open class' }).click();
  await teacher.getByText('Ada Import').first().waitFor();
  expect(
    await teacher.getByRole('button', { name: 'Move Ada Import', exact: true }).count(),
    'a teacher cannot move students',
  ).toBe(0);
  expect(await teacher.getByRole('button', { name: 'Edit class' }).count(), 'a teacher cannot edit the class').toBe(0);
  await screenshot(teacher, 'people-class-page-teacher-desktop');
  await teacher.close();

  // The imported parent follows their invitation and sees only their own child.
  await acceptInvitation({ server, openPage }, PARENT_EMAIL, NEW_PASSWORD);
  const parent = await signInAs({ email: PARENT_EMAIL, password: NEW_PASSWORD, role: 'parent' });
  await parent.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Children' }).click();
  await parent.waitForURL('**/children');
  const children = parent.getByRole('list', { name: 'My children' });
  await children.waitFor();
  expect(await children.getByRole('heading', { level: 2 }).allInnerTexts(), 'the parent sees only Ada').toEqual([
    'Ada Import',
  ]);
  await capture(parent, 'people-children', (p) => p.getByText('Not marked yet today').waitFor());
  await parent.goto('/students');
  await parent.getByText('Ada Import').first().waitFor();
  expect(await parent.getByText('Ben Import').count(), 'the parent does not see other students').toBe(0);
  await parent.close();
});

test('people: pages a role may not use say so; a student lands on their own profile', async ({ signInAs }) => {
  const teacher = await signInAs('teacher');
  await teacher.goto('/users');
  await teacher.getByText('Not available for your role').waitFor();
  await capture(teacher, 'people-not-for-role', (p) => p.getByText('Not available for your role').waitFor());
  await teacher.close();

  const student = await signInAs('student');
  await student.goto('/students');
  await student.waitForURL(/\/students\/[0-9a-f-]{36}$/);
  await student.getByRole('heading', { level: 1 }).waitFor();
  await screenshot(student, 'people-student-own-profile-desktop');
  await student.close();
});

test("people: a company admin opens a school's student, then the student's class, then its teacher, read-only", async ({
  signInAs,
}) => {
  const reader = await signInAs('company_admin');
  await reader.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();
  await reader.goto('/students');
  await reader.getByLabel('School').selectOption({ label: 'Riverside Academy' });
  const table = reader.getByRole('table', { name: 'Students' });
  await table.waitFor();
  const first = table.getByRole('link').first();
  const name = (await first.innerText()).split('\n')[0]?.trim() ?? '';
  await first.click();
  await reader.getByRole('heading', { name, level: 1 }).waitFor();
  expect(reader.url(), 'the profile URL names the school being read').toMatch(/schoolId=/);
  expect(await reader.getByRole('button', { name: 'Edit' }).count(), 'a company reader cannot edit a student').toBe(0);
  await capture(reader, 'people-student-profile-company-reader', (p) =>
    p.getByRole('heading', { name, level: 1 }).waitFor(),
  );

  await reader
    .getByRole('link', { name: /^Grade / })
    .first()
    .click();
  await reader.getByRole('tab', { name: /Students/ }).waitFor();
  expect(await reader.getByRole('button', { name: 'Edit class' }).count(), 'a company reader cannot edit a class').toBe(
    0,
  );
  await reader.getByRole('tab', { name: /Teachers/ }).click();
  const teacherLink = reader.getByRole('tabpanel').getByRole('link').first();
  const teacherName = (await teacherLink.innerText()).trim();
  await teacherLink.click();
  await reader.getByRole('heading', { name: teacherName, level: 1 }).waitFor();
  expect(
    await reader.getByRole('button', { name: 'Promote to school administrator' }).count(),
    'a company reader cannot promote a teacher',
  ).toBe(0);
  await reader.getByRole('link', { name: 'Teachers' }).first().click();
  await reader.getByRole('table', { name: 'Teachers' }).getByText(teacherName).first().waitFor();
  expect(
    await reader.getByLabel('School').evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text),
    'going back keeps the school being read',
  ).toBe('Riverside Academy');
});
