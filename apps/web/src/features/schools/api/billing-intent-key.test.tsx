import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, mockFetch } from '../../../test/utils';
import { useAssignSubscription } from './assign-subscription';
import { useRenewSubscription } from './renew-subscription';

const schoolId = '01900000-0000-7000-8000-000000000001';
const planId = '01900000-0000-7000-8000-000000000002';

function hook<T>(use: () => T) {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(use, { wrapper }).result;
}

/** docs/product.md, "Billing: what is due": one Idempotency-Key per click of Renew or Assign and its retries. */
describe('billing changes carry the Idempotency-Key of their intent', () => {
  it('a renewal sent again after a lost answer keeps its key; a changed or answered one gets a new key', async () => {
    let lose = true;
    const { calls } = mockFetch({
      [`POST /api/v1/company/schools/${schoolId}/subscription/renew`]: () => {
        if (lose) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ id: 's1' }), { status: 200 });
      },
    });
    const renew = hook(() => useRenewSubscription(schoolId));
    const send = (months: number) => act(() => renew.current.mutateAsync({ months }).catch(() => undefined));
    await send(12);
    await send(12);
    lose = false;
    await send(12);
    await send(12);
    await send(24);
    const keys = calls.map((c) => c.headers['idempotency-key']);
    expect(keys.every((k) => typeof k === 'string' && k.length > 0)).toBe(true);
    // Three sends of one click (two lost), then a new click, then another length.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
    expect(keys[4]).not.toBe(keys[3]);
  });

  it('an assignment changed after a failure is a new intent with a new key', async () => {
    const { calls } = mockFetch({
      [`POST /api/v1/company/schools/${schoolId}/subscriptions`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const assign = hook(() => useAssignSubscription(schoolId));
    const send = (months: number) => act(() => assign.current.mutateAsync({ planId, months }).catch(() => undefined));
    await send(12);
    await send(12);
    await send(6);
    const keys = calls.map((c) => c.headers['idempotency-key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
