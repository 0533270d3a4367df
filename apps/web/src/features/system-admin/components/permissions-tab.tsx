import { ROLE } from '@haulboard/contract';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Alert, Box, Button, MenuItem, Skeleton, TextField, Typography, useMediaQuery } from '@mui/material';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MOBILE_QUERY } from '../../../components/data-table';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { failureMessage } from '../../../lib/mutation';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { usePermissionMatrix } from '../api/get-permissions';
import { useResetPermissions } from '../api/reset-permissions';
import { changedCellCount, matrixObjects, matrixRoles } from '../permission-matrix';
import { PermissionMatrixTable } from './permission-matrix-table';

/**
 * Issue #3 Roles & Permissions: role × object with an access level and a menu flag per cell. An
 * administrator of the company changes it (each change saved at once, in effect from the next
 * request); everyone else sees it read-only. Phones show one role at a time.
 */
export function PermissionsTab() {
  const { data: user } = useSession();
  const canWrite = useCan('SystemAdminPage', 'Write');
  const editable = canWrite && user?.roleId === ROLE.Administrator;
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const matrix = usePermissionMatrix();
  const [confirming, setConfirming] = useState(false);
  const reset = useResetPermissions({ idempotency: useIdempotencyKey(confirming) });
  const [mobileRoleId, setMobileRoleId] = useState<number>(ROLE.Dispatcher);

  const rows = matrix.data;
  const roles = useMemo(() => matrixRoles(rows ?? []), [rows]);
  const objects = useMemo(() => matrixObjects(rows ?? []), [rows]);
  const changed = changedCellCount(rows ?? []);
  const shownRoles = isMobile ? roles.filter((r) => r.roleId === mobileRoleId) : roles;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography variant="body2" color="text.secondary">
            What each role may do on each page. Read opens a page, DenyDelete also adds and edits, Write also deletes; Menu shows
            the page in the sidebar. Changes apply from the next request.
          </Typography>
          {rows && (
            <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 500 }} role="status">
              {changed ? `${changed} ${changed === 1 ? 'cell differs' : 'cells differ'} from the defaults` : 'All permissions are the defaults'}
            </Typography>
          )}
        </Box>
        {editable && (
          <Button
            variant="outlined"
            color="warning"
            startIcon={<RestartAltIcon />}
            onClick={() => setConfirming(true)}
            disabled={!changed}
          >
            Reset to defaults
          </Button>
        )}
      </Box>
      {!editable && user && (
        <Alert severity="info">Only an administrator of the company can change permissions.</Alert>
      )}
      {matrix.isError && <Alert severity="error">{failureMessage(matrix.error)}</Alert>}
      {isMobile && roles.length > 0 && (
        <TextField
          select
          label="Role"
          size="small"
          value={mobileRoleId}
          onChange={(event) => setMobileRoleId(Number(event.target.value))}
          sx={{ maxWidth: 260 }}
        >
          {roles.map((role) => (
            <MenuItem key={role.roleId} value={role.roleId}>
              {role.roleName}
            </MenuItem>
          ))}
        </TextField>
      )}
      {rows ? (
        <PermissionMatrixTable objects={objects} roles={shownRoles} editable={editable} compact={isMobile} />
      ) : (
        !matrix.isError && <Skeleton variant="rounded" height={420} />
      )}
      <ConfirmDialog
        open={confirming}
        title="Reset permissions"
        text="Are you sure you want to reset every role's permissions to the defaults? The changes made for this company are lost."
        busy={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => reset.mutateAsync(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Box>
  );
}
