import { GALLONS_ROUNDINGS, MPG_ROUNDINGS, type TIftaReturnSettings, ZIftaReturnSettings } from '@haulboard/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { FormSelect, FormTextField } from '../../../components/form-fields';
import { showFieldErrors } from '../../../lib/form-errors';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useSaveIftaReturnSettings } from '../api/ifta-return';

type TProps = { open: boolean; value: TIftaReturnSettings; onClose: () => void };
type TSettingsForm = z.input<typeof ZIftaReturnSettings>;

const FIELDS = ['mpgRounding', 'gallonsRounding', 'iftaAccountNumber'] as const;
const MPG_ITEMS = Object.entries(MPG_ROUNDINGS).map(([value, label]) => ({ value, label }));
const GALLONS_ITEMS = Object.entries(GALLONS_ROUNDINGS).map(([value, label]) => ({ value, label }));

/** The company's one settings dialog: its draft key names no object. */
const RETURN_SETTINGS_DRAFT = 'return-settings:new';

/**
 * domain-notes §1.2: how fleet MPG and gallons are rounded on the return, and the account number it
 * prints. The contract's schema checks it; Cancel and Escape ask before dropping a change, and what
 * is typed survives a session that ends meanwhile.
 */
export function ReturnSettingsDialog({ open, value, onClose }: TProps) {
  const save = useSaveIftaReturnSettings({ onDone: onClose, idempotency: useIdempotencyKey(open) });
  const form = useForm<TSettingsForm, unknown, TIftaReturnSettings>({
    resolver: zodResolver(ZIftaReturnSettings),
    defaultValues: { mpgRounding: value.mpgRounding, gallonsRounding: value.gallonsRounding, iftaAccountNumber: value.iftaAccountNumber ?? '' },
    mode: 'onTouched',
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      showFieldErrors(form.setError, error, FIELDS);
    }
  });
  return (
    <FormDialog open={open} title="Return settings" onClose={onClose} submitting={save.isPending} onSubmit={onSubmit} form={form} schema={ZIftaReturnSettings} draftKey={RETURN_SETTINGS_DRAFT}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormSelect control={form.control} name="mpgRounding" label="Fleet MPG" items={MPG_ITEMS} helperText="Most base states round; some cut. Follow your base state's form." />
        <FormSelect control={form.control} name="gallonsRounding" label="Gallons" items={GALLONS_ITEMS} helperText="Paper forms take whole gallons; several portals accept decimals." />
        <FormTextField control={form.control} name="iftaAccountNumber" label="IFTA account number" autoComplete="off" helperText="Printed on the worksheet's header." />
      </Stack>
    </FormDialog>
  );
}
