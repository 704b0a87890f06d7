import { expect, test } from '@playwright/test';
import { e2eServer } from '../support/server.js';

test('the service worker at /service-worker.js caches the app shell', async ({ page }) => {
  await page.goto('/loggedout');
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL };
  });
  expect(registration).toEqual({ scope: `${e2eServer.url}/`, script: `${e2eServer.url}/service-worker.js` });

  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true);
  expect(cached.some((u) => u.startsWith('/api/') || u.startsWith('/oidc/'))).toBe(false);
});

test('the server sends a content security policy with the app', async ({ request }) => {
  const res = await request.get('/main/dashboard', { headers: { Accept: 'text/html' } });
  expect(res.status()).toBe(200);
  const csp = res.headers()['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self' https://www.googletagmanager.com");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers()['cache-control']).toContain('no-cache');
});
