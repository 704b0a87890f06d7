// The result shape (simulations.md, "Shared conventions", and @simforge/solvers): `summary` holds
// the scalar key results, `series` 1-D data, `fields` 2-D/3-D arrays with their grid. Values SI.
// The view page loads the index first, then each series and field by name, lazily.

import { z } from 'zod';

export const ScalarResult = z.object({ value: z.union([z.number(), z.string()]), unit: z.string(), label: z.string() });
export type ScalarResult = z.infer<typeof ScalarResult>;

export const SeriesAxis = z.object({ name: z.string(), unit: z.string(), label: z.string(), values: z.array(z.number()) });
export type SeriesAxis = z.infer<typeof SeriesAxis>;

/** 1-D data: one x axis and one or more y curves of the same length. */
export const Series = z.object({ label: z.string(), x: SeriesAxis, y: z.array(SeriesAxis) });
export type Series = z.infer<typeof Series>;

/** GET /simulations/{id}/results/series/{name}. */
export const SeriesResponse = Series.extend({ name: z.string(), run_id: z.uuid() });
export type SeriesResponse = z.infer<typeof SeriesResponse>;

export const FieldGridAxis = z.object({ name: z.string(), unit: z.string(), values: z.array(z.number()) });
export type FieldGridAxis = z.infer<typeof FieldGridAxis>;

/** A field without its values: the values are served as binary Float32 (see fieldBinary). */
export const FieldMeta = z.object({
  name: z.string(),
  label: z.string(),
  unit: z.string(),
  /** Row-major: the last axis varies fastest. */
  shape: z.array(z.number().int()),
  grid: z.object({ axes: z.array(FieldGridAxis) }),
});
export type FieldMeta = z.infer<typeof FieldMeta>;

export const SeriesIndexEntry = z.object({
  name: z.string(),
  label: z.string(),
  x: SeriesAxis.omit({ values: true }),
  y: z.array(SeriesAxis.omit({ values: true })),
  length: z.number().int(),
});
export type SeriesIndexEntry = z.infer<typeof SeriesIndexEntry>;

/** GET /simulations/{id}/results: what the latest completed run produced. */
export const ResultsIndex = z.object({
  simulation_id: z.uuid(),
  run_id: z.uuid(),
  solver_version: z.string().nullable(),
  summary: z.record(z.string(), ScalarResult),
  series: z.array(SeriesIndexEntry),
  fields: z.array(FieldMeta.extend({ byte_length: z.number().int() })),
  /**
   * A network run's per-element series (`node:<id>`, `link:<id>`; tens of thousands on a large
   * network) are not listed in `series`: fetch one by name when asked for. How many there are of
   * each kind, and their length; absent when the run has none.
   */
  element_series: z.object({ nodes: z.number().int(), links: z.number().int(), length: z.number().int() }).optional(),
});
export type ResultsIndex = z.infer<typeof ResultsIndex>;

/**
 * GET /simulations/{id}/results/fields/{name}: the values as little-endian IEEE 754 Float32,
 * row-major (`shape` order, last axis fastest), `Content-Type: application/octet-stream`, with the
 * field described by these headers. Read it with `new Float32Array(await response.arrayBuffer())`.
 */
export const fieldBinary = {
  contentType: 'application/octet-stream',
  headers: {
    /** `float32-le` */
    dtype: 'x-field-dtype',
    /** Comma-separated, e.g. `40,120`. */
    shape: 'x-field-shape',
    /** SI unit of the values (URI-encoded: `W%2Fm%C2%B2`). */
    unit: 'x-field-unit',
    /** The run that produced it. */
    runId: 'x-run-id',
  },
  dtype: 'float32-le',
} as const;

/** Decodes a field answer's body (little-endian on every platform). */
export function decodeFloat32(buffer: ArrayBuffer): Float32Array {
  const view = new DataView(buffer);
  const out = new Float32Array(buffer.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** Encodes values as little-endian Float32 (the server's side of `decodeFloat32`). */
export function encodeFloat32(values: ArrayLike<number>): Uint8Array {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i]!, true);
  return bytes;
}
