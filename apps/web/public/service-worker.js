/* SimForge app-shell service worker (registered at /service-worker.js in production builds).
 * - Navigations: network first, falling back to the cached app shell when offline.
 * - Built assets (/assets/*, content-hashed): cache first, cached as they are seen.
 * - Never touches /api, /oidc or /docs (data, sign-in and API docs are always live).
 * - One versioned cache; older versions are deleted on activate.
 */
const VERSION = 'v1';
const CACHE = `simforge-shell-${VERSION}`;
const SHELL_URL = '/index.html';
const BYPASS = ['/api/', '/oidc/', '/docs'];

function bypassed(url) {
  return url.origin !== self.location.origin || BYPASS.some((prefix) => url.pathname === prefix.replace(/\/$/, '') || url.pathname.startsWith(prefix));
}

/** The shell and the assets its HTML refers to (scripts, styles, icons). */
async function cacheShell() {
  const cache = await caches.open(CACHE);
  const response = await fetch(SHELL_URL, { cache: 'no-cache' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(SHELL_URL, response);
  const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]).filter((u) => !bypassed(new URL(u, self.location.origin)));
  await Promise.all(
    [...new Set(assets)].map(async (asset) => {
      try {
        const r = await fetch(asset);
        if (r.ok) await cache.put(asset, r);
      } catch {
        /* a missing asset is fetched again when needed */
      }
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().catch(() => undefined).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('simforge-shell-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirstNavigation(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
      await cache.put(SHELL_URL, response.clone());
    }
    return response;
  } catch (error) {
    const cached = (await cache.match(SHELL_URL)) || (await cache.match(request));
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (bypassed(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request));
  }
});
