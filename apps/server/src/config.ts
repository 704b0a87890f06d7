// The server's whole configuration, read once from the environment into one typed object.
// `buildConfig(env)` takes any env-like object so tests can pass their own. Relative paths
// (DATA_DIR, WEB_DIST) resolve against the repository root, not the current directory, because
// `npm run start -w apps/server` runs with apps/server as its working directory.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_AUTH_PROVIDER } from '@simforge/contracts';
import { SERVER_ROOT } from './paths.js';
import { generateSigningJwks, loadOrCreateDevSecrets, randomSecret, type Jwks } from './security/dev-secrets.js';

export type Env = Record<string, string | undefined>;

export type DatabaseConfig = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface ExternalProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
}

export interface Config {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  /** Repository root; anchor of the default DATA_DIR and WEB_DIST. */
  rootDir: string;
  dataDir: string;
  webDist: string;
  database: DatabaseConfig;
  /** Where browsers reach the app, without a trailing slash. */
  publicUrl: string;
  secretKey: string;
  accessTokenExpireMinutes: number;
  firstSuperuser: { email: string; password: string | null };
  mail: { smtpUrl: string | null; from: string };
  auth: {
    provider: string;
    external: ExternalProviderConfig | null;
    builtin: { clientId: string; clientSecret: string; cookieKeys: string[]; jwks: Jwks };
    /** Sign-in completions (auth-callback) allowed per client IP and minute (SIGN_IN_RATE_LIMIT_PER_MINUTE, default 20). */
    signInRateLimitPerMinute: number;
  };
  analyticsContainerId: string | null;
  logLevel: string;
  /** Trust X-Forwarded-* (rate limits per client IP behind a load balancer). */
  trustProxy: boolean;
  simulations: {
    /** Simulations this process executes at once (solver threads); SIM_CONCURRENCY, default one per core. */
    concurrency: number;
    /** Whether this server executes simulations itself (SIM_RUN_JOBS); false needs `npm run worker`. */
    runJobs: boolean;
    /** Executions of one run before it is failed when its process keeps dying (SIM_MAX_ATTEMPTS). */
    maxAttempts: number;
    /** The work budget every run must fit (SIM_MAX_CELLS, SIM_MAX_SECONDS, SIM_MAX_MEMORY_MB, SIM_MAX_ACTIVE_RUNS_PER_USER). */
    limits: RunLimits;
  };
  /** The compute threads of requests (estimates, image analysis, `.inp` files, exports). */
  compute: {
    /** COMPUTE_THREADS, default 2. */
    threads: number;
    /** ESTIMATE_TIME_LIMIT_MS, default 5000: an estimate computing longer is stopped (422). */
    estimateTimeLimitMs: number;
    /** ESTIMATE_RATE_LIMIT_PER_MINUTE, default 600: estimates (and creates, edits, imports) per user and minute. */
    estimateRateLimitPerMinute: number;
  };
}

/** The work budget of one run and of one user (docs/limits.md). */
export interface RunLimits {
  /** Cells (nodes, elements) of one run's plan. */
  maxCells: number;
  /** Expected run time of one run, s. */
  maxSeconds: number;
  /** Memory of one solver thread, MB: the plan's peak must fit, and the thread is stopped beyond it. */
  maxMemoryMb: number;
  /** Runs of one user queued or running at once (superusers included). */
  maxActiveRunsPerUser: number;
}

/**
 * Defaults for a 2-core, 24 GB machine (docs/adr/0001-work-budgets.md): the largest fine preset of a
 * default case has 578 200 cells, 455 MB and 360 s; two solver threads at 4 GB leave the rest to the
 * server and the database.
 */
export const DEFAULT_RUN_LIMITS: RunLimits = { maxCells: 2_000_000, maxSeconds: 3600, maxMemoryMb: 4096, maxActiveRunsPerUser: 4 };

/** Reads the SIM_MAX_* settings (server and worker alike); problems are added to `problems`. */
export function readRunLimits(env: Env, problems: string[]): RunLimits {
  const setting = (name: string, fallback: number, min: number, max: number): number => wholeNumber(env, name, fallback, [min, max], problems);
  const d = DEFAULT_RUN_LIMITS;
  return {
    maxCells: setting('SIM_MAX_CELLS', d.maxCells, 1000, 1e10),
    maxSeconds: setting('SIM_MAX_SECONDS', d.maxSeconds, 1, 365 * 86_400),
    maxMemoryMb: setting('SIM_MAX_MEMORY_MB', d.maxMemoryMb, 64, 1_048_576),
    maxActiveRunsPerUser: setting('SIM_MAX_ACTIVE_RUNS_PER_USER', d.maxActiveRunsPerUser, 1, 10_000),
  };
}

/** A configuration the server must not start with; main.ts prints it and exits with status 1. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const DEFAULTS = {
  port: 8000,
  host: '0.0.0.0',
  dataDir: './data',
  webDist: 'apps/web/dist',
  accessTokenExpireMinutes: 480,
  firstSuperuser: 'admin@example.com',
  emailsFrom: 'SimForge <no-reply@localhost>',
  builtinClientId: 'simforge-web',
  logLevel: 'info',
} as const;

// Values copied from examples and tutorials: refused as secrets in production.
const KNOWN_DEFAULT_SECRETS = new Set([
  'changethis', 'changeme', 'change-me', 'change_me', 'secret', 'supersecret', 'password', 'admin',
  'default', 'simforge', 'dev', 'development', 'test', 'example', 'keyboard cat', 'simforge-web', 'none',
]);

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** Finds the npm-workspaces root above the server package; falls back to the current directory. */
export function findRepoRoot(start = SERVER_ROOT): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces) return dir;
      } catch {
        // an unreadable manifest is not the root; keep climbing
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/** A whole-number setting from `min` to `max`; a problem is recorded when it is anything else. */
function wholeNumber(env: Env, name: string, fallback: number, [min, max]: [number, number], problems: string[]): number {
  const value = Number(read(env, name) ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max) problems.push(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

/** Reads one variable; blank counts as unset (compose files often write `VAR=`). */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function isKnownDefault(value: string): boolean {
  return KNOWN_DEFAULT_SECRETS.has(value.trim().toLowerCase());
}

function parseJwks(raw: string, problems: string[]): Jwks | undefined {
  try {
    const parsed = JSON.parse(raw) as Partial<Jwks>;
    const keys = parsed.keys;
    if (!Array.isArray(keys) || keys.length === 0) throw new Error('no "keys" array');
    for (const key of keys) {
      if (!key || typeof key !== 'object' || !('d' in key)) throw new Error('every key must include its private part');
      if (!key.kid || !key.alg) throw new Error('every key needs "kid" and "alg"');
    }
    return { keys };
  } catch (error) {
    problems.push(`EIS_WG_JWKS must be a JSON Web Key Set with private signing keys (${(error as Error).message})`);
    return undefined;
  }
}

export interface BuildConfigOptions {
  /** Overrides the detected repository root (tests). */
  rootDir?: string;
}

// Long function: every environment setting read with its check in one place, so all problems are reported at once.
export async function buildConfig(env: Env = process.env, options: BuildConfigOptions = {}): Promise<Config> {
  const problems: string[] = [];
  const nodeEnv = read(env, 'NODE_ENV') ?? 'development';
  const isProduction = nodeEnv === 'production';
  const rootDir = options.rootDir ?? findRepoRoot();
  const fromRoot = (path: string) => (isAbsolute(path) ? path : resolve(rootDir, path));

  const port = Number(read(env, 'PORT') ?? DEFAULTS.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('PORT must be an integer from 0 to 65535');
  const host = read(env, 'HOST') ?? DEFAULTS.host;
  const signInRateLimitPerMinute = Number(read(env, 'SIGN_IN_RATE_LIMIT_PER_MINUTE') ?? 20);
  if (!Number.isInteger(signInRateLimitPerMinute) || signInRateLimitPerMinute < 1) problems.push('SIGN_IN_RATE_LIMIT_PER_MINUTE must be a positive whole number');

  const dataDir = fromRoot(read(env, 'DATA_DIR') ?? DEFAULTS.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const webDist = fromRoot(read(env, 'WEB_DIST') ?? DEFAULTS.webDist);

  const databaseUrl = read(env, 'DATABASE_URL');
  let database: DatabaseConfig = { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
    database = { kind: 'postgres', url: databaseUrl };
  }

  const publicUrlRaw = read(env, 'PUBLIC_URL') ?? `http://localhost:${port}`;
  let publicUrl = publicUrlRaw.replace(/\/+$/, '');
  try {
    publicUrl = new URL(publicUrlRaw).toString().replace(/\/+$/, '');
  } catch {
    problems.push('PUBLIC_URL must be an absolute URL such as https://simforge.example.com');
  }

  const expireRaw = read(env, 'ACCESS_TOKEN_EXPIRE_MINUTES');
  const accessTokenExpireMinutes = Number(expireRaw ?? DEFAULTS.accessTokenExpireMinutes);
  if (!Number.isInteger(accessTokenExpireMinutes) || accessTokenExpireMinutes < 1) {
    problems.push('ACCESS_TOKEN_EXPIRE_MINUTES must be a positive whole number');
  }

  const logLevel = (read(env, 'LOG_LEVEL') ?? DEFAULTS.logLevel).toLowerCase();
  if (!LOG_LEVELS.has(logLevel)) problems.push(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(', ')}`);

  // The provider is the built-in `eis-wg` unless an external issuer is configured; AUTH_PROVIDER
  // names it (the browser sees that name), defaulting to OIDC_PROVIDER_NAME or `oidc`.
  const oidcIssuer = read(env, 'OIDC_ISSUER');
  const oidcClientId = read(env, 'OIDC_CLIENT_ID');
  const oidcClientSecret = read(env, 'OIDC_CLIENT_SECRET');
  const oidcName = read(env, 'OIDC_PROVIDER_NAME');
  const authProviderSet = read(env, 'AUTH_PROVIDER');
  const authProvider = authProviderSet ?? (oidcIssuer ? (oidcName ?? 'oidc') : DEFAULT_AUTH_PROVIDER);
  const usesBuiltin = authProvider === DEFAULT_AUTH_PROVIDER;
  let external: ExternalProviderConfig | null = null;
  if (usesBuiltin && oidcIssuer) {
    problems.push(
      `AUTH_PROVIDER=${DEFAULT_AUTH_PROVIDER} is the built-in provider: unset OIDC_ISSUER, or set AUTH_PROVIDER to the external provider's name`,
    );
  } else if (!usesBuiltin) {
    if (!oidcIssuer) {
      problems.push(`AUTH_PROVIDER=${authProvider} needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET`);
    } else {
      try {
        new URL(oidcIssuer);
      } catch {
        problems.push('OIDC_ISSUER must be an absolute URL');
      }
      if (!oidcClientId) problems.push('OIDC_CLIENT_ID is required with OIDC_ISSUER');
      external = {
        issuer: oidcIssuer.replace(/\/+$/, ''),
        clientId: oidcClientId ?? '',
        clientSecret: oidcClientSecret ?? '',
        name: oidcName ?? authProvider,
      };
    }
  }

  // Secrets: explicit values win; development fills the gaps from DATA_DIR/secrets.json.
  const explicit = {
    SECRET_KEY: read(env, 'SECRET_KEY'),
    EIS_WG_CLIENT_SECRET: read(env, 'EIS_WG_CLIENT_SECRET'),
    EIS_WG_COOKIE_KEYS: read(env, 'EIS_WG_COOKIE_KEYS'),
    EIS_WG_JWKS: read(env, 'EIS_WG_JWKS'),
    FIRST_SUPERUSER_PASSWORD: read(env, 'FIRST_SUPERUSER_PASSWORD'),
  };
  const cookieKeysExplicit = explicit.EIS_WG_COOKIE_KEYS?.split(',').map((k) => k.trim()).filter(Boolean);
  const jwksExplicit = explicit.EIS_WG_JWKS ? parseJwks(explicit.EIS_WG_JWKS, problems) : undefined;

  if (isProduction) {
    const required: [string, string | undefined][] = [
      ['SECRET_KEY', explicit.SECRET_KEY],
      ['FIRST_SUPERUSER_PASSWORD', explicit.FIRST_SUPERUSER_PASSWORD],
    ];
    if (usesBuiltin) {
      required.push(['EIS_WG_CLIENT_SECRET', explicit.EIS_WG_CLIENT_SECRET], ['EIS_WG_JWKS', explicit.EIS_WG_JWKS]);
    } else {
      required.push(['OIDC_CLIENT_SECRET', oidcClientSecret]);
    }
    for (const [name, value] of required) {
      if (!value) problems.push(`${name} must be set in production`);
      else if (isKnownDefault(value)) problems.push(`${name} is a well-known default; choose a secret value`);
    }
    if (explicit.SECRET_KEY && explicit.SECRET_KEY.length < 32) problems.push('SECRET_KEY must be at least 32 characters');
    if (usesBuiltin) {
      if (!cookieKeysExplicit?.length) problems.push('EIS_WG_COOKIE_KEYS must be set in production');
      else if (cookieKeysExplicit.some(isKnownDefault)) problems.push('EIS_WG_COOKIE_KEYS contains a well-known default');
    }
    if (explicit.FIRST_SUPERUSER_PASSWORD && explicit.FIRST_SUPERUSER_PASSWORD.length < 8) {
      problems.push('FIRST_SUPERUSER_PASSWORD must be at least 8 characters');
    }
  }
  const concurrencyRaw = read(env, 'SIM_CONCURRENCY');
  const concurrency = concurrencyRaw === undefined ? availableParallelism() : Number(concurrencyRaw);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256) problems.push('SIM_CONCURRENCY must be a whole number from 1 to 256');
  const runJobsRaw = (read(env, 'SIM_RUN_JOBS') ?? 'true').toLowerCase();
  if (!['1', 'true', 'yes', '0', 'false', 'no'].includes(runJobsRaw)) problems.push('SIM_RUN_JOBS must be true or false');
  const runJobs = ['1', 'true', 'yes'].includes(runJobsRaw);
  if (!runJobs && database.kind === 'pglite') {
    problems.push('SIM_RUN_JOBS=false needs DATABASE_URL (PostgreSQL): with the embedded database no other process can run the simulations');
  }
  const maxAttempts = Number(read(env, 'SIM_MAX_ATTEMPTS') ?? 3);
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 20) problems.push('SIM_MAX_ATTEMPTS must be a whole number from 1 to 20');
  const limits = readRunLimits(env, problems);

  const compute = {
    threads: wholeNumber(env, 'COMPUTE_THREADS', 2, [1, 64], problems),
    estimateTimeLimitMs: wholeNumber(env, 'ESTIMATE_TIME_LIMIT_MS', 5000, [100, 600_000], problems),
    estimateRateLimitPerMinute: wholeNumber(env, 'ESTIMATE_RATE_LIMIT_PER_MINUTE', 600, [1, 1_000_000], problems),
  };

  if (problems.length > 0) throw new ConfigError(problems);

  const needsDevSecrets =
    !explicit.SECRET_KEY || !explicit.EIS_WG_CLIENT_SECRET || !cookieKeysExplicit?.length || !jwksExplicit;
  let secretKey: string;
  let builtinSecret: string;
  let cookieKeys: string[];
  let jwks: Jwks;
  if (isProduction) {
    // Only reached with an external provider: the built-in one is mounted but unused, so throw-away keys.
    secretKey = explicit.SECRET_KEY!;
    builtinSecret = explicit.EIS_WG_CLIENT_SECRET ?? randomSecret();
    cookieKeys = cookieKeysExplicit?.length ? cookieKeysExplicit : [randomSecret()];
    jwks = jwksExplicit ?? (await generateSigningJwks());
  } else {
    const dev = needsDevSecrets ? await loadOrCreateDevSecrets(dataDir) : undefined;
    secretKey = explicit.SECRET_KEY ?? dev!.secret_key;
    builtinSecret = explicit.EIS_WG_CLIENT_SECRET ?? dev!.eis_wg_client_secret;
    cookieKeys = cookieKeysExplicit?.length ? cookieKeysExplicit : dev!.eis_wg_cookie_keys;
    jwks = jwksExplicit ?? dev!.eis_wg_jwks;
  }

  return {
    nodeEnv,
    isProduction,
    port,
    host,
    rootDir,
    dataDir,
    webDist,
    database,
    publicUrl,
    secretKey,
    accessTokenExpireMinutes,
    firstSuperuser: {
      email: read(env, 'FIRST_SUPERUSER') ?? DEFAULTS.firstSuperuser,
      password: explicit.FIRST_SUPERUSER_PASSWORD ?? null,
    },
    mail: { smtpUrl: read(env, 'SMTP_URL') ?? null, from: read(env, 'EMAILS_FROM') ?? DEFAULTS.emailsFrom },
    auth: {
      provider: authProvider,
      external,
      builtin: {
        clientId: read(env, 'EIS_WG_CLIENT_ID') ?? DEFAULTS.builtinClientId,
        clientSecret: builtinSecret,
        cookieKeys,
        jwks,
      },
      signInRateLimitPerMinute,
    },
    analyticsContainerId: read(env, 'ANALYTICS_CONTAINER_ID') ?? null,
    logLevel,
    trustProxy: ['1', 'true', 'yes'].includes((read(env, 'TRUST_PROXY') ?? '').toLowerCase()),
    simulations: { concurrency, runJobs, maxAttempts, limits },
    compute,
  };
}

export interface WorkerConfig {
  databaseUrl: string;
  concurrency: number;
  maxAttempts: number;
  /** Memory of one solver thread, MB (SIM_MAX_MEMORY_MB). */
  maxMemoryMb: number;
  logLevel: string;
}

/**
 * The configuration of `npm run worker`: it only needs PostgreSQL (DATABASE_URL) and the SIM_*
 * settings. The embedded PGlite database cannot be shared between processes, so it is refused.
 */
export function buildWorkerConfig(env: Env = process.env): WorkerConfig {
  const problems: string[] = [];
  const databaseUrl = read(env, 'DATABASE_URL');
  if (!databaseUrl) {
    problems.push(
      'DATABASE_URL is required: the worker takes jobs from PostgreSQL (postgres://...). The embedded PGlite database belongs to the one server process that opens it, and that server runs the simulations itself.',
    );
  } else if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const concurrencyRaw = read(env, 'SIM_CONCURRENCY');
  const concurrency = concurrencyRaw === undefined ? availableParallelism() : Number(concurrencyRaw);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256) problems.push('SIM_CONCURRENCY must be a whole number from 1 to 256');
  const maxAttempts = Number(read(env, 'SIM_MAX_ATTEMPTS') ?? 3);
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 20) problems.push('SIM_MAX_ATTEMPTS must be a whole number from 1 to 20');
  const { maxMemoryMb } = readRunLimits(env, problems);
  const logLevel = (read(env, 'LOG_LEVEL') ?? DEFAULTS.logLevel).toLowerCase();
  if (!LOG_LEVELS.has(logLevel)) problems.push(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(', ')}`);
  if (problems.length > 0) throw new ConfigError(problems);
  return { databaseUrl: databaseUrl!, concurrency, maxAttempts, maxMemoryMb, logLevel };
}
