import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, ButtonBase, Card, CardActions, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { cityState } from '../../../lib/us-states';
import { LoadActions, type TLoadActionsProps } from './load-actions';
import { LoadFlags, loadWarnings, warningTint } from './load-flags';

const miles = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" noWrap>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * Spec §2: a card shows load number, price per mile / payout, origin to destination, dates,
 * status, stops, trip length and comments (plus drivers and broker, which the board needs too).
 */
export function LoadCard({ load, ...actions }: TLoadActionsProps) {
  const flagged = loadWarnings(load).length > 0;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`Load ${load.loadNumber}`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', bgcolor: flagged ? warningTint : undefined, borderColor: flagged ? 'warning.main' : undefined }}
    >
      <CardContent sx={{ pb: 1, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }} noWrap>
              <ButtonBase
                onClick={() => actions.onOpen(load)}
                sx={{ font: 'inherit', borderRadius: 0.5, textDecoration: 'underline', textUnderlineOffset: 3, textDecorationColor: 'transparent', '&:hover, &:focus-visible': { textDecorationColor: 'currentColor' } }}
              >
                {load.loadNumber}
              </ButtonBase>
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {load.brokerName}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {formatMoney(load.payout)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatMoney(load.pricePerMile)} / mi
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', my: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
            {cityState(load.originCity, load.originStateName)}
          </Typography>
          <ArrowForwardIcon fontSize="small" color="action" aria-label="to" />
          <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
            {cityState(load.destinationCity, load.destinationStateName)}
          </Typography>
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          <Fact label="Start" value={formatDateTime(load.loadStartDate)} />
          <Fact label="End" value={formatDateTime(load.loadEndDate)} />
          <Fact label="Trip length" value={`${miles.format(load.tripLength)} mi`} />
          <Fact label="Stops" value={load.numberOfStops} />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Fact label="Drivers" value={load.loadDriverNames || '—'} />
          </Box>
        </Box>
        {load.comments && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {load.comments}
          </Typography>
        )}
      </CardContent>
      <Divider />
      <CardActions sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5, alignItems: 'center' }}>
          <Chip size="small" label={load.loadStatusName} />
          <LoadFlags load={load} />
        </Stack>
        <LoadActions load={load} {...actions} />
      </CardActions>
    </Card>
  );
}
