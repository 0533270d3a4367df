import { Box, Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { PeriodFilter } from '../../../components/period-filter';
import type { TPeriodSearch } from '../lib/period-search';

type TPeriodFiltersProps = {
  label: string;
  value: TPeriodSearch;
  onChange: (next: Partial<TPeriodSearch>) => void;
  /** Offer a work week (it overrides the year and quarter). */
  withWeek?: boolean;
  /** Offer a start and an end date (they override the year and quarter; a week and dates exclude each other). */
  withDates?: boolean;
  /** Further filters after the period ones. */
  children?: ReactNode;
};

/** Year (2021 to 2026 and on), quarter (or the whole year) and, where offered, a work week of that year and quarter, or any dates. */
export function PeriodFilters({ label, value, onChange, withWeek = true, withDates = false, children }: TPeriodFiltersProps) {
  return (
    <Paper variant="outlined" role="search" aria-label={label} sx={{ p: 1.5, mb: 2 }} className="no-print">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(170px, 1fr))' }, alignItems: 'start' }}>
        <PeriodFilter
          value={value}
          onChange={onChange}
          modes={[...(['year', 'quarter'] as const), ...(withWeek ? (['week'] as const) : []), ...(withDates ? (['dates'] as const) : [])]}
          weekOrDates={withDates}
          years="accounting"
          anyWeek="Any week"
          unknownWeekAsAny
          noWeeksText="No work weeks in this period"
        />
        {children}
      </Box>
    </Paper>
  );
}
