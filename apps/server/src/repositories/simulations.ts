// All SQL about simulations. Status changes are conditional updates (`WHERE status IN (...)`), so two
// processes racing on one simulation (a worker finishing it, a user aborting it) cannot both win.

import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { simulations, users, type StoredError, type StoredScalar } from '../db/schema.js';
import { isUuid } from './errors.js';
import { withoutLongTexts } from './listed-parameters.js';

export type SimulationRow = typeof simulations.$inferSelect;
export type SimulationWithOwner = SimulationRow & { owner_email: string };

export interface NewSimulation {
  owner_id: string;
  title: string;
  description: string | null;
  family: string;
  type: string;
  parameters: Record<string, unknown>;
}

export interface SimulationPatch {
  title?: string;
  description?: string | null;
  parameters?: Record<string, unknown>;
  status?: string;
  progress?: number;
  error?: StoredError | null;
  summary?: Record<string, StoredScalar> | null;
  solver_version?: string | null;
  current_run_id?: string | null;
  started_at?: Date | null;
  finished_at?: Date | null;
}

export interface SimulationFilter {
  owner_id?: string;
  status?: string[];
  family?: string;
  type?: string;
  q?: string;
  /** Also search the owner's email with `q` (the admin list). */
  searchOwnerEmail?: boolean;
  /** `updated_at`, `-updated_at`, `title`... */
  sort: string;
  skip: number;
  limit: number;
}

export interface UpdateCondition {
  /** Only when the simulation is in one of these statuses. */
  statusIn?: readonly string[];
  /** Only when its revision is this one. */
  revision?: number;
  /** Only when this run is its current run. */
  currentRunId?: string;
}

const withOwner = {
  id: simulations.id,
  owner_id: simulations.owner_id,
  title: simulations.title,
  description: simulations.description,
  family: simulations.family,
  type: simulations.type,
  parameters: simulations.parameters,
  status: simulations.status,
  progress: simulations.progress,
  error: simulations.error,
  summary: simulations.summary,
  solver_version: simulations.solver_version,
  revision: simulations.revision,
  current_run_id: simulations.current_run_id,
  created_at: simulations.created_at,
  updated_at: simulations.updated_at,
  started_at: simulations.started_at,
  finished_at: simulations.finished_at,
  owner_email: users.email,
};

const listed = { ...withOwner, parameters: withoutLongTexts(simulations.parameters) };

const sortColumns = {
  updated_at: simulations.updated_at,
  created_at: simulations.created_at,
  title: sql`lower(${simulations.title})`,
  status: simulations.status,
  type: simulations.type,
} as const;

/** `%`, `_` and `\` match themselves in a search. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class SimulationsRepository {
  constructor(private readonly db: Db) {}

  async create(input: NewSimulation): Promise<SimulationRow> {
    const [row] = await this.db.insert(simulations).values(input).returning();
    return row!;
  }

  async findById(id: string): Promise<SimulationWithOwner | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select(withOwner).from(simulations).innerJoin(users, eq(users.id, simulations.owner_id)).where(eq(simulations.id, id)).limit(1);
    return row ?? null;
  }

  /** Simulations of one owner in one of these statuses (the per-user cap on runs in flight). */
  async countByOwner(ownerId: string, statuses: readonly string[]): Promise<number> {
    const [total] = await this.db
      .select({ n: count() })
      .from(simulations)
      .where(and(eq(simulations.owner_id, ownerId), inArray(simulations.status, [...statuses])));
    return Number(total?.n ?? 0);
  }

  /** A page of simulations; their parameters without the long texts (LIST_TEXT_LIMIT). */
  async list(filter: SimulationFilter): Promise<{ rows: SimulationWithOwner[]; count: number }> {
    const conditions: SQL[] = [];
    if (filter.owner_id) conditions.push(eq(simulations.owner_id, filter.owner_id));
    if (filter.status?.length) conditions.push(inArray(simulations.status, filter.status));
    if (filter.family) conditions.push(eq(simulations.family, filter.family));
    if (filter.type) conditions.push(eq(simulations.type, filter.type));
    const q = filter.q?.trim();
    if (q) {
      const pattern = likePattern(q);
      const searched = [ilike(simulations.title, pattern), ilike(simulations.description, pattern), ilike(simulations.type, pattern)];
      if (filter.searchOwnerEmail) searched.push(ilike(users.email, pattern));
      conditions.push(or(...searched)!);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const descending = filter.sort.startsWith('-');
    const column = sortColumns[filter.sort.replace(/^-/, '') as keyof typeof sortColumns] ?? simulations.updated_at;
    const order = descending ? [desc(column), desc(simulations.id)] : [asc(column), asc(simulations.id)];
    const rows = await this.db
      .select(listed)
      .from(simulations)
      .innerJoin(users, eq(users.id, simulations.owner_id))
      .where(where)
      .orderBy(...order)
      .offset(filter.skip)
      .limit(filter.limit);
    const [total] = await this.db.select({ n: count() }).from(simulations).innerJoin(users, eq(users.id, simulations.owner_id)).where(where);
    return { rows, count: Number(total?.n ?? 0) };
  }

  /**
   * Applies `patch` when `condition` holds; answers the updated row, or null when the simulation is
   * gone or the condition failed. A change of status or of what the user edits bumps the revision.
   */
  async update(id: string, patch: SimulationPatch, condition: UpdateCondition = {}, options: { bumpRevision?: boolean } = {}): Promise<SimulationRow | null> {
    if (!isUuid(id)) return null;
    const conditions: SQL[] = [eq(simulations.id, id)];
    if (condition.statusIn) conditions.push(inArray(simulations.status, [...condition.statusIn]));
    if (condition.revision !== undefined) conditions.push(eq(simulations.revision, condition.revision));
    if (condition.currentRunId) conditions.push(eq(simulations.current_run_id, condition.currentRunId));
    const bump = options.bumpRevision ?? true;
    const [row] = await this.db
      .update(simulations)
      .set({ ...patch, ...(bump ? { revision: sql`${simulations.revision} + 1`, updated_at: new Date() } : {}) })
      .where(and(...conditions))
      .returning();
    return row ?? null;
  }

  /** Progress of the running run (no revision bump: it changes several times a second). */
  async setProgress(id: string, runId: string, progress: number): Promise<void> {
    await this.db
      .update(simulations)
      .set({ progress })
      .where(and(eq(simulations.id, id), eq(simulations.current_run_id, runId), inArray(simulations.status, ['running', 'aborting'])));
  }

  async delete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const rows = await this.db.delete(simulations).where(eq(simulations.id, id)).returning({ id: simulations.id });
    return rows.length > 0;
  }
}
