import { Chip, type ChipProps } from '@mui/material';

export type TStatusColor = 'default' | 'info' | 'success' | 'warning' | 'error';

/**
 * A small outlined chip naming a state. In the light theme the info and warning colours are too
 * pale for text on white (WCAG AA), so their darker shade draws the label and the outline.
 */
export function StatusChip({ color, label, sx }: { color: TStatusColor; label: string; sx?: ChipProps['sx'] }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={label}
      sx={[
        (theme) =>
          theme.palette.mode === 'light' && (color === 'info' || color === 'warning' || color === 'success')
            ? { color: theme.palette[color].dark, borderColor: theme.palette[color].dark }
            : {},
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
