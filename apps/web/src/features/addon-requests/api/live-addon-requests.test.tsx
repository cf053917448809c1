import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../../../test/utils';
import { addonRequestsKey } from './get-addon-requests';
import { useAddonRequestsLiveHandler } from './live-addon-requests';

function setup() {
  const queryClient = createTestQueryClient();
  const key = [...addonRequestsKey, 'all'];
  queryClient.setQueryData(key, { pages: [], pageParams: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const handler = renderHook(() => useAddonRequestsLiveHandler(), { wrapper }).result.current;
  return { handler, invalidated: () => queryClient.getQueryState(key)?.isInvalidated };
}

describe('live add-on requests (company staff)', () => {
  it("refetches the open list on the bell's notice of a request (type other), not on other kinds of news", () => {
    const { handler, invalidated } = setup();
    expect(handler.kind).toBe('notification');
    handler.onEvent({ id: 'n1', type: 'announcement', title: 'x', body: 'y', read: false, createdAt: '' });
    expect(invalidated()).toBe(false);
    handler.onEvent({
      id: 'n2',
      type: 'other',
      title: 'Add-on request: White Label',
      body: 'y',
      read: false,
      createdAt: '',
    });
    expect(invalidated()).toBe(true);
  });
});
