import { DEFAULT_BROKER_STATE_ID, type TImportNewBroker, ZImportNewBroker } from '@haulboard/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Divider, ListSubheader, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormSelect, FormTextField } from '../../../components/form-fields';
import type { TBrokerPick, TDriverPick, TImportPicks, TUnmatched } from '../lib/import-choices';

type TOption = { label: string; value: unknown };

const CREATE = 'create';
const NO_DRIVER = 'none';
const loadsText = (g: TUnmatched) =>
  `${g.loadNumbers.length === 1 ? '1 load' : `${g.loadNumbers.length} loads`}: ${g.loadNumbers.slice(0, 4).join(', ')}${g.loadNumbers.length > 4 ? ', …' : ''}`;
const quoted = (name: string) => (name ? `“${name}”` : 'no broker named');

/** The least a broker created with the import needs (the broker form's required fields), in a dialog. */
function NewBrokerDialog({ name, initial, states, onSave, onClose }: { name: string; initial: TImportNewBroker | null; states: TOption[] | undefined; onSave: (broker: TImportNewBroker) => void; onClose: () => void }) {
  const form = useForm<TImportNewBroker, unknown, TImportNewBroker>({
    resolver: zodResolver(ZImportNewBroker) as never,
    defaultValues: initial ?? { brokerName: name, brokerAddress: '', brokerCity: '', brokerStateId: DEFAULT_BROKER_STATE_ID, brokerZipCode: '', phoneNumber: '', email: '', mcNumber: '' },
    mode: 'onTouched',
  });
  const { control } = form;
  const text = (field: Exclude<keyof TImportNewBroker, 'brokerStateId'>, label: string, required = true, full = false, type?: string) => (
    <FormTextField control={control} name={field} label={label} required={required} type={type} fullWidth helperText=" " autoComplete="off" sx={full ? { gridColumn: '1 / -1' } : undefined} />
  );
  return (
    <FormDialog
      open
      title="Create broker"
      submitLabel="Use this broker"
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => {
        onSave(values);
        onClose();
      })}
      submitDisabled={!form.formState.isValid || !states}
      form={form}
      schema={ZImportNewBroker}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Created when the loads are imported, and given to every load that names {quoted(name)}.
      </Typography>
      <Box sx={{ display: 'grid', columnGap: 2, rowGap: 0.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {text('brokerName', 'Broker name', true, true)}
        {text('brokerAddress', 'Address', true, true)}
        {text('brokerCity', 'City')}
        <FormSelect
          control={control}
          name="brokerStateId"
          label="State"
          required
          fullWidth
          items={states?.map((s) => ({ value: Number(s.value), label: s.label }))}
          disabled={!states}
          helperText=" "
          tallMenu
        />
        {text('brokerZipCode', 'Zip code')}
        {text('phoneNumber', 'Phone number', true, false, 'tel')}
        {text('email', 'Email', true, false, 'email')}
        {text('mcNumber', 'MC number', false)}
      </Box>
    </FormDialog>
  );
}

type TImportChoicesProps = {
  unmatched: { brokers: TUnmatched[]; drivers: TUnmatched[] };
  picks: TImportPicks;
  onPick: (picks: TImportPicks) => void;
  brokers: TOption[] | undefined;
  drivers: TOption[] | undefined;
  states: TOption[] | undefined;
  /** Creating a broker needs edit access to broker administration. */
  canCreateBroker: boolean;
  /** Rows still waiting for a choice. */
  waiting: number;
};

/**
 * The brokers and drivers the file names that matched none: for each name, pick an existing broker
 * (or create it) or an existing driver (or none). Nothing is ever picked for the person.
 */
export function ImportChoices({ unmatched, picks, onPick, brokers, drivers, states, canCreateBroker, waiting }: TImportChoicesProps) {
  const [creating, setCreating] = useState<TUnmatched | null>(null);
  if (!unmatched.brokers.length && !unmatched.drivers.length) return null;
  const setBroker = (key: string, pick: TBrokerPick | undefined) => {
    const next = { ...picks.brokers };
    if (pick) next[key] = pick;
    else delete next[key];
    onPick({ ...picks, brokers: next });
  };
  const setDriver = (key: string, pick: TDriverPick | undefined) => {
    const next = { ...picks.drivers };
    if (pick === undefined) delete next[key];
    else next[key] = pick;
    onPick({ ...picks, drivers: next });
  };
  const brokerValue = (pick: TBrokerPick | undefined) => (!pick ? '' : 'brokerId' in pick ? String(pick.brokerId) : CREATE);
  const driverValue = (key: string) => (!(key in picks.drivers) ? '' : picks.drivers[key] === null ? NO_DRIVER : String(picks.drivers[key]));
  const creatingPick = creating ? picks.brokers[creating.key] : undefined;

  return (
    <Box component="section" aria-label="Brokers and drivers to choose" sx={{ mb: 3 }}>
      <Alert severity={waiting ? 'warning' : 'success'} sx={{ mb: 1.5 }}>
        {waiting
          ? `${waiting === 1 ? '1 load needs' : `${waiting} loads need`} a broker or driver chosen before the loads can be imported. Nothing is picked for you.`
          : 'Every load has its broker and driver.'}
      </Alert>
      <Stack spacing={1.5} divider={<Divider flexItem />}>
        {unmatched.brokers.map((g) => {
          const pick = picks.brokers[g.key];
          return (
            <Stack
              key={`b:${g.key}`}
              role="group"
              aria-label={g.name ? `Broker “${g.name}”` : 'No broker in the file'}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={{ xs: 1, sm: 2 }}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                  {g.name ? `Broker “${g.name}” is not one of yours` : 'The file names no broker'}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {loadsText(g)}
                </Typography>
              </Box>
              <TextField
                select
                size="small"
                label="Broker"
                value={brokerValue(pick)}
                onChange={(e) => {
                  const v = e.target.value;
                  if (v === CREATE) setCreating(g);
                  else setBroker(g.key, v ? { brokerId: Number(v) } : undefined);
                }}
                error={!pick}
                helperText={pick ? ('create' in pick ? `New broker: ${pick.create.brokerName}` : ' ') : 'Needs a broker'}
                sx={{ width: { xs: '100%', sm: 320 }, flexShrink: 0 }}
                slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
              >
                {canCreateBroker && (
                  <MenuItem value={CREATE} sx={{ fontWeight: 600 }}>
                    {pick && 'create' in pick ? `New: ${pick.create.brokerName} (edit…)` : g.name ? `Create broker “${g.name}”…` : 'Create broker…'}
                  </MenuItem>
                )}
                {canCreateBroker && <ListSubheader>Your brokers</ListSubheader>}
                {(brokers ?? []).map((b) => (
                  <MenuItem key={String(b.value)} value={String(b.value)}>
                    {b.label}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          );
        })}
        {unmatched.drivers.map((g) => (
          <Stack
            key={`d:${g.key}`}
            role="group"
            aria-label={`Driver “${g.name}”`}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                Driver “{g.name}” is not one of yours
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {loadsText(g)}
              </Typography>
            </Box>
            <TextField
              select
              size="small"
              label="Driver"
              value={driverValue(g.key)}
              onChange={(e) => {
                const v = e.target.value;
                setDriver(g.key, v === NO_DRIVER ? null : v ? Number(v) : undefined);
              }}
              error={!(g.key in picks.drivers)}
              helperText={g.key in picks.drivers ? ' ' : 'Needs a driver, or No driver'}
              sx={{ width: { xs: '100%', sm: 320 }, flexShrink: 0 }}
              slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
            >
              <MenuItem value={NO_DRIVER} sx={{ fontWeight: 600 }}>
                No driver
              </MenuItem>
              <ListSubheader>Your drivers</ListSubheader>
              {(drivers ?? []).map((d) => (
                <MenuItem key={String(d.value)} value={String(d.value)}>
                  {d.label}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        ))}
      </Stack>
      {creating && (
        <NewBrokerDialog
          name={creating.name}
          initial={creatingPick && 'create' in creatingPick ? creatingPick.create : null}
          states={states}
          onSave={(create) => setBroker(creating.key, { create })}
          onClose={() => setCreating(null)}
        />
      )}
    </Box>
  );
}
