import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import { type JSX, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DataTableBody } from './data-table-body';
import { DataTableHead } from './data-table-head';
import { formatDisplayedRows, nextSort } from './sorting';
import type { TDataTableProps } from './types';
import { MOBILE_QUERY, useHiddenColumnIds } from './use-hidden-columns';
import { useRowModel } from './use-row-model';
import { DEFAULT_PAGE_SIZE_OPTIONS, useTableState } from './use-table-state';

export { CellLine } from './cell-line';
export type { TColumn, TDataTableProps, TSort } from './types';
export { MOBILE_QUERY } from './use-hidden-columns';

const DEFAULT_MAX_HEIGHT = 'max(400px, calc(100vh - 300px))';
/** Wider than a phone (spec §9: mobile is up to 768 px): where a `fill` table takes the page's height. */
const DESKTOP_QUERY = '(min-width:769px)';
/** A `fill` table never gets shorter than this (or its rows): when the page holds more, the page scrolls instead. */
const FILL_MIN_HEIGHT = 320;
/** The paging bar's height at desktop widths, with its border. */
const PAGINATION_HEIGHT = 53;
/** Width a column without a numeric width claims before the table scrolls sideways. */
const MIN_COLUMN_WIDTH = 120;
/** A small MUI header row with one line of text, until measured. */
const HEADER_HEIGHT_ESTIMATE = 37;

/** The one table used across Haulboard: sorting, paging (client or server) and a virtualised body. */
export function DataTable<T>(props: TDataTableProps<T>): JSX.Element {
  const { columns, rows, rowKey, loading = false, emptyText = 'No rows', rowSx, onRowClick, footer } = props;
  const pageSizeOptions = props.pageSizeOptions ?? DEFAULT_PAGE_SIZE_OPTIONS;
  const state = useTableState(props);
  const hiddenColumnIds = useHiddenColumnIds(columns);
  const { pageRows, visibleColumnIds } = useRowModel({
    columns,
    rows,
    rowKey,
    isServer: state.isServer,
    rowCount: state.rowCount,
    sort: state.sort,
    page: state.page,
    pageSize: state.pageSize,
    hiddenColumnIds,
  });
  const visibleKey = visibleColumnIds.join('\u0000');
  // Stable while nothing changes, so memoised body rows skip re-rendering.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the ids' contents, not the array's identity
  const visibleColumns = useMemo(
    () => visibleColumnIds.flatMap((id) => columns.find((column) => column.id === id) ?? []),
    [columns, visibleKey],
  );
  const minWidth = visibleColumns.reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : MIN_COLUMN_WIDTH),
    0,
  );

  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [headerHeight, setHeaderHeight] = useState(HEADER_HEIGHT_ESTIMATE);
  // A fill table's rows as they lay out (header, rows and spacers), so a short list is never cut.
  const [rowsHeight, setRowsHeight] = useState(0);
  useLayoutEffect(() => {
    const height = headRef.current?.offsetHeight;
    if (height && height !== headerHeight) setHeaderHeight(height);
    const content = props.fill ? (scrollRef.current?.firstElementChild as HTMLElement | null)?.offsetHeight : undefined;
    if (content !== undefined && content !== rowsHeight) setRowsHeight(content);
  });

  // A new page or order starts at its top.
  const sortKey = state.sort ? `${state.sort.id}:${state.sort.desc}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because these changed
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [state.page, state.pageSize, sortKey]);

  const lastPage = Math.max(0, Math.ceil(state.rowCount / state.pageSize) - 1);
  const showPagination = !(props.paginateOnlyWhenNeeded && !state.isServer && lastPage === 0);
  // A short window scrolls the page rather than squeeze the rows out; a short list keeps its own height.
  const fillMinHeight = Math.min(FILL_MIN_HEIGHT, (rowsHeight || headerHeight) + (showPagination ? PAGINATION_HEIGHT : 0));
  const sizeOptions = pageSizeOptions.includes(state.pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, state.pageSize].sort((a, b) => a - b);

  return (
    <Paper
      variant="outlined"
      // The shell gives a page holding a fill table exactly the window's height (app-shell.tsx).
      data-table-fill={props.fill || undefined}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        ...(props.fill && {
          [`@media ${DESKTOP_QUERY}`]: {
            display: 'flex',
            flexDirection: 'column',
            // As tall as its rows, never taller than what the page leaves it: a short list ends under
            // its last row instead of an empty box down to the window's bottom.
            flex: '0 1 auto',
            minHeight: fillMinHeight,
            // The rows give way, never the paging bar or the footer.
            '& > :not(.MuiTableContainer-root)': { flexShrink: 0 },
          },
        }),
      }}
    >
      {loading && (
        <LinearProgress
          aria-label="Loading rows"
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }}
        />
      )}
      <TableContainer
        ref={scrollRef}
        sx={{
          maxHeight: props.maxHeight ?? DEFAULT_MAX_HEIGHT,
          ...(props.fill && { [`@media ${DESKTOP_QUERY}`]: { maxHeight: 'none', flex: '1 1 auto', minHeight: 0 } }),
        }}
      >
        <Table
          stickyHeader
          size="small"
          aria-label={props['aria-label']}
          aria-rowcount={Math.max(pageRows.length, 1) + 1}
          aria-busy={loading || undefined}
          sx={{
            // Fixed layout keeps widths from the <col>s, so rows entering and leaving the DOM can't shift columns.
            tableLayout: 'fixed',
            minWidth,
            '& tbody td': {
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              ...(props.dense && { py: '3px', fontSize: '0.8125rem', lineHeight: 1.25, '& .MuiTypography-root': { fontSize: 'inherit', lineHeight: 'inherit' } }),
            },
            // A sort arrow sits in the cell's padding; in a column too narrow for it, it is cut rather than
            // widening the table past its box (a sideways scrollbar for a few pixels).
            '& thead th': { fontWeight: 600, verticalAlign: 'bottom', overflow: 'hidden', ...(props.dense && { py: 0.5 }) },
            ...(props.dense && { '& td, & th': { px: 1.5 } }),
            '& tbody tr[tabindex]:focus-visible': {
              outline: '2px solid',
              outlineColor: 'primary.main',
              outlineOffset: '-2px',
            },
            '& tbody': { opacity: loading && pageRows.length ? 0.7 : 1, transition: 'opacity 150ms' },
            // On a phone every px counts: half the usual space between columns.
            [`@media ${MOBILE_QUERY}`]: { '& td, & th': { px: 1 } },
          }}
        >
          <colgroup>
            {visibleColumns.map((column) => (
              <col key={column.id} style={{ width: column.width }} />
            ))}
          </colgroup>
          <DataTableHead
            ref={headRef}
            columns={visibleColumns}
            sort={state.sort}
            onSortClick={(columnId) => state.changeSort(nextSort(state.sort, columnId))}
          />
          <DataTableBody
            rows={pageRows}
            columns={visibleColumns}
            scrollRef={scrollRef}
            headerHeight={headerHeight}
            estimateRowHeight={props.estimateRowHeight}
            emptyText={emptyText}
            loading={loading}
            rowSx={rowSx}
            onRowClick={onRowClick}
          />
        </Table>
      </TableContainer>
      {footer && <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>{footer}</Box>}
      {showPagination && (
      <TablePagination
        component="div"
        count={state.rowCount}
        page={Math.min(state.page, lastPage)}
        rowsPerPage={state.pageSize}
        rowsPerPageOptions={sizeOptions}
        onPageChange={(_event, page) => state.changePage(page)}
        onRowsPerPageChange={(event) => state.changePageSize(Number(event.target.value))}
        labelDisplayedRows={formatDisplayedRows}
        showFirstButton
        showLastButton
        slotProps={{ select: { native: true, inputProps: { 'aria-label': 'Rows per page' } } }}
        sx={{
          borderTop: 1,
          borderColor: 'divider',
          // A table filling the page keeps its paging bar slim: the height goes to rows.
          ...(props.fill && { [`@media ${DESKTOP_QUERY}`]: { '& .MuiTablePagination-toolbar': { minHeight: 44 } } }),
          // At phone widths the toolbar wraps instead of pushing the page buttons off screen.
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5, pr: 1 },
        }}
      />
      )}
    </Paper>
  );
}
