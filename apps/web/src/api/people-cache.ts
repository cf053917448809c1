import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LyceumMutationMeta } from '../lib/query-client';

/**
 * Query-key roots of the people and classes pages. A change to one kind of record shows up in the others
 * (a new student changes a class's roster and a parent's children), so every change refreshes them all:
 * only the queries on screen refetch, the rest are marked stale.
 */
export const PEOPLE_ROOTS = [
  'students',
  'teachers',
  'parents',
  'classes',
  'my-classes',
  'subjects',
  'users',
  'children',
] as const;

export function invalidatePeople(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => (PEOPLE_ROOTS as readonly unknown[]).includes(query.queryKey[0]),
  });
}

/** `?a=1&b=2` from the set values of a filter object (empty strings and undefined left out). */
export function toQueryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A mutation of people or classes that refreshes every people list when it succeeds. */
export function usePeopleMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  meta?: LyceumMutationMeta,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, meta, onSuccess: () => invalidatePeople(queryClient) });
}
