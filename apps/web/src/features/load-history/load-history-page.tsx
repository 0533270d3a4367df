import { LOAD_SORT_COLUMNS, type TLoad, type TLoadSortColumn } from '@haulboard/contract';
import { Alert, Box, Typography, useMediaQuery } from '@mui/material';
import { useNavigate } from 'react-router';
import { CellLine, DataTable, MOBILE_QUERY, type TColumn, type TSort } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { usePeriodSearch } from '../../components/period-filter';
import { formatDateTime, formatMoney } from '../../lib/format';
import { failureMessage } from '../../lib/mutation';
import { paths } from '../../lib/paths';
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

const PAGE_SIZES = [10, 25, 50, 100, 1000];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const positive = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** The search as the URL holds it, so a reload, Back or a shared link shows the same loads. */
function readSearch(params: URLSearchParams) {
  const defaults = initialFilter();
  const has = ['loadNumber', 'year', 'weekId', 'stateId', 'startDate', 'endDate'].some((k) => params.has(k));
  const [sortId, sortDir] = (params.get('sort') ?? '').split('.');
  const size = positive(params.get('size'));
  return {
    filter: has
      ? {
          loadNumber: (params.get('loadNumber') ?? '').slice(0, 50),
          year: positive(params.get('year')),
          weekId: positive(params.get('weekId')),
          stateId: positive(params.get('stateId')),
          startDate: DAY.test(params.get('startDate') ?? '') ? params.get('startDate')! : '',
          endDate: DAY.test(params.get('endDate') ?? '') ? params.get('endDate')! : '',
        }
      : defaults,
    page: Math.max(0, (positive(params.get('page')) ?? 1) - 1),
    pageSize: size && PAGE_SIZES.includes(size) ? size : 100,
    sort: sortId && isSortColumn(sortId) ? { id: sortId, desc: sortDir === 'desc' } : null,
  };
}

type TSearch = ReturnType<typeof readSearch>;
const parse = (params: URLSearchParams) => ({ value: readSearch(params), isDefault: false });

function writeSearch(s: TSearch): URLSearchParams {
  const out = new URLSearchParams();
  const f = s.filter;
  if (f.loadNumber.trim()) out.set('loadNumber', f.loadNumber.trim());
  // The year is always written, so "any year" and the default are told apart.
  out.set('year', String(f.year ?? 0));
  if (f.weekId) out.set('weekId', String(f.weekId));
  if (f.stateId) out.set('stateId', String(f.stateId));
  if (f.startDate) out.set('startDate', f.startDate);
  if (f.endDate) out.set('endDate', f.endDate);
  if (s.page > 0) out.set('page', String(s.page + 1));
  if (s.pageSize !== 100) out.set('size', String(s.pageSize));
  if (s.sort) out.set('sort', `${s.sort.id}.${s.sort.desc ? 'desc' : 'asc'}`);
  return out;
}

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
  const navigate = useNavigate();
  const { value: state, apply } = usePeriodSearch({ parse, write: writeSearch, defaults: null, push: true });
  const { filter, page, pageSize, sort } = state;
  const update = (next: Partial<TSearch>) => apply({ ...state, ...next });
  const setPage = (p: number) => update({ page: p });
  const setPageSize = (size: number) => update({ pageSize: size, page: 0 });
  const setSort = (s: TSort) => update({ sort: s && isSortColumn(s.id) ? { id: s.id, desc: s.desc } : null, page: 0 });
  const sortBy = sort && isSortColumn(sort.id) ? sort.id : null;
  const history = useLoadHistoryPage({ filter, page, pageSize, sortBy, sortDir: sort?.desc ? 'desc' : 'asc' });

  const search = (next: THistoryFilter) => update({ filter: next, page: 0 });

  return (
    <>
      <PageHeader title="Load History" />
      <HistoryFilters value={filter} onSearch={search} onClear={() => {
          const cleared = initialFilter();
          search(cleared);
          return cleared;
        }} />
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
        fill
        columns={isPhone ? phoneColumns : columns}
        rows={history.data?.rows ?? []}
        rowKey={(l) => l.loadId}
        total={history.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        sort={sort}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        // A row opens its load on the board (the board opens a load that is the only match).
        onRowClick={(l) => navigate(`${paths.loadBoard}/${encodeURIComponent(l.loadNumber)}`)}
        onSortChange={setSort}
        loading={history.isFetching}
        emptyText="No loads match this search"
      />
    </>
  );
}
