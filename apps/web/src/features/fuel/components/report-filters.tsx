import { lookupRoutes } from '@haulboard/contract';
import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lookupQuery } from '../../../lib/lookups';
import { useIftaDrivers } from '../api/get-ifta-report';
import type { TPeriodSearch } from '../lib/period-search';
import { PeriodFilters } from './period-filters';

type TReportFiltersProps = { value: TPeriodSearch; onChange: (next: Partial<TPeriodSearch>) => void };

/** Spec §2 accounting/ifta-report filters: year, quarter, drivers (several), week and state; or any dates instead of the week or quarter. */
export function ReportFilters({ value, onChange }: TReportFiltersProps) {
  const drivers = useIftaDrivers();
  const states = useQuery(lookupQuery(lookupRoutes.getStates));
  const options = drivers.data ?? [];
  const chosen = options.filter((d) => value.driverIds.includes(d.value));
  return (
    <PeriodFilters label="IFTA report filters" value={value} onChange={onChange} withDates>
      <Autocomplete
        multiple
        size="small"
        limitTags={2}
        options={options}
        value={chosen}
        loading={drivers.isLoading}
        getOptionLabel={(d) => d.label}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        onChange={(_, next) => onChange({ driverIds: next.map((d) => d.value) })}
        renderInput={(params) => <TextField {...params} label="Drivers" placeholder={chosen.length ? undefined : 'All drivers'} />}
        sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' } }}
      />
      <TextField
        select
        label="State"
        size="small"
        value={value.stateId ?? 0}
        onChange={(e) => onChange({ stateId: Number(e.target.value) || null })}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
      >
        <MenuItem value={0}>All states</MenuItem>
        {(states.data ?? []).map((s) => (
          <MenuItem key={String(s.value)} value={s.value as number}>
            {s.label}
          </MenuItem>
        ))}
      </TextField>
    </PeriodFilters>
  );
}
