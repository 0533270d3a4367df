import { Box } from '@mui/material';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { type Control, useController, useWatch } from 'react-hook-form';
import { useWorkWeekList } from '../api/board-lookups';
import type { TLoadFormValues } from '../lib/load-form';
import { weekOn } from '../lib/lookup-labels';
import { WeekSelect, WorkYearSelect } from './week-select';

type TLoadWeekFieldProps = { control: Control<TLoadFormValues>; initialYear: number; disabled: boolean };

/**
 * The load's work week: a year to list weeks from, then the week. A week not in the first year
 * looked at (a week that starts in December, say) is found in the next or previous year; with no
 * week chosen yet, the week holding the start date is offered.
 */
export function LoadWeekField({ control, initialYear, disabled }: TLoadWeekFieldProps) {
  const { field, fieldState } = useController({ control, name: 'weekId' });
  const startDate = useWatch({ control, name: 'loadStartDate' });
  const [year, setYear] = useState(initialYear);
  const [hops, setHops] = useState(0);
  const weeks = useWorkWeekList(year);

  useEffect(() => {
    if (!weeks.data) return;
    const chosen = field.value;
    if (chosen !== '' && !weeks.data.some((w) => w.value === chosen) && hops < 2) {
      setHops(hops + 1);
      setYear(hops === 0 ? initialYear + 1 : initialYear - 1);
    }
  }, [weeks.data, field.value, hops, initialYear]);

  useEffect(() => {
    if (field.value !== '' || !startDate || disabled) return;
    const day = dayjs(startDate);
    if (!day.isValid()) return;
    if (day.year() !== year) {
      setYear(day.year());
      return;
    }
    const week = weeks.data && weekOn(weeks.data, day.toDate());
    if (week) field.onChange(week.weekId);
  }, [startDate, weeks.data, year, field, disabled]);

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '96px 1fr', gap: 1.5 }}>
      <WorkYearSelect
        value={year}
        onChange={(y) => {
          setYear(y);
          setHops(2);
        }}
        disabled={disabled}
        id="load-week-year"
      />
      <WeekSelect
        year={year}
        value={field.value}
        onChange={(w) => field.onChange(w ?? '')}
        onBlur={field.onBlur}
        label="Work week"
        required
        error={fieldState.error?.message}
        disabled={disabled}
        id="load-week"
      />
    </Box>
  );
}
