// AISI 316L stainless steel.
//   Melting range, latent heat, high-temperature c_p and k [READ]: FLOW-3D input deck
//   "Fe-316_Stainless_Steel-Mills data" (cgs converted, materials.md): liquidus 1697.15 K, solidus
//   1674.15 K, L = 260 kJ/kg, c_p 722 J/(kg·K) (solid, high T) and 726 (liquid), k ≈ 29.3 W/(m·K)
//   near the solidus.
//   Room temperature [RECALLED, Mills 2002, "Recommended values of thermophysical properties for
//   selected commercial alloys"]: ρ ≈ 7970 kg/m³, k ≈ 14 W/(m·K), c_p ≈ 470–500 J/(kg·K) (485 used).
//   Between them: linear in T (Mills: "k rising roughly linearly"); constant ρ.
//   Mechanical [RECALLED, AK Steel 316/316L product data bulletin / ASM Metals Handbook]: E 193 GPa,
//   ν 0.30, mean expansion 17.5e-6 /K (0–538 °C) and 18.5e-6 (0–649 °C), 18.0e-6 taken for 20–600 °C
//   (materials.md: 16–18e-6); yield (0.2 % proof) 170 MPa, the ASTM A240 minimum for 316L (annealed
//   plate is typically 200–300 MPa, and strain hardening, which the elastic–perfectly plastic
//   inherent-strain model leaves out, raises it further); no stress above ≈ 1000 °C, where the proof
//   strength is down to a small fraction of its room-temperature value (approximate).

import { CELSIUS, clampedTable, type SolidMaterial } from './solid.js';

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
  mechanical: { youngsModulus: 193e9, poissonRatio: 0.3, expansionCoefficient: 18.0e-6, yieldStress: 170e6, mechanicalMeltingTemperature: 1000 + CELSIUS },
  sources: {
    density: '7970 kg/m³ at 20 °C, Mills 2002 [RECALLED], held constant',
    conductivity: '14 W/(m·K) at 20 °C (Mills 2002 [RECALLED]) to 29.3 at the solidus (FLOW-3D Mills deck [READ]), linear',
    specific_heat: '485 J/(kg·K) at 20 °C (Mills 2002, 470–500 [RECALLED]) to 722 solid / 726 liquid (FLOW-3D Mills deck [READ])',
    solidus: '1674.15 K, FLOW-3D Mills deck [READ]',
    liquidus: '1697.15 K, FLOW-3D Mills deck [READ]',
    latent_heat: '260 kJ/kg, FLOW-3D Mills deck [READ]',
    youngs_modulus: '193 GPa, AK Steel 316/316L bulletin [RECALLED]',
    poisson_ratio: '0.30 [RECALLED]',
    thermal_expansion: '18.0e-6 /K, between 17.5e-6 (0–538 °C) and 18.5e-6 (0–649 °C), AK Steel bulletin [RECALLED]',
    yield_strength: '170 MPa, ASTM A240 minimum for 316L [RECALLED]',
    mechanical_melting_temperature: '≈ 1000 °C (proof strength a small fraction of the room-temperature value) [RECALLED, approximate]',
  },
};
