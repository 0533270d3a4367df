import { quarterOf } from '@haulboard/contract';
import { MenuItem, type SxProps, TextField, type Theme } from '@mui/material';
import { useWorkWeekList, useWorkYears } from '../lib/lookups';

type TYearSelectProps = { value: number | null; onChange: (year: number) => void; disabled?: boolean; id?: string };

/** The work years: those with weeks, this year and next year (issue 8 #4); callers choose the current year first. */
export function WorkYearSelect({ value, onChange, disabled, id = 'work-year' }: TYearSelectProps) {
  const years = useWorkYears(value);
  return (
    <TextField
      select
      id={id}
      label="Work year"
      size="small"
      value={value ?? ''}
      onChange={(e) => onChange(Number(e.target.value))}
      disabled={disabled}
      fullWidth
    >
      {years.map((y) => (
        <MenuItem key={y} value={y}>
          {y}
        </MenuItem>
      ))}
    </TextField>
  );
}

type TWeekSelectProps = {
  year: number | null;
  value: number | '' | null;
  onChange: (weekId: number | null) => void;
  /** The text of the "no week" choice; none is offered when omitted. */
  anyLabel?: string;
  label?: string;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  onBlur?: () => void;
  id?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  /** Only the weeks starting in this quarter; every week when null or omitted. */
  quarter?: number | null;
  /** The chosen week in short ('Week 46 · 11/16 – 11/22'); the whole label when false. */
  compact?: boolean;
  /** A week the list does not hold (yet) shows as the "no week" choice rather than blank. */
  unknownAsAny?: boolean;
  /** The text under the field when there are no weeks to choose; null: none. */
  emptyText?: string | null;
};

/** The work weeks of a year from GetWorkWeekList ('Week 12 (03/16/2026 - 03/22/2026)'). */
export function WeekSelect(props: TWeekSelectProps) {
  const { year, value, onChange, anyLabel, label = 'Week', required, error, disabled, onBlur, id = 'work-week', size = 'small', sx, quarter, compact = true } = props;
  const weeks = useWorkWeekList(year);
  const items = (weeks.data ?? []).filter((w) => !quarter || quarterOf(w.startDate) === quarter);
  // A chosen week the list does not hold (yet) shows as blank rather than a warning.
  // "No week" (0) shows as its label when one is offered.
  const known = (value === 0 && !!anyLabel) || (value !== '' && value !== null && items.some((w) => w.value === value));
  const shown = known ? value : props.unknownAsAny && anyLabel ? 0 : '';
  const emptyText = props.emptyText === undefined ? `No work weeks for ${year}` : props.emptyText;
  return (
    <TextField
      select
      id={id}
      label={label}
      size={size}
      required={required}
      value={shown}
      onChange={(e) => {
        const v = Number(e.target.value);
        onChange(v > 0 ? v : null);
      }}
      onBlur={onBlur}
      disabled={disabled}
      error={!!error}
      helperText={error ?? (weeks.isSuccess && !items.length && emptyText ? emptyText : undefined)}
      fullWidth
      sx={sx}
      slotProps={{
        select: {
          // The chosen week in short: 'Week 46 · 11/16 – 11/22'.
          renderValue: compact
            ? (v) => {
                const item = items.find((w) => w.value === v);
                if (!item) return anyLabel ?? '';
                return item.label.replace(/\s*\((\d{2}\/\d{2})\/\d{4}\s*-\s*(\d{2}\/\d{2})\/\d{4}\)/, ' · $1 – $2');
              }
            : undefined,
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
      }}
    >
      {anyLabel && <MenuItem value={0}>{anyLabel}</MenuItem>}
      {items.map((w) => (
        <MenuItem key={String(w.value)} value={w.value as number}>
          {w.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
