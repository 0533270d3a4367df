import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client';
import { CrashBoundary } from './errors/crash-dialog';
import { createAppRouter } from './router';
import { ThemeModeProvider } from './theme';

const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <ThemeModeProvider>
      <CrashBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        </QueryClientProvider>
      </CrashBoundary>
    </ThemeModeProvider>
  );
}
