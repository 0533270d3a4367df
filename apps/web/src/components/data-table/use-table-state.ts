import { useMemo, useState } from 'react';
import type { TDataTableProps, TSort } from './types';

export const DEFAULT_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE_OPTIONS = [10, 25, 50, 100, 1000];

export type TTableState = {
  isServer: boolean;
  sort: TSort;
  page: number;
  pageSize: number;
  /** Rows across all pages. */
  rowCount: number;
  changeSort: (sort: TSort) => void;
  changePage: (page: number) => void;
  changePageSize: (size: number) => void;
};

/**
 * Server mode (`total` given): page, page size and sort come from props and changes are only reported.
 * Client mode: the same state lives here; changes are still reported to any callbacks given.
 */
export function useTableState<T>(props: TDataTableProps<T>): TTableState {
  const { total, rows, rowKey, onPageChange, onPageSizeChange, onSortChange } = props;
  const isServer = total !== undefined;

  const [clientSort, setClientSort] = useState<TSort>(props.defaultSort ?? null);
  const [clientPage, setClientPage] = useState(0);
  const [clientPageSize, setClientPageSize] = useState(props.defaultPageSize ?? DEFAULT_PAGE_SIZE);

  // Back to page 0 when the set of rows changes (e.g. a filter), but not when a refetch or poll
  // returns the same rows in a new array: that would throw the user off page 3 every few seconds.
  const rowsSignature = useMemo(() => rows.map((row) => String(rowKey(row))).join('\u0000'), [rows, rowKey]);
  const [seenSignature, setSeenSignature] = useState(rowsSignature);
  if (!isServer && rowsSignature !== seenSignature) {
    setSeenSignature(rowsSignature);
    setClientPage(0);
  }

  const sort = isServer ? (props.sort ?? null) : clientSort;
  const pageSize = isServer ? (props.pageSize ?? props.defaultPageSize ?? DEFAULT_PAGE_SIZE) : clientPageSize;
  const rowCount = isServer ? total : rows.length;
  const lastPage = Math.max(0, Math.ceil(rowCount / pageSize) - 1);
  // A client page past the end (rows shrank) shows the last page instead of nothing.
  const page = isServer ? (props.page ?? 0) : Math.min(clientPage, lastPage);

  const changePage = (next: number) => {
    if (!isServer) setClientPage(next);
    onPageChange?.(next);
  };
  const changeSort = (next: TSort) => {
    if (!isServer) setClientSort(next);
    onSortChange?.(next);
    // A new order starts from its first page.
    if (page !== 0) changePage(0);
  };
  const changePageSize = (size: number) => {
    if (!isServer) {
      setClientPageSize(size);
      setClientPage(0);
    }
    onPageSizeChange?.(size);
    onPageChange?.(0);
  };

  return { isServer, sort, page, pageSize, rowCount, changeSort, changePage, changePageSize };
}
