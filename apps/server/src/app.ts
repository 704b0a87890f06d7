// Assembles the HTTP application from its parts. buildApp does not open or migrate the database
// (main.ts and the tests do, and they close it), so the same app runs on PGlite and PostgreSQL.

import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AuthDeps, RegisterAuth } from './auth/contract.js';
import { registerAuth as registerSignIn } from './auth/index.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { createAuthGuards } from './http/auth-guard.js';
import { registerDocs } from './http/docs.js';
import { installErrorHandling } from './http/error-handler.js';
import { installTextCheck } from './http/text-check.js';
import { estimatesPerUser, perUserRateLimit, registerRateLimiting } from './http/rate-limits.js';
import { ComputePool, type ComputePoolOptions } from './compute/pool.js';
import { createRequestCompute } from './compute/request-compute.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { withLogRedaction } from './security/log-redaction.js';
import { createMailer, type Mailer } from './mail/index.js';
import { createRepositories } from './repositories/index.js';
import { passwordRecoveryRoutes } from './routes/password-recovery.js';
import { usersRoutes } from './routes/users.js';
import { utilsRoutes } from './routes/utils.js';
import { createAccessTokens } from './security/tokens.js';
import { AccountSessions } from './services/account-sessions.js';
import { createAuthDeps } from './services/auth-deps.js';
import { ApiError } from './services/errors.js';
import { BackgroundTasks } from './services/background-tasks.js';
import { createCurrentUserService } from './services/current-user.js';
import { createPasswordRecoveryService } from './services/password-recovery.js';
import { createUsersService, type OwnedSimulations } from './services/users.js';
import { LocalEventBus, type EventBus } from './events/bus.js';
import { PostgresEventBus } from './events/postgres-bridge.js';
import { createEventPublisher } from './events/publisher.js';
import { SseStreams } from './http/sse.js';
import { defaultJobSettings, JobSystem, type JobSettings } from './jobs/index.js';
import { canRunQueue } from './jobs/pg-boss-queue.js';
import { simulationsRoutes } from './routes/simulations.js';
import { exportsRoutes } from './exports/routes.js';
import { createExportsService } from './exports/service.js';
import { fileReportSource } from './exports/verification-report.js';
import { networksRoutes } from './routes/networks.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { preferencesRoutes } from './routes/preferences.js';
import { UserPreferencesRepository } from './repositories/user-preferences.js';
import { createDashboardService } from './services/dashboard.js';
import { DashboardStatsRepository } from './repositories/dashboard-stats.js';
import { sseTestRoutes } from './routes/sse-test.js';
import { analyzeImageRoutes } from './routes/analyze-image.js';
import { chatRoutes } from './routes/chat.js';
import { createChatService } from './chat/service.js';
import { loadProjectDocs } from './chat/docs-index.js';
import { llmConfigFromEnv, type LlmConfig } from './chat/llm.js';
import { SimulationLifecycle } from './services/simulation-lifecycle.js';
import { createSimulationsService } from './services/simulations.js';
import { SSE_HEARTBEAT_SECONDS } from '@simforge/contracts';

export const API_PREFIX = '/api/v1';

/**
 * The longest an estimate waits for a compute thread before the request answers 503: generous, as
 * it also covers a thread starting (seconds on a loaded machine); the pool's queue length is bounded
 * too (compute/pool.ts).
 */
const ESTIMATE_QUEUE_LIMIT_MS = 30_000;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Default: SMTP when SMTP_URL is set, else the outbox under DATA_DIR. */
  mailer?: Mailer;
  /** Default: Fastify's logger at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** The clock of expiring records (reset tokens, login states); tests move it. */
  now?: () => Date;
  /** Where background work (mails) runs; tests await its `settled()`. */
  background?: BackgroundTasks;
  /** The sign-in module; default is src/auth/index.ts. `false` leaves the login calls out. */
  registerAuth?: RegisterAuth | false;
  /** Called with the AuthDeps handed to the sign-in module (tests inspect the wiring). */
  onAuthDeps?: (deps: AuthDeps) => void;
  /**
   * The simulation job system (queue, solver threads, recovery). Default: on whenever the database
   * can carry the queue, with SIM_* from the configuration; `false` leaves it out (runs answer 409).
   */
  jobs?: Partial<JobSettings> | false;
  /** The event bus; default: in-process, bridged through LISTEN/NOTIFY on PostgreSQL. */
  bus?: EventBus;
  sseHeartbeatMs?: number;
  /** Called with the simulation wiring (tests look at the job system). */
  onSimulationDeps?: (deps: SimulationDeps) => void;
  /** The compute threads of requests; default COMPUTE_THREADS warm threads running src/compute/thread.ts. */
  compute?: Partial<ComputePoolOptions>;
  /** The chat assistant's model endpoint (default: LLM_BASE_URL / LLM_MODEL / LLM_API_KEY; null: built-in only) and its fetch. */
  chat?: { llm?: LlmConfig | null; fetch?: typeof fetch };
}

export interface SimulationDeps {
  jobs: JobSystem | null;
  bus: EventBus;
  lifecycle: SimulationLifecycle;
}

// Long function: the app's wiring in registration order (plugins, hooks, routes), one call per step.
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    // Every log line goes through the redaction (secrets, SQL parameters), whoever configured the logger.
    logger:
      options.logger === false
        ? false
        : withLogRedaction(options.logger === undefined || options.logger === true ? { level: config.logLevel } : options.logger),
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installTextCheck(app);

  const background = options.background ?? new BackgroundTasks();
  background.useLogger(app.log);
  const mailer = options.mailer ?? createMailer(config, app.log);
  const repos = createRepositories(database.db, now);
  const tokens = createAccessTokens({ secretKey: config.secretKey, expireMinutes: config.accessTokenExpireMinutes });
  const currentUser = createCurrentUserService({ users: repos.users, tokens });
  const sessions = new AccountSessions(repos);
  // Deleting an account stops its owner's queued and running simulations first (the simulations
  // service, below, aborts each as a deletion of it would); the rest go with the user's row.
  const ownedSimulations: OwnedSimulations = {
    abortActive: (actor, ownerId) => simulations.deleteActiveOf(actor, ownerId),
  };
  const users = createUsersService({ repos, sessions, tokens, simulations: ownedSimulations });
  const recovery = createPasswordRecoveryService({
    repos,
    mailer,
    background,
    sessions,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
  });

  // Simulations: the bus (events, abort messages), the job system and the lifecycle they share.
  const ownsBus = !options.bus;
  const bus: EventBus =
    options.bus ??
    (database.kind === 'postgres' && database.url
      ? await PostgresEventBus.connect({
          url: database.url,
          loadEvent: (id) => repos.events.findById(id),
          onError: (error) => app.log.warn({ err: error }, 'Event bridge connection error'),
        })
      : new LocalEventBus());
  const events = createEventPublisher({ events: repos.events, bus, onError: (error) => app.log.warn({ err: error }, 'Event not delivered') });
  const jobs =
    options.jobs !== false && canRunQueue(database)
      ? new JobSystem({
          database,
          repos,
          bus,
          log: app.log,
          now,
          settings: {
            ...defaultJobSettings(config.simulations.concurrency),
            runJobs: config.simulations.runJobs,
            maxAttempts: config.simulations.maxAttempts,
            memoryLimitMb: config.simulations.limits.maxMemoryMb,
            ...(options.jobs || {}),
          },
        })
      : null;
  const lifecycle = new SimulationLifecycle({
    repos,
    events,
    bus,
    dispatcher: jobs,
    now,
    log: app.log,
    maxAttempts: jobs?.settings.maxAttempts ?? config.simulations.maxAttempts,
  });
  // Heavy parts of requests run in these threads, never on the event loop (estimates: with a time limit).
  const computePool = new ComputePool({ threads: config.compute.threads, ...options.compute });
  const estimateLimitMs = config.compute.estimateTimeLimitMs;
  const compute = createRequestCompute(computePool, { timeLimitMs: estimateLimitMs, queueLimitMs: Math.max(ESTIMATE_QUEUE_LIMIT_MS, estimateLimitMs) });
  const simulations = createSimulationsService({ repos, lifecycle, canQueue: jobs !== null, estimator: compute.estimate, limits: config.simulations.limits });
  options.onSimulationDeps?.({ jobs, bus, lifecycle });

  await registerSecurityHeaders(app, config);
  await registerRateLimiting(app);
  const estimateLimit = perUserRateLimit(app, estimatesPerUser(config.compute.estimateRateLimitPerMinute));
  await registerDocs(app);

  const guards = createAuthGuards(currentUser);
  await app.register(utilsRoutes, {
    prefix: API_PREFIX,
    config,
    database,
    queue: { runs: repos.runs, settings: jobs?.settings ?? null, now },
    currentUser,
  });
  await app.register(usersRoutes, { prefix: API_PREFIX, guards, users });
  await app.register(passwordRecoveryRoutes, { prefix: API_PREFIX, recovery });
  // Event streams end when their user is deactivated or gone or their session ended: checked at
  // every heartbeat, and at once when this process ended a user's sessions.
  const sse = new SseStreams(app, options.sseHeartbeatMs ?? SSE_HEARTBEAT_SECONDS * 1000, (request) =>
    currentUser.authenticate(request.headers.authorization).then(
      () => true,
      (error: unknown) => {
        if (error instanceof ApiError) return false;
        throw error;
      },
    ),
  );
  sessions.onEnded(() => void sse.recheckAll());
  await app.register(simulationsRoutes, { prefix: API_PREFIX, guards, simulations, repos, bus, now, sse, estimateLimit });
  await app.register(exportsRoutes, { prefix: API_PREFIX, guards, exports: createExportsService({ simulations, repos, compute, verification: fileReportSource(), now }), estimateLimit });
  await app.register(sseTestRoutes, { prefix: API_PREFIX, guards, sse });
  await app.register(analyzeImageRoutes, { prefix: API_PREFIX, guards, compute });
  const chat = createChatService({
    repos,
    simulations,
    docs: loadProjectDocs(),
    compute,
    llm: options.chat?.llm !== undefined ? options.chat.llm : llmConfigFromEnv(process.env),
    log: app.log,
    ...(options.chat?.fetch ? { fetch: options.chat.fetch } : {}),
  });
  await app.register(chatRoutes, { prefix: API_PREFIX, guards, chat, sse });
  await app.register(networksRoutes, { prefix: API_PREFIX, guards, compute, simulations });
  await app.register(preferencesRoutes, { prefix: API_PREFIX, guards, preferences: new UserPreferencesRepository(database.db), now });
  await app.register(dashboardRoutes, { prefix: API_PREFIX, guards, dashboard: createDashboardService({ stats: new DashboardStatsRepository(database.db), now }) });

  const registerAuth = options.registerAuth ?? registerSignIn;
  if (registerAuth) {
    const authDeps = createAuthDeps({ config, repos, tokens, currentUser, sessions });
    options.onAuthDeps?.(authDeps);
    await registerAuth(app, authDeps);
  }

  await registerWebApp(app, config.webDist, config.publicUrl);

  if (jobs) app.addHook('onReady', () => jobs.start(lifecycle));
  app.addHook('onClose', async () => {
    // Runs in flight go back to the queue; then the queue stops (before the database closes).
    await jobs?.stop();
    if (ownsBus) await bus.close();
    // Let mails already on their way finish before the database goes away.
    await background.settled();
    await mailer.close?.();
    await computePool.destroy();
  });
  return app;
}
