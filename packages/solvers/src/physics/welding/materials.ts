// Representative CONSTANT properties for the welding fast estimate (Rosenthal / EN 1011-2): one
// value per property, between room temperature and the temperatures that govern fusion width and
// t8/5. Not the property library: the full solver uses the temperature-dependent library
// (materials/solids), built separately. Sources are those of shared/product/materials.md, with its
// tags: [READ], [READ-2], [RECALLED], [COMPUTED]. "Mean of ends" is the arithmetic mean of the
// room-temperature value and the value near the solidus, both quoted there.

import { aa6061, type SolidMaterial } from '../../materials/solids/index.js';

const CELSIUS = 273.15;
/** The mean of a library law's value at 20 °C and at the solidus (the "mean of ends" above). */
const meanOfEnds = (law: (T: number) => number, solidus: number): number => 0.5 * (law(20 + CELSIUS) + law(solidus));

export const WELDING_MATERIAL_IDS = ['S355', '316L', 'AA6061', 'Ti6Al4V', 'IN625'] as const;
export type WeldingMaterialId = (typeof WELDING_MATERIAL_IDS)[number];

export interface RepresentativeSolid {
  label: string;
  /** W/(m·K). */
  conductivity: number;
  /** kg/m³. */
  density: number;
  /** J/(kg·K). */
  specificHeat: number;
  /** K: the fusion boundary of the estimate. */
  solidus: number;
  /** Whether EN 1011-2 (ferritic steels) and the HAZ hardness formula apply. */
  ferritic: boolean;
  source: string;
}

export const REPRESENTATIVE_SOLIDS: Readonly<Record<WeldingMaterialId, RepresentativeSolid>> = {
  S355: {
    label: 'S355 structural steel',
    conductivity: 40.68,
    density: 7850,
    specificHeat: 605.9,
    solidus: 1480 + 273.15,
    ferritic: true,
    source:
      'EN 1993-1-2 3.4.1 evaluated at 400 °C [COMPUTED from the READ-2 curves]: λ = 54 − 0.0333·400 = 40.68 W/(m·K), c = 425 + 0.773·400 − 1.69e-3·400² + 2.22e-6·400³ = 605.9 J/(kg·K); ρ 7850 [READ-2]; solidus 1480 °C [RECALLED]',
  },
  '316L': {
    label: 'AISI 316L stainless steel',
    conductivity: 21.7,
    density: 7970,
    specificHeat: 596,
    solidus: 1674.15,
    ferritic: false,
    source: 'mean of ends: k (14 at 20 °C [RECALLED, Mills 2002] + 29.3 near solidus [READ, FLOW-3D deck]) / 2; c_p (470 [RECALLED] + 722 [READ]) / 2; ρ 7970 [RECALLED]; solidus 1674.15 K [READ]',
  },
  AA6061: {
    label: 'Aluminium 6061-T6',
    // From the library's EN 1999-1-2 laws, so the estimate conducts like the solve's solid (the
    // room-temperature 167 W/(m·K) of the data sheet is 21 % below their mean): k 211.1, c_p 1026.4.
    conductivity: meanOfEnds(aa6061.conductivity, aa6061.solidus),
    density: 2700,
    specificHeat: meanOfEnds(aa6061.specificHeat, aa6061.solidus),
    solidus: aa6061.solidus,
    ferritic: false,
    source: 'mean of ends of the library laws (EN 1999-1-2 [READ-2]): k (191.4 at 20 °C + 230.7 at the solidus) / 2 = 211.1, c_p (911.2 + 1141.6) / 2 = 1026.4 [COMPUTED]; ρ 2700, solidus 582 °C [RECALLED]',
  },
  Ti6Al4V: {
    label: 'Ti-6Al-4V',
    conductivity: 17.1,
    density: 4420,
    specificHeat: 681,
    solidus: 1877,
    ferritic: false,
    source: 'mean of ends: k (6.7 at 20 °C + ≈ 27.5 near melting) / 2 [RECALLED, Mills 2002 / Boivineau 2006]; c_p (530 [RECALLED] + 831 liquid [READ-2]) / 2; ρ 4420 [RECALLED]; solidus 1877 K [READ-2]',
  },
  IN625: {
    label: 'Inconel 625',
    conductivity: 9.8,
    density: 8440,
    specificHeat: 410,
    solidus: 1290 + 273.15,
    ferritic: false,
    source: 'room-temperature values, Special Metals data sheet [RECALLED]: k 9.8, c_p 410 (no high-temperature values in materials.md, so the estimate under-predicts conduction at temperature); ρ 8440 [READ-2]; solidus 1290 °C [READ-2]',
  },
};

/**
 * The weld pool's Marangoni stand-in: the liquid's conductivity multiplied by this factor, blended in
 * with the liquid fraction (thermal core `liquidEnhancement`), the raised liquid conductivity of
 * Goldak et al. 1986 (Metall. Trans. B 17:587, as cited by Autodesk Netfabb's *MRNG keyword, a single
 * melt-conductivity multiplier). 2.5 is the melt-pool model's default (its in-plane factor), ours and
 * not fitted. Isotropic, not the melt pool's along-surface/depth split: the welding torches are
 * tilted (45° on fillets), so the pool's surface is not a mesh plane, and the core's conductivities
 * are per mesh axis (a tilted tensor has off-diagonal terms the structured grid cannot carry).
 * Library materials only, like the evaporation data (evaporation.ts): a user's material keeps pure
 * conduction in the pool (and so does the welding Rosenthal verification, a user's material).
 */
export const WELD_POOL_LIQUID_CONDUCTIVITY_FACTOR: Readonly<Record<WeldingMaterialId, number>> = {
  S355: 2.5,
  '316L': 2.5,
  AA6061: 2.5,
  Ti6Al4V: 2.5,
  IN625: 2.5,
};

/** The liquid-conductivity factor of a case's material (1, pure conduction, for a user's material). */
export function weldPoolConductivityFactor(id: string): number {
  return (WELDING_MATERIAL_IDS as readonly string[]).includes(id) ? WELD_POOL_LIQUID_CONDUCTIVITY_FACTOR[id as WeldingMaterialId] : 1;
}

/** Room temperature, where the "mean of ends" of a user's material starts (K). */
const ROOM = 293.15;

/**
 * The representative constants of a welding case's material: the table above for a built-in one;
 * for a user's material (`material: 'custom'`) the mean of its property at room temperature and at
 * its solidus (the "mean of ends" rule of the table), not ferritic (EN 1011-2 and the HAZ hardness
 * formula need a known ferritic steel: the estimate falls back to Rosenthal's t8/5).
 */
export function representativeSolid(id: string, material: SolidMaterial): RepresentativeSolid {
  if ((WELDING_MATERIAL_IDS as readonly string[]).includes(id)) return REPRESENTATIVE_SOLIDS[id as WeldingMaterialId];
  const mean = (property: (t: number) => number) => 0.5 * (property(ROOM) + property(material.solidus));
  return {
    label: material.label,
    conductivity: mean((t) => material.conductivity(t)),
    density: mean((t) => material.density(t)),
    specificHeat: mean((t) => material.specificHeat(t)),
    solidus: material.solidus,
    ferritic: false,
    source: 'the user-defined material: mean of its values at 20 °C and at its solidus',
  };
}
