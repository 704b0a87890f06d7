// Database rows -> API answers. The hashed password never leaves this file's input.

import type { Simulation, SimulationRun, SimulationStatus, UserPublic } from '@simforge/contracts';
import type { RunRow, SimulationWithOwner, UserRow } from '../repositories/index.js';
import { toAuthUser } from '../services/auth-deps.js';

export function toUserPublic(row: UserRow): UserPublic {
  return {
    ...toAuthUser(row),
    // Signed-in users only ever see their real profile; the anonymous profile lives in the web client.
    is_anonymous: false,
    created_at: row.created_at.toISOString(),
  };
}

/** A page of rows as the list endpoints answer it: the rows shown, and how many match in all. */
export function toPage<Row, Item>(page: { rows: Row[]; count: number }, present: (row: Row) => Item): { data: Item[]; count: number } {
  return { data: page.rows.map(present), count: page.count };
}

// --- simulations ----------------------------------------------------------------------------


const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSimulation(row: SimulationWithOwner): Simulation {
  return {
    id: row.id,
    owner_id: row.owner_id,
    owner_email: row.owner_email,
    title: row.title,
    description: row.description,
    family: row.family,
    type: row.type,
    parameters: row.parameters,
    status: row.status as SimulationStatus,
    progress: Math.min(1, Math.max(0, row.progress)),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    error: row.error ?? null,
    summary: row.summary ?? null,
    solver_version: row.solver_version,
    revision: row.revision,
    current_run_id: row.current_run_id,
  };
}

export function toRun(row: RunRow): SimulationRun {
  return {
    id: row.id,
    simulation_id: row.simulation_id,
    number: row.number,
    status: row.status as SimulationStatus,
    parameters: row.parameters,
    solver_version: row.solver_version,
    queued_at: row.queued_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    duration_seconds: row.duration_seconds,
    summary: row.summary ?? null,
    error: row.error ?? null,
  };
}
