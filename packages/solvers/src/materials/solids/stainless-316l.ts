// AISI 316L stainless steel.
//   Melting range, latent heat, high-temperature c_p and k [READ]: FLOW-3D input deck
//   "Fe-316_Stainless_Steel-Mills data" (cgs converted, materials.md): liquidus 1697.15 K, solidus
//   1674.15 K, L = 260 kJ/kg, c_p 722 J/(kg·K) (solid, high T) and 726 (liquid), k ≈ 29.3 W/(m·K)
//   near the solidus.
//   Room temperature [RECALLED, Mills 2002, "Recommended values of thermophysical properties for
//   selected commercial alloys"]: ρ ≈ 7970 kg/m³, k ≈ 14 W/(m·K), c_p ≈ 470–500 J/(kg·K) (485 used).
//   Between them: linear in T (Mills: "k rising roughly linearly"); constant ρ.

import { clampedTable, type SolidMaterial } from './solid.js';

export const stainless316L: SolidMaterial = {
  id: '316L',
  label: 'Stainless steel AISI 316L',
  density: () => 7970,
  conductivity: clampedTable([
    [293.15, 14],
    [1674.15, 29.3],
  ]),
  specificHeat: clampedTable([
    [293.15, 485],
    [1674.15, 722],
    [1697.15, 726],
  ]),
  solidus: 1674.15,
  liquidus: 1697.15,
  latentHeat: 260e3,
  sources: {
    density: '7970 kg/m³ at 20 °C, Mills 2002 [RECALLED], held constant',
    conductivity: '14 W/(m·K) at 20 °C (Mills 2002 [RECALLED]) to 29.3 at the solidus (FLOW-3D Mills deck [READ]), linear',
    specific_heat: '485 J/(kg·K) at 20 °C (Mills 2002, 470–500 [RECALLED]) to 722 solid / 726 liquid (FLOW-3D Mills deck [READ])',
    solidus: '1674.15 K, FLOW-3D Mills deck [READ]',
    liquidus: '1697.15 K, FLOW-3D Mills deck [READ]',
    latent_heat: '260 kJ/kg, FLOW-3D Mills deck [READ]',
  },
};
