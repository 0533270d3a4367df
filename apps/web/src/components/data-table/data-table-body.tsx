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
import { type JSX, type KeyboardEvent, type MouseEvent, memo, type RefObject, useRef } from 'react';
import type { TColumn } from './types';
import type { TTableRow } from './use-row-model';

/** Height of a small MUI table row with one line of body text; the default row estimate. */
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

/**
 * Rows not rendered yet are assumed to be as tall as the average of the rows measured so far (a
 * row with a chip is twice a plain one), else the table's estimate: the scroll height then comes
 * close to the real one, and a jump to the bottom lands near the last row.
 */
function useRowHeights(estimate: number) {
  const measured = useRef({ sizes: new Map<string | number | bigint, number>(), total: 0 });
  const estimateSize = () => {
    const { sizes, total } = measured.current;
    return sizes.size ? total / sizes.size : estimate;
  };
  const measureRow = (element: TRowElement, entry: ResizeObserverEntry | undefined, instance: Virtualizer<TScrollElement, TRowElement>) => {
    const size = measureElement(element, entry, instance);
    // Without layout every size reads 0.
    if (!size) return estimateSize();
    const { sizes } = measured.current;
    const key = instance.options.getItemKey(instance.indexFromElement(element));
    measured.current.total += size - (sizes.get(key) ?? 0);
    sizes.set(key, size);
    return size;
  };
  return { estimateSize, measureRow };
}

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="link"]';

type TDataTableBodyProps<T> = {
  rows: TTableRow<T>[];
  columns: TColumn<T>[];
  scrollRef: RefObject<TScrollElement | null>;
  headerHeight: number;
  /** Assumed height of rows not measured yet; default ROW_HEIGHT_ESTIMATE. */
  estimateRowHeight?: number;
  emptyText: string;
  loading: boolean;
  rowSx?: (row: T) => SxProps<Theme> | undefined;
  onRowClick?: (row: T) => void;
};

export function DataTableBody<T>(props: TDataTableBodyProps<T>) {
  const { rows, columns, scrollRef, headerHeight, emptyText, loading, rowSx, onRowClick } = props;
  const { estimateSize, measureRow } = useRowHeights(props.estimateRowHeight ?? ROW_HEIGHT_ESTIMATE);

  const virtualizer = useVirtualizer<TScrollElement, TRowElement>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
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
          <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary', '&&': { whiteSpace: 'normal' } }}>
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
