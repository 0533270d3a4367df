import { type TDriverDashboard, type TFuelSplitLine, toCents } from '@haulboard/contract';
import { Box, Paper, Typography } from '@mui/material';
import { formatMoney } from '../../../lib/format';

type TFigure = { label: string; amount: string; note?: string; tone?: 'net' | 'company'; parts?: TFuelSplitLine[] };

function FigureCard({ label, amount, note, tone, parts }: TFigure) {
  const negative = (toCents(amount) ?? 0) < 0;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={label}
      sx={{
        p: 1.5,
        minWidth: 0,
        // On a phone NET takes the whole last row.
        gridColumn: tone === 'net' ? { xs: '1 / -1', sm: 'auto' } : undefined,
        borderColor: tone === 'net' ? 'primary.main' : undefined,
        borderWidth: tone === 'net' ? 2 : undefined,
        bgcolor: tone === 'company' ? 'action.hover' : undefined,
      }}
    >
      <Typography variant="body2" color="text.secondary" component="h2" noWrap title={label}>
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="p"
        data-testid="figure"
        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', color: tone === 'net' ? (negative ? 'error.main' : 'primary.main') : undefined }}
      >
        {formatMoney(amount)}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {note}
        </Typography>
      )}
      {parts && parts.length > 0 && (
        <Box component="dl" aria-label={`${label} by product`} sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 1 }}>
          {parts.map((p) => (
            <Typography key={p.label} variant="caption" color="text.secondary" component="div" sx={{ display: 'contents' }}>
              <Box component="dt">{p.label}</Box>
              <Box component="dd" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(p.amount)}
              </Box>
            </Typography>
          ))}
        </Box>
      )}
    </Paper>
  );
}

type TSummaryCardsProps = {
  data: TDriverDashboard;
  /** Spec §6: company gross cards only for roleId 1 and 2. */
  showCompany: boolean;
  /** The figures of the previous search, shown dimmed while the new ones load. */
  stale?: boolean;
};

/**
 * Spec §2 cards: company gross, then the driver's Total Gross, Additions, Total Expense, Total Fuel,
 * Administration Fee and NET, in the order the net is worked out (gross + additions − the rest).
 */
export function SummaryCards({ data, showCompany, stale = false }: TSummaryCardsProps) {
  const figures: TFigure[] = [
    ...(showCompany
      ? data.companyGrossList.map((c) => ({ label: 'Company gross', amount: c.gross, note: c.companyName, tone: 'company' as const }))
      : []),
    ...(data.driver
      ? [
          { label: 'Total Gross', amount: data.totalGross, note: `${data.driverLoadList.length} ${data.driverLoadList.length === 1 ? 'load' : 'loads'}` },
          { label: 'Additions', amount: data.totalAdditions, note: 'Reimbursements, added' },
          { label: 'Total Expense', amount: data.totalExpense, note: 'Deducted' },
          {
            label: 'Total Fuel',
            amount: data.totalFuel,
            note: data.driver.unitNumber ? `Unit ${data.driver.unitNumber}, deducted` : 'No unit: no fuel card',
            parts: data.driver.unitNumber ? data.fuelSplit : undefined,
          },
          { label: 'Administration Fee', amount: data.administrationFee, note: data.feeBasis },
          { label: 'NET', amount: data.netIncome, note: 'Gross + additions − expenses − fuel − fee', tone: 'net' as const },
        ]
      : []),
  ];
  if (!figures.length) return null;
  return (
    <Box
      aria-busy={stale || undefined}
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        opacity: stale ? 0.6 : 1,
        transition: 'opacity 150ms',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
      }}
    >
      {figures.map((f) => (
        <FigureCard key={`${f.label}-${f.note}`} {...f} />
      ))}
    </Box>
  );
}
