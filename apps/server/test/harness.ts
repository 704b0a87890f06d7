// A test harness in the user's words: people sign up, sign in, act as an admin, ask for a password
// reset and read their mail. Under it: the real app (buildApp) on a real database, an outbox folder
// for mail, a clock the tests can move, and app.inject for requests.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AuthDeps } from '../src/auth/contract.js';
import { buildApp, type BuildAppOptions, type SimulationDeps } from '../src/app.js';
import { buildConfig, type Config, type Env } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { createOutboxMailer, type Mailer, type OutboxMessage } from '../src/mail/index.js';
import { createRepositories, type Repositories } from '../src/repositories/index.js';
import { hashPassword } from '../src/security/passwords.js';
import { createAccessTokens, type AccessTokenService } from '../src/security/tokens.js';
import { BackgroundTasks } from '../src/services/background-tasks.js';
import type { DatabaseImplementation, DatabaseUnderTest } from './databases.js';

export const API = '/api/v1';
export const PUBLIC_URL = 'http://simforge.test';
export const DEFAULT_PASSWORD = 'correct horse battery';

let counter = 0;
/** A fresh address per call: tests share one database, so every person needs their own email. */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

/** A fresh client IP, so per-IP rate limits only bite in the tests about them. */
export function visitorIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
}

export interface SignUpOptions {
  email?: string;
  password?: string;
  full_name?: string | null;
  is_superuser?: boolean;
  is_active?: boolean;
}

export interface RequestOptions {
  as?: Person | string | null;
  body?: unknown;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** A clock for expiring records (reset tokens, login states); starts at the real time. */
export class TestClock {
  private offsetMs = 0;
  readonly now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export const HOUR = 3600_000;

/** Writes a minimal built web app (index.html, service worker, one hashed asset). */
export function makeWebDist(root: string): string {
  const dist = join(root, 'web-dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>');
  writeFileSync(join(dist, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app");');
  return dist;
}

export async function testConfig(dir: string, env: Env = {}): Promise<Config> {
  return buildConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(dir, 'data'),
    WEB_DIST: makeWebDist(dir),
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    ...env,
  });
}


/** How a suite reaches the harness its describe block started (it exists only once the suite runs). */
export type GetHarness = () => Harness;

/**
 * What the tests of the describe block (or file) it is called in share: opened before them, closed
 * after them. The getter reaches it from the tests (it exists only once the block runs).
 */
function sharedByBlock<T>(what: string, open: () => Promise<T>, close: (value: T) => Promise<void>, timeout?: number): () => T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await open();
  }, timeout);
  afterAll(async () => {
    if (value !== undefined) await close(value);
  });
  return () => {
    if (value === undefined) throw new Error(`${what} not started`);
    return value;
  };
}

/** A database of `impl` for the block; apps come and go on it (harnessForBlock, Harness.on). */
export function databaseForBlock(impl: DatabaseImplementation): () => DatabaseUnderTest {
  return sharedByBlock(
    'database',
    () => impl.open(),
    (owned) => owned.dispose(),
  );
}

/** How an app is started for tests: its environment, mailer and app options (Harness.on). */
export interface HarnessOptions {
  env?: Env;
  mailer?: (outboxDir: string) => Mailer;
  app?: Partial<BuildAppOptions>;
}

/** Where a block's app keeps its data: a database of its own (of this implementation), or the block's shared one. */
export type HarnessDatabase = DatabaseImplementation | (() => DatabaseUnderTest);

/**
 * The app for the block, started on `on` before its tests and `prepare`d (people signed up), closed
 * after them.
 */
export function harnessForBlock(
  on: HarnessDatabase,
  prepare: (h: Harness) => Promise<void> = async () => undefined,
  { timeout, ...options }: HarnessOptions & { timeout?: number } = {},
): GetHarness {
  return sharedByBlock(
    'harness',
    async () => {
      const harness = typeof on === 'function' ? await Harness.on(on().database, options) : await Harness.start(on, options);
      try {
        await prepare(harness);
      } catch (error) {
        await harness.close();
        throw error;
      }
      return harness;
    },
    (harness) => harness.close(),
    timeout,
  );
}

/** The block's app and an engineer signed up on it: whom most API tests act as. */
export function harnessWithEngineer(on: HarnessDatabase, options: HarnessOptions = {}): { h: GetHarness; engineer: () => Person } {
  let engineer: Person | undefined;
  const h = harnessForBlock(
    on,
    async (started) => {
      engineer = await started.signUp();
    },
    options,
  );
  return {
    h,
    engineer: () => {
      if (!engineer) throw new Error('engineer not signed up');
      return engineer;
    },
  };
}

export class Harness {
  readonly repos: Repositories;
  readonly tokens: AccessTokenService;
  readonly outboxDir: string;

  private constructor(
    readonly app: FastifyInstance,
    readonly config: Config,
    readonly database: Database,
    readonly clock: TestClock,
    readonly background: BackgroundTasks,
    readonly authDeps: AuthDeps | undefined,
    readonly simulationDeps: SimulationDeps | undefined,
    private readonly dir: string,
    private readonly owned: DatabaseUnderTest | null,
  ) {
    this.repos = createRepositories(database.db, clock.now);
    this.tokens = createAccessTokens({ secretKey: config.secretKey, expireMinutes: config.accessTokenExpireMinutes });
    this.outboxDir = join(config.dataDir, 'outbox');
  }

  /** Opens the database implementation and starts the app on it. */
  static async start(impl: DatabaseImplementation, options: HarnessOptions = {}): Promise<Harness> {
    const owned = await impl.open();
    return Harness.on(owned.database, { ...options, owned });
  }

  /** Another app on an existing database (e.g. with a failing mailer or other configuration). */
  static async on(
    database: Database,
    options: HarnessOptions & { owned?: DatabaseUnderTest } = {},
  ): Promise<Harness> {
    const dir = mkdtempSync(join(tmpdir(), 'simforge-test-'));
    const config = await testConfig(dir, options.env);
    const clock = new TestClock();
    const background = new BackgroundTasks();
    const outboxDir = join(config.dataDir, 'outbox');
    let authDeps: AuthDeps | undefined;
    let simulationDeps: SimulationDeps | undefined;
    const app = await buildApp({
      config,
      database,
      now: clock.now,
      background,
      logger: false,
      mailer: options.mailer ? options.mailer(outboxDir) : createOutboxMailer({ dir: outboxDir, log: { info: () => undefined } }),
      onAuthDeps: (deps) => {
        authDeps = deps;
      },
      onSimulationDeps: (deps) => {
        simulationDeps = deps;
      },
      sseHeartbeatMs: 1000,
      ...options.app,
      // One simulation at a time (a long run keeps the next one queued), quick polling and heartbeats.
      jobs: options.app?.jobs === false ? false : { concurrency: 1, pollingIntervalSeconds: 0.5, heartbeatMs: 1000, ...options.app?.jobs },
      // Compute threads start on the first heavy request: most tests never make one.
      compute: { warm: false, ...options.app?.compute },
    });
    await app.ready();
    return new Harness(app, config, database, clock, background, authDeps, simulationDeps, dir, options.owned ?? null);
  }

  private listening: Promise<string> | null = null;

  /** The app listening on a free local port (for streams read with fetch); its base URL. */
  baseUrl(): Promise<string> {
    this.listening ??= this.app.listen({ host: '127.0.0.1', port: 0 }).then((address) => address.replace('localhost', '127.0.0.1'));
    return this.listening;
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.owned?.dispose();
    rmSync(this.dir, { recursive: true, force: true });
  }

  // --- people -------------------------------------------------------------------------------

  /** Creates an account directly in the database and signs it in. */
  async signUp(options: SignUpOptions = {}): Promise<Person> {
    const email = options.email ?? uniqueEmail(options.is_superuser ? 'admin' : 'user');
    const password = options.password ?? DEFAULT_PASSWORD;
    const row = await this.repos.users.create({
      email,
      full_name: options.full_name === undefined ? 'Test User' : options.full_name,
      hashed_password: await hashPassword(password),
      is_active: options.is_active ?? true,
      is_superuser: options.is_superuser ?? false,
    });
    return { id: row.id, email: row.email, password, token: await this.tokens.issue(row) };
  }

  /** A fresh superuser. */
  asAdmin(): Promise<Person> {
    return this.signUp({ is_superuser: true, full_name: 'Admin' });
  }

  /** A token for the account with this email, as the sign-in module would hand out. */
  async loginAs(email: string): Promise<string> {
    const row = await this.repos.users.findByEmail(email);
    if (!row) throw new Error(`No account ${email}`);
    return this.tokens.issue(row);
  }

  /** Whether the built-in provider's sign-in form would accept these credentials (and let the account in). */
  async canSignIn(email: string, password: string): Promise<boolean> {
    if (!this.authDeps) throw new Error('The sign-in module was not registered, so there are no AuthDeps');
    return (await this.authDeps.users.verifyCredentials(email, password))?.is_active === true;
  }

  // --- requests -----------------------------------------------------------------------------

  async request(method: InjectOptions['method'], url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const token = typeof options.as === 'string' ? options.as : options.as?.token;
    return this.app.inject({
      method,
      url: url.startsWith('/') ? url : `${API}/${url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
      remoteAddress: options.remoteAddress ?? visitorIp(),
      ...(options.query ? { query: Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) } : {}),
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    });
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, options);
  }
  post(url: string, options?: RequestOptions) {
    return this.request('POST', url, options);
  }
  put(url: string, options?: RequestOptions) {
    return this.request('PUT', url, options);
  }
  delete(url: string, options?: RequestOptions) {
    return this.request('DELETE', url, options);
  }

  // --- mail ---------------------------------------------------------------------------------

  /** Asks for a password reset link the way the recover-password screen does. */
  async forgotPassword(email: string, remoteAddress = visitorIp()): Promise<LightMyRequestResponse> {
    const res = await this.post(`password-recovery/${encodeURIComponent(email)}`, { remoteAddress });
    await this.background.settled();
    return res;
  }

  /** Messages in the outbox addressed to `to`, oldest first. */
  mailTo(to: string): OutboxMessage[] {
    let files: string[];
    try {
      files = readdirSync(this.outboxDir).sort();
    } catch {
      return [];
    }
    return files
      .map((file) => JSON.parse(readFileSync(join(this.outboxDir, file), 'utf8')) as OutboxMessage)
      .filter((message) => message.to.toLowerCase() === to.toLowerCase());
  }

  /** The reset link of the latest mail to `to`. */
  resetLinkFor(to: string): URL {
    const mails = this.mailTo(to);
    const latest = mails[mails.length - 1];
    if (!latest) throw new Error(`No mail to ${to}`);
    const link = latest.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`No link in the mail to ${to}`);
    return new URL(link);
  }

  resetPassword(token: string, newPassword: string, remoteAddress = visitorIp()) {
    return this.post('reset-password/', { body: { token, new_password: newPassword }, remoteAddress });
  }
}

/** Asserts the status and, when given, the `detail` sentence of an answer. */
export function expectStatus(res: LightMyRequestResponse, status: number, detail?: string): void {
  const body = res.body;
  expect(res.statusCode, `HTTP ${res.statusCode}: ${body}`).toBe(status);
  if (detail !== undefined) expect(res.json<{ detail: unknown }>().detail).toBe(detail);
}

/** Asserts a 422 whose detail names the field (loc) with the given message. */
export function expectInvalidField(res: LightMyRequestResponse, loc: (string | number)[], msg: string): void {
  expect(res.statusCode, res.body).toBe(422);
  const issues = res.json<{ detail: { loc: (string | number)[]; msg: string; type: string }[] }>().detail;
  expect(issues).toEqual(expect.arrayContaining([expect.objectContaining({ loc, msg })]));
}
