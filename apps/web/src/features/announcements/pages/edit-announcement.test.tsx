import type { Announcement, AnnouncementList } from '@lyceum/shared/announcements';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import type { Role } from '@lyceum/shared/roles';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { setFormatSettings } from '../../../lib/i18n/format';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, PDF_ATTACHMENT, renderWithProviders, signedIn } from '../../../test/utils';
import { AnnouncementsPage } from './announcements-page';

const mine: Announcement = {
  id: '01900000-0000-7000-8000-0000000000b1',
  title: 'Sports day',
  body: '<p>Bring water.</p><ul><li>Cap</li><li>Shoes</li></ul>',
  audience: ['parent'],
  classes: [],
  status: 'active',
  pinned: false,
  expiresAt: '2099-12-01T07:00:00.000Z',
  createdAt: '2026-11-25T15:46:00.000Z',
  editedAt: null,
  author: { id: '01900000-0000-7000-8000-0000000000c1', name: 'Tom Teacher' },
  read: true,
  readCount: 0,
  audienceCount: 3,
  canManage: true,
  attachments: [PDF_ATTACHMENT],
};
const theirs: Announcement = {
  ...mine,
  id: '01900000-0000-7000-8000-0000000000b2',
  title: 'Library hours',
  author: { id: '01900000-0000-7000-8000-0000000000c2', name: 'Ana Admin' },
  canManage: false,
  readCount: null,
  audienceCount: null,
  attachments: [],
};
const list = (items: Announcement[]): AnnouncementList => ({ items, nextCursor: null, total: items.length });
const UPLOAD = { ...PDF_ATTACHMENT, id: '01900000-0000-7000-8000-0000000000f2', name: 'map.pdf' };

/** Removes the file it carries in the dialog and uploads another in its place. */
async function swapFile(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Remove form.pdf' }));
  const file = new File(['%PDF-1.4'], 'map.pdf', { type: 'application/pdf' });
  fireEvent.change(within(dialog).getByTestId('attachment-input'), { target: { files: [file] } });
  await waitFor(() => expect(within(dialog).getByTestId('attachment-draft').getAttribute('data-state')).toBe('ready'));
}

async function openEdit(role: Role, extra: Parameters<typeof mockFetch>[0] = {}) {
  const mocks = mockFetch({ 'GET /api/v1/announcements': () => json(list([mine, theirs])), ...extra });
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <AnnouncementsPage />
      <Toaster />
    </>,
    { auth: signedIn(role) },
  );
  const card = (await screen.findByRole('heading', { name: 'Sports day' })).closest('article') as HTMLElement;
  await user.click(within(card).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit announcement' });
  return { ...mocks, user, dialog };
}

describe('Editing an announcement', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it('offers Edit only on the announcements the reader may edit (canManage, as the server decides)', async () => {
    mockFetch({ 'GET /api/v1/announcements': () => json(list([mine, theirs])) });
    renderWithProviders(<AnnouncementsPage />, { auth: signedIn('teacher') });
    const card = (name: string) => screen.getByRole('heading', { name }).closest('article') as HTMLElement;
    await screen.findByRole('heading', { name: 'Sports day' });
    expect(within(card('Sports day')).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(card('Library hours')).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('opens filled with its title, message as typed, expiry on the school clock and files', async () => {
    setFormatSettings({ language: 'en', locale: { ...DEFAULT_SCHOOL_LOCALE, timeZone: 'Pacific/Auckland' } });
    const { dialog } = await openEdit('teacher');
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Sports day');
    expect((within(dialog).getByLabelText('Message') as HTMLTextAreaElement).value).toBe(
      'Bring water.\n\n- Cap\n- Shoes',
    );
    // 07:00 UTC is 20:00 in Auckland (NZDT).
    expect((within(dialog).getByLabelText('Expires (optional)') as HTMLInputElement).value).toBe('2099-12-01T20:00');
    expect(within(dialog).getByTestId('attachment-draft').textContent).toContain('form.pdf');
    // Audience and classes stay as published: not offered.
    expect(within(dialog).queryByText('Audience')).toBeNull();
  });

  it('sends only what changed, says so, and the card shows the new text before the list is read again', async () => {
    let listed = 0;
    const { calls, user, dialog } = await openEdit('teacher', {
      'GET /api/v1/announcements': () =>
        // The first read answers; the refetch after saving never does, so only the save's answer can show.
        ++listed === 1 ? json(list([mine, theirs])) : new Promise<Response>(() => {}),
      [`PATCH /api/v1/announcements/${mine.id}`]: () =>
        json({
          ...mine,
          title: 'Sports day moved',
          body: '<p>Now on Friday.</p>',
          editedAt: '2026-11-26T10:00:00.000Z',
        }),
    });
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Sports day moved');
    await user.clear(within(dialog).getByLabelText('Message'));
    await user.type(within(dialog).getByLabelText('Message'), 'Now on Friday.');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Announcement updated')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { title: 'Sports day moved', body: 'Now on Friday.' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Sports day moved' })).toBeTruthy();
    expect(screen.getByText('Now on Friday.')).toBeTruthy();
    // Marked as edited with the answer, not at the next read of the list.
    expect(screen.getByText('Edited')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The file it carries was kept, not taken back as an upload.
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('refuses an empty title as publishing does, sending nothing', async () => {
    const { calls, user, dialog } = await openEdit('school_admin');
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('cancelling keeps the files it carries (even one removed in the dialog) and takes back only new uploads', async () => {
    const { calls, user, dialog } = await openEdit('teacher', {
      'POST /api/v1/attachments': () => json(UPLOAD, 201),
      [`DELETE /api/v1/attachments/${UPLOAD.id}`]: () => new Response(null, { status: 204 }),
    });
    await swapFile(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        `/api/v1/attachments/${UPLOAD.id}`,
      ]),
    );
  });

  it('saving with a file removed sends the files it should keep, and the new upload', async () => {
    const { calls, user, dialog } = await openEdit('teacher', {
      'POST /api/v1/attachments': () => json(UPLOAD, 201),
      [`PATCH /api/v1/announcements/${mine.id}`]: () => json({ ...mine, attachments: [UPLOAD] }),
    });
    await swapFile(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ attachmentIds: [UPLOAD.id] }]);
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('speaks Spanish', async () => {
    await changeLanguage('es');
    const { dialog } = await openEditIn('Editar', 'Editar anuncio');
    expect(within(dialog).getByRole('button', { name: 'Guardar cambios' })).toBeTruthy();
  });
});

async function openEditIn(button: string, title: string) {
  mockFetch({ 'GET /api/v1/announcements': () => json(list([mine])) });
  const user = userEvent.setup();
  renderWithProviders(<AnnouncementsPage />, { auth: signedIn('teacher') });
  await user.click(await screen.findByRole('button', { name: button }));
  return { dialog: await screen.findByRole('dialog', { name: title }) };
}
