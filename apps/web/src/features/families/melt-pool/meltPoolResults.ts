// Pure helpers of the melt-pool view: the outline level (solidus; liquidus when the run reports it)
// and the pool-dimension keys shown as cards.
import type { ScalarResult } from '@simforge/contracts';
import type { IsoLine } from '../../simulations/results/FieldMap';

export const POOL_DIMENSION_KEYS = ['melt_pool_width', 'melt_pool_depth', 'melt_pool_length', 'peak_temperature', 'regime', 'normalized_enthalpy'] as const;
export const SOLIDIFICATION_KEYS = ['thermal_gradient', 'solidification_rate', 'cooling_rate'] as const;
export const DEFLECTION_KEYS = ['max_deflection', 'residual_deflection'] as const;

const kelvin = (summary: Record<string, ScalarResult>, pattern: RegExp): number | undefined => {
  const hit = Object.entries(summary).find(([key, s]) => pattern.test(key) && s.unit === 'K' && typeof s.value === 'number');
  return hit ? (hit[1].value as number) : undefined;
};

/**
 * The melt-pool outline(s): the solidus from the summary (`solidus_temperature`) when the run reports
 * it, else the level the solver names in the field's label ("the solidus isotherm 1674 K"), which is
 * the same number the solver used for the pool dimensions; the liquidus only from the summary.
 */
export function meltPoolOutlines(summary: Record<string, ScalarResult>, fieldLabel: string): IsoLine[] {
  const lines: IsoLine[] = [];
  const fromLabel = /solidus isotherm\s+([0-9]+(?:\.[0-9]+)?)\s*K/i.exec(fieldLabel);
  const solidus = kelvin(summary, /solidus/i) ?? (fromLabel ? Number(fromLabel[1]) : undefined);
  const liquidus = kelvin(summary, /liquidus/i);
  if (solidus !== undefined) lines.push({ level: solidus, label: 'Melt-pool outline (solidus)', colour: '#ff1744' });
  if (liquidus !== undefined) lines.push({ level: liquidus, label: 'Liquidus', colour: '#ffffff' });
  return lines;
}

export function pickSummary(summary: Record<string, ScalarResult>, keys: readonly string[]): [string, ScalarResult][] {
  return keys.filter((k) => summary[k] !== undefined).map((k) => [k, summary[k]!]);
}

/** µm for lengths below a millimetre (pool sizes, deflections of thin plates); otherwise the usual choice. */
export function laserScaleUnit(result: ScalarResult): string | undefined {
  return result.unit === 'm' && typeof result.value === 'number' && Math.abs(result.value) < 1e-3 ? 'µm' : undefined;
}
