import { EXPENSE_TEXT, FREQUENCY, lookupRoutes, MAX_OCCURRENCES, type TExpense, type TExpenseForm, type TExpenseFormOutput, ZExpenseForm } from '@haulboard/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormDateField, FormNumberField, FormSelect, FormTextField, type TSelectItem } from '../../../components/form-fields';
import { showFieldErrors } from '../../../lib/form-errors';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { closedWeekOf, closedWeekReason, lookupQuery, useWorkWeekList } from '../../../lib/lookups';
import { failureMessage } from '../../../lib/mutation';
import { useUpsertExpense } from '../api/upsert-expense';
import { EXPENSE_FIELDS, expenseFormValues } from '../expense-form-values';
import { scheduleSummary } from '../schedule-summary';

type TExpenseDialogProps = {
  /** The expense to edit, or null to add one. */
  expense: TExpense | null;
  onClose: () => void;
};

/**
 * Spec §5 Expense form: type, description, amount and frequency required ('Field is required');
 * dates, driver and comments optional. The occurrence rule also needs a first day (the expense date
 * or the start date). Save stays disabled while the form is invalid.
 */
export function ExpenseDialog({ expense, onClose }: TExpenseDialogProps) {
  const types = useQuery(lookupQuery(lookupRoutes.getExpenseTypeList));
  const frequencies = useQuery(lookupQuery(lookupRoutes.getFrequencyTypeList));
  const drivers = useQuery(lookupQuery(lookupRoutes.getCompanyDrivers));
  const upsert = useUpsertExpense({ onSaved: onClose, idempotency: useIdempotencyKey() });
  const form = useForm<TExpenseForm, unknown, TExpenseFormOutput>({
    resolver: zodResolver(ZExpenseForm),
    defaultValues: expenseFormValues(expense),
    mode: 'onTouched',
  });
  const [frequency, occurences, expenseDate, expenseStartDate, expenseEndDate] = form.watch([
    'frequencyTypeId',
    'occurences',
    'expenseDate',
    'expenseStartDate',
    'expenseEndDate',
  ]);
  const isOneTime = frequency === FREQUENCY.OneTime;
  // A driver's one-time expense of a week closed for settlements opens read-only with the reason
  // (a company expense is in no settlement; a recurring rule may still change after the closed
  // weeks, which the server judges on Save).
  const chargedOn =
    expense?.expenseUserId && expense.frequencyTypeId === FREQUENCY.OneTime ? (expense.expenseDate ?? expense.expenseStartDate) : null;
  const chargedWeeks = useWorkWeekList(chargedOn ? Number(chargedOn.slice(0, 4)) : null);
  const closedWeek = chargedOn ? closedWeekOf(chargedWeeks.data, { date: chargedOn }) : null;
  // When the rule charges, or what it still needs: Save stays disabled without a first day.
  const summary = scheduleSummary({ frequencyTypeId: frequency, occurences, expenseDate, expenseStartDate, expenseEndDate }) || EXPENSE_TEXT.needsDate;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await upsert.mutateAsync(values);
    } catch (error) {
      showFieldErrors(form.setError, error, EXPENSE_FIELDS);
    }
  });

  // The receiver stays selectable when editing an expense of a driver who is no longer active.
  const driverOptions = drivers.data?.map((d) => ({ label: d.label, value: Number(d.value) }));
  if (driverOptions && expense?.expenseUserId && !driverOptions.some((d) => d.value === expense.expenseUserId)) {
    driverOptions.push({ label: expense.expenseUserName ?? `User ${expense.expenseUserId}`, value: expense.expenseUserId });
  }

  const control = form.control;
  type TTextOptions = { required?: boolean; full?: boolean; multiline?: boolean; helper?: string; disabled?: boolean };
  const common = (label: string, options: TTextOptions) => ({
    label,
    required: options.required ?? false,
    autoComplete: 'off',
    fullWidth: true,
    disabled: options.disabled,
    helperText: options.helper ?? ' ',
    sx: options.full ? { gridColumn: '1 / -1' } : undefined,
  });
  const text = (name: 'expenseName' | 'comments', label: string, options: TTextOptions = {}) => (
    <FormTextField control={control} name={name} {...common(label, options)} multiline={options.multiline} minRows={options.multiline ? 2 : undefined} />
  );
  const date = (name: 'expenseDate' | 'expenseStartDate' | 'expenseEndDate', label: string, options: TTextOptions = {}) => (
    <FormDateField control={control} name={name} {...common(label, options)} />
  );
  const select = (name: 'expenseTypeId' | 'frequencyTypeId' | 'expenseUserId', label: string, items: TSelectItem[] | undefined, emptyLabel?: string) => (
    <FormSelect control={control} name={name} label={label} required={!emptyLabel} fullWidth items={items} disabled={!items} emptyLabel={emptyLabel} helperText=" " />
  );

  const lookupError = [types, frequencies, drivers].find((q) => q.isError)?.error;
  return (
    <FormDialog
      open
      title={closedWeek ? 'Expense (closed week)' : expense ? 'Edit expense' : 'Add expense'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={upsert.isPending}
      submitDisabled={!!closedWeek || !form.formState.isValid || !types.data || !frequencies.data}
      form={form}
      schema={ZExpenseForm}
      draftKey={`expense:${expense?.companyExpenseId ?? 'new'}`}
    >
      {lookupError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(lookupError)}
        </Alert>
      )}
      {closedWeek && (
        <Alert severity="warning" icon={<LockOutlinedIcon />} sx={{ mb: 2 }} data-testid="closed-week-lock">
          {closedWeekReason(closedWeek)}
        </Alert>
      )}
      <Box inert={!!closedWeek} sx={{ display: 'grid', columnGap: 2, rowGap: 0.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        {select('expenseTypeId', 'Expense type', types.data?.map((t) => ({ label: t.label, value: Number(t.value) })))}
        <FormNumberField control={control} name="amount" {...common('Amount', { required: true })} prefix="$" inputMode="decimal" />
        {text('expenseName', 'Description', { required: true, full: true })}
        {select('frequencyTypeId', 'Frequency', frequencies.data?.map((f) => ({ label: f.label, value: Number(f.value) })))}
        <FormTextField
          control={control}
          name="occurences"
          {...common('Occurrences', { disabled: isOneTime, helper: isOneTime ? 'Once' : 'Empty: until the end date, or no end' })}
          type="number"
          slotProps={{ htmlInput: { min: 0, max: MAX_OCCURRENCES, step: 1 } }}
        />
        {date('expenseDate', 'Expense date', { helper: isOneTime ? 'The day it is charged' : ' ' })}
        {select('expenseUserId', 'Driver', driverOptions, 'None (company expense)')}
        {date('expenseStartDate', 'Start date', { helper: isOneTime ? ' ' : 'The first occurrence' })}
        {date('expenseEndDate', 'End date')}
        {text('comments', 'Comments', { full: true, multiline: true })}
      </Box>
      <Typography variant="body2" color="text.secondary" role="status" aria-label="Schedule">
        {summary}
      </Typography>
    </FormDialog>
  );
}
