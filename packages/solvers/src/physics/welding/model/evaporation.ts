// The evaporation loss of the weld pool's free surface: the melt-pool model's Langmuir flux
// (thermal/evaporation.ts) with the same material data (melt-pool/analytic/normalized-enthalpy.ts),
// so both families bound their peak temperatures the same way. Without it the conduction model puts
// the arc's power into a small pool with nowhere to go and its surface runs above the boiling point
// (3240-3290 K on the fillet and double-V defaults); the real pool loses heat by evaporation (and
// convection, not modelled), whose flux at the boiling point (≈ 3e8 W/m² for iron) exceeds any
// arc's, so the surface settles near or below the boiling point.

import type { SolidMaterial } from '../../../materials/solids/solid.js';
import type { EvaporationModel } from '../../../thermal/evaporation.js';
import { boilingTemperature, EVAPORATION_DATA } from '../../melt-pool/analytic/normalized-enthalpy.js';

/** The evaporation model of a library material; none for a user's material (no vapour data). */
export function weldPoolEvaporation(materialId: string, material: SolidMaterial): EvaporationModel | undefined {
  const vapour = EVAPORATION_DATA[materialId];
  const boiling = boilingTemperature(material);
  return vapour && boiling !== undefined ? { ...vapour, boilingTemperature: boiling } : undefined;
}
