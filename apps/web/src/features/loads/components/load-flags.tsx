import type { TLoad } from '@haulboard/contract';
import { toCents } from '@haulboard/contract';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import { Chip, Stack } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';

export const NO_DRIVER = 'No driver';
export const NO_PAYOUT = 'No payout';

/** Spec §2: loads with zero payout or no drivers get a distinct style. */
export function loadWarnings(load: Pick<TLoad, 'payout' | 'loadDrivers'>): string[] {
  const warnings: string[] = [];
  if (!toCents(load.payout)) warnings.push(NO_PAYOUT);
  if (!load.loadDrivers.length) warnings.push(NO_DRIVER);
  return warnings;
}

/** The warning tint of such a load: a background plus the labels, never colour alone. */
export const warningTint = (theme: Theme) => alpha(theme.palette.warning.main, theme.palette.mode === 'dark' ? 0.16 : 0.12);

/** Chip text dark enough on the tinted row in light mode (the palette's main colours are not). */
const ink = (tone: 'warning' | 'error') => (theme: Theme) =>
  theme.palette.mode === 'light' ? (tone === 'warning' ? '#8a3c00' : '#a31515') : theme.palette[tone].light;
const chipSx = (tone: 'warning' | 'error') => ({ color: ink(tone), borderColor: ink(tone), '& .MuiChip-icon': { color: ink(tone) } });

type TLoadFlagsProps = {
  load: Pick<TLoad, 'payout' | 'loadDrivers' | 'isDispute'>;
  /** Labels shown elsewhere, e.g. 'No driver' in the table's Drivers column. */
  omit?: string[];
};

/** The small labels beside a load number: Dispute, No payout, No driver. */
export function LoadFlags({ load, omit = [] }: TLoadFlagsProps) {
  const warnings = loadWarnings(load).filter((w) => !omit.includes(w));
  if (!warnings.length && !load.isDispute) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {load.isDispute && <DisputeChip />}
      {warnings.map((w) => (
        <WarningChip key={w} label={w} />
      ))}
    </Stack>
  );
}

/** One warning label on its own, where the missing value would be (e.g. No driver in the Drivers column). */
export function WarningChip({ label }: { label: string }) {
  return <Chip size="small" variant="outlined" icon={<WarningAmberOutlinedIcon />} label={label} sx={chipSx('warning')} />;
}

/** The Dispute label of a load. */
export function DisputeChip() {
  return <Chip size="small" variant="outlined" icon={<GavelOutlinedIcon />} label="Dispute" sx={chipSx('error')} />;
}
