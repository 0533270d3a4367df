import { formatCents, toCents } from '@haulboard/contract';
import CalculateOutlinedIcon from '@mui/icons-material/CalculateOutlined';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { type Control, useController, useWatch } from 'react-hook-form';
import { offeredPayout, type TLoadFormValues } from '../lib/load-form';

type TPayoutFieldProps = { control: Control<TLoadFormValues>; disabled: boolean; initialManual: boolean };

/**
 * Payout, offered as price per mile × trip length (in exact cents) and recomputed when either
 * changes, until the person types a payout of their own; the calculator button brings the offer back.
 */
export function PayoutField({ control, disabled, initialManual }: TPayoutFieldProps) {
  const { field, fieldState } = useController({ control, name: 'payout' });
  const [pricePerMile, tripLength] = useWatch({ control, name: ['pricePerMile', 'tripLength'] });
  const [manual, setManual] = useState(initialManual);
  const offer = offeredPayout(pricePerMile, tripLength);

  const { onChange, value } = field;
  useEffect(() => {
    if (!manual && !disabled && offer !== value) onChange(offer);
  }, [manual, disabled, offer, value, onChange]);

  const offerCents = offer ? toCents(offer) : null;
  const differs = manual && offerCents !== null && offerCents !== toCents(value);
  const hint = differs ? `Set by hand; PPM × miles is ${formatCents(offerCents ?? 0)}` : offer ? 'Price per mile × trip length' : undefined;
  const helper = fieldState.error?.message ?? (disabled ? undefined : hint);

  return (
    <TextField
      {...field}
      onChange={(e) => {
        setManual(true);
        onChange(e.target.value);
      }}
      id="load-payout"
      label="Payout"
      size="small"
      disabled={disabled}
      error={!!fieldState.error}
      helperText={helper}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'decimal', maxLength: 20 },
        input: {
          startAdornment: <InputAdornment position="start">$</InputAdornment>,
          endAdornment: differs ? (
            <InputAdornment position="end">
              <Tooltip title="Use price per mile × trip length">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label="Use price per mile × trip length"
                  onClick={() => {
                    setManual(false);
                    onChange(offer);
                  }}
                >
                  <CalculateOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
