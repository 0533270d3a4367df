import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { patchRoutesOnNavigation, routes } from '../app/router';
import { ThemeModeProvider } from '../app/theme';
import { createQueryClient } from '../lib/query-client';

/** Renders the real route tree at `path` with a fresh query client, as the browser would. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  const queryClient = createQueryClient();
  const view = render(
    <ThemeModeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToastContainer position="bottom-right" autoClose={5000} />
      </QueryClientProvider>
    </ThemeModeProvider>,
  );
  return { ...view, router, queryClient, location: () => router.state.location.pathname + router.state.location.search };
}

/**
 * Imports the lazy page modules ahead of the tests: their first transform can take seconds on a
 * busy machine, which would otherwise count against each test's waits.
 */
export async function preloadPages() {
  await Promise.all([
    import('../features/public/welcome-page'),
    import('../features/public/not-found-page'),
    import('../features/auth/login-page'),
    import('../features/auth/register-page'),
    import('../features/auth/in-review-page'),
    import('../features/users/user-admin-page'),
  ]);
}
