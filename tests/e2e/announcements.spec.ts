import type { Page } from '@playwright/test';
import { assertAccessible, fitsViewport, screenshot } from './support/checks.ts';
import { DESKTOP, expect, PHONE, test } from './support/fixtures.ts';

/** The bell's unread count, read from its accessible name ("Notifications, 3 unread" or "Notifications"). */
async function unreadOf(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Notifications/ });
  // Opened once so the count is read after the list has loaded, not while it is still pending.
  await bell.click();
  await page.getByTestId('notification-list').or(page.getByText('No notifications')).waitFor();
  const name = await bell.getAttribute('aria-label');
  await page.keyboard.press('Escape');
  return Number(/(\d+) unread/.exec(name ?? '')?.[1] ?? 0);
}

/** Screenshot and axe check at 1280 px, then at 375 px (no sideways scroll). */
async function capture(page: Page, name: string, ready: (p: Page) => Promise<unknown>): Promise<void> {
  for (const [viewport, suffix] of [
    [DESKTOP, 'desktop'],
    [PHONE, '375'],
  ] as const) {
    await page.setViewportSize(viewport);
    // Below 768 px the sidebar slides off-canvas: wait until it has left the screen.
    if (suffix === '375') {
      await page.waitForFunction(
        () => (document.querySelector('aside[aria-label="Sidebar"]')?.getBoundingClientRect().right ?? 0) <= 0,
      );
    }
    await ready(page);
    await page.waitForLoadState('networkidle');
    if (suffix === '375') expect(await fitsViewport(page), `${name}: no horizontal scroll at 375 px`).toBe(true);
    await screenshot(page, `${name}-${suffix}`);
    await assertAccessible(page, `${name} (${suffix})`);
  }
  await page.setViewportSize(DESKTOP);
}

/** The teacher publishes to the parents of Grade 5 A from the Announcements page's header button. */
async function publishToParents(teacher: Page, title: string, message: string) {
  await teacher.goto('/announcements');
  // The header's button (an empty list offers the same one in its empty state).
  await teacher.getByRole('button', { name: 'New announcement' }).first().click();
  const dialog = teacher.getByRole('dialog', { name: 'New announcement' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill(message);
  await dialog.getByRole('checkbox', { name: 'Parents' }).check();
  await dialog.getByRole('checkbox', { name: 'Grade 5 A' }).check();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
}

test('a parent opens an announcement from the bell and lands on it', async ({ signInAs }) => {
  const title = `Book fair ${Date.now().toString(36)}`;
  const teacher = await signInAs('teacher', DESKTOP);
  const parent = await signInAs('parent', DESKTOP);
  const before = await unreadOf(parent);
  await publishToParents(teacher, title, 'The book fair opens on Monday in the library.');

  await expect(parent.getByRole('button', { name: `Notifications, ${before + 1} unread` })).toBeVisible({
    timeout: 15_000,
  });
  await parent.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  // A link to the announcement: opening it marks it read and lands on it (docs/product.md, "Notifications").
  await parent
    .getByTestId('notification-list')
    .getByRole('link', { name: new RegExp(title) })
    .click();
  await parent.waitForURL(/\/announcements\?a=/);
  await expect(parent.getByRole('article', { name: title })).toBeVisible();
  await expect(parent.getByRole('link', { name: 'All announcements' })).toBeVisible();
  await expect(parent.getByTestId('notification-list')).toHaveCount(0);
  await expect.poll(() => unreadOf(parent), { timeout: 10_000 }).toBe(before);
  await capture(parent, 'announce-opened-from-bell-parent', (p) => p.getByRole('article', { name: title }).waitFor());
});

test('a teacher’s announcement reaches a parent live; the parent reads, clears and deletes its notification', async ({
  signInAs,
}) => {
  const title = `Museum trip ${Date.now().toString(36)}`;
  const teacher = await signInAs('teacher', DESKTOP);
  const parent = await signInAs('parent', DESKTOP);
  const before = await unreadOf(parent);

  await publishToParents(
    teacher,
    title,
    'We visit the museum on Friday.\n\n- Bring lunch\n- Wear comfortable shoes\n\nDetails: https://example.org/trip',
  );
  await expect(teacher.getByRole('heading', { name: title })).toBeVisible();

  // The parent's badge rises without a reload: the live stream brought the notification.
  await expect(parent.getByRole('button', { name: `Notifications, ${before + 1} unread` })).toBeVisible({
    timeout: 15_000,
  });
  await parent.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  const list = parent.getByTestId('notification-list');
  await expect(list.getByText(`New announcement: ${title}`)).toBeVisible();
  await parent.getByRole('button', { name: 'Mark all read' }).click();
  await expect(parent.getByTestId('notification-badge')).toHaveCount(0);

  await parent.getByRole('button', { name: `Delete notification: New announcement: ${title}` }).click();
  await expect(list.getByText(`New announcement: ${title}`)).toHaveCount(0);
  await parent.reload();
  await parent.getByRole('button', { name: /^Notifications/ }).click();
  await expect(parent.getByText(`New announcement: ${title}`)).toHaveCount(0);
  await parent.getByRole('link', { name: 'See all' }).click();
  await parent.waitForURL('**/notifications');
  await capture(parent, 'announce-notifications-parent', (p) =>
    p.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor(),
  );

  // The parent reads the announcement; the teacher sees the read counted.
  await parent.goto('/announcements');
  const card = parent.getByRole('article', { name: title });
  await expect(card.getByRole('listitem')).toHaveCount(2);
  await expect(card.getByRole('link', { name: 'https://example.org/trip' })).toBeVisible();
  await capture(parent, 'announce-parent', (p) => p.getByRole('article', { name: title }).waitFor());
  await card.getByRole('button', { name: 'Mark as read' }).click();
  await expect(card.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

  await teacher.reload();
  const mine = teacher.getByRole('article', { name: title });
  await expect(mine.getByText(/^1 of \d+ have read it$/)).toBeVisible();
  await mine.getByRole('button', { name: 'Who has not read it' }).click();
  await expect(teacher.getByRole('dialog', { name: 'Who has not read it' })).toBeVisible();
  await teacher.keyboard.press('Escape');
  await capture(teacher, 'announce-teacher', (p) => p.getByRole('article', { name: title }).waitFor());
  // The header's button (an empty list offers the same one in its empty state).
  await teacher.getByRole('button', { name: 'New announcement' }).first().click();
  await capture(teacher, 'announce-publish-dialog', (p) =>
    p.getByRole('dialog', { name: 'New announcement' }).waitFor(),
  );
  await teacher.keyboard.press('Escape');

  // The teacher corrects it: the dialog opens filled, the card shows the new text, and the parent's open page
  // follows without a reload and without a second notification.
  const unreadBeforeEdit = await unreadOf(parent);
  await teacher.getByRole('article', { name: title }).getByRole('button', { name: 'Edit' }).click();
  const edit = teacher.getByRole('dialog', { name: 'Edit announcement' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByLabel('Message')).toHaveValue(
    'We visit the museum on Friday.\n\n- Bring lunch\n- Wear comfortable shoes\n\nDetails: https://example.org/trip',
  );
  await capture(teacher, 'announce-edit-dialog', (p) => p.getByRole('dialog', { name: 'Edit announcement' }).waitFor());
  const corrected = `${title} (Thursday)`;
  await edit.getByLabel('Title').fill(corrected);
  await edit.getByLabel('Message').fill('We visit the museum on Thursday.\n\n- Bring lunch');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(teacher.getByText('Announcement updated')).toBeVisible();
  const edited = teacher.getByRole('article', { name: corrected });
  await expect(edited.getByText('We visit the museum on Thursday.')).toBeVisible();
  await expect(edited.getByRole('listitem')).toHaveCount(1);
  await expect(parent.getByRole('article', { name: corrected })).toBeVisible({ timeout: 15_000 });
  await expect(parent.getByRole('article', { name: title, exact: true })).toHaveCount(0);
  expect(await unreadOf(parent)).toBe(unreadBeforeEdit);
  await capture(teacher, 'announce-edited-card', (p) => p.getByRole('article', { name: corrected }).waitFor());
});
