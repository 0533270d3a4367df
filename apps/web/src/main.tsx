import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker is registered once the page has loaded; its module is not part of the first load.
if (import.meta.env.PROD) void import('./app/service-worker').then((m) => m.startServiceWorker());
