import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export type TColumn<T> = {
  /** Also the sort key sent to the server in server mode. */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Client-mode sorting; default `(row as any)[id]`. */
  sortValue?: (row: T) => string | number | null;
  /** Default true. */
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Hidden at widths up to 768px. */
  hideOnMobile?: boolean;
  /** Hidden while the viewport is narrower than this many px, e.g. 1440 for a column laptops can do without. */
  hideBelow?: number;
};

export type TSort = { id: string; desc: boolean } | null;

export type TDataTableProps<T> = {
  'aria-label': string;
  columns: TColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** Server mode when `total` is given: page (0-based), pageSize and sort are controlled, changes reported. */
  total?: number;
  page?: number;
  pageSize?: number;
  sort?: TSort;
  onPageChange?: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
  onSortChange?: (sort: TSort) => void;
  /** Client mode; default 100. */
  defaultPageSize?: number;
  /** Default [10, 25, 50, 100, 1000]. */
  pageSizeOptions?: number[];
  /** Client mode. */
  defaultSort?: TSort;
  loading?: boolean;
  /** Default 'No rows'. */
  emptyText?: string;
  /** E.g. a distinct style for some rows. */
  rowSx?: (row: T) => SxProps<Theme> | undefined;
  onRowClick?: (row: T) => void;
  /** The body scrolls inside; default 'max(400px, calc(100vh - 300px))'. */
  maxHeight?: number | string;
  /**
   * The page's main table: wider than a phone it takes the height the page leaves it, down to the
   * window's bottom, so the table scrolls and the page does not (one scroll per page). It must be a
   * child of the page's root (not inside a box). Phones keep `maxHeight` and a page scroll.
   */
  fill?: boolean;
  /** Tighter rows and columns for a list worked all day (the board): more rows on one screen. */
  dense?: boolean;
  /** E.g. a totals line under the table. */
  footer?: ReactNode;
  /** Client mode: no paging bar while every row fits on the first page (short lists on a dashboard). */
  paginateOnlyWhenNeeded?: boolean;
  /** Height in px assumed for a row not yet rendered, until rows are measured; default 33 (one line of text). */
  estimateRowHeight?: number;
};
