import { GALLONS_ROUNDINGS, MPG_ROUNDINGS, type TGallonsRounding, type TIftaReturnSettings, type TMpgRounding } from '@haulboard/contract';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useSaveIftaReturnSettings } from '../api/ifta-return';

type TProps = { open: boolean; value: TIftaReturnSettings; onClose: () => void };

/** domain-notes §1.2: how fleet MPG and gallons are rounded on the return, and the account number it prints. */
export function ReturnSettingsDialog({ open, value, onClose }: TProps) {
  const [mpgRounding, setMpg] = useState<TMpgRounding>(value.mpgRounding);
  const [gallonsRounding, setGallons] = useState<TGallonsRounding>(value.gallonsRounding);
  const [account, setAccount] = useState(value.iftaAccountNumber ?? '');
  const save = useSaveIftaReturnSettings({ onDone: onClose, idempotency: useIdempotencyKey(open) });
  return (
    <FormDialog
      open={open}
      title="Return settings"
      onClose={onClose}
      submitting={save.isPending}
      onSubmit={(e) => {
        e.preventDefault();
        // A promise: the shared dialog sends nothing more until this answer is in.
        return save.mutateAsync({ mpgRounding, gallonsRounding, iftaAccountNumber: account.trim() || null }).catch(() => undefined);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField select label="Fleet MPG" value={mpgRounding} onChange={(e) => setMpg(e.target.value as TMpgRounding)} helperText="Most base states round; some cut. Follow your base state's form.">
          {Object.entries(MPG_ROUNDINGS).map(([k, label]) => (
            <MenuItem key={k} value={k}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Gallons" value={gallonsRounding} onChange={(e) => setGallons(e.target.value as TGallonsRounding)} helperText="Paper forms take whole gallons; several portals accept decimals.">
          {Object.entries(GALLONS_ROUNDINGS).map(([k, label]) => (
            <MenuItem key={k} value={k}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="IFTA account number" value={account} onChange={(e) => setAccount(e.target.value)} slotProps={{ htmlInput: { maxLength: 30 } }} helperText="Printed on the worksheet's header." />
      </Stack>
    </FormDialog>
  );
}
