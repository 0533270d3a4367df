import { lookupRoutes, type TBroker, type TBrokerForm, type TBrokerFormOutput, usStates, ZBrokerForm } from '@haulboard/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormRadioGroup, FormSelect, FormTextField } from '../../../components/form-fields';
import { showFieldErrors } from '../../../lib/form-errors';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { lookupQuery } from '../../../lib/lookups';
import { failureMessage } from '../../../lib/mutation';
import { useCitySearch } from '../../../lib/search-cities';
import { useUpsertBroker } from '../api/upsert-broker';
import { BROKER_FIELDS, brokerFormValues, type TBrokerField } from '../broker-form-values';

type TTextField = Exclude<TBrokerField, 'brokerStateId' | 'isActive'>;

type TBrokerDialogProps = {
  /** The broker to edit, or null to add one. */
  broker: TBroker | null;
  /** Spec §6: the Active radio needs Write on BrokerAdmin. */
  canSetActive: boolean;
  onClose: () => void;
};

/**
 * Spec §2 broker-admin and §5 Broker: the broker's fields with the spec's messages, state 5 by
 * default, Save disabled while the form is invalid. A backdrop click does not close it.
 */
export function BrokerDialog({ broker, canSetActive, onClose }: TBrokerDialogProps) {
  const states = useQuery(lookupQuery(lookupRoutes.getStates));
  const upsert = useUpsertBroker({ onSaved: onClose, idempotency: useIdempotencyKey() });
  const form = useForm<TBrokerForm, unknown, TBrokerFormOutput>({
    resolver: zodResolver(ZBrokerForm),
    defaultValues: brokerFormValues(broker),
    mode: 'onTouched',
  });

  // The spec starts the state at California: a city that is not in the chosen state is a warning
  // (checked against the offline US city list), so "Austin, CA" is not saved by accident.
  const [city, stateId] = useWatch({ control: form.control, name: ['brokerCity', 'brokerStateId'] });
  const state = usStates.find((s) => s.id === Number(stateId));
  const cityText = (city ?? '').trim();
  const lookup = useCitySearch(state && cityText.length >= 2 ? `${cityText}, ${state.code}` : '');
  const known = lookup.cities.some((c) => c.name.trim().toLowerCase() === cityText.toLowerCase());
  const cityWarning =
    state && cityText.length >= 2 && !lookup.loading && !known ? `No city named ${cityText} in ${state.name} in the US city list: check the city and the state` : null;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await upsert.mutateAsync(values);
    } catch (error) {
      showFieldErrors(form.setError, error, BROKER_FIELDS);
    }
  });

  const control = form.control;
  const text = (name: TTextField, label: string, options: { required?: boolean; type?: string; autoComplete?: string; full?: boolean; multiline?: boolean; helper?: string | null } = {}) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required={options.required ?? false}
      type={options.type}
      autoComplete={options.autoComplete ?? 'off'}
      multiline={options.multiline}
      minRows={options.multiline ? 2 : undefined}
      fullWidth
      helperText={options.helper ?? ' '}
      warning={!!options.helper}
      sx={options.full ? { gridColumn: '1 / -1' } : undefined}
    />
  );

  return (
    <FormDialog
      open
      title={broker ? `Edit broker` : 'Add broker'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={upsert.isPending}
      submitDisabled={!form.formState.isValid || !states.data}
      form={form}
      schema={ZBrokerForm}
      draftKey={`broker:${broker?.brokerId ?? 'new'}`}
    >
      {states.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(states.error)}
        </Alert>
      )}
      <Box sx={{ display: 'grid', columnGap: 2, rowGap: 0.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        {text('brokerName', 'Broker name', { required: true, full: true, autoComplete: 'organization' })}
        {text('brokerAddress', 'Address', { required: true, full: true, autoComplete: 'street-address' })}
        {text('brokerCity', 'City', { required: true, helper: cityWarning })}
        <FormSelect control={control} name="brokerStateId" label="State" required fullWidth items={states.data} disabled={!states.data} helperText=" " tallMenu />
        {text('brokerZipCode', 'Zip code', { required: true, autoComplete: 'postal-code' })}
        {text('phoneNumber', 'Phone number', { required: true, type: 'tel', autoComplete: 'tel' })}
        {text('email', 'Email', { required: true, type: 'email', autoComplete: 'email', full: true })}
        {text('mcNumber', 'MC number')}
        {text('dotNumber', 'DOT number')}
        {text('comments', 'Comments', { full: true, multiline: true })}
        {canSetActive && (
          <FormRadioGroup control={control} name="isActive" label="Active" id="broker-active" sx={{ gridColumn: '1 / -1' }} />
        )}
      </Box>
    </FormDialog>
  );
}
