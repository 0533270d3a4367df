import type { TLoadOrder } from '@haulboard/contract';
import { Box } from '@mui/material';
import { CellLine } from '../../../components/data-table';
import { StatusChip } from '../../../components/status-chip';
import { formatDateTime } from '../../../lib/format';
import { progressText, STATE_VIEW } from '../order-text';

/** The line under the chip: what the state means for this order, in the server's words where it has some. */
function detailOf(o: TLoadOrder) {
  switch (o.state) {
    case 'booked':
      return [o.bookedLoadNumber ? `Load ${o.bookedLoadNumber}` : 'Booked on the board', o.stateReason].filter(Boolean).join(' · ');
    case 'booking':
      return o.stateReason ?? 'Booking a match on the board…';
    case 'paused':
      return `Paused: ${o.stateReason ?? 'waiting for the board'}`;
    case 'alerted':
      return o.stateReason ?? (o.matchesSeen ? 'Dispatchers were alerted' : null);
    default:
      return [o.bookedLoadNumber ? `Load ${o.bookedLoadNumber}` : null, o.stateReason].filter(Boolean).join(' · ') || null;
  }
}

/** What the engine is doing with an order, as the server says: its state, why, and its searches so far. */
export function OrderState({ order }: { order: TLoadOrder }) {
  const view = STATE_VIEW[order.state];
  const detail = detailOf(order);
  const running = order.loadOrderStatusId === 1 && order.state === 'searching';
  return (
    <>
      <StatusChip color={view.color} label={running ? `${view.label}…` : view.label} sx={{ mb: 0.5 }} />
      {detail && <CellLine>{detail}</CellLine>}
      {/* Wraps rather than cut: on a phone the counters are what a dispatcher looks for. */}
      <Box
        component="span"
        title={order.lastSearchOn ? `Last search ${formatDateTime(order.lastSearchOn)}` : undefined}
        sx={{ display: 'block', color: 'text.secondary', whiteSpace: 'normal', overflowWrap: 'anywhere' }}
      >
        {progressText(order)}
      </Box>
    </>
  );
}
