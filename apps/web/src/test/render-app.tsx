import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { routes } from '../app/router';
import { ThemeModeProvider } from '../app/theme';
import { createQueryClient } from '../lib/query-client';

/** Renders the real route tree at `path` with a fresh query client, as the browser would. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
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
