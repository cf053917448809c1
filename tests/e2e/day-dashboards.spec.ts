import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ClassSheet } from '@lyceum/shared/attendance';
import type { DashboardWithDay } from '@lyceum/shared/day';
import { assertAccessible, fitsViewport, screenshot } from './support/checks.ts';
import { DESKTOP, demoAccount, expect, PHONE, test } from './support/fixtures.ts';

/** The dashboards that show the day: a parent's absent child and alert, a principal's rates changing live. */

/** Screenshots at 1280 and 375 px (no sideways scroll at 375), with an axe check. */
async function capture(page: Page, name: string, ready: Locator) {
  await page.setViewportSize(DESKTOP);
  await ready.waitFor();
  await screenshot(page, `dash-${name}-1280`);
  await assertAccessible(page, `${name} (1280 px)`);
  await page.setViewportSize(PHONE);
  await page.waitForFunction(
    () => (document.querySelector('aside[aria-label="Sidebar"]')?.getBoundingClientRect().right ?? 0) <= 0,
  );
  // The day's cards sit below the figures on a phone: bring them into the picture.
  await ready.scrollIntoViewIfNeeded();
  expect(await fitsViewport(page), `${name}: no horizontal scroll at 375 px`).toBe(true);
  await screenshot(page, `dash-${name}-375`);
  await page.setViewportSize(DESKTOP);
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), `GET ${url}`).toBe(200);
  return (await res.json()) as T;
}

test("the demo parent's dashboard shows their child absent today, and the alert in the bell", async ({ signInAs }) => {
  const page = await signInAs('parent');
  const absent = page.getByText('Absent', { exact: true }).first();
  await absent.waitFor();
  await capture(page, 'parent', absent);
  // Read or not: the changes-data journeys share this server, and another may have marked it read already.
  await page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ }).click();
  await page
    .getByText(/^Absent today: /)
    .first()
    .waitFor();
  await screenshot(page, 'dash-parent-bell-1280');
});

test("the principal sees a class's rate change live when a teacher submits its attendance", async ({
  signInAs,
  openPage,
}) => {
  const page = await signInAs('principal');
  const byClass = page.getByRole('list', { name: 'Attendance by class' });
  await byClass.waitFor();

  // The teacher, through the API in their own browser context: their class's sheet for today.
  const teacherPage = await openPage();
  const teacher = teacherPage.context().request;
  expect((await teacher.post('/api/v1/auth/login', { data: demoAccount('teacher') })).status()).toBe(200);
  const { items } = await getJson<{ items: { id: string }[] }>(teacher, '/api/v1/my-classes');
  const classId = items[0]?.id as string;
  const sheet = await getJson<ClassSheet>(teacher, `/api/v1/attendance/classes/${classId}`);
  const before = (await getJson<DashboardWithDay>(page.context().request, '/api/v1/dashboard')).day?.classes.find(
    (c) => c.classId === classId,
  );
  // Absent enough students that the class's rate is not what it was.
  const n = sheet.students.length;
  let absentees = 1;
  while (Math.round(((n - absentees) / n) * 100) === before?.rate && absentees < n) absentees++;
  const expected = Math.round(((n - absentees) / n) * 100);

  const row = byClass.getByRole('listitem').filter({ hasText: sheet.className });
  await row.waitFor();
  await capture(page, 'principal', row);

  const submitted = await teacher.post('/api/v1/attendance', {
    data: {
      classId,
      records: sheet.students.map((s, i) => ({ studentId: s.studentId, isPresent: i >= absentees })),
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  // No reload: the `attendance` live event refetches the dashboard.
  await expect(row).toContainText(`${expected}%`);
  await screenshot(page, 'dash-principal-after-1280');
});
