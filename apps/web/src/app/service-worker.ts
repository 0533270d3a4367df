import { registerSW } from 'virtual:pwa-register';
import { TEXT } from '@haulboard/contract';

/**
 * Registers the service worker (spec §7) that caches the app shell, and logs the spec's offline
 * message (spec §8) once each time the app finds itself without a connection.
 */
export function startServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  registerSW({ immediate: true });
  let reported = false;
  const reportOffline = () => {
    if (reported) return;
    reported = true;
    console.log(TEXT.offline);
  };
  if (!navigator.onLine) reportOffline();
  window.addEventListener('offline', reportOffline);
  window.addEventListener('online', () => {
    reported = false;
  });
}
