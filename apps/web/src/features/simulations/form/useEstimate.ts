// The fast estimate of the parameters as typed, shared by the estimate panel and the parts of the
// form that show its answers (the welding cross-section preview, heat input, mesh run times).
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CrossSectionPreview, EstimateResponse } from '@simforge/contracts';
import { ApiError } from '../../../lib/api';
import { useDebounced } from '../../../lib/useDebounced';
import { fetchEstimate, simulationsKeys } from '../simulationsApi';
import { serverFieldErrors } from './parameterForm';

export const ESTIMATE_DEBOUNCE_MS = 400;

export interface PreviewSnapshot {
  preview: CrossSectionPreview;
  /** The parameters (SI) the preview was computed for. */
  parameters: Record<string, unknown>;
}

export interface EstimateState {
  query: ReturnType<typeof useQuery<EstimateResponse>>;
  /** The answer when it is for the parameters as typed now (not an earlier set kept on screen). */
  current: EstimateResponse | null;
  /** The server's messages for the parameters as typed (a 422): parameter path (`geometry.root_face`) -> message. */
  fieldErrors: Record<string, string>;
  /** The latest cross-section preview the server gave, kept while later parameters are refused. */
  lastPreview: PreviewSnapshot | null;
  /** Whether `lastPreview` shows the parameters as typed now. */
  previewCurrent: boolean;
}

const NO_ERRORS: Record<string, string> = {};

/** `parameters` is null while the form itself has errors: nothing is asked then. */
export function useEstimate(type: string, parameters: Record<string, unknown> | null): EstimateState {
  const settled = useDebounced(parameters, ESTIMATE_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: simulationsKeys.estimate(type, settled),
    queryFn: ({ signal }) => fetchEstimate(type, settled!, signal),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
  const fresh = query.data && !query.isPlaceholderData && settled !== null ? query.data : null;
  const [lastPreview, setLastPreview] = useState<PreviewSnapshot | null>(null);
  useEffect(() => {
    if (fresh?.preview && settled) setLastPreview((last) => (last?.preview === fresh.preview ? last : { preview: fresh.preview!, parameters: settled }));
  }, [fresh, settled]);

  const current = fresh && settled === parameters ? fresh : null;
  const refused = query.isError && settled === parameters && query.error instanceof ApiError && query.error.status === 422;
  const fieldErrors = refused ? parameterErrors((query.error as ApiError).body) : NO_ERRORS;
  return { query, current, fieldErrors, lastPreview, previewCurrent: lastPreview !== null && parameters !== null && lastPreview.parameters === parameters };
}

/** A 422 answer's messages by parameter path (`parameters.geometry.root_face` -> `geometry.root_face`). */
function parameterErrors(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(serverFieldErrors(body))) {
    if (path.startsWith('parameters.')) out[path.slice('parameters.'.length)] = message;
  }
  return out;
}
