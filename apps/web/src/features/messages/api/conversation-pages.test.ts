import type { ConversationList } from '@lyceum/shared/messages';
import { InfiniteQueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, json, mockFetch } from '../../../test/utils';
import { type ConversationPages, fetchConversationPage, refreshFirstPage, withFirstPage } from './conversation-pages';

const KEY = ['messages', 'conversations'] as const;
const at = (n: number) => new Date(Date.UTC(2026, 10, 20, 9, n)).toISOString();
const conv = (n: number) => ({
  id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  kind: 'direct' as const,
  title: `Person ${n}`,
  image: null,
  classId: null,
  lastMessage: null,
  unread: 0,
  lastActivityAt: at(n),
  readOnly: false,
});
const page = (ns: number[], nextCursor: string | null): ConversationList => ({
  items: ns.map(conv),
  nextCursor,
  total: 6,
});
const titles = (data: ConversationPages | undefined) => data?.pages.flatMap((p) => p.items.map((c) => c.title));

/** Two pages loaded (6 5 4 | 3), shown on screen (an observer), as the Messages page holds them. */
function loadedList() {
  const queryClient = createTestQueryClient();
  const observer = new InfiniteQueryObserver(queryClient, {
    queryKey: KEY,
    queryFn: ({ pageParam }) => fetchConversationPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ConversationList) => last.nextCursor,
    enabled: false,
  });
  const unsubscribe = observer.subscribe(() => {});
  queryClient.setQueryData<ConversationPages>(KEY, {
    pages: [page([6, 5, 4], conv(4).id), page([3], conv(3).id)],
    pageParams: [null, conv(4).id],
  });
  return { queryClient, unsubscribe };
}

describe('the conversation list after a new message', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps every loaded conversation once, in order: the fresh first page, then the rest (those it pushed out first)', () => {
    const old: ConversationPages = {
      pages: [page([6, 5, 4], conv(4).id), page([3, 2, 1], conv(1).id)],
      pageParams: [null, conv(4).id],
    };
    const merged = withFirstPage(old, page([2, 6, 5], conv(5).id));
    expect(titles(merged)).toEqual(['Person 2', 'Person 6', 'Person 5', 'Person 4', 'Person 3', 'Person 1']);
    expect(merged.pages.at(-1)?.nextCursor).toBe(conv(1).id);
    expect(merged.pageParams).toEqual(old.pageParams);
  });

  it('a refresh asked for while one is under way (a send and its own live event) runs after it, never beside it: no whole refetch', async () => {
    const { queryClient, unsubscribe } = loadedList();
    let release: () => void = () => {};
    let inFlight = 0;
    let most = 0;
    const { calls } = mockFetch({
      'GET /api/v1/messages/conversations': async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        inFlight -= 1;
        return json(page([2, 6, 5], conv(5).id));
      },
    });
    const invalidate = vi.fn(() => queryClient.invalidateQueries({ queryKey: KEY }));
    const first = refreshFirstPage(queryClient, KEY, invalidate);
    const second = refreshFirstPage(queryClient, KEY, invalidate);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    release();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    release();
    await Promise.all([first, second]);
    expect(most).toBe(1);
    expect(invalidate).not.toHaveBeenCalled();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v1/messages/conversations?limit=50',
      '/api/v1/messages/conversations?limit=50',
    ]);
    expect(titles(queryClient.getQueryData(KEY))).toEqual(['Person 2', 'Person 6', 'Person 5', 'Person 4', 'Person 3']);
    unsubscribe();
  });

  it('one page loaded, or the list not on screen: refetched (or marked stale) as a whole, as before', async () => {
    mockFetch({});
    const { queryClient, unsubscribe } = loadedList();
    unsubscribe();
    const invalidate = vi.fn(async () => {});
    await refreshFirstPage(queryClient, KEY, invalidate);
    expect(invalidate).toHaveBeenCalledTimes(1);

    const shown = loadedList();
    shown.queryClient.setQueryData<ConversationPages>(KEY, { pages: [page([6, 5, 4], null)], pageParams: [null] });
    await refreshFirstPage(shown.queryClient, KEY, invalidate);
    expect(invalidate).toHaveBeenCalledTimes(2);
    shown.unsubscribe();
  });
});
