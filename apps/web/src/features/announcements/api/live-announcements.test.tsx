import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../../../test/utils';
import { announcementKeys } from './announcements';
import { useAnnouncementLiveHandler } from './live-announcements';

function setup() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(announcementKeys.list('active'), { pages: [], pageParams: [] });
  queryClient.setQueryData(
    announcementKeys.list('archived'),
    { pages: [], pageParams: [] },
    { updatedAt: Date.now() - 60_000 },
  );
  queryClient.setQueryData(['notifications'], { items: [], unread: 1 });
  queryClient.setQueryData(['notifications', 'page', {}], { pages: [], pageParams: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const handler = renderHook(() => useAnnouncementLiveHandler(), { wrapper }).result.current;
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { handler, invalidated };
}

describe('live announcements', () => {
  it('drops an archived announcement from the open lists: a withdrawal refetches every announcements list', () => {
    const { handler, invalidated } = setup();
    expect(handler.kind).toBe('announcement');
    handler.onEvent({ id: 'a1', withdrawn: true });
    expect(invalidated(announcementKeys.list('active'))).toBe(true);
    expect(invalidated(announcementKeys.list('archived'))).toBe(true);
  });

  it('shows a published or restored announcement: the lists refetch, the bell is left alone', () => {
    const { handler, invalidated } = setup();
    // A restored one comes with no notification: this event is all the open pages hear of it.
    handler.onEvent({ id: 'a1', title: 'Back', status: 'active' });
    expect(invalidated(announcementKeys.list('active'))).toBe(true);
    expect(invalidated(announcementKeys.list('archived'))).toBe(true);
    expect(invalidated(['notifications'])).toBe(false);
  });

  it('refetches the bell and the notifications page on a withdrawal: its notification left them', () => {
    const { handler, invalidated } = setup();
    handler.onEvent({ id: 'a1', withdrawn: true });
    expect(invalidated(['notifications'])).toBe(true);
    expect(invalidated(['notifications', 'page', {}])).toBe(true);
  });

  it('on a resync refetches only lists read more than a few seconds ago', () => {
    const { handler, invalidated } = setup();
    handler.onResync();
    expect(invalidated(announcementKeys.list('active'))).toBe(false);
    expect(invalidated(announcementKeys.list('archived'))).toBe(true);
  });
});
