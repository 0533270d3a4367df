import type { TLoad } from '@haulboard/contract';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import { Chip, Stack } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import { toCents } from '../lib/money';

/** Spec §2: loads with zero payout or no drivers get a distinct style. */
export function loadWarnings(load: Pick<TLoad, 'payout' | 'loadDrivers'>): string[] {
  const warnings: string[] = [];
  if (!toCents(load.payout)) warnings.push('No payout');
  if (!load.loadDrivers.length) warnings.push('No driver');
  return warnings;
}

/** The warning tint of such a load: a background plus the labels, never colour alone. */
export const warningTint = (theme: Theme) => alpha(theme.palette.warning.main, theme.palette.mode === 'dark' ? 0.16 : 0.12);

/** The small labels beside a load number: Dispute, No payout, No driver. */
export function LoadFlags({ load }: { load: Pick<TLoad, 'payout' | 'loadDrivers' | 'isDispute'> }) {
  const warnings = loadWarnings(load);
  if (!warnings.length && !load.isDispute) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {load.isDispute && <Chip size="small" color="error" variant="outlined" icon={<GavelOutlinedIcon />} label="Dispute" />}
      {warnings.map((w) => (
        <Chip key={w} size="small" color="warning" variant="outlined" icon={<WarningAmberOutlinedIcon />} label={w} />
      ))}
    </Stack>
  );
}
