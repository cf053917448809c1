import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { LiveHandler } from '../../../lib/live-events';
import { createTestQueryClient } from '../../../test/utils';
import { useAttendanceLiveHandler } from '../../attendance/api/live-attendance';
import { useDayLiveHandlers } from '../../dashboard/api/live-day';
import { messageKeys, useMessageLiveHandlers } from './messages-live';

/** The handler of `message` events, the one that refetches on a resync. */
const useMessageEvents = () => useMessageLiveHandlers()[0] as LiveHandler;

/**
 * The stream's first open on a fresh visit follows the page's own fetches by a moment: a resync refetches only
 * what is older than a few seconds, while an event refetches everything it touches.
 */
function setup(useHandler: () => LiveHandler, keys: { fresh: readonly unknown[]; old: readonly unknown[] }) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(keys.fresh, { n: 1 });
  queryClient.setQueryData(keys.old, { n: 2 }, { updatedAt: Date.now() - 60_000 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const handler = renderHook(() => useHandler(), { wrapper }).result.current;
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { handler, invalidated };
}

describe('live handlers on a resync', () => {
  it('messages: refetch only what was read more than a few seconds ago; an event refetches all', () => {
    const { handler, invalidated } = setup(useMessageEvents, {
      fresh: messageKeys.conversations,
      old: messageKeys.thread('a'),
    });
    expect(handler.kind).toBe('message');
    handler.onResync();
    expect(invalidated(messageKeys.conversations)).toBe(false);
    expect(invalidated(messageKeys.thread('a'))).toBe(true);
    handler.onEvent({});
    expect(invalidated(messageKeys.conversations)).toBe(true);
  });

  it('attendance: the same for the attendance reads', () => {
    const { handler, invalidated } = setup(useAttendanceLiveHandler, {
      fresh: ['attendance', 'month'],
      old: ['attendance', 'recent'],
    });
    handler.onResync();
    expect(invalidated(['attendance', 'month'])).toBe(false);
    expect(invalidated(['attendance', 'recent'])).toBe(true);
    handler.onEvent({});
    expect(invalidated(['attendance', 'month'])).toBe(true);
  });

  it('the day: the same for the dashboard', () => {
    const { handler, invalidated } = setup(() => useDayLiveHandlers()[0] as LiveHandler, {
      fresh: ['dashboard'],
      old: ['children'],
    });
    expect(handler.kind).toBe('attendance');
    handler.onResync();
    expect(invalidated(['dashboard'])).toBe(false);
    expect(invalidated(['children'])).toBe(true);
    handler.onEvent({});
    expect(invalidated(['dashboard'])).toBe(true);
  });
});
