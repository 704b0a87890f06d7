// GET /simulations/{id}/results/fields/{name}: binary Float32 (little-endian) with X-Field-* headers.
import { queryOptions } from '@tanstack/react-query';
import type { FieldMeta } from '@simforge/contracts';
import { API_BASE, apiErrorOf, bearerHeaders, fillPath, queryString, reportUnauthorized } from '../../../lib/api';
import { decodeFieldArray, type FieldArray } from './fieldData';

/** The whole field, or with `index` its slice at that index of the first axis (shape 1, …). */
export async function fetchField(simulationId: string, meta: FieldMeta, runId: string, signal?: AbortSignal, index?: number): Promise<FieldArray> {
  const query = index === undefined ? { run_id: runId } : { run_id: runId, index: String(index) };
  const url = `${API_BASE}${fillPath('/simulations/{id}/results/fields/{name}', { id: simulationId, name: meta.name })}${queryString(query)}`;
  const headers = bearerHeaders();
  const response = await fetch(url, { headers: { Accept: 'application/octet-stream, application/json', ...headers }, signal, credentials: 'same-origin' });
  if (!response.ok) {
    const error = await apiErrorOf(response);
    if (response.status === 401 && headers.Authorization) reportUnauthorized(error);
    throw error;
  }
  const sliceMeta = index === undefined ? meta : { ...meta, grid: { axes: meta.grid.axes.map((axis, a) => (a === 0 ? { ...axis, values: axis.values.slice(index, index + 1) } : axis)) } };
  return decodeFieldArray(sliceMeta, response.headers, await response.arrayBuffer());
}

export const fieldQuery = (simulationId: string, meta: FieldMeta, runId: string) =>
  queryOptions({
    queryKey: ['simulations', 'field', simulationId, meta.name, runId] as const,
    queryFn: ({ signal }) => fetchField(simulationId, meta, runId, signal),
    staleTime: Infinity,
  });

/** One index of the field's first axis (a network table at one reporting time). */
export const fieldSliceQuery = (simulationId: string, meta: FieldMeta, runId: string, index: number) =>
  queryOptions({
    queryKey: ['simulations', 'field', simulationId, meta.name, runId, { index }] as const,
    queryFn: ({ signal }) => fetchField(simulationId, meta, runId, signal, index),
    staleTime: Infinity,
  });
