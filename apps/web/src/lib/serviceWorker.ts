export const SERVICE_WORKER_URL = '/service-worker.js';

/** Registers the app-shell service worker (production builds only; the dev server is never cached). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {
      // Without the worker the app works online as usual; nothing to tell the user.
    });
  });
}
