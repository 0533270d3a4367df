import { Box, Tooltip, Typography } from '@mui/material';
import type { TStreamStatus } from '../live/order-stream';

const VIEW: Record<TStreamStatus, { label: string; hint: string; color: string }> = {
  live: { label: 'Live', hint: 'Changes and matches arrive the moment the server sees them', color: 'success.main' },
  connecting: { label: 'Connecting…', hint: 'Reconnecting to live updates; the list still refreshes every 5 seconds', color: 'warning.main' },
  polling: { label: 'Refreshing every 5 s', hint: 'Live updates are unavailable; the list refreshes every 5 seconds', color: 'text.disabled' },
  off: { label: 'Refreshing every 5 s', hint: 'The list refreshes every 5 seconds', color: 'text.disabled' },
};

/** Whether the list is pushed live or only polled (spec §9 polling stays the fallback). */
export function LiveStatus({ status }: { status: TStreamStatus }) {
  const view = VIEW[status];
  return (
    <Tooltip title={view.hint}>
      <Box role="status" aria-label={`Updates: ${view.label}`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
        <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: view.color }} />
        <Typography variant="body2" color="text.secondary">
          {view.label}
        </Typography>
      </Box>
    </Tooltip>
  );
}
