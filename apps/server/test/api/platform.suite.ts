import { expect, it } from 'vitest';
import { cspHeader } from '../../src/http/security-headers.js';
import { expectStatus } from '../harness.js';
import type { GetHarness } from '../harness.js';

const html = { accept: 'text/html,application/xhtml+xml' };

export function platformTests(h: GetHarness): void {
  it('tells the browser which sign-in provider to use and that no analytics is configured', async () => {
    const res = await h().get('utils/config');
    expectStatus(res, 200);
    expect(res.json()).toEqual({ auth_provider: 'eis-wg', analytics_container_id: null, public_url: 'http://simforge.test' });
  });

  it('reports the database in the health check to a superuser, under both addresses', async () => {
    const admin = await h().asAdmin();
    for (const url of ['utils/health-check', 'health']) {
      const res = await h().get(url, { as: admin });
      expectStatus(res, 200);
      const body = res.json();
      expect(body).toMatchObject({ status: 'ok', database: { ok: true, kind: h().database.kind }, version: '0.1.0' });
      expect(body.database.latency_ms).toBeGreaterThanOrEqual(0);
    }
  });

  it('tells anonymous callers and normal users only that the service is up and its version', async () => {
    const engineer = await h().signUp();
    for (const as of [undefined, engineer, 'not-a-token']) {
      for (const url of ['utils/health-check', 'health']) {
        const res = await h().get(url, { as });
        expectStatus(res, 200);
        // No database kind, host names or process ids of workers, queue counts or uptime.
        expect(res.json()).toEqual({ status: 'ok', version: '0.1.0' });
      }
    }
  });

  it('runs its migrations again at the next start without change', async () => {
    await h().database.migrate();
    expectStatus(await h().get('utils/health-check'), 200);
  });

  it('answers unknown API addresses with 404 Not Found, even to a browser', async () => {
    expectStatus(await h().get('no/such/thing'), 404, 'Not Found');
    expectStatus(await h().get('/api/v1/simulations-nope', { headers: html }), 404, 'Not Found');
    expectStatus(await h().post('no/such/thing', { body: {} }), 404, 'Not Found');
  });

  it('serves the web app for client-side routes, with the content security policy', async () => {
    const res = await h().get('/main/profile/edit?tab=1', { headers: html });
    expectStatus(res, 200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe(cspHeader(h().config));
    const root = await h().get('/', { headers: html });
    expectStatus(root, 200);
    expect(root.body).toContain('<div id="root">');
  });

  it('puts the content security policy on API answers too', async () => {
    const res = await h().get('utils/config');
    const csp = res.headers['content-security-policy'] as string;
    for (const directive of [
      "default-src 'self'",
      "script-src 'self' https://www.googletagmanager.com",
      "style-src 'self' 'unsafe-inline'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the service worker uncached and hashed assets for a year', async () => {
    const sw = await h().get('/service-worker.js');
    expectStatus(sw, 200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const asset = await h().get('/assets/app-abc123.js');
    expectStatus(asset, 200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers /favicon.ico with the SVG icon of the build', async () => {
    const res = await h().get('/favicon.ico');
    expectStatus(res, 200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it('does not answer a missing file or a non-page request with the web app', async () => {
    expectStatus(await h().get('/assets/missing.js'), 404, 'Not Found');
    expectStatus(await h().post('/main/profile', { headers: html, body: {} }), 404, 'Not Found');
    expectStatus(await h().get('/docs/nothing-here', { headers: html }), 404, 'Not Found');
  });

  it('documents the API at /docs', async () => {
    const ui = await h().get('/docs/', { headers: html });
    expectStatus(ui, 200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    const doc = (await h().get('/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/users/me', '/api/v1/users/', '/api/v1/users/{user_id}', '/api/v1/reset-password/']),
    );
    expect(doc.paths['/api/v1/users/'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });

  it('answers malformed JSON with 400 and a detail, never a stack trace', async () => {
    const res = await h().request('POST', 'reset-password/', {
      headers: { 'content-type': 'application/json' },
      body: '{"token": ',
    });
    expectStatus(res, 400);
    expect(typeof res.json().detail).toBe('string');
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });
}
