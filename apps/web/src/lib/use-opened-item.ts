import { uuidSchema } from '@lyceum/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';

interface Decidable {
  id: string;
  status: string;
}

/**
 * The request or payment a notice opened (`?id=`, docs/product.md "Notifications"). Where the list shows it,
 * the list marks it; otherwise (beyond the pages read, or decided since and out of the filter) it is read
 * alone, to be shown above the list. `decidedHere` is the one this page has just decided, which is no news.
 */
export function useOpenedItem<T extends Decidable>({
  queryKey,
  read,
  rows,
  status,
  decidedHere,
}: {
  queryKey: readonly unknown[];
  read: (id: string, signal: AbortSignal) => Promise<{ items: T[] }>;
  rows: readonly T[] | undefined;
  status: string | undefined;
  decidedHere: string | undefined;
}): { id: string | null; item: T | null; decidedSince: boolean } {
  const parsed = uuidSchema.safeParse(useSearchParams()[0].get('id'));
  const id = parsed.success ? parsed.data : null;
  const listed = id !== null && Boolean(rows?.some((row) => row.id === id));
  const alone = useQuery({
    queryKey: [...queryKey, 'one', id],
    queryFn: ({ signal }) => read(id as string, signal),
    enabled: id !== null && rows !== undefined && !listed,
  });
  const item = listed ? null : (alone.data?.items[0] ?? null);
  return {
    id,
    item,
    decidedSince: item !== null && status !== undefined && item.status !== status && decidedHere !== item.id,
  };
}
