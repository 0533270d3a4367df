import type { TIftaReturn } from '@haulboard/contract';
import { Box, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material';
import { formatMoney } from '../../../lib/format';
import { formatQuantity, formatWhole } from '../lib/quantity';

/** Columns a phone can do without (the PDF and CSV carry them all). */
const wide = { display: { xs: 'none', md: 'table-cell' }, '@media print': { display: 'table-cell' } } as const;
const money = (v: string | null) => (v === null ? '—' : formatMoney(v));
const gallons = (v: string | null) => (v === null ? '—' : formatQuantity(v));
const negative = (v: string | null) => (v?.startsWith('-') ? { color: 'success.main' } : {});

/** One jurisdiction per row, the way the return lists them, with the totals underneath. */
export function ReturnTable({ r }: { r: TIftaReturn }) {
  const sumMiles = r.lines.reduce((s, l) => s + l.totalMiles, 0);
  const sumTaxable = r.lines.reduce((s, l) => s + l.taxableMiles, 0);
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Worksheet lines" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Return worksheet" sx={{ '& td, & th': { px: { xs: 0.75, lg: 1 } }, '& td': { whiteSpace: 'nowrap' }, '& thead th': { lineHeight: 1.25, verticalAlign: 'bottom' } }}>
        <TableHead>
          <TableRow>
            <TableCell>Jurisdiction</TableCell>
            <TableCell align="right">Rate</TableCell>
            <TableCell align="right" sx={wide}>
              Total miles
            </TableCell>
            <TableCell align="right" sx={wide}>
              Taxable miles
            </TableCell>
            <TableCell align="right" sx={wide}>
              Taxable gal
            </TableCell>
            <TableCell align="right" sx={wide}>
              Tax-paid gal
            </TableCell>
            <TableCell align="right">Net gal</TableCell>
            <TableCell align="right" sx={wide}>
              Tax (credit)
            </TableCell>
            <TableCell align="right" sx={wide}>
              Surcharge
            </TableCell>
            <TableCell align="right">Line total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {r.lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={10} sx={{ color: 'text.secondary' }}>
                No miles or fuel in this quarter
              </TableCell>
            </TableRow>
          )}
          {r.lines.map((l) => (
            <TableRow key={l.stateCode}>
              <TableCell>
                <span title={l.stateName}>{l.stateCode}</span>
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, '@media print': { display: 'inline' } }}>{` ${l.stateName}`}</Box>
              </TableCell>
              <TableCell align="right">{l.rate ?? '—'}</TableCell>
              <TableCell align="right" sx={wide}>
                {formatWhole(l.totalMiles)}
              </TableCell>
              <TableCell align="right" sx={wide}>
                {formatWhole(l.taxableMiles)}
              </TableCell>
              <TableCell align="right" sx={wide}>
                {gallons(l.taxableGallons)}
              </TableCell>
              <TableCell align="right" sx={wide}>
                {gallons(l.taxPaidGallons)}
              </TableCell>
              <TableCell align="right" sx={negative(l.netTaxableGallons)}>
                {gallons(l.netTaxableGallons)}
              </TableCell>
              <TableCell align="right" sx={{ ...wide, ...negative(l.tax) }}>
                {money(l.tax)}
              </TableCell>
              <TableCell align="right" sx={wide}>
                {l.surchargeRate && Number(l.surchargeRate) > 0 ? money(l.surcharge) : ''}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, ...negative(l.lineTotal) }}>
                {money(l.lineTotal)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        {r.lines.length > 0 && (
          <TableFooter sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
            <TableRow>
              <TableCell>Totals</TableCell>
              <TableCell />
              <TableCell align="right" sx={wide}>
                {formatWhole(sumMiles)}
              </TableCell>
              <TableCell align="right" sx={wide}>
                {formatWhole(sumTaxable)}
              </TableCell>
              <TableCell align="right" sx={wide}>
                {gallons(r.totalTaxableGallons)}
              </TableCell>
              <TableCell align="right" sx={wide}>
                {gallons(r.totalTaxPaidGallons)}
              </TableCell>
              <TableCell />
              <TableCell align="right" sx={wide}>
                {money(r.totalTax)}
              </TableCell>
              <TableCell align="right" sx={wide}>
                {money(r.totalSurcharge)}
              </TableCell>
              <TableCell align="right">{money(r.grandTotal)}</TableCell>
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}
