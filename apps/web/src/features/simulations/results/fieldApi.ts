// GET /simulations/{id}/results/fields/{name}: binary Float32 (little-endian) with X-Field-* headers.
import { queryOptions } from '@tanstack/react-query';
import type { FieldMeta } from '@simforge/contracts';
import { API_BASE, apiErrorOf, bearerHeaders, fillPath, queryString, reportUnauthorized } from '../../../lib/api';
import { decodeFieldArray, type FieldArray } from './fieldData';

export async function fetchField(simulationId: string, meta: FieldMeta, runId: string, signal?: AbortSignal): Promise<FieldArray> {
  const url = `${API_BASE}${fillPath('/simulations/{id}/results/fields/{name}', { id: simulationId, name: meta.name })}${queryString({ run_id: runId })}`;
  const headers = bearerHeaders();
  const response = await fetch(url, { headers: { Accept: 'application/octet-stream, application/json', ...headers }, signal, credentials: 'same-origin' });
  if (!response.ok) {
    const error = await apiErrorOf(response);
    if (response.status === 401 && headers.Authorization) reportUnauthorized(error);
    throw error;
  }
  return decodeFieldArray(meta, response.headers, await response.arrayBuffer());
}

export const fieldQuery = (simulationId: string, meta: FieldMeta, runId: string) =>
  queryOptions({
    queryKey: ['simulations', 'field', simulationId, meta.name, runId] as const,
    queryFn: ({ signal }) => fetchField(simulationId, meta, runId, signal),
    staleTime: Infinity,
  });
