import { assertAccessible, fitsViewport, screenshot } from './support/checks.ts';
import { expect, PHONE, test } from './support/fixtures.ts';

test('messages: a teacher and a parent of their class exchange messages live, without reloading', async ({
  signInAs,
}) => {
  const teacher = await signInAs('teacher');
  const parent = await signInAs('parent');
  const nav = (page: typeof teacher) => page.getByRole('navigation', { name: 'Main' });

  // The teacher writes first, to a parent the picker offers (only people they may message are listed).
  await nav(teacher).getByRole('link', { name: 'Messages' }).click();
  await teacher.waitForURL('**/messages');
  await teacher.getByRole('button', { name: 'New message' }).click();
  const dialog = teacher.getByRole('dialog');
  await dialog.getByLabel('Search people').fill('Pat');
  await dialog.getByRole('button', { name: /Pat Parent/ }).click();
  await teacher.getByRole('heading', { name: 'Pat Parent' }).waitFor();
  await teacher.getByLabel('Write a message').fill('Hello Pat, the class trip is on Friday.');
  await teacher.getByRole('button', { name: 'Send' }).click();
  await teacher.getByTestId('message').filter({ hasText: 'the class trip is on Friday' }).waitFor();

  // The parent's sidebar badge rises by itself, and the message is there when they open Messages.
  await expect(nav(parent).getByTestId('messages-unread')).toBeVisible();
  await nav(parent)
    .getByRole('link', { name: /Messages/ })
    .click();
  await parent.waitForURL('**/messages');
  await parent.getByRole('button', { name: /Tom Teacher/ }).click();
  await parent.getByTestId('message').filter({ hasText: 'the class trip is on Friday' }).waitFor();
  await expect(nav(parent).getByTestId('messages-unread')).toHaveCount(0);

  // Reading it shows "Seen" to the teacher; the parent's reply arrives in the teacher's open thread.
  await teacher.getByTestId('seen').waitFor();
  await parent.getByLabel('Write a message').fill('Thank you, we will be there.');
  await parent.getByRole('button', { name: 'Send' }).click();
  await teacher.getByTestId('message').filter({ hasText: 'Thank you, we will be there.' }).waitFor();

  // The parent attaches the signed form (a small PDF) and sends it alone; the teacher downloads its bytes.
  const form = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  await parent
    .getByTestId('attachment-input')
    .setInputFiles({ name: 'trip-form.pdf', mimeType: 'application/pdf', buffer: form });
  await parent.locator('[data-testid="attachment-draft"][data-state="ready"]').waitFor();
  await parent.getByRole('button', { name: 'Send' }).click();
  const link = teacher.getByTestId('message').getByRole('link', { name: /trip-form\.pdf/ });
  await link.waitFor();
  const download = await teacher.request.get((await link.getAttribute('href')) ?? '');
  expect(download.status()).toBe(200);
  expect(Buffer.compare(await download.body(), form)).toBe(0);
  expect(download.headers()['content-disposition']).toContain('attachment;');

  await assertAccessible(teacher, 'messages (teacher, desktop)');
  await screenshot(teacher, 'messages-desktop');

  // On a phone: the list first, then the thread with a back button, nothing wider than the screen.
  const phone = await signInAs('parent', PHONE);
  await phone.goto('/messages');
  await phone.getByRole('button', { name: /Tom Teacher/ }).click();
  await phone.getByTestId('message').filter({ hasText: 'Thank you, we will be there.' }).waitFor();
  await expect(phone.getByRole('button', { name: 'Back to conversations' })).toBeVisible();
  expect(await fitsViewport(phone), 'no sideways scroll at 375 px').toBe(true);
  await assertAccessible(phone, 'messages (parent, phone)');
  await screenshot(phone, 'messages-phone');
  await phone.getByRole('button', { name: 'Back to conversations' }).click();
  await phone.getByRole('list', { name: 'Conversations' }).waitFor();
});
