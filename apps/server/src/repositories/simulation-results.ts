// All SQL about results: the summary and series of a run as JSON, each field as Float32 bytes.

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { simulationResultFields, simulationResults, type StoredScalar } from '../db/schema.js';

export interface StoredSeriesAxis {
  name: string;
  unit: string;
  label: string;
  values: number[];
}

export interface StoredSeries {
  label: string;
  x: StoredSeriesAxis;
  y: StoredSeriesAxis[];
}

export interface FieldMetaRow {
  label: string;
  unit: string;
  shape: number[];
  grid: { axes: { name: string; unit: string; values: number[] }[] };
}

export interface NewField extends FieldMetaRow {
  name: string;
  /** Little-endian Float32 values. */
  data: Uint8Array;
}

export class SimulationResultsRepository {
  constructor(private readonly db: Db) {}

  async save(runId: string, result: { summary: Record<string, StoredScalar>; series: Record<string, StoredSeries>; fields: NewField[] }): Promise<void> {
    await this.db
      .insert(simulationResults)
      .values({ run_id: runId, summary: result.summary, series: result.series as unknown as Record<string, unknown> })
      .onConflictDoUpdate({ target: simulationResults.run_id, set: { summary: result.summary, series: result.series as unknown as Record<string, unknown> } });
    await this.db.delete(simulationResultFields).where(eq(simulationResultFields.run_id, runId));
    for (const field of result.fields) {
      const { name, data, ...meta } = field;
      await this.db.insert(simulationResultFields).values({ run_id: runId, name, meta, data });
    }
  }

  async find(runId: string): Promise<{ summary: Record<string, StoredScalar>; series: Record<string, StoredSeries> } | null> {
    const [row] = await this.db.select().from(simulationResults).where(eq(simulationResults.run_id, runId)).limit(1);
    return row ? { summary: row.summary, series: row.series as unknown as Record<string, StoredSeries> } : null;
  }

  /** Field metadata without the values, and each field's size in bytes. */
  async fieldIndex(runId: string): Promise<(FieldMetaRow & { name: string; byte_length: number })[]> {
    const rows = await this.db
      .select({ name: simulationResultFields.name, meta: simulationResultFields.meta, byte_length: sql<number>`octet_length(${simulationResultFields.data})` })
      .from(simulationResultFields)
      .where(eq(simulationResultFields.run_id, runId))
      .orderBy(simulationResultFields.name);
    return rows.map((row) => ({ name: row.name, ...row.meta, byte_length: Number(row.byte_length) }));
  }

  /** A field's metadata without its values, or null. */
  async fieldMeta(runId: string, name: string): Promise<(FieldMetaRow & { name: string }) | null> {
    const [row] = await this.db
      .select({ name: simulationResultFields.name, meta: simulationResultFields.meta })
      .from(simulationResultFields)
      .where(and(eq(simulationResultFields.run_id, runId), eq(simulationResultFields.name, name)))
      .limit(1);
    return row ? { name: row.name, ...row.meta } : null;
  }

  /**
   * `length` bytes of a field's values from byte `offset` (a slice along its first axis), read in the
   * database: a large table's one time never loads the whole table into the server.
   */
  async fieldBytes(runId: string, name: string, offset: number, length: number): Promise<Uint8Array | null> {
    const [row] = await this.db
      .select({ data: sql<Uint8Array>`substring(${simulationResultFields.data} from ${offset + 1} for ${length})` })
      .from(simulationResultFields)
      .where(and(eq(simulationResultFields.run_id, runId), eq(simulationResultFields.name, name)))
      .limit(1);
    return row ? toBytes(row.data) : null;
  }

  async field(runId: string, name: string): Promise<(NewField & { name: string }) | null> {
    const [row] = await this.db
      .select()
      .from(simulationResultFields)
      .where(and(eq(simulationResultFields.run_id, runId), eq(simulationResultFields.name, name)))
      .limit(1);
    return row ? { name: row.name, ...row.meta, data: row.data } : null;
  }
}

/** bytea as the driver returns it through a raw sql expression: bytes, or PostgreSQL's hex text. */
function toBytes(value: Uint8Array | string): Uint8Array {
  if (typeof value !== 'string') return value;
  return Buffer.from(value.startsWith('\\x') ? value.slice(2) : value, 'hex');
}
