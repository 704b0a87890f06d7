// The welding model's bead on a 30 mm plate with Rosenthal's assumptions (goldak-width.test.ts,
// penetration.test.ts, verification/welding-rosenthal.test.ts): SQUARE_BUTT_WELD with zero gap (two
// plates butted, no bead), constant properties k 30 W/(m·K), ρ 7850 kg/m³, c 600 J/(kg·K), melting at
// 1500 °C without latent heat, no surface losses, η·U·I = 0.8 × 25 V × 200 A = 4000 W at 5 mm/s,
// preheat 20 °C.

import type { MovingSourceCase } from '../src/physics/welding/analytic/rosenthal.js';

export const ROSENTHAL_SOLIDUS = 1500 + 273.15;

/** The same case as Rosenthal's closed forms read it (analytic/rosenthal.ts). */
export const ROSENTHAL_BEAD: MovingSourceCase = { power: 4000, travelSpeed: 0.005, conductivity: 30, density: 7850, specificHeat: 600, initialTemperature: 20 + 273.15 };

/** The welding parameters of the case, on a mesh preset, with a heat source (`derived` or explicit semi-axes). */
export function rosenthalBeadOnPlate(mesh: 'coarse' | 'default' | 'fine', heatSource: Record<string, unknown>): Record<string, unknown> {
  const c = ROSENTHAL_BEAD;
  return {
    material: { name: 'constant steel', density: c.density, conductivity: c.conductivity, specific_heat: c.specificHeat, solidus: ROSENTHAL_SOLIDUS, liquidus: ROSENTHAL_SOLIDUS + 1, latent_heat: 0 },
    process: { voltage: 25, current: 200, efficiency: 0.8, travel_speed: c.travelSpeed },
    heat_source: heatSource,
    geometry: { thickness: 0.03, width: 0.05, length: 0.1, gap: 0 },
    preheat_temperature: c.initialTemperature,
    ambient_temperature: c.initialTemperature,
    convection_coefficient: 0,
    emissivity: 0,
    mesh_size: mesh,
    cooling_time: 6,
  };
}
