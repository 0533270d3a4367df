import type { TPermissibleObject } from '@haulboard/contract';
import { createBrowserRouter, Navigate, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { prepareSession } from '../lib/session';
import { RootRouteError } from './errors/crash-dialog';
import { FullPageSpinner, SessionGuard } from './guards/session-guard';

/** Spec §6 page guard for one page inside /app, loaded with the page (not part of the first load). */
const pageGuard = (object: TPermissibleObject) =>
  import('./guards/page-guard').then(({ PageGuard }) => ({ element: <PageGuard object={object} /> }));

const page = (load: () => Promise<{ Component: RouteObject['Component'] }>): RouteObject => ({ index: true, lazy: load });

/** The route under /app that the pages of app-pages.tsx are added to. */
const APP_PAGES_ROUTE = 'app-pages';

/**
 * The route tree: spec §2 public routes and guard table, then /app with one guard per page.
 * Only the root, the session guards and the public routes are in the first load; the table of
 * pages inside /app (app-pages.tsx, which grows with every domain, with its menu icons), every
 * page, the shell, the page guard and the section fallback are lazy (docs/ARCHITECTURE.md, web).
 */
export const routes: RouteObject[] = [
  {
    ErrorBoundary: RootRouteError,
    // Loads the session's schema beside the first page's module (see prepareSession).
    loader: prepareSession,
    shouldRevalidate: () => false,
    // Shown while the first lazy page module loads.
    HydrateFallback: FullPageSpinner,
    children: [
      { path: paths.home, lazy: () => import('../features/public/welcome-page').then((m) => ({ Component: m.WelcomePage })) },
      {
        path: paths.login,
        element: <SessionGuard state="signedOut" />,
        children: [page(() => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })))],
      },
      {
        path: paths.register,
        element: <SessionGuard state="noCompany" refresh />,
        children: [page(() => import('../features/auth/register-page').then((m) => ({ Component: m.RegisterPage })))],
      },
      {
        path: paths.inReview,
        element: <SessionGuard state="inReview" refresh />,
        children: [page(() => import('../features/auth/in-review-page').then((m) => ({ Component: m.InReviewPage })))],
      },
      { path: paths.notFound, lazy: () => import('../features/public/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
      {
        path: paths.app,
        element: <SessionGuard state="member" refresh />,
        children: [
          {
            // The shell (top bar, sidebar, menu) is not part of the first load: it loads beside the page.
            lazy: () => import('./shell/app-shell').then((m) => ({ Component: m.AppShell })),
            children: [
              {
                id: APP_PAGES_ROUTE,
                lazy: () => import('./errors/section-fallback').then((m) => ({ ErrorBoundary: m.SectionRouteError })),
                // The pages themselves are added by patchRoutesOnNavigation below.
                children: [
                  { index: true, element: <Navigate to={paths.appHome} replace /> },
                  { path: paths.appHome, lazy: () => import('./shell/app-home').then((m) => ({ Component: m.AppHome })) },
                  // Spec §2: unknown paths under /app go to /404.
                  { path: '*', element: <Navigate to={paths.notFound} replace /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];

/**
 * Adds the pages inside /app to the route tree the first time a path under /app is visited (until
 * then such a path matches only the catch-all that sends unknown paths to /404). The router calls
 * this before it matches, so a page's route, guard and module load as if they had been there.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (path !== paths.app && !path.startsWith(`${paths.app}/`)) return;
  const { appPages } = await import('./app-pages');
  patch(
    APP_PAGES_ROUTE,
    appPages.map((p) => ({ id: `page ${p.path}`, path: p.path, lazy: () => pageGuard(p.object), children: [{ index: true, lazy: p.lazy }] })),
  );
};

export const createAppRouter = () => createBrowserRouter(routes, { patchRoutesOnNavigation });
