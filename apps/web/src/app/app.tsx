import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from '../lib/query-client';
import { CrashBoundary } from './errors/crash-dialog';
import { createAppRouter } from './router';
import { ThemeModeProvider, useThemeMode } from './theme';

/** Spec §8/§9: toasts bottom-right, closing after 5000 ms, in the current theme. */
function Toasts() {
  const { mode } = useThemeMode();
  return <ToastContainer position="bottom-right" autoClose={5000} theme={mode === 'dark' ? 'dark' : 'light'} newestOnTop />;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <ThemeModeProvider>
      <CrashBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Toasts />
        </QueryClientProvider>
      </CrashBoundary>
    </ThemeModeProvider>
  );
}
