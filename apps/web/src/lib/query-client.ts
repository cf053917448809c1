import { MutationCache, QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ApiError, errorMessage } from './api-client';

export interface LyceumMutationMeta extends Record<string, unknown> {
  /**
   * The caller shows a failure itself (under the form's fields, or a toast in its own words), or a
   * failure is not worth telling (marking a notification read): the generic error toast stays quiet.
   */
  noErrorToast?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: LyceumMutationMeta;
  }
}

/** For `useMutation({ meta: NO_ERROR_TOAST })`: see `LyceumMutationMeta.noErrorToast`. */
export const NO_ERROR_TOAST: LyceumMutationMeta = { noErrorToast: true };

/** Client errors (4xx) are answers, not glitches: never retry them. Network and 5xx get two more tries. */
export function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** Shows a failed change where it was asked for; false when it no longer can (its dialog has closed). */
export type FailureShower = (error: unknown) => boolean;

let currentShower: FailureShower | null = null;
const showers = new WeakMap<object, FailureShower>();

/**
 * Runs `action` so that the mutations it starts (synchronously, as a click handler does) hand their failure
 * to `show` instead of the toast: a confirm dialog shows a refusal inside itself, the one place a screen reader
 * can still hear while the modal is open. When `show` says it cannot, the failure is toasted as usual.
 */
export function showingFailuresIn<T>(show: FailureShower, action: () => T): T {
  const outer = currentShower;
  currentShower = show;
  try {
    return action();
  } finally {
    currentShower = outer;
  }
}

/**
 * The one place a failed change becomes a toast (the server's message, or "unavailable" offline), so
 * screens only say what went right; a change asked for in a confirm dialog fails inside it instead
 * (`showingFailuresIn`).
 */
export function createMutationCache(): MutationCache {
  return new MutationCache({
    onMutate: (_variables, mutation) => {
      if (currentShower) showers.set(mutation, currentShower);
    },
    onError: (error, _variables, _result, mutation) => {
      if (mutation.meta?.noErrorToast) return;
      if (showers.get(mutation)?.(error)) return;
      toast.error(errorMessage(error));
    },
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
