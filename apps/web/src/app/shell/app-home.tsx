import { Paper, Typography } from '@mui/material';
import { Navigate } from 'react-router';
import { useSession } from '../../lib/session';
import { appPages } from '../app-pages';
import { firstPagePath } from './menu';

/**
 * /app/home: the spec's home is demo template content and is not built; a member goes on to the
 * first page their role opens, or reads why there is none yet.
 */
export function AppHome() {
  const { data: user } = useSession();
  const target = firstPagePath(appPages, user?.userPermissibleObjects ?? []);
  if (target) return <Navigate to={target} replace />;
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 640, mx: 'auto', mt: 4 }}>
      <Typography variant="h6" gutterBottom>
        Welcome, {user?.fullName}
      </Typography>
      <Typography color="text.secondary">
        Your role has no pages in the menu yet. Ask your company administrator if you expected to see some.
      </Typography>
    </Paper>
  );
}
