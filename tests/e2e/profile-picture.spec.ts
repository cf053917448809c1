import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { assertAccessible, fitsViewport, screenshot } from './support/checks.ts';
import { expect, PHONE, test } from './support/fixtures.ts';

const PICTURE_URL = /^\/api\/v1\/files\/schools\/[0-9a-f-]{36}\/users\/[0-9a-f-]{36}\/profile\/[0-9a-f]{32}\.webp$/;

/** The `src` of an avatar once it is a loaded picture (not the initial, not a broken image). */
async function loadedPicture(page: Page, testId: string): Promise<string> {
  const handle = await page.waitForFunction((id) => {
    const img = document.querySelector(`img[data-testid="${id}"]`) as HTMLImageElement | null;
    return img?.complete && img.naturalWidth > 0 ? img.getAttribute('src') : null;
  }, testId);
  return (await handle.jsonValue()) as string;
}

async function chooseFile(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await page.getByLabel(/^(Choose|Change) picture$/).setInputFiles({ name, mimeType, buffer });
}

test('profile picture: a teacher uploads one in Settings and sees it in the header and sidebar', async ({
  signInAs,
}) => {
  const page = await signInAs('teacher');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL('**/settings');

  // A text file dressed as a PNG passes the browser's check and is refused by the server on content.
  await chooseFile(page, 'holiday.png', 'image/png', Buffer.from('not really a picture\n'.repeat(50)));
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await page.getByText('Failed to upload profile picture. Please try again.').first().waitFor();
  await page.getByRole('alert').filter({ hasText: 'Profile pictures must be JPEG, PNG or WebP images.' }).waitFor();

  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 14, g: 116, b: 144 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="800" height="600"><circle cx="400" cy="260" r="150" fill="#fde68a"/><rect x="170" y="420" width="460" height="180" rx="90" fill="#fde68a"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  await chooseFile(page, 'me.jpg', 'image/jpeg', photo);
  const preview = await page.getByTestId('profile-picture-preview').getAttribute('src');
  expect(preview?.startsWith('blob:'), `the chosen file is previewed (src ${preview})`).toBe(true);
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await page.getByText('Profile picture updated').first().waitFor();

  const inHeader = await loadedPicture(page, 'header-avatar');
  const inSidebar = await loadedPicture(page, 'user-initial');
  expect(inHeader, `header shows the stored picture (src ${inHeader})`).toMatch(PICTURE_URL);
  expect(inSidebar, 'sidebar shows the same picture').toBe(inHeader);
  const served = await page.request.get(inHeader);
  expect(served.headers()['cache-control'], 'served with an hour of public cache').toBe('public, max-age=3600');
  expect(served.headers()['content-type'], 'served as WebP').toBe('image/webp');
  await page.waitForLoadState('networkidle');
  // Let the toasts leave so the screenshot shows the header's picture.
  await page.waitForFunction(() => document.querySelector('[data-rht-toaster]')?.childElementCount === 0);
  await screenshot(page, 'profile-picture-settings-desktop');
  await assertAccessible(page, 'settings with a profile picture');

  // Still there after a reload (it came from the server, not from the page's memory).
  await page.reload();
  expect(await loadedPicture(page, 'header-avatar'), 'the picture survives a reload').toBe(inHeader);
  await page.close();

  const phone = await signInAs('teacher', PHONE);
  expect(await loadedPicture(phone, 'header-avatar'), 'header at 375 px shows the picture').toBe(inHeader);
  await phone.goto('/settings');
  await phone.getByRole('button', { name: 'Remove picture' }).waitFor();
  await phone.waitForLoadState('networkidle');
  expect(await fitsViewport(phone), 'no horizontal scroll at 375 px').toBe(true);
  await screenshot(phone, 'profile-picture-settings-375');
  await phone.getByRole('button', { name: 'Open menu' }).click();
  // Wait for the off-canvas slide to finish before measuring or taking the picture.
  await phone.waitForFunction(
    () => document.querySelector('aside[aria-label="Sidebar"]')?.getBoundingClientRect().left === 0,
  );
  expect(await loadedPicture(phone, 'user-initial'), 'the off-canvas sidebar shows the picture').toBe(inHeader);
  await screenshot(phone, 'profile-picture-menu-375');
  await phone.getByRole('button', { name: 'Close menu' }).click();

  await phone.getByRole('button', { name: 'Remove picture' }).click();
  await phone.getByText('Profile picture removed').first().waitFor();
  await phone.waitForFunction(() => !document.querySelector('img[data-testid="header-avatar"]'));
});
