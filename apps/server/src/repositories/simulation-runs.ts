// All SQL about runs: creation with the next number, the conditional status changes of the job
// lifecycle, heartbeats of the process executing a run, and the queries of crash recovery.

import { and, desc, eq, getTableColumns, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { simulationRuns, type StoredError, type StoredScalar } from '../db/schema.js';
import { isUuid } from './errors.js';
import { withoutLongTexts } from './listed-parameters.js';

export type RunRow = typeof simulationRuns.$inferSelect;

export interface RunPatch {
  status?: string;
  attempt?: number;
  solver_version?: string | null;
  job_id?: string | null;
  worker?: string | null;
  heartbeat_at?: Date | null;
  started_at?: Date | null;
  finished_at?: Date | null;
  duration_seconds?: number | null;
  summary?: Record<string, StoredScalar> | null;
  error?: StoredError | null;
}

export interface RunCondition {
  statusIn?: readonly string[];
  attempt?: number;
}

export class SimulationRunsRepository {
  constructor(private readonly db: Db) {}

  /** A new queued run numbered after the simulation's last one. */
  async create(input: { simulation_id: string; type: string; parameters: Record<string, unknown>; queued_at: Date }): Promise<RunRow> {
    const [row] = await this.db
      .insert(simulationRuns)
      .values({
        ...input,
        status: 'queued',
        number: sql`(select coalesce(max(${simulationRuns.number}), 0) + 1 from ${simulationRuns} where ${simulationRuns.simulation_id} = ${input.simulation_id})`,
      })
      .returning();
    return row!;
  }

  /** Runs waiting and running, and the live processes executing them (heartbeat since `aliveSince`). */
  async queueState(aliveSince: Date): Promise<{ queued: number; running: number; workers: { id: string; running: number; last_heartbeat: Date }[] }> {
    const counts = await this.db
      .select({ status: simulationRuns.status, n: sql<number>`count(*)::int` })
      .from(simulationRuns)
      .where(inArray(simulationRuns.status, ['queued', 'running', 'aborting']))
      .groupBy(simulationRuns.status);
    const count = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
    const workers = await this.db
      .select({
        id: simulationRuns.worker,
        running: sql<number>`count(*)::int`,
        last_heartbeat: sql<Date>`max(${simulationRuns.heartbeat_at})`,
      })
      .from(simulationRuns)
      .where(and(inArray(simulationRuns.status, ['running', 'aborting']), sql`${simulationRuns.heartbeat_at} >= ${aliveSince.toISOString()}`))
      .groupBy(simulationRuns.worker);
    return {
      queued: count('queued'),
      running: count('running') + count('aborting'),
      workers: workers
        .filter((w): w is { id: string; running: number; last_heartbeat: Date } => w.id !== null)
        .map((w) => ({ ...w, last_heartbeat: new Date(w.last_heartbeat) })),
    };
  }

  async findById(id: string): Promise<RunRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select().from(simulationRuns).where(eq(simulationRuns.id, id)).limit(1);
    return row ?? null;
  }

  async statusOf(id: string): Promise<string | null> {
    const [row] = await this.db.select({ status: simulationRuns.status }).from(simulationRuns).where(eq(simulationRuns.id, id)).limit(1);
    return row?.status ?? null;
  }

  /** Newest first; their parameters without the long texts (listed-parameters.ts). */
  async listForSimulation(simulationId: string): Promise<RunRow[]> {
    // Every column but the stored parameters, which come without their long texts.
    const { parameters: _stored, ...columns } = getTableColumns(simulationRuns);
    return this.db
      .select({ ...columns, parameters: withoutLongTexts(simulationRuns.parameters) })
      .from(simulationRuns)
      .where(eq(simulationRuns.simulation_id, simulationId))
      .orderBy(desc(simulationRuns.number));
  }

  async latestForSimulation(simulationId: string): Promise<RunRow | null> {
    const [row] = await this.db.select().from(simulationRuns).where(eq(simulationRuns.simulation_id, simulationId)).orderBy(desc(simulationRuns.number)).limit(1);
    return row ?? null;
  }

  /** Applies `patch` when `condition` holds; null when the run is gone or the condition failed. */
  async update(id: string, patch: RunPatch, condition: RunCondition = {}): Promise<RunRow | null> {
    const conditions: SQL[] = [eq(simulationRuns.id, id)];
    if (condition.statusIn) conditions.push(inArray(simulationRuns.status, [...condition.statusIn]));
    if (condition.attempt !== undefined) conditions.push(eq(simulationRuns.attempt, condition.attempt));
    const [row] = await this.db.update(simulationRuns).set(patch).where(and(...conditions)).returning();
    return row ?? null;
  }

  /** The process `worker` is alive and still executing these runs. */
  async heartbeat(worker: string, runIds: string[], at: Date): Promise<void> {
    if (runIds.length === 0) return;
    await this.db
      .update(simulationRuns)
      .set({ heartbeat_at: at })
      .where(and(inArray(simulationRuns.id, runIds), eq(simulationRuns.worker, worker)));
  }

  /**
   * Runs executing (or being aborted) in a process other than `exceptWorker` that has not sent a
   * heartbeat since `staleBefore` (every such run when `staleBefore` is null).
   */
  async findOrphaned(options: { exceptWorker: string; staleBefore: Date | null }): Promise<RunRow[]> {
    const conditions: SQL[] = [
      inArray(simulationRuns.status, ['running', 'aborting']),
      or(isNull(simulationRuns.worker), ne(simulationRuns.worker, options.exceptWorker))!,
    ];
    if (options.staleBefore) conditions.push(or(isNull(simulationRuns.heartbeat_at), lt(simulationRuns.heartbeat_at, options.staleBefore))!);
    return this.db.select().from(simulationRuns).where(and(...conditions));
  }

  /** Queued runs waiting since before `queuedBefore`: recovery checks their job still exists. */
  async findQueued(queuedBefore: Date): Promise<RunRow[]> {
    return this.db
      .select()
      .from(simulationRuns)
      .where(and(eq(simulationRuns.status, 'queued'), lt(simulationRuns.queued_at, queuedBefore)));
  }
}
