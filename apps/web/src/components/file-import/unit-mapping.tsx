import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';

type TUnitMappingProps = {
  /** Units of the file the fleet does not know (after the mapping applied). */
  unknownUnits: string[];
  /** The fleet's units (upper case), to map them to. */
  fleetUnits: string[];
  /** The mapping applied to this preview: a file's unit → the fleet's unit. */
  unitMap: Record<string, string> | null;
  busy: boolean;
  onApply: (unitMap: Record<string, string>) => void;
};

const NEW = '';

/**
 * A mileage file's units that no driver, fuel line or miles have: each can be mapped to a unit of the
 * fleet (a file that writes "Truck 7" for unit 107), or kept as a new unit, before Confirm.
 */
export function UnitMapping({ unknownUnits, fleetUnits, unitMap, busy, onApply }: TUnitMappingProps) {
  const units = [...new Set([...Object.keys(unitMap ?? {}), ...unknownUnits])];
  const [chosen, setChosen] = useState<Record<string, string>>(() => ({ ...(unitMap ?? {}) }));
  if (!units.length) return null;
  return (
    <Stack spacing={1} sx={{ mb: 1.5 }} role="group" aria-label="Units not in the fleet">
      <Typography variant="subtitle2" component="h3">
        Units not in the fleet
      </Typography>
      <Typography variant="body2" color="text.secondary">
        No driver, fuel line or miles have these units. Map each one to a unit of the fleet, or keep it as a new unit, then preview again.
      </Typography>
      {units.map((unit) => (
        <TextField
          key={unit}
          select
          size="small"
          label={`File unit ${unit}`}
          value={chosen[unit] ?? NEW}
          onChange={(event) => setChosen((c) => ({ ...c, [unit]: event.target.value }))}
          sx={{ maxWidth: 320 }}
        >
          <MenuItem value={NEW}>Keep as a new unit</MenuItem>
          {fleetUnits.map((u) => (
            <MenuItem key={u} value={u}>
              Unit {u}
            </MenuItem>
          ))}
        </TextField>
      ))}
      <div>
        <Button variant="outlined" disabled={busy} onClick={() => onApply(Object.fromEntries(Object.entries(chosen).filter(([, to]) => to !== NEW)))}>
          Apply units and preview again
        </Button>
      </div>
    </Stack>
  );
}
