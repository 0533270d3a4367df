import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type TColumn, type TSort } from './index';
import { firstCells, makeLoads, type TLoad } from './test-utils';

const columns: TColumn<TLoad>[] = [
  { id: 'id', header: 'Id', cell: (row) => row.id },
  { id: 'miles', header: 'Miles', cell: (row) => row.miles, align: 'right' },
];

afterEach(cleanup);

function renderServer(props: { page?: number; pageSize?: number; sort?: TSort; rows?: TLoad[] } = {}) {
  const callbacks = { onPageChange: vi.fn(), onPageSizeChange: vi.fn(), onSortChange: vi.fn() };
  const view = render(
    <DataTable
      aria-label="Loads"
      columns={columns}
      rows={props.rows ?? makeLoads(100)}
      rowKey={(row) => row.id}
      total={2345}
      page={props.page ?? 0}
      pageSize={props.pageSize ?? 100}
      sort={props.sort ?? null}
      {...callbacks}
    />,
  );
  return { ...view, ...callbacks };
}

const sortButton = (name: string) =>
  within(screen.getByRole('columnheader', { name })).getByRole('button', { name });
const displayedRows = () => document.querySelector('.MuiTablePagination-displayedRows')?.textContent;

describe('DataTable in server mode', () => {
  it('shows the given rows as the current page, in the given order, with the server total', () => {
    const rows = [
      { id: 7, name: 'x', miles: 1 },
      { id: 3, name: 'y', miles: 99 },
    ];
    const { container } = renderServer({ page: 1, sort: { id: 'miles', desc: true }, rows });
    expect(firstCells(container)).toEqual(['7', '3']);
    expect(displayedRows()).toBe('101–200 of 2,345');
    expect(screen.getByRole('columnheader', { name: 'Miles' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('reports header clicks as ascending, then descending, then no sort', () => {
    const first = renderServer();
    fireEvent.click(sortButton('Miles'));
    expect(first.onSortChange).toHaveBeenLastCalledWith({ id: 'miles', desc: false });
    cleanup();

    const second = renderServer({ sort: { id: 'miles', desc: false } });
    fireEvent.click(sortButton('Miles'));
    expect(second.onSortChange).toHaveBeenLastCalledWith({ id: 'miles', desc: true });
    fireEvent.click(sortButton('Id'));
    expect(second.onSortChange).toHaveBeenLastCalledWith({ id: 'id', desc: false });
    cleanup();

    const third = renderServer({ sort: { id: 'miles', desc: true }, page: 3 });
    fireEvent.click(sortButton('Miles'));
    expect(third.onSortChange).toHaveBeenLastCalledWith(null);
    // A new order starts from its first page.
    expect(third.onPageChange).toHaveBeenLastCalledWith(0);
  });

  it('reports page changes and does not change the page itself', () => {
    const { onPageChange } = renderServer({ page: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    expect(displayedRows()).toBe('101–200 of 2,345');
    fireEvent.click(screen.getByRole('button', { name: 'Go to last page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(23);
  });

  it('reports a page size change and a return to the first page', () => {
    const { onPageChange, onPageSizeChange } = renderServer({ page: 4 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '1000' } });
    expect(onPageSizeChange).toHaveBeenCalledWith(1000);
    expect(onPageChange).toHaveBeenLastCalledWith(0);
  });
});
