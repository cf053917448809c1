import { type LiveSubscription, SUBSCRIPTION_EVENT } from '@lyceum/shared/live-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { mySchoolQueryOptions } from '../../../api/get-my-school';
import { ApiError } from '../../../lib/api-client';
import type { LiveHandler } from '../../../lib/live-events';
import { mySubscriptionKey } from '../api/get-my-subscription';

export const EXPIRED_PATH = '/subscription-expired';

const isExpired = (error: unknown) => error instanceof ApiError && error.code === 'subscription_expired';

/**
 * When the school's subscription lapses mid-session the server answers 402 `subscription_expired` to every
 * school route but a few recovery ones; this sends the user to the plan expiry screen the first time any
 * query or mutation gets that answer. Renders nothing.
 */
export function SubscriptionExpiryWatcher() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    if (pathname === EXPIRED_PATH) return;
    const go = () => void navigate(EXPIRED_PATH, { replace: true });
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && isExpired(event.query.state.error)) go();
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && isExpired(event.mutation?.state.error)) go();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient, navigate, pathname]);

  return null;
}

/**
 * The live stream's word that the school's standing changed while it was open (it ends after it and reconnects):
 * a lapse or a cancellation goes to the plan-expiry screen at once, with no REST call needed to find out; a
 * renewal has that screen read the status again, which sends the user on (docs/product.md, "When a subscription
 * lapses mid-session").
 */
export function useSubscriptionStandingLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      kind: SUBSCRIPTION_EVENT,
      onEvent(data) {
        const active = (data as Partial<LiveSubscription> | null)?.active;
        if (active === false) void navigate(EXPIRED_PATH, { replace: true });
        if (active === true) {
          void queryClient.invalidateQueries({ queryKey: mySubscriptionKey });
          void queryClient.invalidateQueries({ queryKey: mySchoolQueryOptions.queryKey });
        }
      },
      onResync() {},
    }),
    [queryClient, navigate],
  );
}
