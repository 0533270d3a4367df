import { formatMoney, type TSettlementWeek } from '@haulboard/contract';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MOBILE_QUERY } from '../../../components/data-table';
import { StatusChip } from '../../../components/status-chip';
import { formatDateTime } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { failureMessage } from '../../../lib/mutation';
import { useDownloadWeekPdf, useSettlementWeek, useWeekAction } from '../api/settlements';
import { CloseWeekDialog } from './close-week-dialog';

type TDriverLine = TSettlementWeek['drivers'][number];

const weekName = (w: TSettlementWeek['week']) => `week ${w.number} of ${w.year}`;

export const REOPEN_TEXT = (w: TSettlementWeek['week']) =>
  `Reopening ${weekName(w)} lets loads, expenses and fuel in it be changed again. The frozen statements are kept; ` +
  'closing the week again gives each statement a new revision.';

/** 'Closed by Alex Morgan on 11/23/2026 09:14 · revision 2', or 'Open'. */
function statusLine(data: TSettlementWeek) {
  const last = data.history.at(-1);
  if (data.isClosed && last) return `Closed${last.by ? ` by ${last.by}` : ''} on ${formatDateTime(last.on)} · revision ${last.revision}`;
  if (last) return `Open · reopened${last.by ? ` by ${last.by}` : ''} on ${formatDateTime(last.on)}`;
  return 'Open · statements are drafts until the week is closed';
}

function WeekStatus({ data, canWrite }: { data: TSettlementWeek; canWrite: boolean }) {
  const [asking, setAsking] = useState<'close' | 'reopen' | null>(null);
  // One key per asking: a doubled Confirm closes (or reopens) the week once.
  const idempotency = useIdempotencyKey(asking !== null);
  const close = useWeekAction('close', { idempotency });
  const reopen = useWeekAction('reopen', { idempotency });
  const pdf = useDownloadWeekPdf();
  const weekId = data.week.weekId;
  return (
    <Paper variant="outlined" component="section" aria-label="Week status" sx={{ p: 1.5, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <StatusChip color={data.isClosed ? 'success' : 'info'} label={data.isClosed ? 'Closed' : 'Open'} />
            <Typography variant="body2" data-testid="week-status">
              {statusLine(data)}
            </Typography>
          </Stack>
          {data.history.length > 0 && (
            <Box component="ol" aria-label="Close and reopen history" sx={{ m: 0, mt: 1, pl: 2.5, color: 'text.secondary' }}>
              {data.history.map((h) => (
                <Typography component="li" variant="caption" key={`${h.action}-${h.revision}`} sx={{ display: 'list-item' }}>
                  {h.action === 'closed' ? 'Closed' : 'Reopened'} {formatDateTime(h.on)}
                  {h.by ? ` by ${h.by}` : ''} · revision {h.revision}
                </Typography>
              ))}
            </Box>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
          <Button variant="outlined" startIcon={<PictureAsPdfOutlinedIcon />} onClick={() => pdf.mutate({ weekId })} loading={pdf.isPending} disabled={!data.drivers.length}>
            All statements (PDF)
          </Button>
          {canWrite &&
            (data.isClosed ? (
              <Button variant="outlined" startIcon={<LockOpenOutlinedIcon />} onClick={() => setAsking('reopen')}>
                Reopen week
              </Button>
            ) : (
              <Button variant="contained" startIcon={<LockOutlinedIcon />} onClick={() => setAsking('close')}>
                Close week
              </Button>
            ))}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={asking === 'reopen'}
        title={`Reopen ${weekName(data.week)}?`}
        text={REOPEN_TEXT(data.week)}
        busy={reopen.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => reopen.mutateAsync({ weekId }, { onSettled: () => setAsking(null) })}
      />
      <CloseWeekDialog
        open={asking === 'close'}
        week={data.week}
        busy={close.isPending}
        onCancel={() => setAsking(null)}
        onClose={(confirmed) => close.mutateAsync({ weekId, confirmed }, { onSettled: () => setAsking(null) })}
      />
    </Paper>
  );
}

function DriverCard({ line, href }: { line: TDriverLine; href: string }) {
  return (
    <Card variant="outlined" component="article" aria-label={line.name}>
      <CardActionArea component={RouterLink} to={href}>
        <CardContent sx={{ '&:last-child': { pb: 2 } }}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, minWidth: 0 }} noWrap>
              {line.name}
            </Typography>
            <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
              {formatMoney(line.net)}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {line.unitNumber ? `Unit ${line.unitNumber}` : 'No unit'} · {line.statementNumber ?? 'Draft'}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Gross {formatMoney(line.gross)} · +{formatMoney(line.totalAdditions)} · −{formatMoney(line.totalDeductions)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

const money = { align: 'right' as const, sx: { whiteSpace: 'nowrap' } };

function DriverTable({ data, hrefOf }: { data: TSettlementWeek; hrefOf: (userId: number) => string }) {
  const navigate = useNavigate();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Driver settlements">
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 700 } }}>
            <TableCell>Driver</TableCell>
            <TableCell>Unit</TableCell>
            <TableCell>Statement #</TableCell>
            <TableCell {...money}>Gross</TableCell>
            <TableCell {...money}>Additions</TableCell>
            <TableCell {...money}>Deductions</TableCell>
            <TableCell {...money}>Net</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.drivers.map((d) => (
            <TableRow key={d.userId} hover onClick={() => navigate(hrefOf(d.userId))} sx={{ cursor: 'pointer' }}>
              <TableCell>
                <Link component={RouterLink} to={hrefOf(d.userId)} onClick={(e) => e.stopPropagation()} sx={{ fontWeight: 600 }}>
                  {d.name}
                </Link>
              </TableCell>
              <TableCell>{d.unitNumber ?? '—'}</TableCell>
              <TableCell>{d.statementNumber ?? 'Draft'}</TableCell>
              <TableCell {...money}>{formatMoney(d.gross)}</TableCell>
              <TableCell {...money}>+{formatMoney(d.totalAdditions)}</TableCell>
              <TableCell {...money}>−{formatMoney(d.totalDeductions)}</TableCell>
              <TableCell {...money} sx={{ ...money.sx, fontWeight: 700 }}>
                {formatMoney(d.net)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: 14 } }}>
            <TableCell colSpan={3}>
              Totals · {data.drivers.length} {data.drivers.length === 1 ? 'driver' : 'drivers'}
            </TableCell>
            <TableCell {...money}>{formatMoney(data.totals.gross)}</TableCell>
            <TableCell {...money}>+{formatMoney(data.totals.totalAdditions)}</TableCell>
            <TableCell {...money}>−{formatMoney(data.totals.totalDeductions)}</TableCell>
            <TableCell {...money}>{formatMoney(data.totals.net)}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/**
 * The week for people with DenyDelete on the driver dashboard: its status and history, Close or
 * Reopen (Write), every statement in one PDF, and one line per driver opening their statement.
 */
export function WeekView({ weekId, canWrite, hrefOf }: { weekId: number; canWrite: boolean; hrefOf: (userId: number) => string }) {
  const week = useSettlementWeek(weekId, true);
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  // Only the chosen week's own answer is shown (never another week's, should a cached one linger).
  const data = week.data?.week.weekId === weekId ? week.data : undefined;
  if (week.isError) return <Alert severity="error">{failureMessage(week.error)}</Alert>;
  if (!data) return <LinearProgress aria-label="Loading the week" />;
  return (
    <Box aria-busy={week.isFetching}>
      <WeekStatus data={data} canWrite={canWrite} />
      {data.drivers.length === 0 ? (
        <Alert severity="info">No drivers in this company yet, so there are no statements for this week.</Alert>
      ) : isMobile ? (
        <Stack spacing={1}>
          <Stack spacing={1} component="div" role="list" aria-label="Driver settlements">
            {data.drivers.map((d) => (
              <Box role="listitem" key={d.userId}>
                <DriverCard line={d} href={hrefOf(d.userId)} />
              </Box>
            ))}
          </Stack>
          <Paper variant="outlined" component="section" sx={{ p: 1.5 }} aria-label="Totals">
            <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
              Totals · {data.drivers.length} {data.drivers.length === 1 ? 'driver' : 'drivers'}
            </Typography>
            <Typography variant="body2">
              Gross {formatMoney(data.totals.gross)} · +{formatMoney(data.totals.totalAdditions)} · −{formatMoney(data.totals.totalDeductions)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              Net {formatMoney(data.totals.net)}
            </Typography>
          </Paper>
        </Stack>
      ) : (
        <DriverTable data={data} hrefOf={hrefOf} />
      )}
    </Box>
  );
}
