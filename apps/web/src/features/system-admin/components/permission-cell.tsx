import { MATRIX_ACCESS_TYPES, type TMatrixAccessType, type TPermissionRow } from '@haulboard/contract';
import { Box, Checkbox, FormControlLabel, MenuItem, TextField, Tooltip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useSetPermission } from '../api/set-permission';
import { accessChange, defaultDescription, isLockedCell, menuChange } from '../permission-matrix';

type TPermissionCellProps = {
  cell: TPermissionRow;
  objectLabel: string;
  editable: boolean;
  /** Phones: a narrower select and the checkbox without its text (the column header names both). */
  compact?: boolean;
};

/** One role's access to one object: the level and the menu flag, each saved as soon as it changes. */
export function PermissionCell({ cell, objectLabel, editable, compact = false }: TPermissionCellProps) {
  // The cell is disabled while a change is on its way; the key is renewed once it is saved.
  const save = useSetPermission({ idempotency: useIdempotencyKey() });
  const locked = isLockedCell(cell);
  // While a change is on its way, show what was chosen rather than the old value.
  const shown = save.isPending && save.variables ? { ...cell, ...save.variables } : cell;
  const disabled = !editable || locked || save.isPending;
  // Only cells that need explaining get a tooltip: a locked one, or one changed from its default.
  const hint = locked
    ? 'Administrators keep Write and the menu entry here, so nobody is locked out'
    : cell.isDefault
      ? ''
      : `Changed. ${defaultDescription(cell)}`;
  const menuBox = (
    <Checkbox
      size="small"
      checked={shown.isMenuVisible}
      disabled={disabled || shown.accessType === 'None'}
      onChange={(event) => save.mutate(menuChange(cell, event.target.checked))}
      slotProps={{ input: { 'aria-label': `${objectLabel} in the menu for ${cell.roleName}` } }}
    />
  );
  return (
    <Tooltip title={hint} placement="top" enterDelay={500} describeChild>
      <Box
        data-changed={!cell.isDefault || undefined}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          py: 0.5,
          borderRadius: 1,
          borderLeft: 3,
          borderColor: cell.isDefault ? 'transparent' : 'warning.main',
          bgcolor: (t) => (cell.isDefault ? 'transparent' : alpha(t.palette.warning.main, t.palette.mode === 'light' ? 0.08 : 0.14)),
        }}
      >
        <TextField
          select
          size="small"
          value={shown.accessType}
          disabled={disabled}
          onChange={(event) => save.mutate(accessChange(cell, event.target.value as TMatrixAccessType))}
          slotProps={{ select: { SelectDisplayProps: { 'aria-label': `${cell.roleName} access to ${objectLabel}` } as object } }}
          sx={{ width: 148, flexShrink: 0 }}
        >
          {MATRIX_ACCESS_TYPES.map((level) => (
            <MenuItem key={level} value={level}>
              {level}
            </MenuItem>
          ))}
        </TextField>
        {compact ? (
          menuBox
        ) : (
          <FormControlLabel label="Menu" control={menuBox} slotProps={{ typography: { variant: 'body2' } }} sx={{ mr: 0, ml: 0 }} />
        )}
      </Box>
    </Tooltip>
  );
}
