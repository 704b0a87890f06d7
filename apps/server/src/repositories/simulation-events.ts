// All SQL about stored simulation events (SSE resumption). The bigserial id is the event's id.
// Volume stays bounded: a new run removes the events of earlier runs, and a finished run keeps only
// its last progress event.

import { and, asc, eq, gt, lt, max, ne, or, isNull, sql } from 'drizzle-orm';
import type { SimulationEvent, SimulationEventInput } from '@simforge/contracts';
import type { Db } from '../db/database.js';
import { simulationEvents } from '../db/schema.js';

function toEvent(row: typeof simulationEvents.$inferSelect): SimulationEvent {
  return { ...(row.payload as object), id: row.id } as SimulationEvent;
}

export class SimulationEventsRepository {
  constructor(private readonly db: Db) {}

  async insert(input: SimulationEventInput): Promise<SimulationEvent> {
    const [row] = await this.db
      .insert(simulationEvents)
      .values({ simulation_id: input.simulation_id, run_id: input.run_id, type: input.type, payload: input as unknown as Record<string, unknown> })
      .returning();
    return toEvent(row!);
  }

  async findById(id: number): Promise<SimulationEvent | null> {
    const [row] = await this.db.select().from(simulationEvents).where(eq(simulationEvents.id, id)).limit(1);
    return row ? toEvent(row) : null;
  }

  /** Events of a simulation after `afterId`, oldest first. */
  async listAfter(simulationId: string, afterId: number, limit = 10_000): Promise<SimulationEvent[]> {
    const rows = await this.db
      .select()
      .from(simulationEvents)
      .where(and(eq(simulationEvents.simulation_id, simulationId), gt(simulationEvents.id, afterId)))
      .orderBy(asc(simulationEvents.id))
      .limit(limit);
    return rows.map(toEvent);
  }

  async latestId(simulationId: string): Promise<number> {
    const [row] = await this.db.select({ id: max(simulationEvents.id) }).from(simulationEvents).where(eq(simulationEvents.simulation_id, simulationId));
    return Number(row?.id ?? 0);
  }

  /** Removes the events of a simulation's earlier runs (their logs stay in simulation_log). */
  async deleteOtherRuns(simulationId: string, keepRunId: string): Promise<void> {
    await this.db
      .delete(simulationEvents)
      .where(and(eq(simulationEvents.simulation_id, simulationId), or(isNull(simulationEvents.run_id), ne(simulationEvents.run_id, keepRunId))));
  }

  /** Keeps only the last progress event of a finished run. */
  async pruneProgress(runId: string): Promise<void> {
    const [last] = await this.db
      .select({ id: max(simulationEvents.id) })
      .from(simulationEvents)
      .where(and(eq(simulationEvents.run_id, runId), eq(simulationEvents.type, 'progress')));
    if (!last?.id) return;
    await this.db
      .delete(simulationEvents)
      .where(and(eq(simulationEvents.run_id, runId), eq(simulationEvents.type, 'progress'), lt(simulationEvents.id, Number(last.id))));
  }

  async count(simulationId: string): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)` }).from(simulationEvents).where(eq(simulationEvents.simulation_id, simulationId));
    return Number(row?.n ?? 0);
  }
}
