import type { Notification } from '@lyceum/shared/api';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useAttendanceLiveHandler } from '../features/attendance/api/live-attendance';
import { useDayLiveHandlers } from '../features/dashboard/api/live-day';
import { useNotificationLiveHandler } from '../features/notifications/api/live-notifications';
import { createTestQueryClient } from '../test/utils';
import { useLiveEvents } from './live-events';
import { FakeEventSource } from '../test/fake-event-source';

/** An open dashboard whose fetches the test counts and answers one by one. */
function setup() {
  const source = new FakeEventSource();
  const fetches: { aborted: () => boolean; answer: () => void }[] = [];
  const queryClient = createTestQueryClient();
  function Dashboard() {
    useQuery({
      queryKey: ['dashboard'],
      queryFn: ({ signal }) =>
        new Promise<{ n: number }>((resolve) => {
          const n = fetches.length;
          fetches.push({ aborted: () => signal.aborted, answer: () => resolve({ n }) });
        }),
    });
    return null;
  }
  function Shell({ children }: { children: ReactNode }) {
    const day = useDayLiveHandlers();
    useLiveEvents([useNotificationLiveHandler(), useAttendanceLiveHandler(), ...day], () => source);
    return children;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Shell>
        <Dashboard />
      </Shell>
    </QueryClientProvider>,
  );
  /** Answers fetch `i` and lets the query take the answer. */
  const answer = (i: number) => act(async () => fetches[i]?.answer());
  return { source, fetches, answer };
}

const alert: Notification = {
  id: 'n1',
  type: 'attendance',
  title: 'Attendance corrected: Stella Student',
  body: 'Stella Student is now marked present.',
  read: false,
  createdAt: new Date().toISOString(),
  target: null,
};

describe('live refetches', () => {
  it('fetches an open dashboard once for one attendance event, though two features handle the kind', async () => {
    const { source, fetches, answer } = setup();
    await waitFor(() => expect(fetches).toHaveLength(1));
    await answer(0);

    source.send('attendance', { classId: 'c1' });
    await waitFor(() => expect(fetches).toHaveLength(2));
    await answer(1);
    expect(fetches).toHaveLength(2);
    expect(fetches.map((f) => f.aborted())).toEqual([false, false]);
  });

  it("lets the fetch in flight finish when the same change's notification follows, then fetches once more", async () => {
    const { source, fetches, answer } = setup();
    await waitFor(() => expect(fetches).toHaveLength(1));
    await answer(0);

    source.send('attendance', { classId: 'c1' });
    await waitFor(() => expect(fetches).toHaveLength(2));
    // The parent's absence alert, rewritten by the same submission, arrives while the dashboard is being read.
    source.send('notification', alert);
    source.send('notification', { ...alert, id: 'n2' });
    await act(async () => {});
    expect(fetches).toHaveLength(2);
    expect(fetches[1]?.aborted()).toBe(false);

    await answer(1);
    await waitFor(() => expect(fetches).toHaveLength(3));
    await answer(2);
    expect(fetches).toHaveLength(3);
    expect(fetches.some((f) => f.aborted())).toBe(false);
  });
});
