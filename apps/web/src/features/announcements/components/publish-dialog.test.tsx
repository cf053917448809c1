import type { Announcement, AnnouncementOptions } from '@lyceum/shared/announcements';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setFormatSettings } from '../../../lib/i18n/format';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, PDF_ATTACHMENT, renderWithProviders, signedIn } from '../../../test/utils';
import { PublishDialog } from './publish-dialog';

const options: AnnouncementOptions = { audiences: ['parent', 'teacher'], classes: [], classRequired: false };

const published = (expiresAt: string | null): Announcement => ({
  id: '01900000-0000-7000-8000-0000000000b1',
  title: 'Parents evening',
  body: '<p>On Friday.</p>',
  audience: ['parent'],
  classes: [],
  status: 'active',
  pinned: false,
  expiresAt,
  createdAt: '2026-11-25T22:20:00.000Z',
  editedAt: null,
  author: { id: '01900000-0000-7000-8000-0000000000c1', name: 'Sam Admin' },
  read: true,
  readCount: 0,
  audienceCount: 0,
  canManage: true,
  attachments: [],
});

describe('PublishDialog', () => {
  it("reads the expiry typed on the school's clock, not the browser's", async () => {
    // The tests run in UTC; the school is in Auckland (NZDT, UTC+13 in November).
    setFormatSettings({ language: 'en', locale: { ...DEFAULT_SCHOOL_LOCALE, timeZone: 'Pacific/Auckland' } });
    const { calls } = mockFetch({
      'GET /api/v1/announcements/options': () => json(options),
      'POST /api/v1/announcements': () => json(published('2026-11-28T07:00:00.000Z'), 201),
    });
    const user = userEvent.setup();
    renderWithProviders(<PublishDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
    const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
    await user.type(within(dialog).getByLabelText('Title'), 'Parents evening');
    await user.type(within(dialog).getByLabelText('Message'), 'On Friday.');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Parents' }));
    fireEvent.change(within(dialog).getByLabelText('Expires (optional)'), { target: { value: '2026-11-28T20:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')?.body as { expiresAt?: string };
    // 20:00 on 28 November in Auckland, not 20:00 UTC (the browser's zone here).
    expect(sent.expiresAt).toBe('2026-11-28T07:00:00.000Z');
  });

  it('keeps the files it published when the dialog closes: only what was not sent is taken back', async () => {
    const attachment = PDF_ATTACHMENT;
    const { calls } = mockFetch({
      'GET /api/v1/announcements/options': () => json(options),
      'POST /api/v1/attachments': () => json(attachment, 201),
      'POST /api/v1/announcements': () => json({ ...published(null), attachments: [attachment] }, 201),
    });
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<PublishDialog open onOpenChange={onOpenChange} />, { auth: signedIn('school_admin') });
    const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
    await user.type(within(dialog).getByLabelText('Title'), 'Parents evening');
    await user.type(within(dialog).getByLabelText('Message'), 'On Friday.');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Parents' }));
    const file = new File(['%PDF-1.4'], 'form.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByTestId('attachment-input'), { target: { files: [file] } });
    await waitFor(() =>
      expect(within(dialog).getByTestId('attachment-draft').getAttribute('data-state')).toBe('ready'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/announcements'))?.body).toMatchObject({
      attachmentIds: [attachment.id],
    });
    // The published file is the announcement's now: closing must not try to delete it.
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('gives the focus to the first audience box when no audience is chosen (a list of ticks in error)', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/announcements/options': () => json(options) });
    const user = userEvent.setup();
    renderWithProviders(<PublishDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
    const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
    await user.type(within(dialog).getByLabelText('Title'), 'Parents evening');
    await user.type(within(dialog).getByLabelText('Message'), 'On Friday.');
    const parents = await within(dialog).findByRole('checkbox', { name: 'Parents' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Choose who should see it')).toBeTruthy();
    expect(document.activeElement).toBe(parents);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says in Spanish that an audience must be chosen, as the other fields are said', async () => {
    await changeLanguage('es');
    mockFetch({ 'GET /api/v1/announcements/options': () => json(options) });
    const user = userEvent.setup();
    renderWithProviders(<PublishDialog open onOpenChange={vi.fn()} />, { auth: signedIn('principal') });
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo anuncio' });
    await within(dialog).findByRole('checkbox', { name: 'Padres' });
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    expect(await within(dialog).findByText('El título es obligatorio')).toBeTruthy();
    expect(await within(dialog).findByText('Elija quién debe verlo')).toBeTruthy();
    expect(within(dialog).queryByText('Choose who should see it')).toBeNull();
  });
});
