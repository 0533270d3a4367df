import { TEXT } from '@haulboard/contract';
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker (spec §7) that caches the app shell, and logs the spec's offline
 * message whenever the app runs without a connection (spec §8).
 */
export function startServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  registerSW({ immediate: true });
  const reportOffline = () => console.log(TEXT.offline);
  if (!navigator.onLine) reportOffline();
  window.addEventListener('offline', reportOffline);
}
