import { jurisdictions, type TIftaMiles, type TIftaMilesQuarterForm, ZIftaMilesQuarterForm } from '@haulboard/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Button, IconButton, Stack, Typography } from '@mui/material';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { FormSelect, FormTextField } from '../../../components/form-fields';
import { showFieldErrors } from '../../../lib/form-errors';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { type TMilesQuarterKey, useSaveMilesQuarter } from '../api/miles-quarter';
import { sumQuantities } from '../lib/quantity';

const add = (a: string, b: string) => sumQuantities([a, b], 3).replace(/\.?0+$/, '');

const STATE_ITEMS = jurisdictions.map((j) => ({ value: j.code, label: `${j.code} - ${j.name}` }));

type TProps = {
  /** The unit's quarter being edited; null: closed. */
  unit: TMilesQuarterKey | null;
  /** The rows the page shows: the unit's quarter is read from them. */
  rows: TIftaMiles[];
  onClose: () => void;
};

/** The unit's quarter per state, every source and trip summed: what the dialog starts from. */
function statesOf(rows: TIftaMiles[], unit: TMilesQuarterKey) {
  const byState = new Map<string, { miles: string; taxableMiles: string }>();
  for (const r of rows) {
    if (r.year !== unit.year || r.quarter !== unit.quarter || r.unitNumber.toUpperCase() !== unit.unitNumber.toUpperCase()) continue;
    const had = byState.get(r.stateCode);
    byState.set(r.stateCode, had ? { miles: add(had.miles, r.miles), taxableMiles: add(had.taxableMiles, r.taxableMiles) } : { miles: r.miles, taxableMiles: r.taxableMiles });
  }
  return [...byState.entries()].map(([stateCode, v]) => ({ stateCode, miles: v.miles, taxableMiles: v.taxableMiles }));
}

/**
 * Edit or replace a unit's quarter of miles by hand: the figures saved replace every row of the unit
 * in the quarter (trips included), and the change goes in the import history, where Undo puts the
 * old rows back.
 */
export function MilesQuarterDialog({ unit, rows, onClose }: TProps) {
  const open = unit !== null;
  const save = useSaveMilesQuarter({ idempotency: useIdempotencyKey(open), onSaved: onClose });
  const start = unit ? statesOf(rows, unit) : [];
  const trips = unit ? rows.filter((r) => r.year === unit.year && r.quarter === unit.quarter && r.unitNumber === unit.unitNumber).reduce((n, r) => n + r.trips, 0) : 0;
  const form = useForm<TIftaMilesQuarterForm, unknown, z.output<typeof ZIftaMilesQuarterForm>>({
    resolver: zodResolver(ZIftaMilesQuarterForm),
    values: unit ? { ...unit, states: start.length ? start : [{ stateCode: '', miles: '', taxableMiles: '' }] } : undefined,
    mode: 'onTouched',
  });
  const states = useFieldArray({ control: form.control, name: 'states' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      showFieldErrors(form.setError, error, ['states']);
    }
  });
  const listError = form.formState.errors.states?.root?.message ?? form.formState.errors.states?.message;
  if (!unit) return null;
  return (
    <FormDialog
      open={open}
      title={`Miles of unit ${unit.unitNumber}, Q${unit.quarter} ${unit.year}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={save.isPending}
      form={form}
      maxWidth="md"
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        Saving replaces every row of this unit in the quarter{trips ? ` (including ${trips} ${trips === 1 ? 'trip' : 'trips'} imported one by one)` : ''} with
        these figures, known per quarter. The change is listed in the import history below, where Undo puts the old rows back.
      </Alert>
      <Stack spacing={1.5} role="list" aria-label="Miles per state">
        {states.fields.map((field, i) => (
          <Stack key={field.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} role="listitem" sx={{ alignItems: { sm: 'flex-start' } }}>
            <FormSelect control={form.control} name={`states.${i}.stateCode`} label="State or province" items={STATE_ITEMS} tallMenu sx={{ minWidth: 240 }} />
            <FormTextField control={form.control} name={`states.${i}.miles`} label="Miles" inputMode="decimal" autoComplete="off" />
            <FormTextField control={form.control} name={`states.${i}.taxableMiles`} label="Taxable miles" inputMode="decimal" autoComplete="off" helperText="Blank: the same as the miles" />
            <IconButton aria-label={`Remove row ${i + 1}`} onClick={() => states.remove(i)} disabled={states.fields.length === 1} sx={{ mt: 1 }}>
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {listError && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }}>
          {listError}
        </Typography>
      )}
      <Button startIcon={<AddIcon />} onClick={() => states.append({ stateCode: '', miles: '', taxableMiles: '' })} sx={{ mt: 1.5 }}>
        Add a state
      </Button>
    </FormDialog>
  );
}
