import { DataTable, type DataTableProps } from './data-table';

/**
 * The row a notice opened when the list below does not show it (docs/product.md, "Notifications"), marked,
 * with `note` when there is news of it (decided since).
 */
export function OpenedRow<T>({
  item,
  note,
  ...table
}: { item: T | null; note: string | null } & Omit<DataTableProps<T>, 'rows' | 'currentKey'>) {
  if (item === null) return null;
  return (
    <div className="mb-4 space-y-2">
      {note && (
        <p role="status" className="text-sm text-slate-700">
          {note}
        </p>
      )}
      <DataTable {...table} rows={[item]} currentKey={table.rowKey(item)} />
    </div>
  );
}
