import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { DataTable, type DataTableProps } from './data-table';
import { PageHeader } from './page-header';

interface ListPageProps<T> {
  title: string;
  description?: ReactNode;
  /** Header buttons (export, import, add). */
  actions?: ReactNode;
  /** Search and filter controls, laid out in one row from 640 px. */
  filters?: ReactNode;
  /** The filter row's columns from 640 px (default: search, one select, status). */
  filterColumns?: string;
  /** A line about the whole list, between the filters and the table (why some row actions are off). */
  notice?: ReactNode;
  /** The rows: loading skeleton, error with Retry, empty state, row actions and "Load more" come with it. */
  table: DataTableProps<T>;
  /** The page's dialogs (one `useDialogState` says which is open). */
  children?: ReactNode;
}

/** A page that lists records: header with actions, filters, the table, and the dialogs its buttons open. */
export function ListPage<T>({
  title,
  description,
  actions,
  filters,
  filterColumns = 'sm:grid-cols-[1fr_12rem_10rem]',
  notice,
  table,
  children,
}: ListPageProps<T>) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      {filters && <div className={cn('mb-4 grid gap-3', filterColumns)}>{filters}</div>}
      {notice}
      <DataTable {...table} />
      {children}
    </>
  );
}
