// The melt-pool case of a bead-on-plate row (bead-on-plate.data.ts) as the validation study solves it,
// and the absorptivity of a row whose paper states none (ABSORPTIVITY_BY_REGIME, by the regime of the
// plan's normalised enthalpy).

import { ABSORPTIVITY_BY_REGIME, type BeadOnPlateRow, type BeadRegime } from './bead-on-plate.data.js';
import { meltPoolDefaults, readMeltPoolCase, type MeltPoolCase } from './parameters.js';
import { planMeltPool } from './plan.js';

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
