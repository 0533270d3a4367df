import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { appPages } from './app-pages';
import { RootRouteError, SectionRouteError } from './errors/section-fallback';
import { PageGuard } from './guards/page-guard';
import { FullPageSpinner, SessionGuard } from './guards/session-guard';
import { AppHome } from './shell/app-home';
import { AppShell } from './shell/app-shell';

const page = (load: () => Promise<{ Component: RouteObject['Component'] }>): RouteObject => ({ index: true, lazy: load });

/** The route tree: spec §2 public routes and guard table, then /app with one guard per page. */
export const routes: RouteObject[] = [
  {
    ErrorBoundary: RootRouteError,
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
            element: <AppShell />,
            children: [
              {
                ErrorBoundary: SectionRouteError,
                children: [
                  { index: true, element: <Navigate to={paths.appHome} replace /> },
                  { path: paths.appHome, element: <AppHome /> },
                  ...appPages.map((p) => ({ path: p.path, element: <PageGuard object={p.object} />, children: [{ index: true, lazy: p.lazy }] })),
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

export const createAppRouter = () => createBrowserRouter(routes);
