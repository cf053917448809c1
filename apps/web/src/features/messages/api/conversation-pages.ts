import type { ConversationList } from '@lyceum/shared/messages';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Conversations a page (docs/product.md, "Messages" → "Lists"). */
export const CONVERSATION_PAGE = 50;

export type ConversationPages = InfiniteData<ConversationList, string | null>;

/** One page of the caller's conversations, latest activity first, after `cursor` (the first page without). */
export function fetchConversationPage(cursor: string | null, signal?: AbortSignal): Promise<ConversationList> {
  const params = new URLSearchParams({ limit: String(CONVERSATION_PAGE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<ConversationList>(`/messages/conversations?${params}`, { signal });
}

/**
 * The loaded pages with a fresh first page in place of the old one. Right after a new message, and only then:
 * a message moves its conversation to the top and changes no other row, so every other conversation keeps its
 * row and its order, below the fresh first page. Those the fresh page pushed out of it go at the head of the
 * second page (with one page loaded they are simply left to "Load more conversations"); the last page's cursor
 * still marks where the loaded part of the list ends, so the next page continues from there.
 */
export function withFirstPage(old: ConversationPages, first: ConversationList): ConversationPages {
  const fresh = new Set(first.items.map((c) => c.id));
  const [oldFirst, ...rest] = old.pages;
  const pushedOut = (oldFirst?.items ?? []).filter((c) => !fresh.has(c.id));
  const pages = rest.map((page, i) => ({
    ...page,
    items: [...(i === 0 ? pushedOut : []), ...page.items].filter((c) => !fresh.has(c.id)),
  }));
  return { pages: [first, ...pages], pageParams: old.pageParams };
}

/** A first-page refresh under way per cache, and whether another was asked for meanwhile. */
const running = new WeakMap<QueryClient, { again: boolean }>();

/**
 * After a new message (live, or sent here) the conversation list reads its first page only, where the
 * conversation now is, instead of every page the reader has loaded. Should the list be read meanwhile (a
 * further page, a refetch), or hold one page only, or not be on screen, it is refetched (or marked stale) as a
 * whole as before: `invalidate`. Refreshes asked for while one runs (a send and its own live event) are one more
 * run after it, so no answer read earlier is written over a later one.
 */
export async function refreshFirstPage(
  queryClient: QueryClient,
  key: readonly unknown[],
  invalidate: () => Promise<void>,
): Promise<void> {
  const current = running.get(queryClient);
  if (current) {
    current.again = true;
    return;
  }
  const run = { again: true };
  running.set(queryClient, run);
  try {
    while (run.again) {
      run.again = false;
      await refreshOnce(queryClient, key, invalidate);
    }
  } finally {
    running.delete(queryClient);
  }
}

async function refreshOnce(
  queryClient: QueryClient,
  key: readonly unknown[],
  invalidate: () => Promise<void>,
): Promise<void> {
  const before = queryClient.getQueryData<ConversationPages>(key);
  const busy = () => queryClient.getQueryState(key)?.fetchStatus === 'fetching';
  const shown = (queryClient.getQueryCache().find({ queryKey: key })?.getObserversCount() ?? 0) > 0;
  if (!shown || !before?.pages || before.pages.length <= 1 || busy()) return invalidate();
  let first: ConversationList;
  try {
    first = await fetchConversationPage(null);
  } catch {
    return invalidate();
  }
  // Read meanwhile (a further page appended, a whole refetch): that answer is not patched, but read again whole.
  if (queryClient.getQueryData(key) !== before || busy()) return invalidate();
  queryClient.setQueryData<ConversationPages>(key, withFirstPage(before, first));
}
