import { type TDriverDashboard, toCents } from '@haulboard/contract';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CellLine, DataTable, type TColumn } from '../../../components/data-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';

type TDashboardLoad = TDriverDashboard['driverLoadList'][number];

const milesFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
/** Trip length for display only (miles, not money). */
const miles = (l: TDashboardLoad) => `${milesFormat.format(Number(l.tripLength) || 0)} mi`;

/** Spec §2: the load number links to the load board only when roleId is below 3. */
function LoadNumber({ load, linked }: { load: TDashboardLoad; linked: boolean }) {
  if (!linked) return <>{load.loadNumber}</>;
  return (
    <Link component={RouterLink} to={`${paths.loadBoard}/${encodeURIComponent(load.loadNumber)}`} sx={{ fontWeight: 600 }}>
      {load.loadNumber}
    </Link>
  );
}

/** The driver's share, and for a team load the whole payout it is a share of. */
const shareNote = (l: TDashboardLoad) => (l.teammate ? `of ${formatMoney(l.loadPayout)}` : null);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" noWrap>
        {children}
      </Typography>
    </Box>
  );
}

function LoadCard({ load, linked }: { load: TDashboardLoad; linked: boolean }) {
  return (
    <Card variant="outlined" component="article" aria-label={`Load ${load.loadNumber}`}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }} noWrap>
              <LoadNumber load={load} linked={linked} />
            </Typography>
            <Chip size="small" label={load.loadStatusName} sx={{ mt: 0.5 }} />
          </Box>
          <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {formatMoney(load.payout)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {shareNote(load) ?? `${formatMoney(load.rate)} / mi`}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', my: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
            {load.origin}
          </Typography>
          <ArrowForwardIcon fontSize="small" color="action" aria-label="to" />
          <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
            {load.destination}
          </Typography>
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          <Fact label="Start">{formatDateTime(load.startDate)}</Fact>
          <Fact label="End">{formatDateTime(load.endDate)}</Fact>
          <Fact label="Trip length">{miles(load)}</Fact>
          <Fact label="Rate">{formatMoney(load.rate)} / mi</Fact>
          {load.teammate && (
            <Box sx={{ gridColumn: '1 / -1' }}>
              <Fact label="Team load with">{load.teammate}</Fact>
            </Box>
          )}
        </Box>
        {load.comments && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {load.comments}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

type TExecutedLoadsProps = {
  loads: TDashboardLoad[];
  loading: boolean;
  /** Cards instead of the table (phones). */
  asCards: boolean;
  linked: boolean;
  emptyText: string;
  footer: ReactNode;
};

/** Spec §2: the Executed Loads table, a card list on phones. Payout is the driver's share of each load. */
export function ExecutedLoads({ loads, loading, asCards, linked, emptyText, footer }: TExecutedLoadsProps) {
  if (asCards) {
    return (
      <Stack spacing={1.5} role="list" aria-label="Executed loads" aria-busy={loading || undefined}>
        {loads.map((l) => (
          <Box role="listitem" key={l.loadId}>
            <LoadCard load={l} linked={linked} />
          </Box>
        ))}
        {!loads.length && (
          <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
            {emptyText}
          </Typography>
        )}
        {loads.length > 0 && footer}
      </Stack>
    );
  }
  const columns: TColumn<TDashboardLoad>[] = [
    { id: 'loadNumber', header: 'Load', cell: (l) => <LoadNumber load={l} linked={linked} />, width: 110 },
    {
      id: 'startDate',
      header: 'Dates',
      cell: (l) => (
        <>
          <CellLine>{formatDateTime(l.startDate)}</CellLine>
          <CellLine secondary>{formatDateTime(l.endDate)}</CellLine>
        </>
      ),
      width: 160,
    },
    {
      id: 'origin',
      header: 'Route',
      cell: (l) => (
        <>
          <CellLine>{l.origin}</CellLine>
          <CellLine secondary>{`→ ${l.destination}`}</CellLine>
        </>
      ),
      width: 190,
    },
    {
      id: 'tripLength',
      header: 'Miles · rate',
      align: 'right',
      cell: (l) => (
        <>
          <CellLine>{miles(l)}</CellLine>
          <CellLine secondary>{`${formatMoney(l.rate)} / mi`}</CellLine>
        </>
      ),
      sortValue: (l) => Number(l.tripLength) || 0,
      width: 110,
    },
    // The team column only when a load of the period was driven as a team.
    ...(loads.some((l) => l.teammate)
      ? [{ id: 'teammate', header: 'Team with', cell: (l: TDashboardLoad) => <CellLine secondary={!l.teammate}>{l.teammate ?? 'Solo'}</CellLine>, sortValue: (l: TDashboardLoad) => l.teammate ?? '', width: 150 }]
      : []),
    { id: 'loadStatusName', header: 'Status', cell: (l) => <CellLine>{l.loadStatusName}</CellLine>, width: 100 },
    {
      id: 'payout',
      header: 'Payout',
      align: 'right',
      cell: (l) => (
        <>
          <CellLine>{formatMoney(l.payout)}</CellLine>
          {l.teammate && <CellLine secondary>{shareNote(l)}</CellLine>}
        </>
      ),
      sortValue: (l) => toCents(l.payout) ?? 0,
      width: 130,
    },
    { id: 'comments', header: 'Comments', cell: (l) => <CellLine secondary>{l.comments ?? ''}</CellLine>, sortable: false, width: 200, hideBelow: 1440 },
  ];
  return (
    <DataTable
      aria-label="Executed loads"
      columns={columns}
      rows={loads}
      rowKey={(l) => l.loadId}
      loading={loading}
      emptyText={emptyText}
      estimateRowHeight={53}
      maxHeight={520}
      paginateOnlyWhenNeeded
      footer={loads.length ? footer : undefined}
    />
  );
}
