// The melt-pool case of a bead-on-plate row (bead-on-plate.data.ts) as the validation study solves it,
// and the absorptivity of a row whose paper states none (ABSORPTIVITY_BY_REGIME, by the regime of the
// plan's normalised enthalpy).

import { RunContext } from '../../../run/context.js';
import type { CaseRecord } from '../../../../test/verification/report/record.js';
import { ABSORPTIVITY_BY_REGIME, type BeadOnPlateRow, type BeadRegime } from './bead-on-plate.data.js';
import { meltPoolDefaults, readMeltPoolCase, type MeltPoolCase } from './parameters.js';
import { planMeltPool } from './plan.js';
import { solveMeltPool } from './solver.js';

/** LASER_RIGID_PLATE, coarse preset, the product's default Marangoni factors; a plate 16 spot radii (at least 1.2 mm) wide. */
export function beadCase(row: BeadOnPlateRow, absorptivity: number): MeltPoolCase {
  const r0 = row.spotRadius * 1e-6;
  const track = row.trackLength * 1e-3;
  return readMeltPoolCase('LASER_RIGID_PLATE', {
    ...meltPoolDefaults('LASER_RIGID_PLATE'),
    material: row.material,
    laser: { power: row.power, spot_radius: r0, absorptivity, scan_speed: row.speed / 1000, track_length: track },
    plate: { thickness: row.plateThickness * 1e-3, width: Math.max(1.2e-3, 16 * r0), length: track + 0.5e-3 },
    mesh_size: 'coarse',
  });
}

/**
 * The row's absorptivity and where it comes from: the paper's, or the lowest regime of
 * ABSORPTIVITY_BY_REGIME whose value keeps ΔH/h_s below that regime's upper threshold (else the keyhole's).
 */
export function rowAbsorptivity(row: BeadOnPlateRow): { absorptivity: number; source: string; regime?: BeadRegime } {
  if (row.absorptivity !== undefined) return { absorptivity: row.absorptivity, source: 'measured (calorimetry)' };
  for (const regime of ['conduction', 'transition'] as const) {
    const absorptivity = ABSORPTIVITY_BY_REGIME[regime];
    const e = planMeltPool(beadCase(row, absorptivity)).enthalpy;
    const upper = regime === 'conduction' ? e.transitionAt : e.keyholeAt;
    if (e.value < upper) return { absorptivity, source: `not stated: ${regime} value (ΔH/h_s ${e.value.toFixed(1)} < ${upper.toFixed(1)})`, regime };
  }
  return { absorptivity: ABSORPTIVITY_BY_REGIME.keyhole, source: 'not stated: keyhole value', regime: 'keyhole' };
}

export interface SolvedRow {
  row: BeadOnPlateRow;
  absorptivity: number;
  absorptivitySource: string;
  /** µm */
  width: number;
  depth: number;
  /** Wall-clock seconds of the solve. */
  seconds: number;
}

export async function solveRow(row: BeadOnPlateRow): Promise<SolvedRow> {
  const { absorptivity, source } = rowAbsorptivity(row);
  const started = Date.now();
  const out = await solveMeltPool(beadCase(row, absorptivity), new RunContext());
  const um = (key: 'melt_pool_width' | 'melt_pool_depth') => (out.summary[key]!.value as number) * 1e6;
  return { row, absorptivity, absorptivitySource: source, width: um('melt_pool_width'), depth: um('melt_pool_depth'), seconds: (Date.now() - started) / 1000 };
}

export const BEAD_MODEL = 'melt-pool-thermal-3d';

/** The shared fields of a row's case; the study's call site gives the literal id and the tolerance. */
export function rowCase(solved: ReadonlyMap<string, SolvedRow>, rowId: string, quantity: 'width' | 'depth'): Omit<CaseRecord, 'id' | 'tolerance'> {
  const s = solved.get(rowId);
  if (!s) throw new Error(`bead-on-plate: no row ${rowId}`);
  const { row } = s;
  return {
    model: BEAD_MODEL,
    kind: 'validation',
    compared: `Melt-pool ${quantity} (solidus), ${row.material} bare plate, ${row.power} W × absorptivity ${s.absorptivity} (${s.absorptivitySource}), ${row.speed} mm/s, r₀ ${row.spotRadius} µm, ${row.trackLength} mm track; coarse preset`,
    reference: `${row.source}: ${row[quantity].toFixed(1)} µm`,
    value: s[quantity],
    reference_value: row[quantity],
    unit: 'µm',
  };
}

/** The summary case's fields: the mean absolute relative error over the rows solved. */
export function maeCase(solved: ReadonlyMap<string, SolvedRow>, quantity: 'width' | 'depth', reference: string): Omit<CaseRecord, 'id' | 'tolerance'> {
  const errors = [...solved.values()].map((s) => Math.abs(s[quantity] / s.row[quantity] - 1));
  return {
    model: BEAD_MODEL,
    kind: 'validation',
    compared: `Mean absolute relative error of the melt-pool ${quantity} over ${solved.size} bead-on-plate rows (${[...solved.keys()].join(', ')})`,
    reference,
    error: errors.reduce((sum, e) => sum + e, 0) / errors.length,
    error_kind: 'absolute',
    unit: '',
  };
}

/** One line per row for the study's log. */
export function rowReport(solved: ReadonlyMap<string, SolvedRow>): string {
  const pct = (v: number, ref: number) => `${(100 * (v / ref - 1)).toFixed(1)} %`;
  return [...solved.values()]
    .map((s) => `${s.row.id} (A ${s.absorptivity}, ${s.seconds.toFixed(0)} s): width ${s.width.toFixed(1)} / ${s.row.width.toFixed(1)} µm (${pct(s.width, s.row.width)}), depth ${s.depth.toFixed(1)} / ${s.row.depth.toFixed(1)} µm (${pct(s.depth, s.row.depth)})`)
    .join('\n');
}
