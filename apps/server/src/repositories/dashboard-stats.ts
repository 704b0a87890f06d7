// All SQL of the dashboard's statistics: one user's usage per family and compute time since a date,
// the outcomes of their last finished runs, and the service-wide queue (length and waits).

import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { simulationRuns, simulations } from '../db/schema.js';

export interface FamilyUsageRow {
  family: string;
  simulations: number;
  runs: number;
  completed: number;
  failed: number;
  compute_seconds: number;
}

export interface RecentRunRow {
  simulation_id: string;
  run_id: string;
  title: string;
  type: string;
  number: number;
  status: string;
  finished_at: Date | null;
  duration_seconds: number | null;
  error_code: string | null;
}

export interface QueueWaitRow {
  queued: number;
  running: number;
  mine_queued: number;
  mean_wait_seconds: number | null;
  oldest_queued_at: Date | null;
}

const FINISHED = ['completed', 'failed', 'aborted'];

export class DashboardStatsRepository {
  constructor(private readonly db: Db) {}

  /** Per family: the owner's simulations, and their runs queued since `since` with outcomes and compute time. */
  async familyUsage(ownerId: string, since: Date): Promise<FamilyUsageRow[]> {
    const counts = await this.db
      .select({ family: simulations.family, n: sql<number>`count(*)::int` })
      .from(simulations)
      .where(eq(simulations.owner_id, ownerId))
      .groupBy(simulations.family);
    const runs = await this.db
      .select({
        family: simulations.family,
        runs: sql<number>`count(*)::int`,
        completed: sql<number>`count(*) filter (where ${simulationRuns.status} = 'completed')::int`,
        failed: sql<number>`count(*) filter (where ${simulationRuns.status} = 'failed')::int`,
        compute: sql<number>`coalesce(sum(${simulationRuns.duration_seconds}), 0)::float8`,
      })
      .from(simulationRuns)
      .innerJoin(simulations, eq(simulations.id, simulationRuns.simulation_id))
      .where(and(eq(simulations.owner_id, ownerId), gte(simulationRuns.queued_at, since)))
      .groupBy(simulations.family);
    const families = new Set([...counts.map((c) => c.family), ...runs.map((r) => r.family)]);
    return [...families].map((family) => {
      const r = runs.find((x) => x.family === family);
      return {
        family,
        simulations: counts.find((c) => c.family === family)?.n ?? 0,
        runs: r?.runs ?? 0,
        completed: r?.completed ?? 0,
        failed: r?.failed ?? 0,
        compute_seconds: Number(r?.compute ?? 0),
      };
    });
  }

  /** The owner's last finished runs, newest first. */
  async recentRuns(ownerId: string, limit: number): Promise<RecentRunRow[]> {
    return this.db
      .select({
        simulation_id: simulationRuns.simulation_id,
        run_id: simulationRuns.id,
        title: simulations.title,
        type: simulations.type,
        number: simulationRuns.number,
        status: simulationRuns.status,
        finished_at: simulationRuns.finished_at,
        duration_seconds: simulationRuns.duration_seconds,
        error_code: sql<string | null>`${simulationRuns.error} ->> 'code'`,
      })
      .from(simulationRuns)
      .innerJoin(simulations, eq(simulations.id, simulationRuns.simulation_id))
      .where(and(eq(simulations.owner_id, ownerId), inArray(simulationRuns.status, FINISHED), isNotNull(simulationRuns.finished_at)))
      .orderBy(desc(simulationRuns.finished_at))
      .limit(limit);
  }

  /** The service-wide queue: lengths, the owner's share, the mean wait of runs started since `startedSince`, the oldest waiting run. */
  async queue(ownerId: string, startedSince: Date): Promise<QueueWaitRow> {
    const [lengths] = await this.db
      .select({
        queued: sql<number>`count(*) filter (where ${simulationRuns.status} = 'queued')::int`,
        running: sql<number>`count(*) filter (where ${simulationRuns.status} in ('running', 'aborting'))::int`,
        mine_queued: sql<number>`count(*) filter (where ${simulationRuns.status} = 'queued' and ${simulations.owner_id} = ${ownerId})::int`,
        oldest_queued_at: sql<string | null>`min(${simulationRuns.queued_at}) filter (where ${simulationRuns.status} = 'queued')`,
      })
      .from(simulationRuns)
      .innerJoin(simulations, eq(simulations.id, simulationRuns.simulation_id))
      .where(inArray(simulationRuns.status, ['queued', 'running', 'aborting']));
    const [wait] = await this.db
      .select({ mean: sql<number | null>`avg(extract(epoch from (${simulationRuns.started_at} - ${simulationRuns.queued_at})))::float8` })
      .from(simulationRuns)
      .where(and(isNotNull(simulationRuns.started_at), gte(simulationRuns.started_at, startedSince)));
    return {
      queued: lengths?.queued ?? 0,
      running: lengths?.running ?? 0,
      mine_queued: lengths?.mine_queued ?? 0,
      mean_wait_seconds: wait?.mean === null || wait?.mean === undefined ? null : Number(wait.mean),
      oldest_queued_at: lengths?.oldest_queued_at ? new Date(lengths.oldest_queued_at) : null,
    };
  }
}
