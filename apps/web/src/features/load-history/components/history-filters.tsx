import { lookupRoutes } from '@haulboard/contract';
import { Box, MenuItem, Paper, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isBadRange, PeriodFilter, SearchClearButtons } from '../../../components/period-filter';
import { lookupQuery } from '../../../lib/lookups';
import type { THistoryFilter } from '../api/get-load-history-page';

type THistoryFiltersProps = { value: THistoryFilter; onSearch: (filter: THistoryFilter) => void; onClear: () => THistoryFilter | null | undefined };

const menu = { select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } };

/** Spec §2 load-history search form: load ID, work year, week or date range, origin state. */
export function HistoryFilters({ value, onSearch, onClear }: THistoryFiltersProps) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const states = useQuery(lookupQuery(lookupRoutes.getStates));
  const set = <K extends keyof THistoryFilter>(key: K, v: THistoryFilter[K]) => setDraft((d) => ({ ...d, [key]: v }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  const badRange = isBadRange(draft.startDate, draft.endDate);

  return (
    <Paper component="form" variant="outlined" onSubmit={submit} role="search" aria-label="Load history search" sx={{ p: 1.5, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(170px, 1fr))' }, alignItems: 'start' }}>
        <TextField
          label="Load ID"
          size="small"
          value={draft.loadNumber}
          onChange={(e) => set('loadNumber', e.target.value)}
          slotProps={{ htmlInput: { maxLength: 50 } }}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        />
        <PeriodFilter
          modes={['year', 'week', 'dates']}
          value={draft}
          onChange={setDraft}
          anyYear="Any year"
          anyWeek="Any week"
          fullWeekLabel
          unknownWeekAsAny
          noWeeksText={null}
        />
        <TextField
          select
          label="Origin state"
          size="small"
          value={draft.stateId ?? 0}
          onChange={(e) => set('stateId', Number(e.target.value) || null)}
          slotProps={menu}
        >
          <MenuItem value={0}>Any state</MenuItem>
          {(states.data ?? []).map((s) => (
            <MenuItem key={String(s.value)} value={s.value as number}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        <SearchClearButtons disabled={badRange} onClear={() => {
            const cleared = onClear();
            if (cleared) setDraft(cleared);
          }} />
      </Box>
    </Paper>
  );
}
