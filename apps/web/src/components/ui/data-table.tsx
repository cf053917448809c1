import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/i18n';
import { useIsMobile } from '../../lib/use-media-query';
import { Button } from './button';
import { errorMessage } from '../../lib/api-client';
import { ErrorState } from './error-state';
import { useMainContentMark } from './page-header';
import { Skeleton } from './skeleton';

export interface DataTableColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Server sort key; the header becomes a sort button only when it is also in `sortKeys`. */
  sortKey?: string;
  /** Where the column's header and cells sit: `end` for figures; `start` (the default) for text. */
  align?: 'start' | 'end';
  /** Extra classes for this column's cells (desktop), e.g. `tabular-nums` or a width; not for alignment (`align`). */
  className?: string;
  /** On phones: `title` is the card's heading, `hidden` leaves the column out, default shows "Header: value". */
  mobile?: 'title' | 'hidden' | 'default';
}

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface DataTableProps<T> {
  /** Accessible name of the table (e.g. "Students"). */
  label: string;
  columns: readonly DataTableColumn<T>[];
  /** `undefined` while the first page loads. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** First load in progress: skeleton rows are shown. */
  loading?: boolean;
  skeletonRows?: number;
  /** A failed load's error: an error state replaces the rows (with Retry unless the answer is final). */
  error?: unknown;
  onRetry?: () => void;
  /** Shown when `rows` is an empty list (use EmptyState). */
  empty?: ReactNode;
  /** Keyset pagination: a "Load more" button while `hasMore`. */
  hasMore?: boolean;
  onLoadMore?: () => void;
  loadingMore?: boolean;
  /** Sorting: only columns whose `sortKey` is in this allow-list are sortable. */
  sortKeys?: readonly string[];
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** Buttons per row (edit, deactivate…), shown in the last column / the card's footer. */
  actions?: (row: T) => ReactNode;
  /** The row a link opened (a notice's request or payment): marked, and brought into view once it is there. */
  currentKey?: string | null;
  className?: string;
}

const CURRENT_ROW = 'bg-amber-50 ring-1 ring-amber-200 ring-inset';

/**
 * One column's header. A table cell's own default is to centre it, and a button writes its text as typed, so each
 * header says its alignment (that of its column's cells) and a sort button takes the header's case: sortable and
 * plain headers read alike, over their column, left to right and right to left.
 */
function HeaderCell({
  align = 'start',
  className,
  sort,
  children,
}: {
  align?: 'start' | 'end';
  className?: string;
  sort?: { state: SortDirection | null; onClick: () => void };
  children: ReactNode;
}) {
  const Icon = sort?.state === 'asc' ? ArrowUp : sort?.state === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={sort?.state ? (sort.state === 'asc' ? 'ascending' : 'descending') : undefined}
      className={cn('px-3 py-3 font-medium', align === 'end' ? 'text-end' : 'text-start', className)}
    >
      {sort ? (
        <button
          type="button"
          onClick={sort.onClick}
          className="-mx-1 inline-flex items-center gap-1 rounded px-1 font-medium tracking-wide uppercase hover:text-slate-900"
        >
          {children}
          <Icon className={cn('size-3.5', sort.state ? 'text-slate-700' : 'text-slate-400')} aria-hidden="true" />
        </button>
      ) : (
        children
      )}
    </th>
  );
}

/**
 * A list of records: a table from 768 px, one card per row below. It covers the states every list needs
 * (loading skeleton, error with retry, empty, "Load more" for keyset pages) so pages only describe columns.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  skeletonRows = 5,
  error,
  onRetry,
  empty,
  hasMore = false,
  onLoadMore,
  loadingMore = false,
  sortKeys = [],
  sort,
  onSortChange,
  actions,
  currentKey,
  className,
}: DataTableProps<T>) {
  const { t } = useT();
  const isMobile = useIsMobile();
  useMainContentMark(rows !== undefined && !loading);
  const current = useRef<HTMLElement>(null);
  const shown = currentKey != null && rows?.some((row) => rowKey(row) === currentKey);
  useEffect(() => {
    if (shown) current.current?.scrollIntoView?.({ block: 'center' });
  }, [shown]);
  const keepCurrent = useCallback((el: HTMLElement | null) => {
    current.current = el;
  }, []);
  const currentProps = (row: T) =>
    rowKey(row) === currentKey ? { 'aria-current': 'true' as const, ref: keepCurrent } : {};

  if (error != null && !rows?.length) {
    return <ErrorState error={error} onRetry={onRetry} retrying={loading} className={className} />;
  }
  if (!loading && rows && rows.length === 0) {
    return <div className={cn('rounded-xl border border-slate-200 bg-white', className)}>{empty}</div>;
  }

  const showSkeleton = loading && !rows?.length;
  const isSortable = (column: DataTableColumn<T>) =>
    Boolean(column.sortKey && sortKeys.includes(column.sortKey) && onSortChange);
  const toggleSort = (key: string) =>
    onSortChange?.({ key, direction: sort?.key === key && sort.direction === 'asc' ? 'desc' : 'asc' });

  const footer = (hasMore || loadingMore) && onLoadMore && (
    <div className="flex justify-center border-t border-slate-100 p-3">
      <Button variant="secondary" onClick={onLoadMore} loading={loadingMore}>
        {t('actions.loadMore')}
      </Button>
    </div>
  );
  const trailingError =
    error != null && rows?.length ? (
      <div role="alert" className="border-t border-red-100 bg-red-50 px-4 py-2 text-sm text-red-800">
        {errorMessage(error)}
      </div>
    ) : null;

  if (isMobile) {
    const title = columns.find((column) => column.mobile === 'title');
    const details = columns.filter((column) => column !== title && column.mobile !== 'hidden');
    return (
      <div className={cn('rounded-xl border border-slate-200 bg-white', className)}>
        <ul aria-label={label} aria-busy={showSkeleton || undefined} className="divide-y divide-slate-100">
          {showSkeleton
            ? Array.from({ length: skeletonRows }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <li key={index} className="space-y-2 p-4">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-3/4" />
                  <Skeleton className="h-3 w-2/3" />
                </li>
              ))
            : rows?.map((row) => (
                <li
                  key={rowKey(row)}
                  {...currentProps(row)}
                  className={cn('p-4', rowKey(row) === currentKey && CURRENT_ROW)}
                >
                  {title && <div className="mb-2 font-medium text-slate-900">{title.cell(row)}</div>}
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    {details.map((column) => (
                      <div key={column.id} className="contents">
                        <dt className="text-slate-500">{column.header}</dt>
                        <dd className="min-w-0 break-words text-slate-800">{column.cell(row)}</dd>
                      </div>
                    ))}
                  </dl>
                  {actions && <div className="mt-3 flex flex-wrap gap-2">{actions(row)}</div>}
                </li>
              ))}
        </ul>
        {trailingError}
        {footer}
      </div>
    );
  }

  return (
    <div className={cn('overflow-hidden rounded-xl border border-slate-200 bg-white', className)}>
      {/* Positioned, so the visually hidden "Actions" header (absolute) stays inside this scroller rather than
          widening the page beyond it. */}
      <div className="relative overflow-x-auto">
        <table className="min-w-full text-start text-sm" aria-busy={showSkeleton || undefined}>
          <caption className="sr-only">{label}</caption>
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              {columns.map((column) => {
                const sortKey = isSortable(column) ? column.sortKey : undefined;
                return (
                  <HeaderCell
                    key={column.id}
                    align={column.align}
                    className={column.className}
                    sort={
                      sortKey
                        ? { state: sort?.key === sortKey ? sort.direction : null, onClick: () => toggleSort(sortKey) }
                        : undefined
                    }
                  >
                    {column.header}
                  </HeaderCell>
                );
              })}
              {actions && (
                <HeaderCell align="end">
                  <span className="sr-only">{t('table.actions')}</span>
                </HeaderCell>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {showSkeleton
              ? Array.from({ length: skeletonRows }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <tr key={index}>
                    {columns.map((column) => (
                      <td key={column.id} className="px-3 py-3">
                        <Skeleton className="h-4 w-24" />
                      </td>
                    ))}
                    {actions && <td className="px-3 py-3" />}
                  </tr>
                ))
              : rows?.map((row) => (
                  <tr
                    key={rowKey(row)}
                    {...currentProps(row)}
                    className={rowKey(row) === currentKey ? CURRENT_ROW : 'hover:bg-slate-50/60'}
                  >
                    {columns.map((column) => (
                      <td
                        key={column.id}
                        className={cn(
                          'px-3 py-3 align-middle text-slate-700',
                          column.align === 'end' ? 'text-end' : 'text-start',
                          column.className,
                        )}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                    {actions && (
                      <td className="px-3 py-3 text-end">
                        {/* The buttons may stack when the columns need the room, rather than push the table
                            wider than a laptop's page. */}
                        <div className="flex flex-wrap justify-end gap-1">{actions(row)}</div>
                      </td>
                    )}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {trailingError}
      {footer}
    </div>
  );
}
