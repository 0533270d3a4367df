import { Box, FormHelperText } from '@mui/material';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { type Control, useController, useWatch } from 'react-hook-form';
import { WeekSelect, WorkYearSelect } from '../../../components/week-select';
import { formatDate } from '../../../lib/format';
import { useWorkWeekList } from '../api/board-lookups';
import type { TLoadFormValues } from '../lib/load-form';
import { isoDay, readWeek, weekOn } from '../lib/lookup-labels';

type TLoadWeekFieldProps = {
  control: Control<TLoadFormValues>;
  initialYear: number;
  disabled: boolean;
  /** Told the warning text while the start date lies outside the chosen week, else null. */
  onOutsideWeek?: (warning: string | null) => void;
};

/**
 * The load's work week: a year to list weeks from, then the week. The week follows the start
 * date (the week holding it) until the person picks a week or a year by hand; from then on a start
 * date outside the chosen week is a warning, and saving asks first (the dialog's part). A week not
 * in the first year looked at (a week that starts in December, say) is found in the next or
 * previous year.
 */
export function LoadWeekField({ control, initialYear, disabled, onOutsideWeek }: TLoadWeekFieldProps) {
  const { field, fieldState } = useController({ control, name: 'weekId' });
  const startDate = useWatch({ control, name: 'loadStartDate' });
  const [year, setYear] = useState(initialYear);
  const [hops, setHops] = useState(0);
  const [byHand, setByHand] = useState(false);
  const weeks = useWorkWeekList(year);
  const lastStart = useRef(startDate);
  // The day the week should follow: set when the start date changes (or at first, with no week yet).
  const [follow, setFollow] = useState<string | null>(null);

  useEffect(() => {
    if (!weeks.data) return;
    const chosen = field.value;
    if (chosen !== '' && !weeks.data.some((w) => w.value === chosen) && hops < 2) {
      setHops(hops + 1);
      setYear(hops === 0 ? initialYear + 1 : initialYear - 1);
    }
  }, [weeks.data, field.value, hops, initialYear]);

  useEffect(() => {
    const changed = lastStart.current !== startDate;
    lastStart.current = startDate;
    if (disabled || byHand || !startDate) return;
    const day = dayjs(startDate);
    if (!day.isValid()) return;
    if (changed || field.value === '') setFollow(isoDay(day.toDate()));
  }, [startDate, disabled, byHand, field.value]);

  useEffect(() => {
    if (!follow) return;
    const followYear = Number(follow.slice(0, 4));
    if (followYear !== year) {
      setHops(2);
      setYear(followYear);
      return;
    }
    if (!weeks.data) return;
    const week = weekOn(weeks.data, dayjs(follow).toDate());
    setFollow(null);
    if (week && week.weekId !== field.value) field.onChange(week.weekId);
  }, [follow, year, weeks.data, field]);

  const chosen = weeks.data?.find((w) => w.value === field.value);
  const week = chosen ? readWeek(chosen) : null;
  const day = startDate && dayjs(startDate).isValid() ? isoDay(dayjs(startDate).toDate()) : null;
  const outside =
    week && day && !follow && (day < week.startDate || day > week.endDate)
      ? `The start date ${formatDate(day)} is outside week ${week.number} (${formatDate(week.startDate)} – ${formatDate(week.endDate)})`
      : null;
  useEffect(() => {
    onOutsideWeek?.(outside);
  }, [outside, onOutsideWeek]);

  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '96px 1fr', gap: 1.5 }}>
        <WorkYearSelect
          value={year}
          onChange={(y) => {
            setYear(y);
            setHops(2);
            setByHand(true);
          }}
          disabled={disabled}
          id="load-week-year"
        />
        <WeekSelect
          year={year}
          value={field.value}
          onChange={(w) => {
            setByHand(true);
            setFollow(null);
            field.onChange(w ?? '');
          }}
          onBlur={field.onBlur}
          label="Work week"
          required
          error={fieldState.error?.message}
          disabled={disabled}
          id="load-week"
        />
      </Box>
      {outside && !disabled && (
        <FormHelperText role="status" sx={{ color: 'warning.main', mx: 1.75 }}>
          {outside}
        </FormHelperText>
      )}
    </Box>
  );
}
