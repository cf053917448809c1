import type { Announcement } from '@lyceum/shared/announcements';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { setFormatSettings } from '../../../lib/i18n/format';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { AnnouncementCard } from './announcement-card';

const announcement: Announcement = {
  id: '01900000-0000-7000-8000-0000000000b1',
  title: 'Sports day',
  body: '<p>Bring water.</p>',
  audience: ['parent'],
  classes: [],
  status: 'active',
  pinned: false,
  expiresAt: null,
  createdAt: '2026-11-25T15:46:00.000Z',
  editedAt: null,
  author: { id: '01900000-0000-7000-8000-0000000000c1', name: 'Tom Teacher' },
  read: true,
  readCount: null,
  audienceCount: null,
  canManage: false,
  attachments: [],
};

describe('AnnouncementCard', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it.each([
    'en',
    'ar',
  ] as const)('isolates the author in the byline (%s): a <bdi> of its own, the date beside it', async (language) => {
    await changeLanguage(language);
    renderWithProviders(<AnnouncementCard announcement={announcement} onShowReaders={() => {}} onEdit={() => {}} />, {
      auth: signedIn('parent'),
    });
    const name = await screen.findByText('Tom Teacher');
    expect(name.tagName).toBe('BDI');
    const byline = name.parentElement as HTMLElement;
    expect(byline.tagName).toBe('P');
    // The name, the dot, then the date, the date outside the isolate; the Arabic sentence isolates the name too.
    const author = language === 'ar' ? '\u2068Tom Teacher\u2069 · ' : 'Tom Teacher · ';
    expect(byline.textContent?.startsWith(author)).toBe(true);
    expect(byline.textContent?.length).toBeGreaterThan(author.length + 4);
  });

  it.each([
    ['en', 'Edited', /^Edited Nov 25, 2026 8:30\sPM$/],
    ['ar', 'مُعدَّل', /^عُدِّل في /],
  ] as const)('marks an edited one Edited beside its published time, the edit’s time on the school clock (%s)', async (language, word, full) => {
    await changeLanguage(language);
    // Kathmandu is UTC+05:45: the school's clock, not the browser's, writes the time.
    setFormatSettings({ language, locale: { ...DEFAULT_SCHOOL_LOCALE, timeZone: 'Asia/Kathmandu' } });
    const edited = { ...announcement, editedAt: '2026-11-25T14:45:00.000Z' };
    const { unmount } = renderWithProviders(
      <AnnouncementCard announcement={edited} onShowReaders={() => {}} onEdit={() => {}} />,
      { auth: signedIn('parent') },
    );
    const mark = (await screen.findByText(word)).parentElement as HTMLElement;
    // 14:45 UTC is 20:30 in Kathmandu.
    expect(mark.getAttribute('title')).toMatch(full);
    // Screen readers hear the whole of it; the byline holds it after the published time.
    expect(within(mark).getByText(mark.getAttribute('title') as string).className).toContain('sr-only');
    expect(mark.closest('p')?.textContent).toContain('Tom Teacher');
    unmount();
    renderWithProviders(<AnnouncementCard announcement={announcement} onShowReaders={() => {}} onEdit={() => {}} />, {
      auth: signedIn('parent'),
    });
    await screen.findByText('Tom Teacher');
    expect(screen.queryByText(word)).toBeNull();
  });

  it.each([
    ['archived', { status: 'archived' }, 'Restore', false],
    ['past its expiry', { expiresAt: '2020-01-01T00:00:00.000Z' }, 'Archive', true],
  ] as const)('on one %s offers Edit: %s; its other actions stay', async (_state, change, kept, editable) => {
    renderWithProviders(
      <AnnouncementCard
        announcement={{ ...announcement, ...change, canManage: true }}
        onShowReaders={() => {}}
        onEdit={() => {}}
      />,
      { auth: signedIn('school_admin') },
    );
    expect(await screen.findByRole('button', { name: kept })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pin' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' }) !== null).toBe(editable);
  });

  it.each([
    ['Pin', { pinned: true }, 'Announcement pinned'],
    ['Archive', { status: 'archived' }, 'Announcement archived'],
  ] as const)('%s says what it did once done', async (button, data, done) => {
    const { calls } = mockFetch({
      [`PATCH /api/v1/announcements/${announcement.id}`]: () => json({ ...announcement, ...data }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <AnnouncementCard
          announcement={{ ...announcement, canManage: true }}
          onShowReaders={() => {}}
          onEdit={() => {}}
        />
        <Toaster />
      </>,
      { auth: signedIn('teacher') },
    );
    await user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(done)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual(data);
  });
});
