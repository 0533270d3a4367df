import type { TLoad } from '@haulboard/contract';
import { Box, Typography } from '@mui/material';
import { formatDateTime, formatMoney, yesNo } from '../../../lib/format';
import { cityState } from '../../../lib/us-states';

const miles = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * A load for someone who may only read it (a driver): its fields as text, not disabled inputs,
 * so everything reads at full contrast and nothing looks like it could be changed.
 */
export function LoadDetails({ load }: { load: TLoad }) {
  const rows: [string, string][] = [
    ['Load number', load.loadNumber],
    ['Status', load.loadStatusName],
    ['Broker', load.brokerName],
    ['Start date', formatDateTime(load.loadStartDate)],
    ['End date', formatDateTime(load.loadEndDate)],
    ['Origin', cityState(load.originCity, load.originStateName)],
    ['Destination', cityState(load.destinationCity, load.destinationStateName)],
    ['Trip length', `${miles.format(load.tripLength)} mi`],
    ['Stops', String(load.numberOfStops)],
    ['Price per mile', formatMoney(load.pricePerMile)],
    ['Payout', formatMoney(load.payout)],
    ['Drivers', load.loadDriverNames || 'None'],
    ['Dispute', yesNo(load.isDispute)],
    ['Comments', load.comments ?? ''],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: { xs: 0.25, sm: 1 }, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
