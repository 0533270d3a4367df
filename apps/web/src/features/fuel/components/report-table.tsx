import type { TIftaReportRow } from '@haulboard/contract';
import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { formatMpg, formatWhole } from '../lib/quantity';

type TReportTableProps = { label: string; rows: TIftaReportRow[] };

/** One state per row: miles, gallons and MPG (whole miles and gallons, MPG to 2 decimals), and the tax-paid gallons. */
export function ReportTable({ label, rows }: TReportTableProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label} sx={{ minWidth: 340 }}>
        <TableHead>
          <TableRow>
            <TableCell>State</TableCell>
            <TableCell align="right">Miles</TableCell>
            <TableCell align="right">Gallons</TableCell>
            <TableCell align="right">MPG</TableCell>
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' }, '@media print': { display: 'table-cell' } }}>
              Tax-paid gallons
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                No miles or fuel in this period
              </TableCell>
            </TableRow>
          )}
          {rows.map((r) => (
            <TableRow key={`${r.unitNumber ?? ''}-${r.stateCode}`}>
              <TableCell>
                {r.stateName}
                {!r.isIfta && <Chip size="small" label="Not IFTA" variant="outlined" sx={{ ml: 1 }} title="Not an IFTA member: its miles count in MPG only" />}
              </TableCell>
              <TableCell align="right">{formatWhole(r.miles)}</TableCell>
              <TableCell align="right">{formatWhole(r.gallons)}</TableCell>
              <TableCell align="right">{formatMpg(r.mpg)}</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' }, '@media print': { display: 'table-cell' } }}>
                {formatWhole(r.taxPaidGallons)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
