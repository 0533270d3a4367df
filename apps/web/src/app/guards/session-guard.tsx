import { useTheme } from '@emotion/react';
import type { Theme } from '@mui/material/styles';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { failureMessage } from '../../lib/api-client';
import { loginPath, paths } from '../../lib/paths';
import { sessionStateOf, type TSessionState, useSession } from '../../lib/session';

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

const loadRetry = () => import('./session-retry');

/** Without even the retry's module (the site itself unreachable), a plain message and button. */
function PlainRetry({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" style={{ display: 'grid', placeItems: 'center', alignContent: 'center', gap: 8, minHeight: '100vh', padding: 16 }}>
      {message}
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** The error state is not part of the first load: it is fetched when the first attempt fails. */
const SessionRetry = lazy(() => loadRetry().then((m) => ({ default: m.SessionRetry }), () => ({ default: PlainRetry })));

/**
 * The spinner before the first page's module arrives. Plain SVG, not MUI's Box and
 * CircularProgress: those bring MUI's default theme into the first load (docs/ARCHITECTURE.md).
 * Looks like CircularProgress: 40 px, the primary color, turning (not for reduced motion).
 */
export function FullPageSpinner() {
  const theme = useTheme() as Partial<Theme>;
  const still = typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }} aria-busy="true">
      <svg role="progressbar" aria-label="Loading" width="40" height="40" viewBox="0 0 44 44" style={{ color: theme.palette?.primary.main ?? '#1565c0' }}>
        <circle cx="22" cy="22" r="20.2" fill="none" stroke="currentColor" strokeWidth="3.6" strokeDasharray="80 200" strokeLinecap="round">
          {!still && <animateTransform attributeName="transform" type="rotate" from="0 22 22" to="360 22 22" dur="1.4s" repeatCount="indefinite" />}
        </circle>
      </svg>
    </div>
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
  const failing = session.data === undefined && session.failureCount > 0;
  useEffect(() => {
    // The query retries before it gives up: time enough to fetch the error state's module.
    if (failing) void loadRetry().catch(() => {});
  }, [failing]);
  if (session.data === undefined) {
    if (session.isError) {
      return (
        <Suspense fallback={<FullPageSpinner />}>
          <SessionRetry message={failureMessage(session.error)} onRetry={() => session.refetch()} />
        </Suspense>
      );
    }
    return <FullPageSpinner />;
  }
  const target = guardRedirect(state, sessionStateOf(session.data), location.pathname + location.search);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
