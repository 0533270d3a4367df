import {
  type ColumnDef,
  columnVisibilityFeature,
  createPaginatedRowModel,
  createSortedRowModel,
  type Row,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortFn,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { compareSortValues, type TSortValue, toSortValue } from './sorting';
import type { TColumn, TSort } from './types';

const features = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

type TFeatures = typeof features;
/** The table library wants object rows; every row type the app passes is one. */
type TData<T> = T & RowData;
export type TTableRow<T> = Row<TFeatures, TData<T>>;

// Ascending only; the row model reverses it for descending and keeps equal rows in input order.
const sortFn: SortFn<TFeatures, RowData> = (a, b, columnId) =>
  compareSortValues(a.getValue<TSortValue>(columnId), b.getValue<TSortValue>(columnId));

type TRowModelOptions<T> = {
  columns: TColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  isServer: boolean;
  rowCount: number;
  sort: TSort;
  page: number;
  pageSize: number;
  hiddenColumnIds: string[];
};

/**
 * @tanstack/react-table does the client-mode sorting and paging and tracks visible columns.
 * All state is owned by the caller (see use-table-state), so the table never changes it itself.
 */
export function useRowModel<T>(options: TRowModelOptions<T>) {
  const { columns, rows, rowKey, isServer, rowCount, sort, page, pageSize, hiddenColumnIds } = options;

  const columnDefs = useMemo(
    () =>
      columns.map(
        (column): ColumnDef<TFeatures, TData<T>> => ({
          id: column.id,
          header: column.header,
          accessorFn: (row) =>
            toSortValue(column.sortValue ? column.sortValue(row) : (row as Record<string, unknown>)[column.id]),
          enableSorting: column.sortable ?? true,
          sortFn: sortFn as SortFn<TFeatures, TData<T>>,
          sortUndefined: 'last',
          sortDescFirst: false,
        }),
      ),
    [columns],
  );

  const sortId = sort?.id;
  const sortDesc = sort?.desc ?? false;
  const sorting = useMemo(() => (sortId === undefined ? [] : [{ id: sortId, desc: sortDesc }]), [sortId, sortDesc]);
  const pagination = useMemo(() => ({ pageIndex: page, pageSize }), [page, pageSize]);
  const hiddenKey = hiddenColumnIds.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the ids' contents, not the array's identity
  const columnVisibility = useMemo(
    () => Object.fromEntries(hiddenColumnIds.map((id) => [id, false])),
    [hiddenKey],
  );

  const table = useTable({
    features,
    columns: columnDefs,
    data: rows as TData<T>[],
    getRowId: (row) => String(rowKey(row)),
    state: { sorting, pagination, columnVisibility },
    manualSorting: isServer,
    manualPagination: isServer,
    rowCount,
    autoResetPageIndex: false,
    enableMultiSort: false,
  });

  return {
    pageRows: table.getRowModel().rows,
    visibleColumnIds: table.getVisibleLeafColumns().map((column) => column.id),
  };
}
