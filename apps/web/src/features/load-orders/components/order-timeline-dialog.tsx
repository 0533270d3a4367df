import type { TLoadOrder, TOrderEvent, TOrderSearchSummary } from '@haulboard/contract';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography, useMediaQuery } from '@mui/material';
import dayjs from 'dayjs';
import { useId } from 'react';
import { StatusChip } from '../../../components/status-chip';
import { failureMessage } from '../../../lib/mutation';
import { useOrderTimeline } from '../api/get-timeline';
import { driversOf } from '../order-text';
import { OrderState } from './order-state';

const KIND: Record<TOrderEvent['kind'], { label: string; color: 'default' | 'info' | 'success' | 'warning' | 'error' }> = {
  placed: { label: 'Placed', color: 'default' },
  edited: { label: 'Edited', color: 'default' },
  search: { label: 'Search', color: 'info' },
  match: { label: 'Match', color: 'success' },
  alert: { label: 'Alert', color: 'success' },
  book: { label: 'Booking', color: 'info' },
  booked: { label: 'Booked', color: 'success' },
  lost: { label: 'Lost', color: 'warning' },
  paused: { label: 'Paused', color: 'warning' },
  resumed: { label: 'Resumed', color: 'info' },
  cancelled: { label: 'Cancelled', color: 'default' },
  error: { label: 'Error', color: 'error' },
};

/** A line of the dialog: one event, or a run of searches in a row shown as one line (they come every few seconds). */
type TLine = TOrderEvent & { count: number; firstAt: string };

export function groupSearches(events: TOrderEvent[]): TLine[] {
  const lines: TLine[] = [];
  for (const e of events) {
    const last = lines[lines.length - 1];
    if (e.kind === 'search' && last?.kind === 'search') {
      // Newest first: the run's first line holds the newest search; this one is older.
      last.count += 1;
      last.firstAt = e.at;
    } else lines.push({ ...e, count: 1, firstAt: e.at });
  }
  return lines;
}

const TIME = 'MM/DD/YYYY HH:mm:ss';

/** A search's figures in a line: what the board answered, how much of it fit, how long it took. */
export function searchFigures(s: TOrderSearchSummary) {
  const parts: string[] = [];
  if (s.results !== null) {
    const more = s.total !== null && s.total > s.results ? ` of ${s.total}` : '';
    const pages = s.pages !== null && s.pages > 1 ? ` in ${s.pages} pages` : '';
    parts.push(`${s.results} result${s.results === 1 ? '' : 's'}${more}${pages}`);
  }
  if (s.matches !== null) parts.push(`${s.matches} matching`);
  if (s.latencyMs !== null) parts.push(`${s.latencyMs} ms`);
  parts.push(s.outcome === 'ok' ? 'board: OK' : `board: ${s.outcome.replace(/-/g, ' ')}${s.httpStatus ? ` (HTTP ${s.httpStatus})` : ''}`);
  if (s.coalesced) parts.push('shared with an identical search');
  return parts.join(' · ');
}

/** An order's timeline (GET /api/LoadOrder/Timeline), newest first; an active order's keeps updating. */
export function OrderTimelineDialog({ order, onClose }: { order: TLoadOrder; onClose: () => void }) {
  const id = useId();
  const fullScreen = useMediaQuery('(max-width:768px)', { noSsr: true });
  const timeline = useOrderTimeline(order.loadOrderId, order.loadOrderStatusId === 1);
  const events = timeline.data ?? [];
  const lines = groupSearches(events);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>Timeline of order #{order.loadOrderId}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {driversOf(order)} · from {order.origin.label}
        </Typography>
        <Box sx={{ mb: 2 }}>
          <OrderState order={order} />
        </Box>
        {timeline.isPending && <LinearProgress aria-label="Loading the timeline" />}
        {timeline.isError && <Alert severity="error">{failureMessage(timeline.error)}</Alert>}
        {timeline.isSuccess && !events.length && (
          <Typography variant="body2" color="text.secondary">
            Nothing has happened yet.
          </Typography>
        )}
        <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {lines.map((e, i) => (
            <Box
              component="li"
              // Events have no id; their time, kind and place in the list identify them.
              key={`${e.at}-${e.kind}-${i}`}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'auto 1fr', sm: '150px 96px 1fr' },
                columnGap: 1.5,
                rowGap: 0.5,
                alignItems: 'center',
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {dayjs(e.at).format(TIME)}
              </Typography>
              <StatusChip color={(KIND[e.kind] ?? KIND.error).color} label={(KIND[e.kind] ?? { label: e.kind }).label} sx={{ justifySelf: 'start' }} />
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
                {e.count > 1 && (
                  <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
                    {e.count} searches since {dayjs(e.firstAt).format(dayjs(e.firstAt).isSame(e.at, 'day') ? 'HH:mm:ss' : TIME)}; the last:{' '}
                  </Typography>
                )}
                {e.text}
                {e.workOpportunityId && (
                  // The board's ids are long UUIDs: the start tells them apart, the whole is on hover.
                  <Typography component="span" variant="body2" color="text.secondary" title={e.workOpportunityId}>
                    {' '}
                    ({e.workOpportunityId.length > 12 ? `${e.workOpportunityId.slice(0, 8)}…` : e.workOpportunityId})
                  </Typography>
                )}
                {e.search && (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {searchFigures(e.search)}
                  </Typography>
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
