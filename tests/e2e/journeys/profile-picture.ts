import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { assert, assertAccessible, type Journey, screenshot } from '../harness.ts';
import { signIn } from './foundation.ts';

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

export const profilePictureJourneys: Journey[] = [
  {
    name: 'profile picture: a teacher uploads one in Settings and sees it in the header and sidebar',
    async run({ browser, server }) {
      const page = await signIn(browser, server.url, 'teacher');
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
      assert(preview?.startsWith('blob:'), `the chosen file is previewed (src ${preview})`);
      await page.getByRole('button', { name: 'Upload picture' }).click();
      await page.getByText('Profile picture updated').first().waitFor();

      const inHeader = await loadedPicture(page, 'header-avatar');
      const inSidebar = await loadedPicture(page, 'user-initial');
      assert(PICTURE_URL.test(inHeader), `header shows the stored picture (src ${inHeader})`);
      assert(inSidebar === inHeader, 'sidebar shows the same picture');
      const served = await page.request.get(inHeader);
      assert(served.headers()['cache-control'] === 'public, max-age=3600', 'served with an hour of public cache');
      assert(served.headers()['content-type'] === 'image/webp', 'served as WebP');
      await page.waitForLoadState('networkidle');
      // Let the toasts leave so the screenshot shows the header's picture.
      await page.waitForFunction(() => document.querySelector('[data-rht-toaster]')?.childElementCount === 0);
      await screenshot(page, 'profile-picture-settings-desktop');
      await assertAccessible(page, 'settings with a profile picture');

      // Still there after a reload (it came from the server, not from the page's memory).
      await page.reload();
      assert((await loadedPicture(page, 'header-avatar')) === inHeader, 'the picture survives a reload');
      await page.close();

      const phone = await signIn(browser, server.url, 'teacher', { width: 375, height: 812 });
      assert((await loadedPicture(phone, 'header-avatar')) === inHeader, 'header at 375 px shows the picture');
      await phone.goto('/settings');
      await phone.getByRole('button', { name: 'Remove picture' }).waitFor();
      await phone.waitForLoadState('networkidle');
      const noScroll = await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      assert(noScroll, 'no horizontal scroll at 375 px');
      await screenshot(phone, 'profile-picture-settings-375');
      await phone.getByRole('button', { name: 'Open menu' }).click();
      // Wait for the off-canvas slide to finish before measuring or taking the picture.
      await phone.waitForFunction(
        () => document.querySelector('aside[aria-label="Sidebar"]')?.getBoundingClientRect().left === 0,
      );
      assert((await loadedPicture(phone, 'user-initial')) === inHeader, 'the off-canvas sidebar shows the picture');
      await screenshot(phone, 'profile-picture-menu-375');
      await phone.getByRole('button', { name: 'Close menu' }).click();

      await phone.getByRole('button', { name: 'Remove picture' }).click();
      await phone.getByText('Profile picture removed').first().waitFor();
      await phone.waitForFunction(() => !document.querySelector('img[data-testid="header-avatar"]'));
      await phone.close();
    },
  },
];
