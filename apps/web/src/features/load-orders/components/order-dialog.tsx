import {
  EXCLUDABLE_STATES,
  LOAD_ORDER_DEFAULTS,
  LOADING_TYPES,
  ORDER_ACTIONS,
  ORDER_TEXT,
  ORDER_TIME_ZONES,
  RADIUS_OPTIONS,
  STOP_OPTIONS,
  type TLoadOrder,
  type TLocation,
  US_STATES,
  WORK_TYPES,
  ZLoadOrderForm,
} from '@haulboard/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Autocomplete, Box, Chip, IconButton, InputAdornment, TextField, Tooltip, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { FormDateField, FormNumberField, FormSelect, type TSelectItem } from '../../../components/form-fields';
import { showFieldErrors } from '../../../lib/form-errors';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { failureMessage } from '../../../lib/mutation';
import { useOrderDrivers } from '../api/get-drivers';
import { usePlaceOrder } from '../api/place-order';
import { ORDER_FIELDS, orderBody, orderFormValues, type TOrderFormState } from '../order-form-values';
import { LocationDialog } from './location-dialog';

const STATE_NAMES: Record<string, string> = Object.fromEntries(US_STATES.map(([name, code]) => [code, name]));
const WORK_TYPE_LABELS: Record<string, string> = { Any: 'Any', ONE_WAY: 'One way', ROUND_TRIP: 'Round trip' };

/** The contract's form rules; an origin not yet chosen is the contract's 'Choose a city'. */
const contractResolver = zodResolver(ZLoadOrderForm) as unknown as Resolver<TOrderFormState>;
const resolver: Resolver<TOrderFormState> = async (values, context, options) => {
  const result = await contractResolver(values, context, options);
  if (values.origin) return result;
  return { values: {}, errors: { ...result.errors, origin: { type: 'required', message: ORDER_TEXT.locationRequired } } };
};

type TLocationField = 'origin' | 'destination' | 'excludedDestinations';
const LOCATION_FIELDS: Record<TLocationField, { title: string; multiple: boolean; required: boolean; empty: string }> = {
  origin: { title: 'Origin', multiple: false, required: true, empty: '' },
  destination: { title: 'Destinations', multiple: true, required: false, empty: 'Anywhere' },
  excludedDestinations: { title: 'Excluded destinations', multiple: true, required: false, empty: 'None' },
};

const Section = ({ children }: { children: ReactNode }) => (
  <Typography variant="overline" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: 1, mb: -0.5, lineHeight: 2 }}>
    {children}
  </Typography>
);

type TOrderDialogProps = {
  /** The order to edit, or null to place one. */
  order: TLoadOrder | null;
  onClose: () => void;
};

/**
 * Spec §3 Load order / §5 / §9: every field of the order with the spec's defaults and options, the
 * location dialog for origin, destinations and excluded destinations, and driver 1 required ('First
 * name is required'). Placing asks 'Are you sure you want to submit your order for {driver}'.
 */
export function OrderDialog({ order, onClose }: TOrderDialogProps) {
  const drivers = useOrderDrivers();
  const place = usePlaceOrder({ onSaved: onClose, idempotency: useIdempotencyKey() });
  const form = useForm<TOrderFormState>({ resolver, defaultValues: orderFormValues(order), mode: 'onTouched' });
  const [locating, setLocating] = useState<TLocationField | null>(null);
  const [confirming, setConfirming] = useState(false);
  const timeZone = form.watch('timeZone') as string;

  // The drivers of an order stay selectable when one is no longer an active driver.
  const driverOptions = (drivers.data ?? []).map((d) => ({ label: d.label, value: Number(d.value) }));
  if (drivers.data && order) {
    for (const [id, name] of [
      [order.driver1, order.driver1Name],
      [order.driver2, order.driver2Name],
    ] as const) {
      if (id && !driverOptions.some((d) => d.value === id)) driverOptions.push({ label: name ?? `User ${id}`, value: id });
    }
  }
  const driverName = (id: unknown) => driverOptions.find((d) => d.value === Number(id))?.label;
  const [driver1, driver2] = form.watch(['driver1', 'driver2']);
  const team = [driverName(driver1), driver2 ? driverName(driver2) : undefined].filter(Boolean).join(' & ');

  const submit = async () => {
    try {
      await place.mutateAsync(orderBody(form.getValues()));
    } catch (error) {
      showFieldErrors(form.setError, error, ORDER_FIELDS);
    } finally {
      setConfirming(false);
    }
  };

  const control = form.control;
  const select = (name: FieldPath<TOrderFormState>, label: string, options: TSelectItem[], extra: { required?: boolean; empty?: string; helper?: string } = {}) => (
    <FormSelect control={control} name={name} label={label} required={extra.required} fullWidth items={options} emptyLabel={extra.empty} helperText={extra.helper ?? ' '} />
  );

  const number = (name: FieldPath<TOrderFormState>, label: string, extra: { unit?: string; prefix?: string; step?: number; min?: number; helper?: string } = {}) => (
    <FormNumberField
      control={control}
      name={name}
      label={label}
      type="number"
      fullWidth
      autoComplete="off"
      prefix={extra.prefix}
      unit={extra.unit}
      helperText={extra.helper ?? ' '}
      slotProps={{ htmlInput: { min: extra.min ?? 0, step: extra.step ?? 1 } }}
    />
  );

  const dateTime = (name: 'loadStartDate' | 'loadEndDate', label: string) => (
    <FormDateField control={control} name={name} withTime label={`${label} (${timeZone})`} fullWidth helperText="Optional" />
  );

  const location = (name: TLocationField) => {
    const spec = LOCATION_FIELDS[name];
    return (
      <Controller
        name={name}
        control={form.control}
        render={({ field, fieldState }) => {
          const list = (name === 'origin' ? (field.value ? [field.value] : []) : (field.value ?? [])) as TLocation[];
          return (
            <TextField
              label={spec.title}
              required={spec.required}
              fullWidth
              value={list.map((l) => l.label).join(' · ') || spec.empty}
              onClick={() => setLocating(name)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? (spec.multiple ? `${list.length} ${list.length === 1 ? 'city' : 'cities'}` : ' ')}
              slotProps={{
                htmlInput: { readOnly: true, style: { cursor: 'pointer', textOverflow: 'ellipsis' } },
                inputLabel: { shrink: true },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title={`Choose ${spec.title.toLowerCase()}`}>
                        <IconButton edge="end" aria-label={`Choose ${spec.title.toLowerCase()}`} onClick={() => setLocating(name)}>
                          <SearchIcon />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              }}
            />
          );
        }}
      />
    );
  };

  const radiusOptions = RADIUS_OPTIONS.map((r) => ({ label: `${r} mi`, value: r }));
  const locatingValue = locating ? (form.getValues(locating) as TLocation | TLocation[] | null) : null;

  return (
    <>
      <FormDialog
        open
        title={order ? `Edit order #${order.loadOrderId}` : 'Add order'}
        onClose={onClose}
        onSubmit={form.handleSubmit(() => setConfirming(true))}
        submitting={place.isPending}
        submitDisabled={!drivers.data}
        submitLabel={order ? 'Save' : 'Place order'}
        maxWidth="md"
        schema={ZLoadOrderForm}
        form={form}
        draftKey={`order:${order?.loadOrderId ?? 'new'}`}
      >
        {drivers.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failureMessage(drivers.error)}
          </Alert>
        )}
        {order && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Saving an edited order resets its refresh rate to {LOAD_ORDER_DEFAULTS.refreshRate} seconds.
          </Alert>
        )}
        <Box sx={{ display: 'grid', columnGap: 2, rowGap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          <Section>Drivers and action</Section>
          {select('driver1', 'Driver 1', driverOptions, { required: true })}
          {select('driver2', 'Driver 2', driverOptions, { empty: 'None (solo)', helper: 'Optional: a team' })}
          {select(
            'orderActionType',
            'Order action',
            Object.entries(ORDER_ACTIONS).map(([value, label]) => ({ label, value: Number(value) })),
          )}

          <Section>Where</Section>
          {location('origin')}
          {select('originRadius', 'Origin radius', radiusOptions)}
          {select('workType', 'Work type', WORK_TYPES.map((w) => ({ label: WORK_TYPE_LABELS[w], value: w })))}
          {location('destination')}
          {select('destinationRadius', 'Destination radius', radiusOptions)}
          {location('excludedDestinations')}
          <Controller
            name="excludedStates"
            control={form.control}
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                options={EXCLUDABLE_STATES}
                value={(field.value as string[] | undefined) ?? []}
                onChange={(_event, value) => field.onChange(value)}
                onBlur={field.onBlur}
                getOptionLabel={(code) => `${code} – ${STATE_NAMES[code] ?? code}`}
                renderValue={(value, getItemProps) =>
                  value.map((code, index) => {
                    const { key, ...itemProps } = getItemProps({ index });
                    return <Chip key={key} size="small" label={code} {...itemProps} />;
                  })
                }
                filterSelectedOptions
                disableCloseOnSelect
                sx={{ gridColumn: '1 / -1' }}
                renderInput={(params) => (
                  <TextField {...params} label="Excluded states" error={!!fieldState.error} helperText={fieldState.error?.message ?? 'Loads stopping in these states are skipped'} />
                )}
              />
            )}
          />

          <Section>When</Section>
          {number('minPickupTime', 'Minimum pickup time', { unit: 'min', helper: 'Minutes from now before a pickup' })}
          {number('pickupTimeWithin', 'Pickup time within', { unit: 'h', step: 0.5, helper: 'Hours after that' })}
          {select('timeZone', 'Time zone', ORDER_TIME_ZONES.map((z) => ({ label: z, value: z })))}
          {dateTime('loadStartDate', 'Load start time')}
          {dateTime('loadEndDate', 'Load end time')}
          {select('loadingType', 'Loading type', LOADING_TYPES.map((l) => ({ label: l === 'Any' ? 'Any' : l === 'DROP' ? 'Drop' : 'Live', value: l })))}

          <Section>Pay and size</Section>
          {number('ppm', 'Minimum rate per mile', { prefix: '$', step: 0.05 })}
          {number('payout', 'Minimum payout', { prefix: '$', step: 50, helper: '0: any payout' })}
          {select('numberOfStops', 'Stops', STOP_OPTIONS.map((s) => ({ label: s ? String(s) : 'Any', value: s })), { helper: 'At most' })}
          {number('minDistance', 'Minimum distance', { unit: 'mi', step: 10, helper: '0: Any' })}
          {number('maxDistance', 'Maximum distance', { unit: 'mi', step: 10, helper: '0: Any' })}
          {number('refreshRate', 'Refresh rate', { unit: 's', step: 0.5, min: 0.5, helper: 'Seconds between searches' })}
        </Box>
      </FormDialog>
      {locating && (
        <LocationDialog
          title={LOCATION_FIELDS[locating].title}
          multiple={LOCATION_FIELDS[locating].multiple}
          required={LOCATION_FIELDS[locating].required}
          value={Array.isArray(locatingValue) ? locatingValue : locatingValue ? [locatingValue] : []}
          onClose={() => setLocating(null)}
          onDone={(list) => {
            const value = locating === 'origin' ? (list[0] ?? null) : list;
            form.setValue(locating, value as never, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
            setLocating(null);
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          open
          title={order ? 'Save order' : 'Place order'}
          text={`Are you sure you want to submit your order for ${team}`}
          busy={place.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={submit}
        />
      )}
    </>
  );
}
