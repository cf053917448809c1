import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { MessagesPage } from '../pages/messages-page';

const CONV = '01900000-0000-7000-8000-000000000001';
const AVA = '01900000-0000-7000-8000-0000000000c1';
const mine = {
  id: '01900000-0000-7000-8000-0000000000a1',
  conversationId: CONV,
  senderId: 'me',
  senderName: 'Tess Teacher',
  senderImage: null,
  body: 'Is she feeling better?',
  createdAt: '2026-11-20T09:00:00.000Z',
  mine: true,
  attachments: [],
};
const theirs = {
  ...mine,
  id: '01900000-0000-7000-8000-0000000000a2',
  senderId: AVA,
  senderName: 'Ava Lopez',
  senderImage: null,
  body: 'Not yet.',
  createdAt: '2026-11-20T09:05:00.000Z',
  mine: false,
};
const reply = {
  ...theirs,
  id: '01900000-0000-7000-8000-0000000000a3',
  body: 'Thanks, she has a cold.',
  createdAt: '2026-11-20T09:10:00.000Z',
};
const conversation = {
  id: CONV,
  kind: 'direct' as const,
  title: 'Ava Lopez',
  image: null,
  classId: null,
  lastMessage: theirs,
  unread: 0,
  lastActivityAt: theirs.createdAt,
};
const contacts = [
  { id: AVA, name: 'Ava Lopez', role: 'parent' as const },
  { id: 'u2', name: 'Ben Ortiz', role: 'parent' as const },
  { id: 'u3', name: 'Cy Park', role: 'teacher' as const },
];
const page = <T,>(items: T[], extra: Record<string, unknown> = {}) =>
  json({ items, nextCursor: null, total: items.length, ...extra });

describe('Messages by keyboard and screen reader (docs/product.md, "Messages")', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it('says politely a message that arrives in the open conversation, not the history shown on opening', async () => {
    let thread = [theirs, mine];
    const { queryClient } = (() => {
      mockFetch({
        'GET /api/v1/messages/conversations': () => page([conversation]),
        [`GET /api/v1/messages/conversations/${CONV}/messages`]: () => page(thread, { othersReadAt: null }),
        [`POST /api/v1/messages/conversations/${CONV}/read`]: () => new Response(null, { status: 204 }),
      });
      return renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${CONV}` });
    })();
    await screen.findByRole('list', { name: 'Messages' });
    const log = screen.getByRole('log');
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(log.textContent).toBe('');
    // Ava replies; the live event reads the thread again.
    thread = [reply, theirs, mine];
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(log.textContent).toBe('New message from Ava Lopez: Thanks, she has a cold.'));
    expect(within(log).getAllByRole('paragraph')).toHaveLength(1);
  });

  it('after choosing a person in New message, the opened conversation’s reply box has the focus', async () => {
    const user = userEvent.setup();
    let started = false;
    mockFetch({
      'GET /api/v1/messages/conversations': () => page(started ? [conversation] : []),
      'GET /api/v1/messages/contacts': () => json({ items: contacts }),
      'POST /api/v1/messages/conversations': () => {
        started = true;
        return json({ id: CONV }, 201);
      },
      [`GET /api/v1/messages/conversations/${CONV}/messages`]: () => page([], { othersReadAt: null }),
      [`GET /api/v1/messages/conversations/${CONV}`]: () => json({ ...conversation, createdBy: AVA, members: [] }),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: '/messages' });
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.click(await within(dialog).findByRole('button', { name: /Ava Lopez/ }));
    const write = await screen.findByRole('textbox', { name: 'Write a message' });
    await waitFor(() => expect(document.activeElement).toBe(write));
    // The dialog's own return of focus, after it has gone, leaves it there.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(write);
  });

  it('says how many people the search found, as it narrows the list', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/v1/messages/conversations': () => page([]),
      'GET /api/v1/messages/contacts': ({ url }) => {
        const search = new URLSearchParams(url.split('?')[1]).get('search') ?? '';
        return json({ items: contacts.filter((c) => c.name.toLowerCase().includes(search.toLowerCase())) });
      },
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: '/messages' });
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    const found = () =>
      within(dialog)
        .getAllByRole('status')
        .find((s) => !s.hasAttribute('aria-label'));
    await waitFor(() => expect(found()?.textContent).toBe('3 people found'));
    await user.type(within(dialog).getByLabelText('Search people'), 'Lopez');
    await waitFor(() => expect(found()?.textContent).toBe('1 person found'));
    await user.clear(within(dialog).getByLabelText('Search people'));
    await user.type(within(dialog).getByLabelText('Search people'), 'Zed');
    await waitFor(() => expect(found()?.textContent).toBe('Nobody found'));
  });

  it('a group sent without members gives the focus to the people search (a Controller’s field in error)', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/v1/messages/conversations': () => page([]),
      'GET /api/v1/messages/contacts': () => json({ items: contacts }),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('school_admin'), path: '/messages' });
    await user.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.type(within(dialog).getByLabelText('Group name'), 'Fair helpers');
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('Choose at least one member')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Search people to add'));
  });
});
