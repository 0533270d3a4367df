import type { TLoad } from '@haulboard/contract';
import { Box, Paper, TablePagination, Typography } from '@mui/material';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TSort } from '../../../components/data-table';
import { BOARD_PAGE_SIZES } from '../lib/board-search';
import { CardSort } from './card-sort';
import type { TLoadActionsProps } from './load-actions';
import { LoadCard } from './load-card';

type TLoadCardsProps = Omit<TLoadActionsProps, 'load'> & {
  rows: TLoad[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  sort: TSort;
  onSortChange: (sort: TSort) => void;
  emptyText: string;
};

const count = new Intl.NumberFormat('en-US');
const CARD_MIN_WIDTH = 300;
const GAP_PX = 12;
const ROW_HEIGHT_ESTIMATE = 290;

/** The width of an element, followed as it changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setTop(el.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // Content above (the filters folding open, an alert) moves the cards down without resizing them.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const now = el.getBoundingClientRect().top + window.scrollY;
    if (Math.abs(now - top) > 1) setTop(now);
  });
  return { ref, width, top };
}

/**
 * The board's card view: the same page of loads as the table, as cards in as many columns as
 * fit. Only the rows of cards near the screen are rendered, so a page of 1000 stays quick.
 */
export function LoadCards(props: TLoadCardsProps) {
  const { rows, total, loading, page, pageSize, onPageChange, onPageSizeChange, sort, onSortChange, emptyText, ...actions } = props;
  const { ref, width, top } = useWidth();
  const columns = Math.max(1, Math.floor((width + GAP_PX) / (CARD_MIN_WIDTH + GAP_PX)));
  const lines = Math.ceil(rows.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: lines,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    overscan: 2,
    scrollMargin: top,
  });

  // A new page starts at its first card.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs because the page changed
  useEffect(() => {
    if (window.scrollY > top) window.scrollTo({ top: Math.max(0, top - 96) });
  }, [page, pageSize]);

  return (
    <Box aria-busy={loading || undefined}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
        <CardSort sort={sort} onChange={onSortChange} />
      </Box>
      {rows.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{loading ? 'Loading…' : emptyText}</Typography>
        </Paper>
      )}
      <Box
        ref={ref}
        component="section"
        aria-label="Loads"
        sx={{ position: 'relative', height: rows.length ? virtualizer.getTotalSize() : 0, opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        {virtualizer.getVirtualItems().map((line) => (
          <Box
            key={line.key}
            data-index={line.index}
            ref={virtualizer.measureElement}
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${line.start - virtualizer.options.scrollMargin}px)`,
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap: `${GAP_PX}px`,
              pb: `${GAP_PX}px`,
            }}
          >
            {rows.slice(line.index * columns, line.index * columns + columns).map((load) => (
              <LoadCard key={load.loadId} load={load} {...actions} />
            ))}
          </Box>
        ))}
      </Box>
      <Paper variant="outlined" sx={{ mt: rows.length ? 0 : 1.5 }}>
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
          rowsPerPage={pageSize}
          rowsPerPageOptions={BOARD_PAGE_SIZES}
          onPageChange={(_e, p) => onPageChange(p)}
          onRowsPerPageChange={(e) => onPageSizeChange(Number(e.target.value))}
          labelRowsPerPage="Cards per page"
          labelDisplayedRows={({ from, to, count: c }) => `${count.format(from)}–${count.format(to)} of ${count.format(c)}`}
          showFirstButton
          showLastButton
          slotProps={{ select: { native: true, inputProps: { 'aria-label': 'Cards per page' } } }}
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5 } }}
        />
      </Paper>
    </Box>
  );
}
