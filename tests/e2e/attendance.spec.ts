import type { AttendanceOptions, ClassSheet } from '@lyceum/shared/attendance';
import type { Page } from '@playwright/test';
import { assertAccessible, fitsViewport, screenshot } from './support/checks.ts';
import { expect, PHONE, test } from './support/fixtures.ts';

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.ok(), `GET ${url} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * A teacher on a phone marks today's attendance with two students absent while the network is cut: the marks
 * stay on the screen as "Not sent yet", and go once the connection is back. The class then has one record
 * per student for today (none doubled), the two absent ones shown in the register.
 */
test('attendance: a teacher on a phone marks two absent offline; sent once when back online', async ({ signInAs }) => {
  const page = await signInAs('teacher', PHONE);
  const options = await getJson<AttendanceOptions>(page, '/api/v1/attendance/options');
  const cls = options.classes[0];
  if (!cls) throw new Error('the demo teacher has a class to mark');

  await page.goto('/attendance/mark');
  await page.getByRole('heading', { level: 1, name: 'Mark attendance' }).waitFor();
  const groups = page.getByRole('group', { name: /^Attendance of / });
  await groups.first().waitFor();
  const names: string[] = [];
  for (const i of [0, 1]) {
    const group = groups.nth(i);
    names.push(
      ((await group.getAttribute('aria-label')) ?? (await group.locator('legend').innerText())).replace(
        'Attendance of ',
        '',
      ),
    );
    await group.getByText('Absent', { exact: true }).click();
  }
  // Everyone else present (the demo data may hold other marks for today).
  const count = await groups.count();
  for (let i = 2; i < count; i++) await groups.nth(i).getByText('Present', { exact: true }).click();
  expect(await fitsViewport(page), 'the mark page fits 375 px').toBe(true);
  await screenshot(page, 'attendance-mark-phone');
  await assertAccessible(page, 'mark attendance (phone)');

  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Submit attendance' }).click();
  await expect(page.getByText('Not sent yet.')).toBeVisible();
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('lyceum.attendance.pending.')),
  );
  expect(kept, 'the marks are kept in the browser').toHaveLength(1);
  await screenshot(page, 'attendance-not-sent');

  await page.context().setOffline(false);
  await expect(page.getByText('Not sent yet.')).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText(/^Attendance saved/)).toBeVisible();

  const sheet = await getJson<ClassSheet>(page, `/api/v1/attendance/classes/${cls.id}?date=${options.today}`);
  expect(
    sheet.students.every((s) => s.record !== null),
    'every student has a record for today',
  ).toBe(true);
  const absent = sheet.students.filter((s) => s.record?.status === 'absent').map((s) => s.name);
  expect(absent.sort()).toEqual([...names].sort());

  await page.goto(`/attendance?tab=register&class=${cls.id}`);
  const table = page.getByRole('table', { name: `Register of ${cls.label}` });
  await table.waitFor();
  const day = String(Number(options.today.slice(8)));
  const dayColumn = (await table.locator('thead th').allInnerTexts()).findIndex((text) => text.trim() === day);
  expect(dayColumn, 'today has a column').toBeGreaterThan(0);
  for (const name of names) {
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toHaveCount(1);
    await expect(row.locator('th, td').nth(dayColumn)).toHaveText('A');
  }
  expect(await fitsViewport(page), 'the register scrolls inside its box, not the page').toBe(true);
  await screenshot(page, 'attendance-register-phone');
  await assertAccessible(page, 'attendance register (phone)');
});
