import { accountingYearOptions, lookupRoutes, QUARTERS, quarterOf } from '@haulboard/contract';
import { Box, MenuItem, Paper, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { lookupQuery } from '../../../lib/lookups';
import type { TPeriodSearch } from '../lib/period-search';

const menu = { select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } };

type TPeriodFiltersProps = {
  label: string;
  value: TPeriodSearch;
  onChange: (next: Partial<TPeriodSearch>) => void;
  /** Offer a work week (it overrides the year and quarter). */
  withWeek?: boolean;
  /** Further filters after the period ones. */
  children?: ReactNode;
};

/** Year (2021 to 2026 and on), quarter (or the whole year) and, where offered, a work week of that year and quarter. */
export function PeriodFilters({ label, value, onChange, withWeek = true, children }: TPeriodFiltersProps) {
  const weeks = useQuery({ ...lookupQuery(lookupRoutes.getWorkWeekList, { year: value.year }), enabled: withWeek });
  const shownWeeks = (weeks.data ?? []).filter((w) => !value.quarter || quarterOf(w.startDate) === value.quarter);
  const weekKnown = !!value.weekId && shownWeeks.some((w) => w.value === value.weekId);
  return (
    <Paper variant="outlined" role="search" aria-label={label} sx={{ p: 1.5, mb: 2 }} className="no-print">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(170px, 1fr))' }, alignItems: 'start' }}>
        <TextField select label="Year" size="small" value={value.year} onChange={(e) => onChange({ year: Number(e.target.value), weekId: null })} slotProps={menu}>
          {accountingYearOptions().map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Quarter"
          size="small"
          value={value.quarter ?? 0}
          onChange={(e) => onChange({ quarter: Number(e.target.value) || null, weekId: null })}
        >
          <MenuItem value={0}>Whole year</MenuItem>
          {QUARTERS.map((q) => (
            <MenuItem key={q} value={q}>
              Q{q}
            </MenuItem>
          ))}
        </TextField>
        {withWeek && (
          <TextField
            select
            label="Week"
            size="small"
            value={weekKnown ? value.weekId : 0}
            onChange={(e) => onChange({ weekId: Number(e.target.value) || null })}
            helperText={weeks.isSuccess && !shownWeeks.length ? 'No work weeks in this period' : undefined}
            slotProps={{
              select: {
                ...menu.select,
                // The chosen week in short: 'Week 46 · 11/16 – 11/22'.
                renderValue: (v) => {
                  const item = shownWeeks.find((w) => w.value === v);
                  if (!item) return 'Any week';
                  return item.label.replace(/\s*\((\d{2}\/\d{2})\/\d{4}\s*-\s*(\d{2}\/\d{2})\/\d{4}\)/, ' · $1 – $2');
                },
              },
            }}
          >
            <MenuItem value={0}>Any week</MenuItem>
            {shownWeeks.map((w) => (
              <MenuItem key={String(w.value)} value={w.value as number}>
                {w.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        {children}
      </Box>
    </Paper>
  );
}
