// App behaviour that needs no real database: a missing web build, a database that stops answering.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { buildConfig } from '../src/config.js';
import type { Database, Db } from '../src/db/database.js';
import { cspHeader } from '../src/http/security-headers.js';
import { expectStatus } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'simforge-nodb-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const unreachable: Database = {
  kind: 'postgres',
  db: {} as Db,
  migrate: async () => undefined,
  ping: async () => ({ ok: false, kind: 'postgres', latency_ms: 5000 }),
  close: async () => undefined,
};

async function appWith(env: Record<string, string>, logLines: string[] = []) {
  const config = await buildConfig({ DATA_DIR: join(dir, 'data'), WEB_DIST: join(dir, 'no-build'), ...env });
  return buildApp({
    config,
    database: unreachable,
    registerAuth: false,
    logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
  });
}

describe('without a web build', () => {
  it('warns and still serves the API; pages answer 404', async () => {
    const lines: string[] = [];
    const app = await appWith({}, lines);
    expect(lines.join('')).toContain('index.html missing');
    expectStatus(await app.inject({ url: '/api/v1/utils/config' }), 200);
    expectStatus(await app.inject({ url: '/main/profile', headers: { accept: 'text/html' } }), 404, 'Not Found');
    await app.close();
  });
});

describe('health', () => {
  it('reports a database that does not answer as degraded, with 503 (details only for superusers)', async () => {
    const app = await appWith({});
    const res = await app.inject({ url: '/api/v1/utils/health-check' });
    expectStatus(res, 503);
    expect(res.json()).toEqual({ status: 'degraded', version: '0.1.0' });
    await app.close();
  });
});

describe('configuration answers', () => {
  it('passes the analytics container id and provider name to the browser', async () => {
    const app = await appWith({
      ANALYTICS_CONTAINER_ID: 'GTM-TEST1',
      AUTH_PROVIDER: 'keycloak',
      OIDC_ISSUER: 'https://id.example.com/realms/eng',
      OIDC_CLIENT_ID: 'simforge',
    });
    const res = await app.inject({ url: '/api/v1/utils/config' });
    expect(res.json()).toEqual({ auth_provider: 'keycloak', analytics_container_id: 'GTM-TEST1', public_url: 'http://localhost:8000' });
    expect(res.headers['content-security-policy']).toContain("form-action 'self' https://id.example.com");
    expect(res.headers['content-security-policy']).toBe(
      cspHeader({ auth: { provider: 'keycloak', external: { issuer: 'https://id.example.com/realms/eng', clientId: '', clientSecret: '', name: '' }, builtin: { clientId: '', clientSecret: '', cookieKeys: [], jwks: { keys: [] } }, signInRateLimitPerMinute: 20 } }),
    );
    await app.close();
  });
});

describe('errors', () => {
  it('turns an unexpected failure into a logged 500 without details', async () => {
    const lines: string[] = [];
    const app = await appWith({}, lines);
    app.get('/api/v1/boom', async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    const res = await app.inject({ url: '/api/v1/boom' });
    expectStatus(res, 500, 'Internal Server Error');
    expect(res.body).not.toContain('secret internals');
    expect(lines.join('')).toContain('secret internals');
    await app.close();
  });
});
