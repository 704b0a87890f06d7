// The parts every family's fast estimate answers with (run/types.ts EstimateResult).
import type { EstimateResult, ScalarResult, ValidityCheck } from './types.js';

/** A quantity the estimate's correlations hold for between min and max, and whether the case's value lies there. */
export function validityCheck(quantity: string, min: number, max: number, value: number): ValidityCheck {
  return { quantity, min, max, value, inside: value >= min && value <= max };
}

/** The estimate: inside its validity when every check is. */
export function estimateResult(
  model: string,
  results: Record<string, ScalarResult>,
  validity: ValidityCheck[],
  work: Pick<EstimateResult, 'expected_runtime_seconds' | 'expected_runtime_seconds_by_mesh' | 'work' | 'work_by_mesh'>,
): EstimateResult {
  return { model, results, validity, inside_validity: validity.every((v) => v.inside), ...work };
}
