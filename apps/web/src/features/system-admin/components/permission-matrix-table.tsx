import { Box, Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { TMatrixObject, TMatrixRole } from '../permission-matrix';
import { PermissionCell } from './permission-cell';

type TPermissionMatrixTableProps = {
  objects: TMatrixObject[];
  roles: TMatrixRole[];
  editable: boolean;
  /** Phones show one role, chosen above the table: its column is headed 'Access · Menu'. */
  compact?: boolean;
};

/** Objects down, roles across; the object column stays put while the roles scroll sideways. */
export function PermissionMatrixTable({ objects, roles, editable, compact = false }: TPermissionMatrixTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 'max(420px, calc(100vh - 320px))' }}>
      <Table
        stickyHeader
        size="small"
        aria-label="Permissions by role"
        sx={{
          '& th:first-of-type, & td:first-of-type': {
            position: 'sticky',
            left: 0,
            zIndex: 1,
            bgcolor: 'background.paper',
            borderRight: 1,
            borderRightColor: 'divider',
          },
          '& thead th:first-of-type': { zIndex: 3 },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: { xs: 100, sm: 180 }, fontWeight: 600 }}>Page</TableCell>
            {roles.map((role) => (
              <TableCell key={role.roleId} sx={{ minWidth: { xs: 0, sm: 264 }, fontWeight: 600 }}>
                {compact ? `${role.roleName}: access · menu` : role.roleName}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {objects.map((object) => (
            <TableRow key={object.objectName} hover>
              <TableCell component="th" scope="row" sx={{ px: { xs: 1, sm: 2 } }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {object.label}
                  </Typography>
                  {object.isChanged && <Chip label="Changed" size="small" color="warning" variant="outlined" />}
                </Box>
                <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                  {object.objectName}
                </Typography>
              </TableCell>
              {roles.map((role) => {
                const cell = object.cells.get(role.roleId);
                return (
                  <TableCell key={role.roleId} sx={{ py: 0.5, px: 0.5 }}>
                    {cell && <PermissionCell cell={cell} objectLabel={object.label} editable={editable} compact={compact} />}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
