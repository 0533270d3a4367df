import type { TIftaReport } from '@haulboard/contract';
import { Box, Paper, Typography } from '@mui/material';
import { formatMpg, formatWhole } from '../lib/quantity';

/** Spec §2 Totals: gallons, miles and fleet MPG, each rounded once from unrounded sums by the server. */
export function TotalsCards({ report }: { report: TIftaReport }) {
  const cards = [
    ['Total gallons', formatWhole(report.totalGallons)],
    ['Total miles', formatWhole(report.totalMiles)],
    ['MPG', formatMpg(report.averageMPG)],
  ];
  return (
    <Box component="section" aria-label="Totals" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', mb: 2 }}>
      {cards.map(([label, value]) => (
        <Paper key={label} variant="outlined" sx={{ p: { xs: 1.25, sm: 2 } }} role="group" aria-label={label}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, fontSize: { xs: '1.15rem', sm: '1.5rem' } }}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
