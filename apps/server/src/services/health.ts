// The health check: is the database answering, and how fast.

import { readFileSync } from 'node:fs';
import type { HealthResponse } from '@simforge/contracts';
import { SOLVERS_VERSION } from '@simforge/solvers';
import type { Database } from '../db/database.js';
import { SERVER_PACKAGE_JSON } from '../paths.js';
import type { SimulationRunsRepository } from '../repositories/simulation-runs.js';

export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(SERVER_PACKAGE_JSON, 'utf8')) as { version: string }
).version;

export interface QueueHealthSource {
  runs: Pick<SimulationRunsRepository, 'queueState'>;
  /** Null when this process has no job system (no queue on this database). */
  settings: { runJobs: boolean; concurrency: number; staleMs: number } | null;
  now?: () => Date;
}

export async function checkHealth(database: Pick<Database, 'ping'>, queue?: QueueHealthSource): Promise<HealthResponse> {
  const db = await database.ping();
  const uptime = process.uptime();
  const health: HealthResponse = {
    status: db.ok ? 'ok' : 'degraded',
    database: db,
    version: SERVER_VERSION,
    versions: { server: SERVER_VERSION, solvers: SOLVERS_VERSION, node: process.version },
    uptime_seconds: Math.round(uptime * 10) / 10,
    started_at: new Date(Date.now() - uptime * 1000).toISOString(),
  };
  if (!db.ok || !queue) return health;
  const now = queue.now?.() ?? new Date();
  const staleMs = queue.settings?.staleMs ?? 30_000;
  const state = await queue.runs.queueState(new Date(now.getTime() - staleMs));
  health.jobs = {
    queued: state.queued,
    running: state.running,
    workers: state.workers.map((w) => ({ id: w.id, running: w.running, last_heartbeat: w.last_heartbeat.toISOString() })),
    this_process: { executes_simulations: queue.settings?.runJobs ?? false, concurrency: queue.settings?.runJobs ? queue.settings.concurrency : 0 },
  };
  return health;
}
