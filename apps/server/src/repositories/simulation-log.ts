// All SQL about run logs: lines numbered per run (`seq` from 1), stored completely.

import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { simulationLog } from '../db/schema.js';

export type LogRow = typeof simulationLog.$inferSelect;

export interface NewLogLine {
  seq: number;
  t: number;
  level: string;
  message: string;
}

export class SimulationLogRepository {
  constructor(private readonly db: Db) {}

  async append(runId: string, lines: NewLogLine[]): Promise<void> {
    if (lines.length === 0) return;
    await this.db
      .insert(simulationLog)
      .values(lines.map((line) => ({ run_id: runId, ...line })))
      .onConflictDoNothing();
  }

  /** The number the next line of this run gets. */
  async nextSeq(runId: string): Promise<number> {
    const [row] = await this.db.select({ max: sql<number | null>`max(${simulationLog.seq})` }).from(simulationLog).where(eq(simulationLog.run_id, runId));
    return Number(row?.max ?? 0) + 1;
  }

  async list(runId: string): Promise<LogRow[]> {
    return this.db.select().from(simulationLog).where(eq(simulationLog.run_id, runId)).orderBy(asc(simulationLog.seq));
  }
}
