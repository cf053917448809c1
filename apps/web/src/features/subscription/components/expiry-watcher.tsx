import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';

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
