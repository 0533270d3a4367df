import { LOAD_SEARCH_RADII, type TCity, type TLoadSearchRow } from '@haulboard/contract';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BoardSessionWarning, isBoardAnswer } from '../../components/board-session-warning';
import { CellLine, DataTable, MOBILE_QUERY, type TColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { WeekSelect, WorkYearSelect } from '../../components/week-select';
import { formatDateTime, formatMoney } from '../../lib/format';
import { failureMessage } from '../../lib/mutation';
import { useCitySearch } from '../../lib/search-cities';
import { useSearchLoads } from './api/search-loads';

const miles = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

const columns: TColumn<TLoadSearchRow>[] = [
  { id: 'route', header: 'Route', width: 250, cell: (r) => <CellLine title={r.route}>{r.route}</CellLine> },
  { id: 'pickupTime', header: 'Pickup', width: 150, cell: (r) => formatDateTime(r.pickupTime) },
  { id: 'deliveryTime', header: 'Delivery', width: 150, cell: (r) => formatDateTime(r.deliveryTime), hideBelow: 1440 },
  { id: 'stopCount', header: 'Stops', width: 66, align: 'right', cell: (r) => r.stopCount },
  { id: 'miles', header: 'Miles', width: 86, align: 'right', cell: (r) => miles.format(r.miles) },
  { id: 'payout', header: 'Payout', width: 118, align: 'right', cell: (r) => formatMoney(r.payout), sortValue: (r) => Number(r.payout) },
  { id: 'ratePerMile', header: 'Rate/mi', width: 86, align: 'right', cell: (r) => formatMoney(r.ratePerMile), sortValue: (r) => Number(r.ratePerMile) },
  { id: 'deadheadMiles', header: 'Deadhead', width: 96, align: 'right', cell: (r) => (r.deadheadMiles === null ? '' : miles.format(r.deadheadMiles)), hideBelow: 1440 },
  { id: 'loadingType', header: 'Loading', width: 100, cell: (r) => r.loadingType },
];

const phoneColumns: TColumn<TLoadSearchRow>[] = [
  {
    id: 'pickupTime',
    header: 'Route',
    width: 210,
    cell: (r) => (
      <>
        <CellLine>{r.origin}</CellLine>
        <CellLine secondary title={r.destination}>
          <span aria-hidden="true">→ </span>
          {r.destination}
        </CellLine>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {formatDateTime(r.pickupTime)} · {r.stopCount} stops
        </Typography>
      </>
    ),
  },
  {
    id: 'payout',
    header: 'Payout',
    width: 100,
    align: 'right',
    sortValue: (r) => Number(r.payout),
    cell: (r) => (
      <>
        <CellLine>{formatMoney(r.payout)}</CellLine>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {miles.format(r.miles)} mi
          <br />
          {formatMoney(r.ratePerMile)}/mi
        </Typography>
      </>
    ),
  },
];

/**
 * What an order's alert links to (`?origin=DALLAS, TX&lat=…&lng=…&year=2026&week=12&wo=…`): the
 * search around the match's origin in its pickup's work week, and the work to open. Null when the
 * address does not name a place.
 */
export function linkedSearch(params: URLSearchParams) {
  const label = params.get('origin')?.trim().slice(0, 100) ?? '';
  const latitude = Number(params.get('lat'));
  const longitude = Number(params.get('lng'));
  if (!label || !params.get('lat') || !params.get('lng') || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const [name, stateCode = ''] = label.split(',').map((x) => x.trim());
  const city: TCity = { label, value: label, name, stateCode, latitude, longitude };
  const week = Number(params.get('week'));
  const year = Number(params.get('year'));
  return {
    city,
    weekId: Number.isInteger(week) && week > 0 ? week : null,
    year: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : null,
    workOpportunityId: params.get('wo') || null,
  };
}

/** Spec §2 relay/loadsearch: the board's available work with a pickup in a week, around a city. */
export function LoadSearchPage() {
  const isPhone = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [params] = useSearchParams();
  // Read once, as the page opens: later edits of the form are the user's.
  const [linked] = useState(() => linkedSearch(params));
  const [year, setYear] = useState(linked?.year ?? new Date().getFullYear());
  const [weekId, setWeekId] = useState<number | null>(linked?.weekId ?? null);
  const [cityText, setCityText] = useState(linked?.city.label ?? '');
  const [city, setCity] = useState<TCity | null>(linked?.city ?? null);
  const [radius, setRadius] = useState(50);
  const [missing, setMissing] = useState(false);
  const [open, setOpen] = useState<TLoadSearchRow | null>(null);
  const cities = useCitySearch(cityText);
  const search = useSearchLoads();
  const reply = search.data;
  const rows = reply && typeof reply !== 'string' ? reply.rows : [];
  const wanted = linked?.workOpportunityId ?? null;
  const wantedGone = !!wanted && !!reply && typeof reply !== 'string' && !rows.some((r) => r.id === wanted);

  // Opened from an alert with a week: search at once, then open the match when the board still has it.
  const searchedFromLink = useRef(false);
  const { mutate } = search;
  useEffect(() => {
    if (searchedFromLink.current || !linked?.weekId) return;
    searchedFromLink.current = true;
    mutate({ weekId: linked.weekId, origin: { label: linked.city.label, latitude: linked.city.latitude, longitude: linked.city.longitude }, radius: 50 });
  }, [linked, mutate]);
  const openedFromLink = useRef(false);
  useEffect(() => {
    if (openedFromLink.current || !wanted || !rows.length) return;
    const row = rows.find((r) => r.id === wanted);
    if (!row) return;
    openedFromLink.current = true;
    setOpen(row);
  }, [rows, wanted]);
  const errorText = typeof reply === 'string' ? reply : search.isError ? failureMessage(search.error) : null;
  const noSession = isBoardAnswer(errorText);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!weekId || !city) {
      setMissing(true);
      return;
    }
    setMissing(false);
    search.mutate({ weekId, origin: { label: city.label, latitude: city.latitude, longitude: city.longitude }, radius });
  };

  return (
    <>
      <PageHeader title="Load Search" />
      <BoardSessionWarning answer={noSession ? errorText : null} />
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: 2, mb: 2 }} aria-label="Load search filters">
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: '120px 260px minmax(220px, 1fr) 120px auto' }, alignItems: 'start' }}>
          <WorkYearSelect
            value={year}
            onChange={(y) => {
              setYear(y);
              setWeekId(null);
            }}
          />
          <WeekSelect year={year} value={weekId} onChange={setWeekId} required error={missing && !weekId ? 'Field is required' : undefined} />
          <Autocomplete
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            options={cities.cities}
            loading={cities.loading}
            value={city}
            onChange={(_e, v) => setCity(v)}
            inputValue={cityText}
            onInputChange={(_e, v, reason) => (reason !== 'reset' || v) && setCityText(v)}
            getOptionLabel={(c) => c.label}
            isOptionEqualToValue={(a, b) => a.label === b.label}
            filterOptions={(x) => x}
            noOptionsText={cityText.trim().length < 2 ? 'Type two letters or more' : 'No city found'}
            renderInput={(params) => (
              <TextField {...params} label="Origin city" size="small" required error={missing && !city} helperText={missing && !city ? 'Field is required' : undefined} />
            )}
          />
          <TextField select label="Radius" size="small" value={radius} onChange={(e) => setRadius(Number(e.target.value))}>
            {LOAD_SEARCH_RADII.map((r) => (
              <MenuItem key={r} value={r}>
                {r} mi
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} loading={search.isPending}>
            Search
          </Button>
        </Box>
      </Paper>
      {errorText && !noSession && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText.replace(/^ERROR /, '')}
        </Alert>
      )}
      {reply && typeof reply !== 'string' && reply.truncated && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Showing the first {reply.rows.length} of {reply.total} loads. Narrow the radius to see the rest.
        </Alert>
      )}
      {wantedGone && (
        <Alert severity="info" sx={{ mb: 2 }}>
          The load from the alert is no longer on the board.
        </Alert>
      )}
      <DataTable
        aria-label="Available loads"
        fill
        columns={isPhone ? phoneColumns : columns}
        rows={rows}
        rowSx={(r) => (r.id === wanted ? { bgcolor: 'action.selected' } : undefined)}
        rowKey={(r) => r.id}
        loading={search.isPending}
        defaultSort={{ id: 'pickupTime', desc: false }}
        defaultPageSize={25}
        emptyText={reply && typeof reply !== 'string' ? 'No loads found for this week around this city' : 'Choose a week and a city, then Search'}
        onRowClick={setOpen}
        estimateRowHeight={isPhone ? 64 : 33}
      />
      <Dialog open={!!open} onClose={() => setOpen(null)} fullWidth maxWidth="sm" aria-labelledby="stops-title">
        <DialogTitle id="stops-title">Stops: {open?.route}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {open &&
              [
                open.workType,
                `${miles.format(open.miles)} mi`,
                `${formatMoney(open.payout)} (${formatMoney(open.ratePerMile)}/mi)`,
                open.deadheadMiles !== null && `deadhead ${miles.format(open.deadheadMiles)} mi`,
                `delivery ${formatDateTime(open.deliveryTime)}`,
                open.equipmentType.replace(/_/g, ' ').toLowerCase(),
              ]
                .filter(Boolean)
                .join(' · ')}
          </Typography>
          <List dense aria-label="Stops">
            {open?.stops.map((s, i) => (
              <ListItem key={`${s.sequence}-${i}`} disableGutters>
                <ListItemText
                  primary={`${i + 1}. ${s.type === 'PICKUP' ? 'Pickup' : 'Drop-off'} · ${s.code ? `${s.code} · ` : ''}${s.city}, ${s.state} ${s.postalCode}`}
                  secondary={[
                    s.arrival && `Arrive ${formatDateTime(s.arrival)}`,
                    s.departure && `leave ${formatDateTime(s.departure)}`,
                    s.loadingType && (s.loadingType === 'PRELOADED' ? 'preloaded' : 'live load'),
                    s.unloadingType && (s.unloadingType === 'DROP' ? 'drop' : 'live unload'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
