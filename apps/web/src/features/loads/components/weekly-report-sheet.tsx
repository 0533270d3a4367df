import { formatCents } from '@haulboard/contract';
import { Box, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate, formatMoney } from '../../../lib/format';
import { cityState } from '../../../lib/us-states';
import type { TWeeklyReport } from '../lib/weekly-report';

const miles = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('en-US');

type TSheetProps = { company: string; title: string; period: string; dates: string; notes: string[]; report: TWeeklyReport };

/** The sheet's width below which its tables' seven columns no longer fit; Letter paper is wider. */
const NARROW = 640;

/**
 * On a narrow screen (a phone) each load becomes a block of lines instead of a table row: the
 * load number and payout, the route, then start, end, miles and PPM with their names. Paper and
 * wider screens keep the table. The sheet's own width decides (a container query), not the window's.
 */
const reflow = {
  [`@container weekly-report (max-width: ${NARROW - 0.02}px)`]: {
    '& table, & tbody, & tfoot': { display: 'block' },
    '& thead, & colgroup': { display: 'none' },
    '& tr': { display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, py: 0.75, borderBottom: 1, borderColor: 'divider' },
    '& tfoot tr': { borderBottom: 0 },
    '& td': { display: 'block', border: 0, p: 0 },
    '& td:empty': { display: 'none' },
    '& td[data-label]::before': { content: 'attr(data-label) " "', color: 'text.secondary' },
    '& td.load': { flex: '1 1 auto', order: 0, fontWeight: 700 },
    '& td.payout': { order: 1, fontWeight: 700, textAlign: 'right' },
    '& td.route': { order: 2, flexBasis: '100%' },
    '& td.detail': { order: 3 },
    // A subtotal reads: count, miles, payout.
    '& tfoot td.detail': { order: 1 },
    '& tfoot td.payout': { order: 2 },
    '& .period': { textAlign: 'left' },
  },
} as const;

/** The printed weekly report: heading, one table per driver with its subtotal, the grand total. */
export function WeeklyReportSheet({ company, title, period, dates, notes, report }: TSheetProps) {
  return (
    <Box
      className="weekly-report"
      sx={{ '& table': { tableLayout: 'fixed' }, '& td, & th': { px: 0.75, py: 0.5, fontSize: 12 }, ...reflow }}
    >
      <Box component="header" sx={{ mb: 2, display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', borderBottom: 2, pb: 1 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {company}
          </Typography>
          <Typography variant="subtitle1">{title}</Typography>
        </Box>
        <Box className="period" sx={{ textAlign: 'right' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            {period}
          </Typography>
          {dates && <Typography variant="body2">{dates}</Typography>}
          {notes.map((n) => (
            <Typography key={n} variant="body2">
              {n}
            </Typography>
          ))}
        </Box>
      </Box>

      {report.groups.length === 0 && <Typography sx={{ my: 4, textAlign: 'center' }}>No loads in this period.</Typography>}

      {report.groups.map((group) => (
        <Box component="section" key={group.key} sx={{ mb: 2.5, breakInside: 'avoid-page' }} aria-label={group.driver}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, borderBottom: 1, mb: 0.5 }}>
            {group.driver}
          </Typography>
          <Table size="small" aria-label={`Loads of ${group.driver}`}>
            <colgroup>
              <col style={{ width: '14%' }} />
              <col style={{ width: '34%' }} />
              <col style={{ width: '11%' }} />
              <col style={{ width: '11%' }} />
              <col style={{ width: '9%' }} />
              <col style={{ width: '8%' }} />
              <col style={{ width: '13%' }} />
            </colgroup>
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 700 } }}>
                <TableCell>Load #</TableCell>
                <TableCell>Route</TableCell>
                <TableCell>Start</TableCell>
                <TableCell>End</TableCell>
                <TableCell align="right">Miles</TableCell>
                <TableCell align="right">PPM</TableCell>
                <TableCell align="right">Payout</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {group.lines.map(({ load, shareCents, teammate }) => (
                <TableRow key={load.loadId} sx={{ breakInside: 'avoid' }}>
                  <TableCell className="load" sx={{ wordBreak: 'break-all' }}>
                    {load.loadNumber}
                    {load.isDispute ? ' (dispute)' : ''}
                  </TableCell>
                  <TableCell className="route">
                    {cityState(load.originCity, load.originStateName)} → {cityState(load.destinationCity, load.destinationStateName)}
                    {teammate && (
                      <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                        Team with {teammate}; share of {formatMoney(load.payout)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell className="detail" data-label="Start">
                    {formatDate(load.loadStartDate)}
                  </TableCell>
                  <TableCell className="detail" data-label="End">
                    {formatDate(load.loadEndDate)}
                  </TableCell>
                  <TableCell className="detail" data-label="Miles" align="right">
                    {miles.format(load.tripLength)}
                  </TableCell>
                  <TableCell className="detail" data-label="PPM" align="right">
                    {formatMoney(load.pricePerMile)}
                  </TableCell>
                  <TableCell className="payout" align="right">
                    {formatCents(shareCents)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow sx={{ '& td': { fontWeight: 700, color: 'inherit', borderBottom: 0 } }}>
                <TableCell className="load" colSpan={4}>
                  Subtotal · {count.format(group.lines.length)} {group.lines.length === 1 ? 'load' : 'loads'}
                </TableCell>
                <TableCell className="detail" data-label="Miles" align="right">
                  {miles.format(group.miles)}
                </TableCell>
                <TableCell />
                <TableCell className="payout" align="right">
                  {formatCents(group.payoutCents)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </Box>
      ))}

      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, borderTop: 2, pt: 1, breakInside: 'avoid' }} aria-label="Grand total">
        <Typography sx={{ fontWeight: 700 }}>
          Grand total · {count.format(report.loadCount)} {report.loadCount === 1 ? 'load' : 'loads'} · {miles.format(report.miles)} miles
        </Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="report-grand-total">
          {formatCents(report.payoutCents)}
        </Typography>
      </Box>
    </Box>
  );
}
