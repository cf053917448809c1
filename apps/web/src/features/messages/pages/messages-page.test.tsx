import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { apiError, json, mockFetch, PDF_ATTACHMENT, renderWithProviders, signedIn } from '../../../test/utils';
import { setCoarsePointer } from '../../../test/media';
import { useMessageLiveHandlers } from '../api/messages-live';
import { MessagesPage } from './messages-page';

const CONV = '01900000-0000-7000-8000-000000000001';
const mine = {
  id: '01900000-0000-7000-8000-0000000000a1',
  conversationId: CONV,
  senderId: 'me',
  senderName: 'Tess Teacher',
  senderImage: null,
  body: 'Homework is page 12',
  createdAt: '2026-11-20T09:00:00.000Z',
  mine: true,
  attachments: [],
};
const theirs = {
  ...mine,
  id: '01900000-0000-7000-8000-0000000000a2',
  senderId: 'p',
  senderName: 'Pat Parent',
  body: 'Thank you!',
  createdAt: '2026-11-20T09:05:00.000Z',
  mine: false,
};
const conversation = {
  id: CONV,
  kind: 'direct' as const,
  title: 'Pat Parent',
  image: null,
  classId: null,
  lastMessage: theirs,
  unread: 1,
  lastActivityAt: theirs.createdAt,
  readOnly: false,
};

/** An instant of 20 Nov 2026 at minute `n` past nine: the higher `n`, the later. */
const at = (n: number) => new Date(Date.UTC(2026, 10, 20, 9, n)).toISOString();

/** Conversation `n` of a long list: "Person n", whose last message ("hello n") came at minute `n`. */
const conv = (n: number) => ({
  ...conversation,
  id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  title: `Person ${n}`,
  image: null,
  lastMessage: { ...theirs, body: `hello ${n}`, createdAt: at(n) },
  unread: 0,
  lastActivityAt: at(n),
});

/** The page of `all` that `url` asks for, served as the API does: 50 a page, the cursor naming the last one given. */
function pageOf<T extends { id: string }>(all: T[], url: string, extra: Record<string, unknown> = {}) {
  const cursor = new URLSearchParams(url.split('?')[1]).get('cursor');
  const from = cursor ? all.findIndex((item) => item.id === cursor) + 1 : 0;
  const items = all.slice(from, from + 50);
  const more = from + 50 < all.length;
  return json({ items, nextCursor: more ? (items.at(-1)?.id ?? null) : null, total: all.length, ...extra });
}

describe('MessagesPage', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it('shows the empty state when there are no conversations', async () => {
    mockFetch({ 'GET /api/v1/messages/conversations': () => json({ items: [], nextCursor: null, total: 0 }) });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher') });
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.getByText('No conversation open')).toBeTruthy();
  });

  it.each([
    ['teacher', 'Start one with New message. Your class groups appear here too.'],
    ['parent', 'Start one with New message. Your class groups appear here too.'],
    ['student', "Start one with New message to write to your class's teachers."],
    ['principal', 'Start one with New message, or make a group with New group.'],
    ['school_admin', 'Start one with New message, or make a group with New group.'],
  ] as const)('tells a %s with no conversations what they can start (class groups only to their members)', async (role, hint) => {
    mockFetch({ 'GET /api/v1/messages/conversations': () => json({ items: [], nextCursor: null, total: 0 }) });
    renderWithProviders(<MessagesPage />, { auth: signedIn(role) });
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.getByText(hint)).toBeTruthy();
  });

  it("shows the other person's picture beside their name, in the list, the thread's header and their messages", async () => {
    const picture = '/api/v1/files/schools/s/users/p/profile/0123456789abcdef0123456789abcdef.webp';
    const group = { ...conv(2), kind: 'group' as const, title: 'Fair helpers' };
    mockFetch({
      'GET /api/v1/messages/conversations': () =>
        json({ items: [{ ...conversation, image: picture }, group], nextCursor: null, total: 2 }),
      [`GET /api/v1/messages/conversations/${CONV}/messages`]: () =>
        json({ items: [{ ...theirs, senderImage: picture }, mine], nextCursor: null, total: 2, othersReadAt: null }),
      [`POST /api/v1/messages/conversations/${CONV}/read`]: () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${CONV}` });
    const thread = await screen.findByRole('region', { name: 'Pat Parent' });
    // Beside the sender's name on their messages; one's own carry no name and no picture.
    const [own, other] = await within(thread).findAllByTestId('message');
    expect(other?.querySelector('img')?.getAttribute('src')).toBe(picture);
    expect(own?.querySelector('img')).toBeNull();
    expect(thread.querySelector('header img')?.getAttribute('src')).toBe(picture);
    const row = screen.getByRole('button', { name: /Pat Parent/ });
    expect(row.querySelector('img')?.getAttribute('src')).toBe(picture);
    expect(screen.getByRole('button', { name: /Fair helpers/ }).querySelector('img')).toBeNull();
  });

  it('opens a thread: messages oldest first, marks it read, shows "Seen", sends, and refuses an empty message', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/messages/conversations': () => json({ items: [conversation], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${CONV}/messages`]: () =>
        json({ items: [theirs, mine], nextCursor: null, total: 2, othersReadAt: '2026-11-20T09:01:00.000Z' }),
      [`POST /api/v1/messages/conversations/${CONV}/read`]: () => new Response(null, { status: 204 }),
      [`POST /api/v1/messages/conversations/${CONV}/messages`]: () => json({ ...mine, body: 'See you' }, 201),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${CONV}` });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const bubbles = within(list).getAllByTestId('message');
    expect(bubbles.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Homework is page 12'),
      expect.stringContaining('Thank you!'),
    ]);
    expect(within(bubbles[0] as HTMLElement).getByText('Seen')).toBeTruthy();
    expect(await screen.findByText('1 unread message')).toBeTruthy();
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/read'))).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('textbox', { name: 'Write a message' })).getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('message-body-error')?.textContent).toBe('Write a message');
    fireEvent.change(screen.getByLabelText('Write a message'), { target: { value: 'See you' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/messages'))?.body).toEqual({ body: 'See you' }),
    );
  });

  it('Enter sends from a keyboard (Shift+Enter is a new line); on a touch screen Enter is a new line and Send sends', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/messages/conversations': () =>
        json({ items: [{ ...conversation, unread: 0 }], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${CONV}/messages`]: () =>
        json({ items: [theirs], nextCursor: null, total: 1, othersReadAt: null }),
      [`POST /api/v1/messages/conversations/${CONV}/messages`]: (init) =>
        json({ ...mine, body: JSON.parse(String(init.body)).body }, 201),
    });
    const sent = () => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/messages')).map((c) => c.body);
    const { unmount } = renderWithProviders(<MessagesPage />, {
      auth: signedIn('teacher'),
      path: `/messages?c=${CONV}`,
    });
    const box = await screen.findByRole('textbox', { name: 'Write a message' });
    await userEvent.type(box, 'One{Shift>}{Enter}{/Shift}two{Enter}');
    await vi.waitFor(() => expect(sent()).toEqual([{ body: 'One\ntwo' }]));
    unmount();

    setCoarsePointer(true);
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${CONV}` });
    const touchBox = await screen.findByRole('textbox', { name: 'Write a message' });
    await userEvent.type(touchBox, 'Line one{Enter}Line two');
    expect((touchBox as HTMLTextAreaElement).value).toBe('Line one\nLine two');
    expect(sent()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sent()).toEqual([{ body: 'One\ntwo' }, { body: 'Line one\nLine two' }]));
  });

  it("a deactivated class's group shows why it is read-only instead of the reply box, in the reader's language", async () => {
    const closed = {
      ...conversation,
      kind: 'class' as const,
      title: 'Grade 5 A',
      classId: CONV,
      unread: 0,
      readOnly: true,
    };
    mockFetch({
      'GET /api/v1/messages/conversations': () => json({ items: [closed], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${CONV}/messages`]: () =>
        json({ items: [theirs], nextCursor: null, total: 1, othersReadAt: null }),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${CONV}` });
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeTruthy();
    expect(screen.getByTestId('read-only').textContent).toBe(
      'This class is inactive, so its group is read-only: you can read its messages but not write here.',
    );
    expect(screen.queryByRole('textbox', { name: 'Write a message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await act(() => changeLanguage('es'));
    expect(screen.getByTestId('read-only').textContent).toBe(
      'Esta clase está inactiva, así que su grupo es solo de lectura: puede leer sus mensajes, pero no escribir aquí.',
    );
  });

  it('a direct conversation with someone no longer active says so instead of the reply box, in Arabic too', async () => {
    mockFetch({
      'GET /api/v1/messages/conversations': () =>
        json({ items: [{ ...conversation, unread: 0, readOnly: true }], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${CONV}/messages`]: () =>
        json({ items: [theirs], nextCursor: null, total: 1, othersReadAt: null }),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${CONV}` });
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeTruthy();
    expect(screen.getByTestId('read-only').textContent).toBe(
      "This person's account is no longer active, so the conversation is read-only: you can read its messages but not write here.",
    );
    expect(screen.queryByRole('textbox', { name: 'Write a message' })).toBeNull();
    await act(() => changeLanguage('ar'));
    expect(screen.getByTestId('read-only').textContent).toBe(
      'حساب هذا الشخص لم يعد نشطًا، لذا فالمحادثة للقراءة فقط: يمكنك قراءة رسائلها، لكن لا يمكنك الكتابة هنا.',
    );
  });

  it('loads older messages: the next page goes above the newest 50 with "Load older messages", none twice', async () => {
    const message = (n: number) => ({
      ...theirs,
      id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`,
      body: `msg ${n}`,
      createdAt: new Date(Date.UTC(2026, 10, 20, 9, n)).toISOString(),
    });
    // 55 messages, newest first, served as the API does: 50 a page, the cursor naming the last one given.
    const all = Array.from({ length: 55 }, (_, i) => message(55 - i));
    const page = (url: string) => pageOf(all, url, { othersReadAt: null });
    const { calls } = mockFetch({
      'GET /api/v1/messages/conversations': () =>
        json({ items: [{ ...conversation, unread: 0 }], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${CONV}/messages`]: (init) => page(init.url),
      [`POST /api/v1/messages/conversations/${CONV}/messages`]: () => {
        all.unshift({ ...message(56), mine: true });
        return json(all[0], 201);
      },
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${CONV}` });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const bodies = () =>
      within(list)
        .getAllByTestId('message')
        .map((b) => b.querySelector('p')?.textContent);
    const upTo = (n: number) => Array.from({ length: n }, (_, i) => `msg ${i + 1}`);
    expect(bodies()).toEqual(upTo(55).slice(5));

    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(await screen.findByText('msg 5')).toBeTruthy();
    expect(bodies()).toEqual(upTo(55));
    expect(calls.filter((c) => c.url.includes('/messages?')).map((c) => c.url.split('?')[1])).toEqual([
      'limit=50',
      `limit=50&cursor=${all[49]?.id}`,
    ]);
    // The whole conversation is there: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();

    // A new message (sent here, or arriving live: both refetch the thread) joins the bottom; the older ones stay.
    fireEvent.change(screen.getByLabelText('Write a message'), { target: { value: 'msg 56' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('msg 56')).toBeTruthy();
    await vi.waitFor(() => expect(bodies()).toEqual(upTo(56)));
  });

  it('loads more conversations: the next page goes below the first 50 with "Load more conversations", none twice; a live message brings one of page 2 to the top once, reading the first page only', async () => {
    // 55 conversations, latest activity first, served as the API does: 50 a page, the cursor naming the last one.
    let all = Array.from({ length: 55 }, (_, i) => conv(55 - i));
    const page = (url: string) => pageOf(all, url);
    const { calls } = mockFetch({ 'GET /api/v1/messages/conversations': (init) => page(init.url) });
    const { queryClient } = renderWithProviders(<MessagesPage />, { auth: signedIn('teacher') });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const titles = () =>
      within(list)
        .getAllByRole('button')
        .map((b) => within(b).getByText(/^Person \d+$/).textContent);
    const people = (...ns: number[]) => ns.map((n) => `Person ${n}`);
    const downFrom = (n: number, count: number) => Array.from({ length: count }, (_, i) => n - i);
    expect(titles()).toEqual(people(...downFrom(55, 50)));
    expect(screen.queryByText('Person 5')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more conversations' }));
    expect(await screen.findByText('Person 5')).toBeTruthy();
    expect(titles()).toEqual(people(...downFrom(55, 55)));
    expect(calls.filter((c) => c.url.includes('/conversations?')).map((c) => c.url.split('?')[1])).toEqual([
      'limit=50',
      `limit=50&cursor=${all[49]?.id}`,
    ]);
    // The whole list is there: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more conversations' })).toBeNull();

    // A message arrives live for Person 3 (of page 2): it moves to the top, with its unread count, and is shown once.
    const third = conv(3);
    all = [
      {
        ...third,
        lastMessage: { ...third.lastMessage, body: 'new one', createdAt: at(60) },
        unread: 1,
        lastActivityAt: at(60),
      },
      ...all.filter((c) => c.id !== third.id),
    ];
    const live = renderHook(() => useMessageLiveHandlers(), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    }).result.current[0];
    const before = calls.length;
    act(() => live?.onEvent({}));
    expect(await within(list).findByText('new one')).toBeTruthy();
    // Person 6, pushed out of the first page by Person 3, keeps its place at the head of the second.
    expect(titles()).toEqual(people(3, ...downFrom(55, 55).filter((n) => n !== 3)));
    expect(within(list).getByText('1 unread message')).toBeTruthy();
    // One read of the first page, where the conversation now is, not one per loaded page.
    await vi.waitFor(() => expect(calls.slice(before).map((c) => c.url.split('?')[1])).toEqual(['limit=50']));
    // Still the whole list: the last page's end stands.
    expect(screen.queryByRole('button', { name: 'Load more conversations' })).toBeNull();
  });

  it('after a new message the loaded list reads its first page only, and the next page still continues where it ended; a send and its own live event too', async () => {
    // 105 conversations: the reader loads two pages of 50; Person 3 is on the third, not loaded.
    let all = Array.from({ length: 105 }, (_, i) => conv(105 - i));
    const page = (url: string) => pageOf(all, url);
    const top = conv(105);
    let onLive: (() => void) | undefined;
    const { calls } = mockFetch({
      'GET /api/v1/messages/conversations': (init) => page(init.url),
      [`GET /api/v1/messages/conversations/${top.id}/messages`]: () =>
        json({ items: [top.lastMessage], nextCursor: null, total: 1, othersReadAt: null }),
      [`POST /api/v1/messages/conversations/${top.id}/messages`]: () => {
        const sent = { ...mine, conversationId: top.id, body: 'on my way', createdAt: at(70) };
        all = [{ ...top, lastMessage: sent, lastActivityAt: at(70) }, ...all.filter((c) => c.id !== top.id)];
        // The server's live event leaves at the commit, before the answer: both refreshes overlap.
        onLive?.();
        return json(sent, 201);
      },
    });
    const { queryClient } = renderWithProviders(<MessagesPage />, {
      auth: signedIn('teacher'),
      path: `/messages?c=${top.id}`,
    });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const titles = () =>
      within(list)
        .getAllByRole('button')
        .map((b) => within(b).getByText(/^Person \d+$/).textContent);
    fireEvent.click(screen.getByRole('button', { name: 'Load more conversations' }));
    expect(await within(list).findByText('Person 6')).toBeTruthy();
    const listReads = (from: number) =>
      calls.slice(from).flatMap((c) => (c.url.includes('/conversations?') ? [c.url.split('?')[1]] : []));

    // A message arrives live for Person 3, beyond the loaded pages: it comes to the top.
    const third = conv(3);
    all = [
      { ...third, lastMessage: { ...third.lastMessage, body: 'new one', createdAt: at(60) }, lastActivityAt: at(60) },
      ...all.filter((c) => c.id !== third.id),
    ];
    const live = renderHook(() => useMessageLiveHandlers(), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    }).result.current[0];
    let before = calls.length;
    act(() => live?.onEvent({}));
    expect(await within(list).findByText('new one')).toBeTruthy();
    await vi.waitFor(() => expect(listReads(before)).toEqual(['limit=50']));
    const downFrom = (n: number, count: number) => Array.from({ length: count }, (_, i) => `Person ${n - i}`);
    expect(titles()).toEqual(['Person 3', ...downFrom(105, 100)]);

    // The next page starts after the last one loaded: the rest, Person 3 not twice.
    fireEvent.click(screen.getByRole('button', { name: 'Load more conversations' }));
    expect(await within(list).findByText('Person 1')).toBeTruthy();
    expect(titles()).toEqual(['Person 3', ...downFrom(105, 100), 'Person 5', 'Person 4', 'Person 2', 'Person 1']);

    // The reader sends in the open thread while its own live event arrives: first pages only, never every page.
    before = calls.length;
    fireEvent.change(screen.getByLabelText('Write a message'), { target: { value: 'on my way' } });
    onLive = () => live?.onEvent({});
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(titles()[0]).toBe('Person 105'));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false));
    await vi.waitFor(() => expect(listReads(before).length).toBeGreaterThan(0));
    expect(listReads(before).every((q) => q === 'limit=50')).toBe(true);
    expect(titles()).toEqual([
      'Person 105',
      'Person 3',
      ...downFrom(104, 99),
      'Person 5',
      'Person 4',
      'Person 2',
      'Person 1',
    ]);
  });

  it('opens a linked conversation beyond the loaded pages at once: the list holds its first 50 of 55, the link names one of page 2', async () => {
    const all = Array.from({ length: 55 }, (_, i) => conv(55 - i));
    const third = conv(3);
    const { calls } = mockFetch({
      'GET /api/v1/messages/conversations': () =>
        json({ items: all.slice(0, 50), nextCursor: all[49]?.id ?? null, total: all.length }),
      [`GET /api/v1/messages/conversations/${third.id}`]: () => json({ ...third, members: [], createdBy: null }),
      [`GET /api/v1/messages/conversations/${third.id}/messages`]: () =>
        json({
          items: [{ ...theirs, conversationId: third.id, body: 'hello 3' }],
          nextCursor: null,
          total: 1,
          othersReadAt: null,
        }),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${third.id}` });
    expect(await screen.findByRole('heading', { name: 'Person 3' })).toBeTruthy();
    const thread = await screen.findByRole('list', { name: 'Messages' });
    expect(await within(thread).findByText('hello 3')).toBeTruthy();
    expect(screen.queryByText('No conversation open')).toBeNull();
    // Read on its own: the list's second page is not walked to find it.
    expect(calls.filter((c) => c.url.includes('/conversations?')).map((c) => c.url.split('?')[1])).toEqual([
      'limit=50',
    ]);
    expect(calls.filter((c) => c.url === `/api/v1/messages/conversations/${third.id}`)).toHaveLength(1);
    // The list still shows its own first page, without it.
    expect(within(screen.getByRole('list', { name: 'Conversations' })).queryByText('Person 3')).toBeNull();
  });

  it("a linked conversation that is not the reader's shows the server's answer, not an empty thread", async () => {
    const { calls } = mockFetch({
      'GET /api/v1/messages/conversations': () => json({ items: [conversation], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${mine.id}`]: () => apiError(404, 'not_found', 'Conversation not found'),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('parent'), path: `/messages?c=${mine.id}` });
    expect(await screen.findByText('Conversation not found')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith(`/api/v1/messages/conversations/${mine.id}/messages`))).toBe(false);
  });

  it('opening a conversation of the first page reads nothing more than the list and its thread', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/messages/conversations': () =>
        json({ items: [{ ...conversation, unread: 0 }], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${CONV}/messages`]: () =>
        json({ items: [theirs], nextCursor: null, total: 1, othersReadAt: null }),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${CONV}` });
    expect(await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Thank you!')).toBeTruthy();
    expect(calls.map((c) => c.url.split('?')[0])).toEqual([
      '/api/v1/messages/conversations',
      `/api/v1/messages/conversations/${CONV}/messages`,
    ]);
  });

  it('attaches files: refuses a wrong type early, uploads the rest, sends their ids, shows them in the bubble', async () => {
    const attachment = PDF_ATTACHMENT;
    const { calls } = mockFetch({
      'GET /api/v1/messages/conversations': () =>
        json({ items: [{ ...conversation, unread: 0 }], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${CONV}/messages`]: () =>
        json({ items: [{ ...theirs, attachments: [attachment] }], nextCursor: null, total: 1, othersReadAt: null }),
      'POST /api/v1/attachments': () => json(attachment, 201),
      [`POST /api/v1/messages/conversations/${CONV}/messages`]: () => json({ ...mine, body: '' }, 201),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('parent'), path: `/messages?c=${CONV}` });
    const link = await screen.findByRole('link', { name: /form\.pdf/ });
    expect(link.getAttribute('href')).toBe(attachment.url);

    const input = screen.getByTestId('attachment-input');
    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] } });
    expect(await screen.findByText(/Attach PDF, image/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove logo.svg' }));
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'form.pdf', { type: 'application/pdf' })] } });
    await vi.waitFor(() => expect(screen.getByTestId('attachment-draft').getAttribute('data-state')).toBe('ready'));
    expect(calls.filter((c) => c.url.endsWith('/attachments'))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/messages'))?.body).toEqual({
        body: '',
        attachmentIds: [attachment.id],
      }),
    );
    await vi.waitFor(() => expect(screen.queryByTestId('attachment-draft')).toBeNull());
  });

  it('asks before reporting a message, in Arabic, right to left', async () => {
    await changeLanguage('ar');
    const { calls } = mockFetch({
      'GET /api/v1/messages/conversations': () =>
        json({ items: [{ ...conversation, unread: 0 }], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${CONV}/messages`]: () =>
        json({ items: [theirs], nextCursor: null, total: 1, othersReadAt: null }),
      [`POST /api/v1/messages/${theirs.id}/report`]: () => json({ id: CONV }, 201),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('parent'), path: `/messages?c=${CONV}` });
    fireEvent.click(await screen.findByRole('button', { name: 'إبلاغ' }));
    expect(await screen.findByText('الإبلاغ عن هذه الرسالة؟')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'إبلاغ' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/report'))).toBe(true));
    expect(document.documentElement.dir).toBe('rtl');
  });

  it("isolates people's names and text beside our own words, in Arabic: the list's preview and search results", async () => {
    await changeLanguage('ar');
    mockFetch({
      'GET /api/v1/messages/conversations': () =>
        json({ items: [{ ...conversation, unread: 0, lastMessage: mine }], nextCursor: null, total: 1 }),
      'GET /api/v1/messages/search': () => json({ items: [{ ...theirs, conversationTitle: 'Pat Parent' }] }),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher') });
    const preview = await screen.findByText('Homework is page 12');
    expect(preview.tagName).toBe('BDI');
    expect(preview.getAttribute('dir')).toBe('auto');
    expect(preview.parentElement?.textContent).toBe('أنت: Homework is page 12');

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'thank' } });
    const body = await screen.findByText('Thank you!');
    expect(body.tagName).toBe('BDI');
    const sender = within(body.parentElement as HTMLElement).getByText('Pat Parent');
    expect(sender.tagName).toBe('BDI');
    expect(body.parentElement?.textContent).toBe('Pat Parent: Thank you!');
  });

  it('lays out an Arabic message in its own direction in an English page: the bubble, the list preview, search results', async () => {
    const arabic = { ...theirs, body: 'شكرًا لك!' };
    mockFetch({
      'GET /api/v1/messages/conversations': () =>
        json({ items: [{ ...conversation, unread: 0, lastMessage: arabic }], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${CONV}/messages`]: () =>
        json({ items: [arabic, mine], nextCursor: null, total: 2, othersReadAt: null }),
      'GET /api/v1/messages/search': () => json({ items: [{ ...arabic, conversationTitle: 'Pat Parent' }] }),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${CONV}` });
    const thread = await screen.findByRole('list', { name: 'Messages' });
    const [english, bubble] = within(thread)
      .getAllByTestId('message')
      .map((b) => b.querySelector('p'));
    expect(bubble?.textContent).toBe('شكرًا لك!');
    expect(bubble?.getAttribute('dir')).toBe('auto');
    expect(english?.getAttribute('dir')).toBe('auto');

    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(within(list).getByText('شكرًا لك!').getAttribute('dir')).toBe('auto');

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'شكرًا' } });
    const result = await within(await screen.findByRole('list', { name: 'Search results' })).findByText('شكرًا لك!');
    expect(result.getAttribute('dir')).toBe('auto');
  });

  it("lays out a conversation's title in its own direction: an Arabic name in the list, the thread's header and search results of an English page", async () => {
    const arabic = { ...conversation, title: 'سارة (ولية أمر)', unread: 0 };
    mockFetch({
      'GET /api/v1/messages/conversations': () => json({ items: [arabic], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${CONV}/messages`]: () =>
        json({ items: [theirs], nextCursor: null, total: 1, othersReadAt: null }),
      'GET /api/v1/messages/search': () => json({ items: [{ ...theirs, conversationTitle: arabic.title }] }),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${CONV}` });
    const header = await screen.findByRole('heading', { name: arabic.title });
    expect(header.getAttribute('dir')).toBe('auto');
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(within(list).getByText(arabic.title).getAttribute('dir')).toBe('auto');

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'thank' } });
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect((await within(results).findByText(arabic.title)).getAttribute('dir')).toBe('auto');
  });

  it("lays out a Latin file's name in its own direction in an Arabic page: the bubble's file and the list's preview of a message of files only", async () => {
    await changeLanguage('ar');
    const attachment = {
      id: '01900000-0000-7000-8000-0000000000f1',
      name: 'Form (2).pdf',
      type: 'application/pdf',
      size: 2048,
      url: '/api/v1/attachments/01900000-0000-7000-8000-0000000000f1',
    };
    const files = { ...theirs, body: '', attachments: [attachment] };
    mockFetch({
      'GET /api/v1/messages/conversations': () =>
        json({ items: [{ ...conversation, unread: 0, lastMessage: files }], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${CONV}/messages`]: () =>
        json({ items: [files], nextCursor: null, total: 1, othersReadAt: null }),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${CONV}` });
    const thread = await screen.findByRole('list', { name: 'الرسائل' });
    const link = await within(thread).findByTestId('attachment-link');
    expect(within(link).getByText(attachment.name).getAttribute('dir')).toBe('auto');
    const list = screen.getByRole('list', { name: 'المحادثات' });
    expect(within(list).getByText(attachment.name).getAttribute('dir')).toBe('auto');
  });

  it.each([
    'company_admin',
    'admin',
    'company_user',
  ] as const)('tells %s, who belongs to no school, that messages are not for its role, with no "New message"', async (role) => {
    const { calls } = mockFetch({});
    renderWithProviders(<MessagesPage />, { auth: signedIn(role) });
    expect(await screen.findByText('Not available for your role')).toBeTruthy();
    expect(
      screen.getByText('Messages are exchanged inside a school, between its staff, students and parents.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New message/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows the server error when the list cannot load', async () => {
    mockFetch({ 'GET /api/v1/messages/conversations': () => apiError(503, 'unavailable', 'Service unavailable') });
    renderWithProviders(<MessagesPage />, { auth: signedIn('student') });
    expect(await screen.findByText('Service unavailable')).toBeTruthy();
  });
});
