import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildConfig, ConfigError, findRepoRoot } from './config.js';
import { generateSigningJwks } from './security/dev-secrets.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'simforge-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

let productionJwks: string | undefined;
async function productionEnv(overrides: Record<string, string | undefined> = {}) {
  return {
    NODE_ENV: 'production',
    DATA_DIR: tempDir(),
    SECRET_KEY: 'a'.repeat(20) + 'production-secret-key-0123',
    EIS_WG_CLIENT_SECRET: 'client-secret-for-production',
    EIS_WG_COOKIE_KEYS: 'cookie-key-one-0123456789,cookie-key-two-0123456789',
    EIS_WG_JWKS: (productionJwks ??= JSON.stringify(await generateSigningJwks())),
    FIRST_SUPERUSER_PASSWORD: 'a real admin password',
    ...overrides,
  };
}

async function problemsOf(env: Record<string, string | undefined>): Promise<string[]> {
  try {
    await buildConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('has the documented defaults', async () => {
    const dataDir = tempDir();
    const config = await buildConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 8000,
      host: '0.0.0.0',
      dataDir,
      database: { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
      publicUrl: 'http://localhost:8000',
      accessTokenExpireMinutes: 480,
      firstSuperuser: { email: 'admin@example.com', password: null },
      mail: { smtpUrl: null, from: 'SimForge <no-reply@localhost>' },
      auth: { provider: 'eis-wg', external: null, builtin: { clientId: 'simforge-web' } },
      analyticsContainerId: null,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.webDist).toBe(join(findRepoRoot(), 'apps/web/dist'));
  });

  it('resolves relative folders against the repository root and creates DATA_DIR', async () => {
    const root = tempDir();
    const config = await buildConfig({ DATA_DIR: './state', WEB_DIST: 'site' }, { rootDir: root });
    expect(config.dataDir).toBe(join(root, 'state'));
    expect(config.webDist).toBe(join(root, 'site'));
    expect(statSync(config.dataDir).isDirectory()).toBe(true);
  });

  it('reads every variable', async () => {
    const config = await buildConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://u@db:5432/simforge',
      PUBLIC_URL: 'https://sim.example.com/',
      SECRET_KEY: 'explicit-secret-key-explicit-secret-key',
      ACCESS_TOKEN_EXPIRE_MINUTES: '60',
      FIRST_SUPERUSER: 'boss@example.com',
      FIRST_SUPERUSER_PASSWORD: 'boss password',
      SMTP_URL: 'smtp://mail:25',
      EMAILS_FROM: 'Sim <sim@example.com>',
      AUTH_PROVIDER: 'keycloak',
      OIDC_ISSUER: 'https://id.example.com/realms/eng/',
      OIDC_CLIENT_ID: 'simforge',
      OIDC_CLIENT_SECRET: 'oidc-secret',
      OIDC_PROVIDER_NAME: 'Company login',
      ANALYTICS_CONTAINER_ID: 'GTM-ABC123',
      LOG_LEVEL: 'WARN',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      database: { kind: 'postgres', url: 'postgres://u@db:5432/simforge' },
      publicUrl: 'https://sim.example.com',
      secretKey: 'explicit-secret-key-explicit-secret-key',
      accessTokenExpireMinutes: 60,
      firstSuperuser: { email: 'boss@example.com', password: 'boss password' },
      mail: { smtpUrl: 'smtp://mail:25', from: 'Sim <sim@example.com>' },
      auth: {
        provider: 'keycloak',
        external: { issuer: 'https://id.example.com/realms/eng', clientId: 'simforge', clientSecret: 'oidc-secret', name: 'Company login' },
      },
      analyticsContainerId: 'GTM-ABC123',
      logLevel: 'warn',
      trustProxy: true,
    });
    expect((await buildConfig({ DATA_DIR: tempDir(), PORT: '8123' })).publicUrl).toBe('http://localhost:8123');
  });

  it('generates development secrets once, keeps them in DATA_DIR/secrets.json (0600), and reuses them', async () => {
    const dataDir = tempDir();
    const first = await buildConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored.secret_key).toBe(first.secretKey);
    expect(first.auth.builtin.jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String), d: expect.any(String) });
    expect(first.auth.builtin.cookieKeys).toHaveLength(1);

    const second = await buildConfig({ DATA_DIR: dataDir });
    expect(second.secretKey).toBe(first.secretKey);
    expect(second.auth.builtin).toEqual(first.auth.builtin);

    const explicit = await buildConfig({ DATA_DIR: dataDir, SECRET_KEY: 'my-own-secret', EIS_WG_COOKIE_KEYS: 'a, b' });
    expect(explicit.secretKey).toBe('my-own-secret');
    expect(explicit.auth.builtin.cookieKeys).toEqual(['a', 'b']);
    expect(explicit.auth.builtin.clientSecret).toBe(first.auth.builtin.clientSecret);
  });

  it('starts in production with explicit secrets, without writing secrets.json', async () => {
    const env = await productionEnv();
    const config = await buildConfig(env);
    expect(config.isProduction).toBe(true);
    expect(() => statSync(join(env.DATA_DIR, 'secrets.json'))).toThrow();
  });

  it('refuses production without the secrets, naming each', async () => {
    const problems = await problemsOf({ NODE_ENV: 'production', DATA_DIR: tempDir() });
    for (const name of ['SECRET_KEY', 'FIRST_SUPERUSER_PASSWORD', 'EIS_WG_CLIENT_SECRET', 'EIS_WG_JWKS', 'EIS_WG_COOKIE_KEYS']) {
      expect(problems.some((p) => p.startsWith(name))).toBe(true);
    }
  });

  it('refuses well-known default secrets and a short SECRET_KEY in production', async () => {
    expect(await problemsOf(await productionEnv({ SECRET_KEY: 'changethis' }))).toEqual(
      expect.arrayContaining([expect.stringContaining('SECRET_KEY is a well-known default'), expect.stringContaining('at least 32')]),
    );
    expect(await problemsOf(await productionEnv({ FIRST_SUPERUSER_PASSWORD: 'changethis' }))).toEqual([
      expect.stringContaining('FIRST_SUPERUSER_PASSWORD is a well-known default'),
    ]);
    expect(await problemsOf(await productionEnv({ EIS_WG_CLIENT_SECRET: 'secret' }))).toEqual([expect.stringContaining('EIS_WG_CLIENT_SECRET')]);
    expect(await problemsOf(await productionEnv({ EIS_WG_COOKIE_KEYS: 'changeme' }))).toEqual([expect.stringContaining('EIS_WG_COOKIE_KEYS')]);
  });

  it('needs an issuer for any provider other than the built-in one, and its secret in production', async () => {
    expect(await problemsOf({ DATA_DIR: tempDir(), AUTH_PROVIDER: 'keycloak' })).toEqual([expect.stringContaining('OIDC_ISSUER')]);
    const env = await productionEnv({ AUTH_PROVIDER: 'keycloak', OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'sim' });
    expect(await problemsOf(env)).toEqual([expect.stringContaining('OIDC_CLIENT_SECRET must be set in production')]);
  });

  it('names the external provider after OIDC_PROVIDER_NAME (or `oidc`) when only OIDC_ISSUER is set', async () => {
    const base = { DATA_DIR: tempDir(), OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'sim', OIDC_CLIENT_SECRET: 's' };
    expect((await buildConfig(base)).auth).toMatchObject({ provider: 'oidc', external: { name: 'oidc', issuer: 'https://id.example.com' } });
    expect((await buildConfig({ ...base, OIDC_PROVIDER_NAME: 'Company' })).auth).toMatchObject({ provider: 'Company', external: { name: 'Company' } });
    expect(await problemsOf({ ...base, AUTH_PROVIDER: 'eis-wg' })).toEqual([expect.stringContaining('unset OIDC_ISSUER')]);
  });

  it('refuses malformed values', async () => {
    const problems = await problemsOf({
      DATA_DIR: tempDir(),
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      PUBLIC_URL: 'not a url',
      ACCESS_TOKEN_EXPIRE_MINUTES: '0',
      LOG_LEVEL: 'loud',
      EIS_WG_JWKS: '{"keys": [{"kty": "RSA"}]}',
    });
    expect(problems).toHaveLength(6);
  });

  it('reads the work budget of a run (docs/limits.md) with defaults for a 2-core, 24 GB machine, and refuses malformed limits', async () => {
    expect((await buildConfig({ DATA_DIR: tempDir() })).simulations.limits).toEqual({ maxCells: 2_000_000, maxSeconds: 3600, maxMemoryMb: 4096, maxActiveRunsPerUser: 4 });
    const given = await buildConfig({ DATA_DIR: tempDir(), SIM_MAX_CELLS: '500000', SIM_MAX_SECONDS: '600', SIM_MAX_MEMORY_MB: '2048', SIM_MAX_ACTIVE_RUNS_PER_USER: '1' });
    expect(given.simulations.limits).toEqual({ maxCells: 500_000, maxSeconds: 600, maxMemoryMb: 2048, maxActiveRunsPerUser: 1 });
    const problems = await problemsOf({ DATA_DIR: tempDir(), SIM_MAX_CELLS: 'lots', SIM_MAX_SECONDS: '0', SIM_MAX_MEMORY_MB: '1.5', SIM_MAX_ACTIVE_RUNS_PER_USER: '-1' });
    expect(problems).toEqual([
      'SIM_MAX_CELLS must be a whole number from 1000 to 10000000000',
      'SIM_MAX_SECONDS must be a whole number from 1 to 31536000',
      'SIM_MAX_MEMORY_MB must be a whole number from 64 to 1048576',
      'SIM_MAX_ACTIVE_RUNS_PER_USER must be a whole number from 1 to 10000',
    ]);
  });
});
