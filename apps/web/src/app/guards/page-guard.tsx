import type { TPermissibleObject } from '@haulboard/contract';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Paper, Stack, Typography } from '@mui/material';
import { Outlet } from 'react-router';
import { useCan } from '../../lib/permissions';

/** Spec §6: each page inside /app is guarded by its page name; Read or better opens it. */
export function PageGuard({ object }: { object: TPermissibleObject }) {
  const allowed = useCan(object, 'Read');
  if (allowed) return <Outlet />;
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 640, mx: 'auto', mt: 4 }} role="alert">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <LockOutlinedIcon color="action" fontSize="large" />
        <div>
          <Typography variant="h6">You do not have access to this page</Typography>
          <Typography color="text.secondary">Ask your company administrator if you need it.</Typography>
        </div>
      </Stack>
    </Paper>
  );
}
