// Heat input η·U·I/v of an arc-welding case: from the fast estimate when it answers for the values as
// typed, else from the form's own values (display units: V, A, -, mm/s).
import type { EstimateResponse } from '@simforge/contracts';
import { formatNumber } from '../../../lib/displayUnits';
import { parseNumberInput, type ParameterFormValues } from '../../simulations/form/parameterForm';

export interface HeatInput {
  /** kJ/mm */
  kJPerMm: number;
  /** `0.8 × 25 V × 200 A ÷ 5 mm/s` */
  formula: string;
  source: 'estimate' | 'form';
}

const J_PER_M_IN_KJ_PER_MM = 1e6;

/** Null when the process values are not all numbers yet (or there is no process group). */
export function heatInputOf(values: ParameterFormValues, estimate: EstimateResponse | null): HeatInput | null {
  const process = values.process as Record<string, unknown> | undefined;
  if (!process) return null;
  const efficiency = parseNumberInput(process.efficiency);
  const voltage = parseNumberInput(process.voltage);
  const current = parseNumberInput(process.current);
  const speedMmPerS = parseNumberInput(process.travel_speed);
  if (![efficiency, voltage, current, speedMmPerS].every(Number.isFinite) || !(speedMmPerS > 0)) return null;
  const formula = `${formatNumber(efficiency, 4)} × ${formatNumber(voltage, 5)} V × ${formatNumber(current, 5)} A ÷ ${formatNumber(speedMmPerS, 5)} mm/s`;
  const fromEstimate = estimate?.results.heat_input;
  if (fromEstimate && typeof fromEstimate.value === 'number' && fromEstimate.unit === 'J/m') {
    return { kJPerMm: fromEstimate.value / J_PER_M_IN_KJ_PER_MM, formula, source: 'estimate' };
  }
  // η·U·I (W) / v (mm/s) = J/mm; / 1000 -> kJ/mm.
  return { kJPerMm: (efficiency * voltage * current) / speedMmPerS / 1000, formula, source: 'form' };
}
