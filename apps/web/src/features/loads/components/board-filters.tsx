import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Box, Button, Collapse, MenuItem, Paper, TextField, useMediaQuery } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { isBadRange, PeriodFilter, SearchClearButtons } from '../../../components/period-filter';
import { useCompanyDrivers } from '../api/board-lookups';
import type { TBoardFilter } from '../lib/board-search';

type TBoardFiltersProps = {
  value: TBoardFilter;
  /** Spec §2: the driver select only for DenyDelete or Write on the driver dashboard object. */
  showDriver: boolean;
  onSearch: (filter: TBoardFilter) => void;
  /** Clear: resets the page's filter and answers the defaults, which the fields then show (even before a first search). */
  onClear: () => TBoardFilter | null | undefined;
};

/** Spec §2 loadboard filters: load number, work year and week, driver, start and end date. */
export function BoardFilters({ value, showDriver, onSearch, onClear }: TBoardFiltersProps) {
  // The draft is edited here and applied by Search; a new `value` (URL change) starts a new draft.
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const drivers = useCompanyDrivers();
  // On phones the filters fold away under one button so the loads start near the top.
  const isMobile = useMediaQuery('(max-width:768px)', { noSsr: true });
  const [unfolded, setUnfolded] = useState(false);
  const active = [value.loadNumber, value.search, value.weekId, showDriver && value.driverId, value.startDate, value.endDate].filter(Boolean).length;
  const set = <K extends keyof TBoardFilter>(key: K, v: TBoardFilter[K]) => setDraft((d) => ({ ...d, [key]: v }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUnfolded(false);
    onSearch(draft);
  };
  const badRange = isBadRange(draft.startDate, draft.endDate);

  return (
    <Paper component="form" variant="outlined" onSubmit={submit} role="search" aria-label="Load filters" sx={{ p: 1.5, mb: 2 }} className="no-print">
      {isMobile && (
        <Button
          fullWidth
          color="inherit"
          startIcon={<FilterListIcon />}
          endIcon={unfolded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => setUnfolded((u) => !u)}
          aria-expanded={unfolded}
          aria-controls="board-filter-fields"
          sx={{ justifyContent: 'space-between', mb: unfolded ? 1.5 : 0 }}
        >
          <Box component="span" sx={{ flexGrow: 1, textAlign: 'left' }}>
            Filters{active ? ` (${active})` : ''}
          </Box>
        </Button>
      )}
      <Collapse in={!isMobile || unfolded} id="board-filter-fields" timeout={isMobile ? 'auto' : 0}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(170px, 1fr))' },
          alignItems: 'start',
        }}
      >
        <TextField
          label="Load number"
          size="small"
          value={draft.loadNumber}
          onChange={(e) => set('loadNumber', e.target.value)}
          slotProps={{ htmlInput: { maxLength: 50 } }}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        />
        <TextField
          label="Broker, city or driver"
          size="small"
          value={draft.search ?? ''}
          onChange={(e) => set('search', e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        />
        <PeriodFilter idPrefix="filter" modes={['year', 'week']} value={draft} onChange={setDraft} anyWeek="Any week" weekSx={{ gridColumn: { sm: 'span 2' } }} />
        {showDriver && (
          <TextField
            select
            label="Driver"
            size="small"
            value={draft.driverId ?? 0}
            onChange={(e) => set('driverId', Number(e.target.value) || null)}
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          >
            <MenuItem value={0}>All drivers</MenuItem>
            {(drivers.data ?? []).map((d) => (
              <MenuItem key={String(d.value)} value={d.value as number}>
                {d.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <PeriodFilter modes={['dates']} value={draft} onChange={setDraft} />
        <SearchClearButtons disabled={badRange} onClear={() => {
            const cleared = onClear();
            if (cleared) setDraft(cleared);
          }} />
      </Box>
      </Collapse>
    </Paper>
  );
}
