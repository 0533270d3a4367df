import type { SxProps, Theme } from '@mui/material/styles';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import {
  measureElement,
  observeElementRect,
  useVirtualizer,
  type Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import { type JSX, type KeyboardEvent, type MouseEvent, memo, type RefObject } from 'react';
import type { TColumn } from './types';
import type { TTableRow } from './use-row-model';

/** Height of a small MUI table row with one line of body text. */
export const ROW_HEIGHT_ESTIMATE = 33;
/** Viewport assumed while the scroll box has no layout yet (jsdom, a hidden tab). */
const FALLBACK_VIEWPORT_HEIGHT = 800;
const OVERSCAN = 10;

type TScrollElement = HTMLDivElement;
type TRowElement = HTMLTableRowElement;

// Without layout every size reads 0, and the virtualizer would then render all rows or none.
const observeRect: VirtualizerOptions<TScrollElement, TRowElement>['observeElementRect'] = (instance, cb) =>
  observeElementRect(instance, (rect) =>
    cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_VIEWPORT_HEIGHT }),
  );
const measureRow = (
  element: TRowElement,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<TScrollElement, TRowElement>,
) => measureElement(element, entry, instance) || ROW_HEIGHT_ESTIMATE;

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="link"]';

type TDataTableBodyProps<T> = {
  rows: TTableRow<T>[];
  columns: TColumn<T>[];
  scrollRef: RefObject<TScrollElement | null>;
  headerHeight: number;
  emptyText: string;
  loading: boolean;
  rowSx?: (row: T) => SxProps<Theme> | undefined;
  onRowClick?: (row: T) => void;
};

export function DataTableBody<T>(props: TDataTableBodyProps<T>) {
  const { rows, columns, scrollRef, headerHeight, emptyText, loading, rowSx, onRowClick } = props;

  const virtualizer = useVirtualizer<TScrollElement, TRowElement>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    getItemKey: (index) => rows[index].id,
    overscan: OVERSCAN,
    // The sticky header sits above the first row inside the same scroll box.
    scrollMargin: headerHeight,
    initialRect: { width: 0, height: FALLBACK_VIEWPORT_HEIGHT },
    observeElementRect: observeRect,
    measureElement: measureRow,
  });

  if (rows.length === 0) {
    return (
      <TableBody>
        <TableRow aria-rowindex={2}>
          <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
            {loading ? 'Loading…' : emptyText}
          </TableCell>
        </TableRow>
      </TableBody>
    );
  }

  const items = virtualizer.getVirtualItems();
  // Rows stay in normal table flow (so column widths and semantics hold); spacer rows stand in for the rest.
  const spaceAbove = items.length ? items[0].start - headerHeight : 0;
  const spaceBelow = items.length ? virtualizer.getTotalSize() - (items[items.length - 1].end - headerHeight) : 0;

  return (
    <TableBody>
      {spaceAbove > 0 && <SpacerRow height={spaceAbove} colSpan={columns.length} />}
      {items.map((item) => {
        const row = rows[item.index];
        return (
          <DataRow
            key={row.id}
            data={row.original}
            index={item.index}
            columns={columns}
            measureRef={virtualizer.measureElement}
            rowSx={rowSx}
            onRowClick={onRowClick}
          />
        );
      })}
      {spaceBelow > 0 && <SpacerRow height={spaceBelow} colSpan={columns.length} />}
    </TableBody>
  );
}

type TDataRowProps<T> = {
  data: T;
  index: number;
  columns: TColumn<T>[];
  measureRef: (element: TRowElement | null) => void;
  rowSx?: (row: T) => SxProps<Theme> | undefined;
  onRowClick?: (row: T) => void;
};

// Memoised so that scrolling renders only the rows entering the window, not every visible row.
const DataRow = memo(function DataRow<T>({ data, index, columns, measureRef, rowSx, onRowClick }: TDataRowProps<T>) {
  const activate = (event: MouseEvent | KeyboardEvent) => {
    const target = event.target as Element;
    // Buttons and links inside a row do their own thing.
    if (target !== event.currentTarget && target.closest(INTERACTIVE)) return;
    onRowClick?.(data);
  };
  const extraSx = rowSx?.(data);
  return (
    <TableRow
      ref={measureRef}
      data-index={index}
      aria-rowindex={index + 2}
      hover={Boolean(onRowClick)}
      tabIndex={onRowClick ? 0 : undefined}
      onClick={onRowClick ? activate : undefined}
      onKeyDown={
        onRowClick
          ? (event) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) activate(event);
            }
          : undefined
      }
      sx={[onRowClick ? { cursor: 'pointer' } : false, ...(Array.isArray(extraSx) ? extraSx : [extraSx])]}
    >
      {columns.map((column) => (
        <TableCell key={column.id} align={column.align}>
          {column.cell(data)}
        </TableCell>
      ))}
    </TableRow>
  );
}) as <T>(props: TDataRowProps<T>) => JSX.Element;

function SpacerRow({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing focusable; screen readers should skip it
    <tr aria-hidden="true" data-spacer="" style={{ height }}>
      <td colSpan={colSpan} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}
