import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Box, Button, Collapse, MenuItem, Paper, TextField, Typography, useMediaQuery } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { MOBILE_QUERY } from '../../../components/data-table';
import { isBadRange, PeriodFilter, SearchClearButtons } from '../../../components/period-filter';
import { useCompanyDrivers } from '../../../lib/lookups';
import type { TDashboardFilter } from '../lib/dashboard-search';

type TDashboardFiltersProps = {
  value: TDashboardFilter;
  /** Spec §2: the driver select only for DenyDelete or Write on the driver dashboard object. */
  showDriver: boolean;
  onSearch: (filter: TDashboardFilter) => void;
  /** Clear: resets the page's filter and answers the defaults, which the fields then show (even before a first search). */
  onClear: () => TDashboardFilter | null | undefined;
};

/**
 * The rule the period uses, said on screen (issue "Books you can trust"): a week or a year takes
 * the loads by the work week set on each load, dates by the load's end date. The same rule as the
 * server's (modules/driver-dashboard/queries.ts).
 */
export function periodRuleText(filter: Pick<TDashboardFilter, 'weekId' | 'startDate' | 'endDate'>) {
  if (filter.startDate || filter.endDate) return "Dates select loads by the load's end date.";
  if (filter.weekId) return 'A week selects loads by their work week.';
  return 'A whole year selects loads by their work weeks in that year.';
}

/**
 * Spec §2 dashboard-driver filters: a work year and week, or a start and end date, and the driver.
 * A week and dates exclude each other: choosing one clears the other, so the period is never ambiguous.
 */
export function DashboardFilters({ value, showDriver, onSearch, onClear }: TDashboardFiltersProps) {
  // The draft is edited here and applied by Search; a new `value` (URL change) starts a new draft.
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const drivers = useCompanyDrivers();
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [unfolded, setUnfolded] = useState(false);
  const hasDates = !!(draft.startDate || draft.endDate);
  // A chosen driver the list does not hold (yet) shows as "Choose a driver" rather than a warning.
  const knownDriver = (drivers.data ?? []).some((d) => d.value === draft.driverId);
  const active = [value.weekId, showDriver && value.driverId, value.startDate, value.endDate].filter(Boolean).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUnfolded(false);
    onSearch(draft);
  };

  return (
    <Paper component="form" variant="outlined" onSubmit={submit} role="search" aria-label="Dashboard filters" sx={{ p: 1.5, mb: 2 }}>
      {isMobile && (
        <Button
          fullWidth
          color="inherit"
          startIcon={<FilterListIcon />}
          endIcon={unfolded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => setUnfolded((u) => !u)}
          aria-expanded={unfolded}
          aria-controls="dashboard-filter-fields"
          sx={{ justifyContent: 'space-between', mb: unfolded ? 1.5 : 0 }}
        >
          <Box component="span" sx={{ flexGrow: 1, textAlign: 'left' }}>
            Filters{active ? ` (${active})` : ''}
          </Box>
        </Button>
      )}
      <Collapse in={!isMobile || unfolded} id="dashboard-filter-fields" timeout={isMobile ? 'auto' : 0}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(170px, 1fr))' },
            alignItems: 'start',
          }}
        >
          {showDriver && (
            <TextField
              select
              id="dashboard-driver"
              label="Driver"
              size="small"
              value={knownDriver ? draft.driverId! : 0}
              onChange={(e) => setDraft((d) => ({ ...d, driverId: Number(e.target.value) || null }))}
              sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' } }}
            >
              <MenuItem value={0}>Choose a driver</MenuItem>
              {(drivers.data ?? []).map((d) => (
                <MenuItem key={String(d.value)} value={d.value as number}>
                  {d.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          <PeriodFilter
            idPrefix="dashboard"
            modes={['year', 'week', 'dates']}
            value={draft}
            onChange={setDraft}
            anyWeek={hasDates ? 'By dates' : 'Whole year'}
            weekOrDates
            weekSx={{ gridColumn: { sm: 'span 2' } }}
          />
          <SearchClearButtons disabled={isBadRange(draft.startDate, draft.endDate)} onClear={() => {
            const cleared = onClear();
            if (cleared) setDraft(cleared);
          }} />
        </Box>
      </Collapse>
      <Typography variant="body2" color="text.secondary" data-testid="period-rule" sx={{ mt: isMobile && !unfolded ? 0.75 : 1.25 }}>
        {periodRuleText(draft)}
      </Typography>
    </Paper>
  );
}
