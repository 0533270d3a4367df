import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { Navigate, Outlet, useLocation } from 'react-router';
import { failureMessage } from '../../lib/mutation';
import { sessionStateOf, type TSessionState, useSession } from '../../lib/session';
import { loginPath, paths } from '../../lib/paths';

/**
 * Spec §2 route-guard table as one function: where a person in `current` state goes when a route
 * needs `required`, or null to stay.
 */
export function guardRedirect(required: TSessionState, current: TSessionState, here: string): string | null {
  if (current === required) return null;
  // Signed in and visiting /login: to '/'.
  if (required === 'signedOut') return paths.home;
  switch (current) {
    case 'signedOut':
      return loginPath(here);
    case 'noCompany':
      return paths.register;
    case 'inReview':
      return paths.inReview;
    case 'member':
      return paths.appHome;
  }
}

export function FullPageSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }} aria-busy="true">
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/**
 * Renders its child routes only for a person in the `state` the route needs, else redirects.
 * `refresh` asks the server again on entering the area (spec §2: the session is refreshed when
 * the authenticated area loads), which is also how an approved applicant gets in.
 */
export function SessionGuard({ state, refresh = false }: { state: TSessionState; refresh?: boolean }) {
  const session = useSession({ refresh });
  const location = useLocation();
  if (session.data === undefined) {
    if (session.isError) {
      return (
        <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => session.refetch()}>
                Retry
              </Button>
            }
          >
            {failureMessage(session.error)}
          </Alert>
        </Box>
      );
    }
    return <FullPageSpinner />;
  }
  const target = guardRedirect(state, sessionStateOf(session.data), location.pathname + location.search);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
