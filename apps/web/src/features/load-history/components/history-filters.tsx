import { boardLookupRoutes, lookupRoutes, workYearOptions } from '@haulboard/contract';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { lookupQuery } from '../../../lib/lookups';
import type { THistoryFilter } from '../api/get-load-history-page';

type THistoryFiltersProps = { value: THistoryFilter; onSearch: (filter: THistoryFilter) => void; onClear: () => void };

const menu = { select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } };

/** Spec §2 load-history search form: load ID, work year, week or date range, origin state. */
export function HistoryFilters({ value, onSearch, onClear }: THistoryFiltersProps) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const weeks = useQuery({ ...lookupQuery(boardLookupRoutes.getWorkWeekList, { year: draft.year ?? undefined }), enabled: !!draft.year });
  const states = useQuery(lookupQuery(lookupRoutes.getStates));
  const set = <K extends keyof THistoryFilter>(key: K, v: THistoryFilter[K]) => setDraft((d) => ({ ...d, [key]: v }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  const badRange = !!draft.startDate && !!draft.endDate && draft.endDate < draft.startDate;
  const weekKnown = !!draft.weekId && (weeks.data ?? []).some((w) => w.value === draft.weekId);

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
        <TextField
          select
          label="Work year"
          size="small"
          value={draft.year ?? 0}
          onChange={(e) => setDraft((d) => ({ ...d, year: Number(e.target.value) || null, weekId: null }))}
        >
          <MenuItem value={0}>Any year</MenuItem>
          {workYearOptions().map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Week"
          size="small"
          value={weekKnown ? draft.weekId : 0}
          onChange={(e) => set('weekId', Number(e.target.value) || null)}
          disabled={!draft.year}
          slotProps={menu}
        >
          <MenuItem value={0}>Any week</MenuItem>
          {(weeks.data ?? []).map((w) => (
            <MenuItem key={String(w.value)} value={w.value as number}>
              {w.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Start date"
          type="date"
          size="small"
          value={draft.startDate}
          onChange={(e) => set('startDate', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="End date"
          type="date"
          size="small"
          value={draft.endDate}
          onChange={(e) => set('endDate', e.target.value)}
          error={badRange}
          helperText={badRange ? 'Before the start date' : undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.startDate || undefined } }}
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
        <Stack direction="row" spacing={1} sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={badRange} sx={{ flex: 1 }}>
            Search
          </Button>
          <Button type="button" variant="outlined" color="inherit" startIcon={<ClearIcon />} onClick={onClear} sx={{ flex: 1 }}>
            Clear
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
