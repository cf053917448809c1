import type { Announcement } from '@lyceum/shared/announcements';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
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
