import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type TColumn } from './index';
import { dataRows, firstCells, makeLoads, mockLayout, mockPhoneWidth, mockViewportWidth, type TLoad } from './test-utils';

const columns: TColumn<TLoad>[] = [
  { id: 'id', header: 'Id', cell: (row) => row.id, width: 80 },
  { id: 'name', header: 'Name', cell: (row) => row.name },
  { id: 'miles', header: 'Miles', cell: (row) => row.miles ?? '—', align: 'right', hideOnMobile: true },
  { id: 'actions', header: 'Actions', cell: () => <button type="button">Edit</button>, sortable: false },
];

const rowKey = (row: TLoad) => row.id;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const header = (name: string) => screen.getByRole('columnheader', { name });
const sortButton = (name: string) => within(header(name)).getByRole('button', { name });
const displayedRows = () => document.querySelector('.MuiTablePagination-displayedRows')?.textContent;

/** A page as the app writes one: columns built in render, `?? []` while data loads. */
function Page({ tick, data }: { tick: number; data?: TLoad[] }) {
  const inline: TColumn<TLoad>[] = columns.map((column) => ({ ...column }));
  return (
    <>
      <span>tick {tick}</span>
      <DataTable aria-label="Loads" columns={inline} rows={data ?? []} rowKey={(row) => row.id} defaultPageSize={10} />
    </>
  );
}

describe('DataTable in client mode', () => {
  it('renders a labelled table with one row per item', () => {
    const { container } = render(<DataTable aria-label="Loads" columns={columns} rows={makeLoads(3)} rowKey={rowKey} />);
    expect(screen.getByRole('table', { name: 'Loads' })).toBeTruthy();
    expect(firstCells(container)).toEqual(['1', '2', '3']);
    expect(displayedRows()).toBe('1–3 of 3');
  });

  it('sorts numbers numerically, ascending then descending then back to input order, missing values last', () => {
    const rows: TLoad[] = [
      { id: 1, name: 'a', miles: 100 },
      { id: 2, name: 'b', miles: null },
      { id: 3, name: 'c', miles: 9 },
      { id: 4, name: 'd', miles: 20 },
    ];
    const { container } = render(<DataTable aria-label="Loads" columns={columns} rows={rows} rowKey={rowKey} />);

    fireEvent.click(sortButton('Miles'));
    expect(firstCells(container)).toEqual(['3', '4', '1', '2']);
    expect(header('Miles').getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(sortButton('Miles'));
    expect(firstCells(container)).toEqual(['1', '4', '3', '2']);
    expect(header('Miles').getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(sortButton('Miles'));
    expect(firstCells(container)).toEqual(['1', '2', '3', '4']);
    expect(header('Miles').hasAttribute('aria-sort')).toBe(false);
  });

  it('keeps equal values in input order (stable) and sorts strings by locale', () => {
    const rows: TLoad[] = [
      { id: 1, name: 'beta', miles: 5 },
      { id: 2, name: 'Alpha', miles: 5 },
      { id: 3, name: 'alpha 2', miles: 1 },
      { id: 4, name: 'beta', miles: 5 },
    ];
    const { container } = render(<DataTable aria-label="Loads" columns={columns} rows={rows} rowKey={rowKey} />);
    fireEvent.click(sortButton('Miles'));
    expect(firstCells(container)).toEqual(['3', '1', '2', '4']);
    fireEvent.click(sortButton('Miles'));
    expect(firstCells(container)).toEqual(['1', '2', '4', '3']);
    fireEvent.click(sortButton('Name'));
    expect(firstCells(container)).toEqual(['2', '3', '1', '4']);
  });

  it('uses sortValue when given and starts from defaultSort', () => {
    const byLength: TColumn<TLoad>[] = [
      { id: 'id', header: 'Id', cell: (row) => row.id },
      { id: 'len', header: 'Length', cell: (row) => row.name.length, sortValue: (row) => row.name.length },
    ];
    const rows = ['ccc', 'a', 'bb'].map((name, i) => ({ id: i + 1, name, miles: 0 }));
    const { container } = render(
      <DataTable aria-label="Loads" columns={byLength} rows={rows} rowKey={rowKey} defaultSort={{ id: 'len', desc: true }} />,
    );
    expect(firstCells(container)).toEqual(['1', '3', '2']);
  });

  it('does not offer sorting on columns marked sortable: false', () => {
    render(<DataTable aria-label="Loads" columns={columns} rows={makeLoads(2)} rowKey={rowKey} />);
    expect(within(header('Actions')).queryByRole('button', { name: 'Actions' })).toBeNull();
  });

  it('pages in memory and resets to the first page when the order or the rows change', () => {
    const rows = makeLoads(30);
    const { container, rerender } = render(
      <DataTable aria-label="Loads" columns={columns} rows={rows} rowKey={rowKey} defaultPageSize={10} />,
    );
    expect(dataRows(container)).toHaveLength(10);
    expect(displayedRows()).toBe('1–10 of 30');

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(displayedRows()).toBe('11–20 of 30');
    expect(firstCells(container)[0]).toBe('11');

    // The same rows in a new array (a refetch) keep the page.
    rerender(<DataTable aria-label="Loads" columns={columns} rows={[...rows]} rowKey={rowKey} defaultPageSize={10} />);
    expect(displayedRows()).toBe('11–20 of 30');

    // Different rows (a filter) go back to the first page.
    rerender(
      <DataTable aria-label="Loads" columns={columns} rows={rows.slice(1)} rowKey={rowKey} defaultPageSize={10} />,
    );
    expect(displayedRows()).toBe('1–10 of 29');

    fireEvent.click(screen.getByRole('button', { name: 'Go to last page' }));
    expect(displayedRows()).toBe('21–29 of 29');
    fireEvent.click(sortButton('Name'));
    expect(displayedRows()).toBe('1–10 of 29');
  });

  it('with paginateOnlyWhenNeeded: no paging bar while every row fits on the first page', () => {
    const { rerender } = render(<DataTable aria-label="Loads" columns={columns} rows={makeLoads(3)} rowKey={rowKey} defaultPageSize={10} paginateOnlyWhenNeeded />);
    expect(displayedRows()).toBeUndefined();
    rerender(<DataTable aria-label="Loads" columns={columns} rows={makeLoads(11)} rowKey={rowKey} defaultPageSize={10} paginateOnlyWhenNeeded />);
    expect(displayedRows()).toBe('1–10 of 11');
  });

  it('offers the default page sizes and switches between them', () => {
    const onPageSizeChange = vi.fn();
    const { container } = render(
      <DataTable
        aria-label="Loads"
        columns={columns}
        rows={makeLoads(150)}
        rowKey={rowKey}
        onPageSizeChange={onPageSizeChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.value)).toEqual(['10', '25', '50', '100', '1000']);
    expect(select.value).toBe('100');
    expect(displayedRows()).toBe('1–100 of 150');

    fireEvent.change(select, { target: { value: '25' } });
    expect(onPageSizeChange).toHaveBeenCalledWith(25);
    expect(dataRows(container)).toHaveLength(25);
    expect(displayedRows()).toBe('1–25 of 150');
  });

  it('takes custom page sizes, as the user table does', () => {
    render(
      <DataTable
        aria-label="Users"
        columns={columns}
        rows={makeLoads(120)}
        rowKey={rowKey}
        defaultPageSize={50}
        pageSizeOptions={[5, 10, 25, 50, 100, 1000]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.value)).toEqual(['5', '10', '25', '50', '100', '1000']);
    expect(select.value).toBe('50');
    expect(displayedRows()).toBe('1–50 of 120');
  });

  it('hides hideOnMobile columns at phone widths only', () => {
    render(<DataTable aria-label="Loads" columns={columns} rows={makeLoads(2)} rowKey={rowKey} />);
    expect(screen.queryByRole('columnheader', { name: 'Miles' })).not.toBeNull();
    cleanup();

    mockPhoneWidth();
    const { container } = render(<DataTable aria-label="Loads" columns={columns} rows={makeLoads(2)} rowKey={rowKey} />);
    expect(screen.queryByRole('columnheader', { name: 'Miles' })).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    expect(dataRows(container)[0].cells).toHaveLength(3);
    expect(container.querySelectorAll('col')).toHaveLength(3);
  });

  it('hides hideBelow columns while the viewport is narrower than their width, and follows a resize', () => {
    const withStops: TColumn<TLoad>[] = [...columns, { id: 'stops', header: 'Stops', cell: () => 2, hideBelow: 1440 }];
    const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
    const viewport = mockViewportWidth(1280);
    const { container } = render(<DataTable aria-label="Loads" columns={withStops} rows={makeLoads(2)} rowKey={rowKey} />);
    expect(headers()).toEqual(['Id', 'Name', 'Miles', 'Actions']);
    expect(dataRows(container)[0].cells).toHaveLength(4);

    act(() => viewport.resize(1440));
    expect(headers()).toEqual(['Id', 'Name', 'Miles', 'Actions', 'Stops']);
    expect(dataRows(container)[0].cells).toHaveLength(5);
    expect(container.querySelectorAll('col')).toHaveLength(5);

    act(() => viewport.resize(390));
    expect(headers()).toEqual(['Id', 'Name', 'Actions']);
  });

  it('still sorts by a column that is hidden on mobile', () => {
    mockPhoneWidth();
    const rows = [
      { id: 1, name: 'a', miles: 3 },
      { id: 2, name: 'b', miles: 1 },
    ];
    const { container } = render(
      <DataTable aria-label="Loads" columns={columns} rows={rows} rowKey={rowKey} defaultSort={{ id: 'miles', desc: false }} />,
    );
    expect(firstCells(container)).toEqual(['2', '1']);
  });

  it('shows the empty text, or a loading message while loading', () => {
    const { rerender } = render(<DataTable aria-label="Loads" columns={columns} rows={[]} rowKey={rowKey} />);
    expect(screen.getByText('No rows')).toBeTruthy();
    rerender(<DataTable aria-label="Loads" columns={columns} rows={[]} rowKey={rowKey} emptyText="No loads yet" />);
    expect(screen.getByText('No loads yet')).toBeTruthy();
    rerender(<DataTable aria-label="Loads" columns={columns} rows={[]} rowKey={rowKey} loading />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading rows' })).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('makes rows clickable and keyboard-activatable only with onRowClick', () => {
    const { container, rerender } = render(
      <DataTable aria-label="Loads" columns={columns} rows={makeLoads(2)} rowKey={rowKey} />,
    );
    expect(dataRows(container)[0].hasAttribute('tabindex')).toBe(false);

    const onRowClick = vi.fn();
    rerender(
      <DataTable aria-label="Loads" columns={columns} rows={makeLoads(2)} rowKey={rowKey} onRowClick={onRowClick} />,
    );
    const [first, second] = dataRows(container);
    expect(first.getAttribute('tabindex')).toBe('0');
    fireEvent.click(first.cells[1]);
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1 }));
    fireEvent.keyDown(second, { key: 'Enter' });
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2 }));
    expect(onRowClick).toHaveBeenCalledTimes(2);

    // A button inside the row is not a row click.
    fireEvent.click(within(first).getByRole('button', { name: 'Edit' }));
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it('tolerates columns and an empty fallback recreated on every render, as pages write them', () => {
    const rows = makeLoads(25);
    const { container, rerender } = render(<Page tick={0} data={rows} />);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    for (let tick = 1; tick < 4; tick++) rerender(<Page tick={tick} data={rows} />);
    expect(screen.getByText('tick 3')).toBeTruthy();
    expect(firstCells(container)[0]).toBe('11');
    rerender(<Page tick={4} />);
    rerender(<Page tick={5} />);
    expect(screen.getByText('No rows')).toBeTruthy();
  });

  it('applies rowSx and renders the footer', () => {
    const { container } = render(
      <DataTable
        aria-label="Loads"
        columns={columns}
        rows={makeLoads(2)}
        rowKey={rowKey}
        rowSx={(row) => (row.id === 2 ? { fontStyle: 'italic' } : undefined)}
        footer={<span>Total miles: 37</span>}
      />,
    );
    const [first, second] = dataRows(container);
    expect(getComputedStyle(second).fontStyle).toBe('italic');
    expect(getComputedStyle(first).fontStyle).not.toBe('italic');
    expect(screen.getByText('Total miles: 37')).toBeTruthy();
  });
});

describe('DataTable virtualisation', () => {
  it('keeps far fewer than 1000 rows in the DOM and renders more as the body scrolls', async () => {
    const restoreLayout = mockLayout({ viewport: 400, row: 33 });
    try {
      const { container } = render(
        <DataTable aria-label="Loads" columns={columns} rows={makeLoads(1000)} rowKey={rowKey} defaultPageSize={1000} />,
      );
      const table = screen.getByRole('table', { name: 'Loads' });
      expect(table.getAttribute('aria-rowcount')).toBe('1001');
      const rendered = dataRows(container);
      expect(rendered.length).toBeGreaterThan(10);
      expect(rendered.length).toBeLessThan(60);
      expect(rendered[0].getAttribute('aria-rowindex')).toBe('2');

      // The spacer below stands in for the rows not rendered, so the scrollbar covers all 1000.
      const spacerBelow = container.querySelector<HTMLTableRowElement>('tbody tr[data-spacer]:last-child');
      expect(Number.parseFloat(spacerBelow?.style.height ?? '0')).toBeGreaterThan(900 * 33);

      const scroller = table.parentElement as HTMLElement;
      await act(async () => {
        scroller.scrollTop = 500 * 33;
        scroller.dispatchEvent(new Event('scroll'));
      });
      const ids = firstCells(container).map(Number);
      expect(ids).toContain(500);
      expect(ids).not.toContain(1);
      expect(dataRows(container).length).toBeLessThan(60);
    } finally {
      restoreLayout();
    }
  });

  it('sizes the rows not rendered yet by the estimate, then by the rows measured', async () => {
    const spacerBelow = (container: HTMLElement) =>
      Number.parseFloat(container.querySelector<HTMLTableRowElement>('tbody tr[data-spacer]:last-child')?.style.height ?? '0');
    // No layout: the table's estimate stands for every row.
    let { container } = render(
      <DataTable aria-label="Loads" columns={columns} rows={makeLoads(1000)} rowKey={rowKey} defaultPageSize={1000} estimateRowHeight={65} />,
    );
    const unrendered = 1000 - dataRows(container).length;
    expect(spacerBelow(container)).toBe(unrendered * 65);
    cleanup();

    // Rows measuring 65 px against the default 33 px estimate: the rest are taken to be 65 px too.
    const restoreLayout = mockLayout({ viewport: 400, row: 65 });
    try {
      ({ container } = render(
        <DataTable aria-label="Loads" columns={columns} rows={makeLoads(1000)} rowKey={rowKey} defaultPageSize={1000} />,
      ));
      await act(async () => {});
      const rendered = dataRows(container).length;
      expect(spacerBelow(container)).toBeCloseTo((1000 - rendered) * 65, 0);
    } finally {
      restoreLayout();
    }
  });

  it('renders a screenful of rows even without layout (jsdom, hidden tab)', () => {
    const { container } = render(
      <DataTable aria-label="Loads" columns={columns} rows={makeLoads(1000)} rowKey={rowKey} defaultPageSize={1000} />,
    );
    const count = dataRows(container).length;
    expect(count).toBeGreaterThan(20);
    expect(count).toBeLessThan(100);
  });
});
