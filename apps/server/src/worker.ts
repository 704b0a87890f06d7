// `npm run worker`: a process that executes simulations from PostgreSQL (on this or another
// machine). It takes simulation-run jobs from the shared queue, runs the solvers in its thread
// pool, writes logs and results to the database and publishes events through LISTEN/NOTIFY, where
// the API processes pick them up for their SSE streams. SIGTERM/SIGINT: runs in flight go back to
// the queue, then the process exits.

import { buildWorkerConfig, ConfigError } from './config.js';
import { openPostgres } from './db/database.js';
import { PostgresEventBus } from './events/postgres-bridge.js';
import { createEventPublisher } from './events/publisher.js';
import { defaultJobSettings, JobSystem } from './jobs/index.js';
import { createRepositories } from './repositories/index.js';
import { SimulationLifecycle } from './services/simulation-lifecycle.js';
import { scrub, scrubText } from './security/log-redaction.js';
import { shutDownOnSignals } from './shutdown.js';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

function createLogger(level: string) {
  const threshold = level === 'silent' ? Infinity : LEVELS.indexOf(level);
  const write = (name: string) => (obj: object, msg: string) => {
    if (LEVELS.indexOf(name) < threshold) return;
    // The same redaction as the server's log (secrets, SQL parameters of failed queries).
    const fields = scrub(obj) as Record<string, unknown>;
    process.stdout.write(`${scrubText(JSON.stringify({ level: name, time: new Date().toISOString(), msg, ...fields }))}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

async function main(): Promise<void> {
  let config;
  try {
    config = buildWorkerConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`SimForge worker cannot start.\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  const database = await openPostgres(config.databaseUrl, { onError: (error) => log.warn({ err: error }, 'Database connection error') });
  await database.migrate();
  const repos = createRepositories(database.db);
  const bus = await PostgresEventBus.connect({
    url: config.databaseUrl,
    loadEvent: (id) => repos.events.findById(id),
    onError: (error) => log.warn({ err: error }, 'Event bridge connection error'),
  });
  const events = createEventPublisher({ events: repos.events, bus, onError: (error) => log.warn({ err: error }, 'Event not delivered') });
  const now = () => new Date();
  const jobs = new JobSystem({
    database,
    repos,
    bus,
    log,
    now,
    settings: { ...defaultJobSettings(config.concurrency), runJobs: true, maxAttempts: config.maxAttempts, memoryLimitMb: config.maxMemoryMb },
  });
  const lifecycle = new SimulationLifecycle({ repos, events, bus, dispatcher: jobs, now, log, maxAttempts: config.maxAttempts });
  await jobs.start(lifecycle);
  log.info({ worker: jobs.worker, concurrency: config.concurrency }, 'SimForge worker is taking simulation jobs from PostgreSQL');

  shutDownOnSignals({
    announce: (signal) => log.info({ signal }, 'Worker shutting down'),
    stop: async () => {
      await jobs.stop();
      await bus.close();
    },
    database,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`SimForge worker failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
