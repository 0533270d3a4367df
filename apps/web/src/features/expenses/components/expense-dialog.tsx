import { zodResolver } from '@hookform/resolvers/zod';
import { EXPENSE_TEXT, FREQUENCY, lookupRoutes, MAX_OCCURRENCES, type TExpense, type TExpenseForm, type TExpenseFormOutput, ZExpenseForm } from '@haulboard/contract';
import { Alert, Box, InputAdornment, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { showFieldErrors } from '../../../lib/form-errors';
import { lookupQuery } from '../../../lib/lookups';
import { failureMessage } from '../../../lib/mutation';
import { useUpsertExpense } from '../api/upsert-expense';
import { EXPENSE_FIELDS, expenseFormValues, type TExpenseField } from '../expense-form-values';
import { scheduleSummary } from '../schedule-summary';

type TOption = { label: string; value: number };

/** A select on a numeric id; '' while nothing is chosen. */
function IdSelect({
  form,
  name,
  label,
  options,
  required = false,
  emptyLabel,
}: {
  form: ReturnType<typeof useForm<TExpenseForm, unknown, TExpenseFormOutput>>;
  name: 'expenseTypeId' | 'frequencyTypeId' | 'expenseUserId';
  label: string;
  options: TOption[] | undefined;
  required?: boolean;
  /** An entry for "none" (the driver select: a company expense). */
  emptyLabel?: string;
}) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          required={required}
          fullWidth
          value={options ? ((field.value as number | '' | null) ?? '') : ''}
          onChange={(event) => field.onChange(event.target.value === '' ? '' : Number(event.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={!options}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? ' '}
          slotProps={emptyLabel === undefined ? undefined : { select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
          {(options ?? []).map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

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
  const upsert = useUpsertExpense({ onSaved: onClose });
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

  const text = (
    name: Exclude<TExpenseField, 'expenseTypeId' | 'frequencyTypeId' | 'expenseUserId'>,
    label: string,
    options: { required?: boolean; type?: string; full?: boolean; multiline?: boolean; helper?: string; disabled?: boolean; money?: boolean } = {},
  ) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={(field.value as string | number | null | undefined) ?? ''}
          label={label}
          required={options.required ?? false}
          type={options.type}
          autoComplete="off"
          multiline={options.multiline}
          minRows={options.multiline ? 2 : undefined}
          fullWidth
          disabled={options.disabled}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? options.helper ?? ' '}
          sx={options.full ? { gridColumn: '1 / -1' } : undefined}
          slotProps={{
            inputLabel: options.type === 'date' ? { shrink: true } : undefined,
            input: options.money ? { startAdornment: <InputAdornment position="start">$</InputAdornment> } : undefined,
            htmlInput: options.type === 'number' ? { min: 0, max: MAX_OCCURRENCES, step: 1 } : options.money ? { inputMode: 'decimal' } : undefined,
          }}
        />
      )}
    />
  );

  const lookupError = [types, frequencies, drivers].find((q) => q.isError)?.error;
  return (
    <FormDialog
      open
      title={expense ? 'Edit expense' : 'Add expense'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={upsert.isPending}
      submitDisabled={!form.formState.isValid || !types.data || !frequencies.data}
      form={form}
      draftKey={`expense:${expense?.companyExpenseId ?? 'new'}`}
    >
      {lookupError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(lookupError)}
        </Alert>
      )}
      <Box sx={{ display: 'grid', columnGap: 2, rowGap: 0.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        <IdSelect form={form} name="expenseTypeId" label="Expense type" required options={types.data?.map((t) => ({ label: t.label, value: Number(t.value) }))} />
        {text('amount', 'Amount', { required: true, money: true })}
        {text('expenseName', 'Description', { required: true, full: true })}
        <IdSelect form={form} name="frequencyTypeId" label="Frequency" required options={frequencies.data?.map((f) => ({ label: f.label, value: Number(f.value) }))} />
        {text('occurences', 'Occurrences', { type: 'number', disabled: isOneTime, helper: isOneTime ? 'Once' : 'Empty: until the end date, or no end' })}
        {text('expenseDate', 'Expense date', { type: 'date', helper: isOneTime ? 'The day it is charged' : ' ' })}
        <IdSelect form={form} name="expenseUserId" label="Driver" options={driverOptions} emptyLabel="None (company expense)" />
        {text('expenseStartDate', 'Start date', { type: 'date', helper: isOneTime ? ' ' : 'The first occurrence' })}
        {text('expenseEndDate', 'End date', { type: 'date' })}
        {text('comments', 'Comments', { full: true, multiline: true })}
      </Box>
      <Typography variant="body2" color="text.secondary" role="status" aria-label="Schedule">
        {summary}
      </Typography>
    </FormDialog>
  );
}
