import { lastWorkWeekYear, type TWorkWeek, type TWorkWeekPlan, WORK_WEEK_FIRST_YEAR, ZGenerateWeeksQuery } from '@haulboard/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { Alert, Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type TColumn } from '../../../components/data-table';
import { formatDate } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useWorkYears } from '../../../lib/lookups';
import { failureMessage, notifyFailure } from '../../../lib/mutation';
import { useDeleteWorkWeeks } from '../api/delete-work-weeks';
import { useGenerateWorkWeeks } from '../api/generate-work-weeks';
import { useWorkWeeks } from '../api/get-work-weeks';
import { planWorkWeeksQuery } from '../api/plan-work-weeks';

const columns: TColumn<TWorkWeek>[] = [
  // Phones leave out the id and the year (the one selected above) to keep the week's dates in view.
  { id: 'weekId', header: 'Week ID', cell: (w) => w.weekId, align: 'right', width: 96, hideOnMobile: true },
  { id: 'year', header: 'Year', cell: (w) => w.year, align: 'right', width: 80, hideOnMobile: true },
  { id: 'number', header: 'Week', cell: (w) => w.number, align: 'right', width: 76 },
  { id: 'startDate', header: 'Start date', cell: (w) => formatDate(w.startDate), width: 120 },
  { id: 'endDate', header: 'End date', cell: (w) => formatDate(w.endDate), width: 120 },
];

/** What a plan asks of the person: nothing, a confirmation of its warnings, or a refusal to show. */
export type TPlanStep = { kind: 'generate' } | { kind: 'ask'; text: string } | { kind: 'refused'; text: string };

/** The server's plan (PlanWorkWeeks) as the next step: a refusal first, then warnings to confirm. */
export function planStep(plan: TWorkWeekPlan): TPlanStep {
  if (plan.refusal) return { kind: 'refused', text: plan.refusal };
  if (plan.warnings.length) return { kind: 'ask', text: plan.warnings.join(' ') };
  return { kind: 'generate' };
}

/**
 * Issue #3 Work Weeks: a date and Generate (consecutive 7-day weeks for the date's year), a year
 * select (the years with weeks, this year and next year: GetWorkYears) and Delete, and that
 * year's weeks. Before generating, the server's plan says what to confirm (issue 8 #4). Read-only
 * people see the weeks and a sentence instead of a disabled form.
 */
export function WorkWeeksTab({ canWrite }: { canWrite: boolean }) {
  const [year, setYear] = useState(() => new Date().getFullYear());
  const years = useWorkYears(year);
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const weeks = useWorkWeeks(year);
  // Any year from 2000 to two years ahead; once generated, the year selects offer it.
  const lastYear = lastWorkWeekYear();
  // Show the year just generated.
  const generate = useGenerateWorkWeeks({ onGenerated: (generated) => setYear(Number(generated.slice(0, 4))), idempotency: useIdempotencyKey() });
  const remove = useDeleteWorkWeeks({ idempotency: useIdempotencyKey(confirming) });

  const queryClient = useQueryClient();
  // A generation that leaves a gap or starts on another weekday asks first; one the server would refuse is not sent.
  const [asking, setAsking] = useState<{ day: string; text: string } | null>(null);
  const [planning, setPlanning] = useState(false);
  const onGenerate = async (event: FormEvent) => {
    event.preventDefault();
    if (planning) return;
    const parsed = ZGenerateWeeksQuery.shape.date.safeParse(date);
    if (!parsed.success) {
      setDateError(parsed.error.issues[0]?.message ?? 'Enter a valid date');
      return;
    }
    const day = parsed.data;
    setDateError(null);
    setPlanning(true);
    try {
      const step = planStep(await queryClient.fetchQuery(planWorkWeeksQuery(day)));
      if (step.kind === 'refused') setDateError(step.text);
      else if (step.kind === 'ask') setAsking({ day, text: step.text });
      else generate.mutate(day);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setPlanning(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Paper variant="outlined" component="form" noValidate onSubmit={onGenerate} sx={{ p: 2 }} aria-labelledby="generate-weeks-title">
          <Typography id="generate-weeks-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
            Generate work weeks
          </Typography>
          {canWrite ? (
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
                error={!!dateError}
                helperText={dateError ?? `Weeks of 7 days follow through that year (${WORK_WEEK_FIRST_YEAR} to ${lastYear})`}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: `${WORK_WEEK_FIRST_YEAR}-01-01`, max: `${lastYear}-12-31` } }}
                sx={{ flex: '1 1 200px' }}
              />
              <Button type="submit" variant="contained" startIcon={<EventRepeatIcon />} loading={generate.isPending || planning} disabled={!date}>
                Generate
              </Button>
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Weeks of 7 days follow through a year from the first day of week 1. Generating and deleting weeks needs Write access to System Admin.
            </Typography>
          )}
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
