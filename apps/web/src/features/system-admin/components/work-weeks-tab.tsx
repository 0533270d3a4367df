import { type TWorkWeek, workYearOptions, ZGenerateWeeksQuery } from '@haulboard/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { Alert, Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type TColumn } from '../../../components/data-table';
import { formatDate } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { failureMessage } from '../../../lib/mutation';
import { useDeleteWorkWeeks } from '../api/delete-work-weeks';
import { useGenerateWorkWeeks } from '../api/generate-work-weeks';
import { useWorkWeeks, workWeeksQuery } from '../api/get-work-weeks';

const columns: TColumn<TWorkWeek>[] = [
  // Phones leave out the id and the year (the one selected above) to keep the week's dates in view.
  { id: 'weekId', header: 'Week ID', cell: (w) => w.weekId, align: 'right', width: 96, hideOnMobile: true },
  { id: 'year', header: 'Year', cell: (w) => w.year, align: 'right', width: 80, hideOnMobile: true },
  { id: 'number', header: 'Week', cell: (w) => w.number, align: 'right', width: 76 },
  { id: 'startDate', header: 'Start date', cell: (w) => formatDate(w.startDate), width: 120 },
  { id: 'endDate', header: 'End date', cell: (w) => formatDate(w.endDate), width: 120 },
];

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * What a person should confirm before weeks start on `day`: a gap or an overlap after the previous
 * year's last week, or a weekday other than the one the company's weeks start on. Null when none.
 */
export function generationWarning(day: string, previousYear: readonly TWorkWeek[], known: readonly TWorkWeek[]): string | null {
  const last = [...previousYear].sort((a, b) => a.endDate.localeCompare(b.endDate)).at(-1);
  if (last) {
    const next = addDays(last.endDate.slice(0, 10), 1);
    if (day > next) return `The weeks of ${day.slice(0, 4) } would leave ${formatDate(next)} to ${formatDate(addDays(day, -1))} in no week.`;
    if (day < next) return `Week 1 would start on ${formatDate(day)}, inside the last week of ${last.year} (to ${formatDate(last.endDate)}).`;
  } else if (day > `${day.slice(0, 4)}-01-07`) {
    return `The weeks would start on ${formatDate(day)}, leaving ${formatDate(`${day.slice(0, 4)}-01-01`)} to ${formatDate(addDays(day, -1))} in no week.`;
  }
  const usual = known[0]?.startDate.slice(0, 10);
  if (usual && weekdayOf(usual) !== weekdayOf(day)) {
    return `The company's weeks start on ${WEEKDAYS[weekdayOf(usual)]}; ${formatDate(day)} is a ${WEEKDAYS[weekdayOf(day)]}.`;
  }
  return null;
}

/**
 * Issue #3 Work Weeks: a date and Generate (consecutive 7-day weeks for the date's year), a year
 * select (2021 through next year) and Delete, and that year's weeks.
 */
export function WorkWeeksTab({ canWrite }: { canWrite: boolean }) {
  const years = workYearOptions();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const weeks = useWorkWeeks(year);
  // Show the year just generated, when the select offers it.
  const generate = useGenerateWorkWeeks({
    onGenerated: (generated) => {
      const generatedYear = Number(generated.slice(0, 4));
      if (years.includes(generatedYear)) setYear(generatedYear);
    },
    idempotency: useIdempotencyKey(),
  });
  const remove = useDeleteWorkWeeks({ idempotency: useIdempotencyKey(confirming) });

  const queryClient = useQueryClient();
  // A generation that leaves a gap, overlaps, or starts on another weekday asks first.
  const [asking, setAsking] = useState<{ day: string; text: string } | null>(null);
  const onGenerate = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZGenerateWeeksQuery.shape.date.safeParse(date);
    if (!parsed.success) {
      setDateError(parsed.error.issues[0]?.message ?? 'Enter a valid date');
      return;
    }
    const day = parsed.data;
    const dayYear = Number(day.slice(0, 4));
    // Only years the pages can choose: weeks of any other year could never be picked anywhere.
    if (!years.includes(dayYear)) {
      setDateError(`Choose a day in ${years[0]} to ${years[years.length - 1]}: the pages offer those years`);
      return;
    }
    setDateError(null);
    const before = await queryClient.fetchQuery(workWeeksQuery(dayYear - 1)).catch(() => []);
    const known = before.length ? before : await queryClient.fetchQuery(workWeeksQuery(dayYear + 1)).catch(() => []);
    const text = generationWarning(day, before, known);
    if (text) setAsking({ day, text });
    else generate.mutate(day);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Paper variant="outlined" component="form" noValidate onSubmit={onGenerate} sx={{ p: 2 }} aria-labelledby="generate-weeks-title">
          <Typography id="generate-weeks-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
            Generate work weeks
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              type="date"
              label="First day of week 1"
              size="small"
              value={date}
              onChange={(event) => {
                setDate(event.target.value);
                setDateError(null);
              }}
              disabled={!canWrite}
              error={!!dateError}
              helperText={dateError ?? 'Weeks of 7 days follow through that year'}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: '1 1 200px' }}
            />
            <Button type="submit" variant="contained" startIcon={<EventRepeatIcon />} loading={generate.isPending} disabled={!canWrite || !date}>
              Generate
            </Button>
          </Box>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="year-weeks-title">
          <Typography id="year-weeks-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
            Weeks of a year
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              select
              label="Year"
              size="small"
              value={year}
              onChange={(event) => setYear(Number(event.target.value))}
              helperText={weeks.data ? `${weeks.data.length} weeks` : ' '}
              sx={{ flex: '1 1 200px' }}
            >
              {years.map((y) => (
                <MenuItem key={y} value={y}>
                  {y}
                </MenuItem>
              ))}
            </TextField>
            {canWrite && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteOutlineIcon />}
                onClick={() => setConfirming(true)}
                disabled={!weeks.data?.length}
              >
                Delete
              </Button>
            )}
          </Box>
        </Paper>
      </Box>
      {weeks.isError && <Alert severity="error">{failureMessage(weeks.error)}</Alert>}
      <DataTable
        aria-label={`Work weeks of ${year}`}
        columns={columns}
        rows={weeks.data ?? []}
        rowKey={(w) => w.weekId}
        loading={weeks.isFetching}
        defaultSort={{ id: 'number', desc: false }}
        emptyText={`No work weeks for ${year}`}
        maxHeight="max(320px, calc(100vh - 480px))"
      />
      <ConfirmDialog
        open={!!asking}
        title="Generate these work weeks?"
        text={asking ? `${asking.text} Generate the weeks of ${asking.day.slice(0, 4)} from ${formatDate(asking.day)} anyway?` : ''}
        confirmText="Generate"
        color="warning"
        busy={generate.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && generate.mutateAsync(asking.day, { onSettled: () => setAsking(null) })}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete work weeks"
        text={`Are you sure you want to delete the work weeks of ${year}`}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutateAsync(year, { onSettled: () => setConfirming(false) })}
      />
    </Box>
  );
}
