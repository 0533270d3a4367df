import { LOAD_SORT_COLUMNS, type TLoad, type TLoadSortColumn } from '@haulboard/contract';
import { Alert, Box, Typography, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import { CellLine, DataTable, MOBILE_QUERY, type TColumn, type TSort } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatMoney } from '../../lib/format';
import { failureMessage } from '../../lib/mutation';
import { cityState } from '../../lib/us-states';
import { type THistoryFilter, useLoadHistoryPage } from './api/get-load-history-page';
import { HistoryFilters } from './components/history-filters';

const initialFilter = (): THistoryFilter => ({
  loadNumber: '',
  year: new Date().getFullYear(),
  weekId: null,
  stateId: null,
  startDate: '',
  endDate: '',
});

const miles = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const isSortColumn = (id: string): id is TLoadSortColumn => (LOAD_SORT_COLUMNS as readonly string[]).includes(id);

const route = (l: TLoad) => [cityState(l.originCity, l.originStateName), cityState(l.destinationCity, l.destinationStateName)];

const columns: TColumn<TLoad>[] = [
  { id: 'loadNumber', header: 'Load', width: 130, cell: (l) => l.loadNumber },
  { id: 'loadStartDate', header: 'Start date', width: 168, cell: (l) => formatDateTime(l.loadStartDate) },
  { id: 'originCity', header: 'Origin', width: 170, cell: (l) => route(l)[0] },
  { id: 'destinationCity', header: 'Destination', width: 170, cell: (l) => route(l)[1] },
  { id: 'tripLength', header: 'Miles', width: 80, align: 'right', cell: (l) => miles.format(l.tripLength) },
  { id: 'numberOfStops', header: 'Stops', width: 70, align: 'right', cell: (l) => l.numberOfStops },
  {
    id: 'payout',
    header: 'PPM / Payout',
    width: 170,
    align: 'right',
    cell: (l) => (
      <>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {formatMoney(l.pricePerMile)} /
        </Box>{' '}
        {formatMoney(l.payout)}
      </>
    ),
  },
];

/** At phone widths three columns of two or three lines each, so nothing needs scrolling sideways. */
const phoneColumns: TColumn<TLoad>[] = [
  {
    id: 'loadNumber',
    header: 'Load',
    width: 126,
    cell: (l) => (
      <>
        <CellLine>{l.loadNumber}</CellLine>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {formatDateTime(l.loadStartDate)}
        </Typography>
      </>
    ),
  },
  {
    id: 'originCity',
    header: 'Route',
    width: 140,
    cell: (l) => {
      const [origin, destination] = route(l);
      return (
        <>
          <CellLine>{origin}</CellLine>
          <CellLine secondary title={destination}>
            <span aria-hidden="true">→ </span>
            {destination}
          </CellLine>
        </>
      );
    },
  },
  {
    id: 'payout',
    header: 'Payout',
    width: 96,
    align: 'right',
    cell: (l) => (
      <>
        <CellLine>{formatMoney(l.payout)}</CellLine>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {miles.format(l.tripLength)} mi
          <br />
          {formatMoney(l.pricePerMile)}/mi
        </Typography>
      </>
    ),
  },
];

/** Spec §2 load-history: a search by load ID, work year and week or dates, and origin state. */
export function LoadHistoryPage() {
  const isPhone = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [filter, setFilter] = useState(initialFilter);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(100);
  const [sort, setSort] = useState<TSort>(null);
  const sortBy = sort && isSortColumn(sort.id) ? sort.id : null;
  const history = useLoadHistoryPage({ filter, page, pageSize, sortBy, sortDir: sort?.desc ? 'desc' : 'asc' });

  const search = (next: THistoryFilter) => {
    setFilter(next);
    setPage(0);
  };

  return (
    <>
      <PageHeader title="Load History" />
      <HistoryFilters value={filter} onSearch={search} onClear={() => search(initialFilter())} />
      {history.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(history.error)}
        </Alert>
      )}
      {history.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {history.data.total.toLocaleString('en-US')} {history.data.total === 1 ? 'load' : 'loads'} · payout {formatMoney(history.data.totalPayout)}
        </Typography>
      )}
      <DataTable
        aria-label="Load history"
        columns={isPhone ? phoneColumns : columns}
        rows={history.data?.rows ?? []}
        rowKey={(l) => l.loadId}
        total={history.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        sort={sort}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        onSortChange={setSort}
        loading={history.isFetching}
        emptyText="No loads match this search"
      />
    </>
  );
}
