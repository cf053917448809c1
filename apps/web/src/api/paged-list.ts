import { type InfiniteData, infiniteQueryOptions, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { toQueryString } from './people-cache';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

type Filters = Record<string, string | number | undefined>;

/** Query options of a keyset-paginated list (`?limit=&cursor=` → `{ items, nextCursor, total }`). */
export function pagedListOptions<T>(key: QueryKey, path: string, filters: Filters, limit = 25) {
  return infiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>>, QueryKey, string | null>({
    queryKey: [...key, filters],
    initialPageParam: null,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(`${path}${toQueryString({ ...filters, limit, cursor: pageParam ?? undefined })}`, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** A paged list flattened for DataTable: rows so far, total, and the "Load more" wiring. */
export function usePagedList<T>(key: QueryKey, path: string, filters: Filters, enabled = true) {
  const query = useInfiniteQuery({ ...pagedListOptions<T>(key, path, filters), enabled });
  return {
    query,
    rows: query.data?.pages.flatMap((p) => p.items),
    total: query.data?.pages[0]?.total,
    hasMore: Boolean(query.hasNextPage),
    loadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
  };
}

/** The DataTable props of a paged list: rows, first-load skeleton, error with retry, "Load more". */
export function pagedTableProps<T>(list: ReturnType<typeof usePagedList<T>>) {
  const { query } = list;
  return {
    rows: list.rows,
    loading: query.isPending || (query.isError && query.isFetching),
    error: query.isError ? query.error : null,
    onRetry: () => void query.refetch(),
    hasMore: list.hasMore,
    onLoadMore: list.loadMore,
    loadingMore: list.loadingMore,
  };
}
