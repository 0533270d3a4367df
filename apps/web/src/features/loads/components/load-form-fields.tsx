import type { TLookupItem } from '@haulboard/contract';
import { Box, Checkbox, FormControlLabel, MenuItem, type SxProps, TextField, type Theme } from '@mui/material';
import { type Control, Controller } from 'react-hook-form';
import { FormDateField, FormSelect, FormTextField } from '../../../components/form-fields';
import { useBrokerList, useCompanyDrivers, useLoadStatuses, useStates } from '../api/board-lookups';
import type { TLoadFormValues } from '../lib/load-form';
import { LoadWeekField } from './load-week-field';
import { PayoutField } from './payout-field';

type TFieldsProps = {
  control: Control<TLoadFormValues>;
  disabled: boolean;
  /** The edited load's broker stays selectable even when it is inactive now. */
  brokerId: number | null;
  weekYear: number;
  initialPayoutManual: boolean;
  /** The edited load's drivers, so one who left the company still shows by name. */
  loadDrivers: TLookupItem[];
  /** An imported load's board broker that the company does not have yet (saving adds it). */
  pendingBroker?: TLookupItem | null;
  /** Told while the start date lies outside the chosen work week (the warning's text), else null. */
  onOutsideWeek?: (warning: string | null) => void;
};

type TTextName = 'loadNumber' | 'originCity' | 'destinationCity' | 'tripLength' | 'numberOfStops' | 'pricePerMile' | 'comments';
type TSelectName = 'brokerId' | 'originStateId' | 'destinationStateId' | 'loadStatusId';

const full = { gridColumn: '1 / -1' };

/** Spec §3 Load: every field of the load dialog, bound to the form. */
export function LoadFormFields({ control, disabled, brokerId, weekYear, initialPayoutManual, loadDrivers, pendingBroker, onOutsideWeek }: TFieldsProps) {
  const brokers = useBrokerList(brokerId);
  const brokerItems = pendingBroker && brokers.data ? [pendingBroker, ...brokers.data] : brokers.data;
  const states = useStates();
  const statuses = useLoadStatuses();
  const companyDrivers = useCompanyDrivers();
  const driverItems = [...(companyDrivers.data ?? []), ...loadDrivers.filter((d) => !companyDrivers.data?.some((c) => c.value === d.value))];

  const text = (name: TTextName, label: string, options: { required?: boolean; inputMode?: 'decimal' | 'numeric'; multiline?: boolean; sx?: SxProps<Theme> } = {}) => (
    <FormTextField
      control={control}
      name={name}
      id={`load-${name}`}
      label={label}
      size="small"
      required={options.required ?? true}
      disabled={disabled}
      multiline={options.multiline}
      minRows={options.multiline ? 2 : undefined}
      // No maxLength: the browser would cut a pasted text silently; the schema's limit shows as the person types.
      slotProps={{ htmlInput: { inputMode: options.inputMode } }}
      sx={options.sx}
      fullWidth
    />
  );

  const select = (name: TSelectName, label: string, items: TLookupItem[] | undefined) => (
    <FormSelect control={control} name={name} id={`load-${name}`} label={label} size="small" required disabled={disabled} items={items} tallMenu fullWidth />
  );

  const dateTime = (name: 'loadStartDate' | 'loadEndDate', label: string) => (
    <FormDateField control={control} name={name} withTime id={`load-${name}`} label={label} size="small" required disabled={disabled} fullWidth />
  );

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
      {text('loadNumber', 'Load number')}
      {select('loadStatusId', 'Status', statuses.data)}
      <Box sx={full}>{select('brokerId', 'Broker', brokerItems)}</Box>
      {dateTime('loadStartDate', 'Start date')}
      {dateTime('loadEndDate', 'End date')}
      <Box sx={full}>
        <LoadWeekField control={control} initialYear={weekYear} disabled={disabled} onOutsideWeek={onOutsideWeek} />
      </Box>
      {text('originCity', 'Origin city')}
      {select('originStateId', 'Origin state', states.data)}
      {text('destinationCity', 'Destination city')}
      {select('destinationStateId', 'Destination state', states.data)}
      {text('tripLength', 'Trip length (miles)', { inputMode: 'decimal' })}
      {text('numberOfStops', 'Number of stops', { inputMode: 'numeric' })}
      {text('pricePerMile', 'Price per mile', { inputMode: 'decimal' })}
      <PayoutField control={control} disabled={disabled} initialManual={initialPayoutManual} />
      <Controller
        name="loadDrivers"
        control={control}
        render={({ field, fieldState }) => {
          const pick = (index: 0 | 1, value: number) => {
            const next = [...field.value];
            next[index] = value;
            // Driver 2 without driver 1 becomes driver 1; nobody is listed twice.
            field.onChange(next.filter((d, i) => d > 0 && next.indexOf(d) === i));
          };
          const driverSelect = (index: 0 | 1, label: string) => (
            <TextField
              select
              id={`load-driver-${index + 1}`}
              label={label}
              size="small"
              disabled={disabled || (index === 1 && !field.value[0])}
              value={field.value[index] ?? 0}
              onChange={(e) => pick(index, Number(e.target.value))}
              onBlur={field.onBlur}
              error={!!fieldState.error}
              helperText={index === 1 ? (fieldState.error?.message ?? (disabled || !field.value[0] ? undefined : 'A second driver makes a team')) : undefined}
              fullWidth
            >
              <MenuItem value={0}>{index === 0 ? 'No driver yet' : 'No second driver'}</MenuItem>
              {driverItems
                .filter((d) => index === 0 || d.value !== field.value[0])
                .map((d) => (
                  <MenuItem key={String(d.value)} value={d.value as number}>
                    {d.label}
                  </MenuItem>
                ))}
            </TextField>
          );
          return (
            <>
              {driverSelect(0, 'Driver')}
              {driverSelect(1, 'Team driver')}
            </>
          );
        }}
      />
      <Controller
        name="isDispute"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            sx={full}
            control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} disabled={disabled} />}
            label="In dispute"
          />
        )}
      />
      {text('comments', 'Comments', { required: false, multiline: true, sx: full })}
    </Box>
  );
}
