import { accountingYearOptions, QUARTERS } from '@haulboard/contract';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { Button, MenuItem, Stack, type SxProps, TextField, type Theme } from '@mui/material';
import { useWorkYears } from '../../lib/lookups';
import { WeekSelect } from '../week-select';

/** A period as the filters edit it; a page keeps only the parts of the modes it offers. */
export type TPeriod = {
  year: number | null;
  /** null: the whole year. */
  quarter?: number | null;
  /** A work week id; null: no week. */
  weekId: number | null;
  /** 'YYYY-MM-DD', '' when not chosen. */
  startDate?: string;
  endDate?: string;
};

export type TPeriodMode = 'year' | 'quarter' | 'week' | 'dates';

/** An end date before the start date: the search waits until it is fixed. */
export const isBadRange = (startDate = '', endDate = '') => !!startDate && !!endDate && endDate < startDate;

const menu = { select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } };

type TPeriodFilterProps<T extends TPeriod> = {
  value: T;
  onChange: (next: T) => void;
  /** The fields this page offers; they show in the order year, quarter, week, dates. */
  modes: readonly TPeriodMode[];
  /** 'work' (default): "Work year", the work years; 'accounting': "Year", the fuel and IFTA years. */
  years?: 'work' | 'accounting';
  /** The text of a "no year" choice; none is offered when omitted. */
  anyYear?: string;
  /** The text of the "no week" choice; none is offered when omitted. */
  anyWeek?: string;
  /** Ids of the fields: `${idPrefix}-year`, `${idPrefix}-week`. */
  idPrefix?: string;
  /** A week and dates exclude each other: choosing one clears the other, so the period is never ambiguous. */
  weekOrDates?: boolean;
  /** The week shown whole ('Week 12 (03/16/2026 - 03/22/2026)') rather than in short. */
  fullWeekLabel?: boolean;
  /** A week the list does not hold (yet) shows as the "no week" choice rather than blank. */
  unknownWeekAsAny?: boolean;
  /** The text under the week when the period has no work weeks; null: none. */
  noWeeksText?: string | null;
  disabled?: boolean;
  weekSx?: SxProps<Theme>;
};

/**
 * The period pickers of the search forms and reports: a year, a quarter, a work week and a start
 * and end date, each page choosing which it offers. A new year or quarter clears the week.
 */
export function PeriodFilter<T extends TPeriod>(props: TPeriodFilterProps<T>) {
  const { value, onChange, modes, years = 'work', anyYear, anyWeek, idPrefix = 'work', weekOrDates, disabled } = props;
  const has = (mode: TPeriodMode) => modes.includes(mode);
  const setDate = (key: 'startDate' | 'endDate', v: string) => onChange({ ...value, [key]: v, weekId: weekOrDates && v ? null : value.weekId });
  const startDate = value.startDate ?? '';
  const endDate = value.endDate ?? '';
  const badRange = isBadRange(startDate, endDate);
  const withQuarter = has('quarter');
  const workYears = useWorkYears(value.year);
  return (
    <>
      {has('year') && (
        <TextField
          select
          id={`${idPrefix}-year`}
          label={years === 'work' ? 'Work year' : 'Year'}
          size="small"
          value={value.year ?? (anyYear ? 0 : '')}
          onChange={(e) => onChange({ ...value, year: Number(e.target.value) || null, weekId: null })}
          disabled={disabled}
          fullWidth
          slotProps={years === 'accounting' ? menu : undefined}
        >
          {anyYear && <MenuItem value={0}>{anyYear}</MenuItem>}
          {(years === 'work' ? workYears : accountingYearOptions()).map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
      )}
      {withQuarter && (
        <TextField
          select
          label="Quarter"
          size="small"
          value={value.quarter ?? 0}
          onChange={(e) => onChange({ ...value, quarter: Number(e.target.value) || null, weekId: null })}
          disabled={disabled}
        >
          <MenuItem value={0}>Whole year</MenuItem>
          {QUARTERS.map((q) => (
            <MenuItem key={q} value={q}>
              Q{q}
            </MenuItem>
          ))}
        </TextField>
      )}
      {has('week') && (
        <WeekSelect
          id={`${idPrefix}-week`}
          year={value.year}
          quarter={withQuarter ? (value.quarter ?? null) : undefined}
          value={anyWeek ? (value.weekId ?? 0) : value.weekId}
          onChange={(weekId) =>
            onChange({ ...value, weekId, ...(weekOrDates && weekId ? { startDate: '', endDate: '' } : {}) })
          }
          anyLabel={anyWeek}
          compact={!props.fullWeekLabel}
          unknownAsAny={props.unknownWeekAsAny}
          emptyText={props.noWeeksText}
          disabled={disabled || (!!anyYear && !value.year)}
          sx={props.weekSx}
        />
      )}
      {has('dates') && (
        <>
          <TextField
            label="Start date"
            type="date"
            size="small"
            value={startDate}
            onChange={(e) => setDate('startDate', e.target.value)}
            disabled={disabled}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="End date"
            type="date"
            size="small"
            value={endDate}
            onChange={(e) => setDate('endDate', e.target.value)}
            disabled={disabled}
            error={badRange}
            helperText={badRange ? 'Before the start date' : undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: startDate || undefined } }}
          />
        </>
      )}
    </>
  );
}

/** The Search (submit) and Clear buttons of a search form. */
export function SearchClearButtons({ disabled, onClear }: { disabled: boolean; onClear: () => void }) {
  return (
    <Stack direction="row" spacing={1} sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
      <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={disabled} sx={{ flex: 1 }}>
        Search
      </Button>
      <Button type="button" variant="outlined" color="inherit" startIcon={<ClearIcon />} onClick={onClear} sx={{ flex: 1 }}>
        Clear
      </Button>
    </Stack>
  );
}
