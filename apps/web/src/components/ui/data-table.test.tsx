import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '../../test/media';
import { DataTable, type DataTableColumn, type SortState } from './data-table';

interface Person {
  id: string;
  name: string;
  email: string;
}

const columns: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Name', cell: (p) => p.name, sortKey: 'name', mobile: 'title' },
  { id: 'email', header: 'Email', cell: (p) => p.email, sortKey: 'email' },
];

const people = (from: number, count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `p${from + i}`,
    name: `Person ${from + i}`,
    email: `p${from + i}@x.test`,
  }));

/** Pages of two, as a keyset-paginated query would deliver them. */
function Paged({ total }: { total: number }) {
  const [rows, setRows] = useState(people(1, Math.min(2, total)));
  return (
    <DataTable
      label="People"
      columns={columns}
      rows={rows}
      rowKey={(p) => p.id}
      hasMore={rows.length < total}
      onLoadMore={() =>
        setRows((current) => [...current, ...people(current.length + 1, Math.min(2, total - current.length))])
      }
    />
  );
}

describe('DataTable', () => {
  it('appends pages with "Load more" until the last page, then hides the button', async () => {
    render(<Paged total={5} />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Person 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows skeleton rows while loading, the empty slot for no rows and the error with retry', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <DataTable label="People" columns={columns} rows={undefined} rowKey={(p) => p.id} loading />,
    );
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    rerender(
      <DataTable label="People" columns={columns} rows={[]} rowKey={(p) => p.id} empty={<p>No people yet</p>} />,
    );
    expect(screen.getByText('No people yet')).toBeTruthy();
    rerender(
      <DataTable
        label="People"
        columns={columns}
        rows={undefined}
        rowKey={(p) => p.id}
        error="Down"
        onRetry={onRetry}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('makes only allow-listed columns sortable and toggles the direction', async () => {
    const onSortChange = vi.fn();
    const sort: SortState = { key: 'name', direction: 'asc' };
    render(
      <DataTable
        label="People"
        columns={columns}
        rows={people(1, 2)}
        rowKey={(p) => p.id}
        sortKeys={['name']}
        sort={sort}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(within(screen.getByRole('columnheader', { name: 'Email' })).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'name', direction: 'desc' });
  });

  it('writes sortable and plain headers alike, each aligned with its column', () => {
    const withCount: DataTableColumn<Person>[] = [
      ...columns,
      { id: 'count', header: 'Count', cell: () => 3, sortKey: 'count', align: 'end', className: 'tabular-nums' },
      { id: 'plain', header: 'Plain', cell: () => 'x' },
    ];
    render(
      <DataTable
        label="People"
        columns={withCount}
        rows={people(1, 1)}
        rowKey={(p) => p.id}
        sortKeys={['name', 'count']}
        sort={{ key: 'name', direction: 'asc' }}
        onSortChange={() => {}}
      />,
    );
    const classes = (element: Element) => element.className.split(' ');
    const headers = screen.getAllByRole('columnheader');
    const cells = screen.getAllByRole('cell');
    // A table header centres its text unless told otherwise: each one sits where its column's cells do.
    withCount.forEach((column, i) => {
      const side = column.align === 'end' ? 'text-end' : 'text-start';
      expect(classes(headers[i] as Element), column.id).toContain(side);
      expect(classes(cells[i] as Element), column.id).toContain(side);
    });
    // A button writes its text as typed: a sort button takes the header's upper case like a plain header.
    for (const name of ['Name', 'Count'])
      expect(classes(screen.getByRole('button', { name }))).toEqual(
        expect.arrayContaining(['uppercase', 'tracking-wide']),
      );
  });

  it('fits a laptop page: the hidden "Actions" header stays inside the scroller and row buttons may stack', () => {
    render(
      <DataTable
        label="People"
        columns={columns}
        rows={people(1, 1)}
        rowKey={(p) => p.id}
        actions={() => (
          <>
            <button type="button">Edit</button>
            <button type="button">Deactivate</button>
          </>
        )}
      />,
    );
    // The header's label is visually hidden (absolutely positioned): unless the scroller is its containing
    // block, it sits outside the scroller and widens the whole page (29 px on /teachers at 1280 px).
    const scroller = screen.getByRole('table').parentElement as HTMLElement;
    expect(scroller.className.split(' ')).toEqual(expect.arrayContaining(['relative', 'overflow-x-auto']));
    expect(scroller.contains(screen.getByRole('columnheader', { name: 'Actions' }))).toBe(true);
    const buttons = (screen.getByRole('button', { name: 'Deactivate' }).parentElement as HTMLElement).className;
    expect(buttons).toContain('flex-wrap');
    expect(buttons).not.toContain('whitespace-nowrap');
  });

  it('renders one card per row below 768 px, titled by the title column', () => {
    setViewportWidth(375);
    render(<DataTable label="People" columns={columns} rows={people(1, 2)} rowKey={(p) => p.id} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('Email')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('p1@x.test')).toBeTruthy();
  });

  it('marks the row a link opened, as a table row and as a card, and brings it into view once it is there', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const table = (rows: Person[]) => (
      <DataTable label="People" columns={columns} rows={rows} rowKey={(p) => p.id} currentKey="p3" />
    );
    const { rerender } = render(table(people(1, 2)));
    expect(screen.getAllByRole('row').some((row) => row.hasAttribute('aria-current'))).toBe(false);
    expect(scrolled).not.toHaveBeenCalled();
    rerender(table(people(1, 4)));
    const current = screen.getAllByRole('row').filter((row) => row.getAttribute('aria-current') === 'true');
    expect(current.map((row) => row.textContent)).toEqual(['Person 3p3@x.test']);
    expect(current[0]?.className).toContain('bg-amber-50');
    expect(scrolled).toHaveBeenCalledTimes(1);
    rerender(table(people(1, 5)));
    expect(scrolled).toHaveBeenCalledTimes(1);

    setViewportWidth(375);
    rerender(table(people(1, 4)));
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-current'))).toEqual([null, null, 'true', null]);
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });
});
