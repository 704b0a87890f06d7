// A field's query when the run may not have that field (the ridge mask of a flat-plate jet): disabled
// then. Same key as fieldQuery, so the cache is shared with the generic field cards.
import { queryOptions } from '@tanstack/react-query';
import type { FieldMeta } from '@simforge/contracts';
import { fetchField } from '../../simulations/results/fieldApi';

export function optionalFieldQuery(simulationId: string, meta: FieldMeta | undefined, runId: string) {
  return queryOptions({
    queryKey: ['simulations', 'field', simulationId, meta?.name ?? '(absent)', runId] as const,
    queryFn: ({ signal }) => (meta ? fetchField(simulationId, meta, runId, signal) : Promise.reject(new Error('This run has no such field.'))),
    enabled: Boolean(meta),
    staleTime: Infinity,
  });
}
