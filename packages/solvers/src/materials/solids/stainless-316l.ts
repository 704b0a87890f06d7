// AISI 316L stainless steel.
//   Melting range, latent heat, high-temperature c_p and k [READ]: FLOW-3D input deck
//   "Fe-316_Stainless_Steel-Mills data" (cgs converted, materials.md): liquidus 1697.15 K, solidus
//   1674.15 K, L = 260 kJ/kg, c_p 722 J/(kg·K) (solid, high T) and 726 (liquid), k ≈ 29.3 W/(m·K)
//   near the solidus.
//   Solid conductivity and specific heat from 20 to 1300 °C [READ-2]: the fits of Mills 2002
//   ("Recommended values of thermophysical properties for selected commercial alloys", the 316 table)
//   as transcribed in the MOOSE solid_properties module (idaholab/moose, ThermalSS316Properties, T in K,
//   valid 25-1300 °C): k = −7.301e-6 T² + 0.02716 T + 6.308 (±10 % on the tabulated data),
//   c_p = 0.1816 T + 428.46 (±5 %), tabulated here every 200 K; from 1300 °C to the solidus linear to the
//   deck's values. Liquid: the deck's c_p 726; no liquid conductivity was read, so the deck's value at
//   the solidus is held above it (Kim 1975's liquid correlation as transcribed in ORNL-MDF/mist gives
//   ≈ 16 W/(m·K), but the same transcription's solid correlation is ≈ 9 W/(m·K) below every other
//   source at room temperature, so it is not used).
//   Density [RECALLED, Mills 2002]: ρ ≈ 7970 kg/m³, held constant.
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
  // Mills 2002 fits every 200 K to 1300 °C, then the FLOW-3D deck at the solidus; held above it.
  conductivity: clampedTable([
    [293.15, 13.64],
    [473.15, 17.52],
    [673.15, 21.28],
    [873.15, 24.46],
    [1073.15, 27.05],
    [1273.15, 29.05],
    [1473.15, 30.47],
    [1573.15, 30.97],
    [1674.15, 29.3],
  ]),
  specificHeat: clampedTable([
    [293.15, 481.7],
    [473.15, 514.4],
    [673.15, 550.7],
    [873.15, 587.0],
    [1073.15, 623.3],
    [1273.15, 659.7],
    [1473.15, 696.0],
    [1573.15, 714.1],
    [1674.15, 722],
    [1697.15, 726],
  ]),
  solidus: 1674.15,
  liquidus: 1697.15,
  latentHeat: 260e3,
  mechanical: { youngsModulus: 193e9, poissonRatio: 0.3, expansionCoefficient: 18.0e-6, yieldStress: 170e6, mechanicalMeltingTemperature: 1000 + CELSIUS },
  sources: {
    density: '7970 kg/m³ at 20 °C, Mills 2002 [RECALLED], held constant',
    conductivity: '13.6 W/(m·K) at 20 °C to 31.0 at 1300 °C: Mills 2002 fit −7.301e-6 T² + 0.02716 T + 6.308 (±10 %) as transcribed in MOOSE ThermalSS316Properties [READ-2]; 29.3 at the solidus, held in the liquid (FLOW-3D Mills deck [READ]; no liquid value read)',
    specific_heat: '482 J/(kg·K) at 20 °C to 714 at 1300 °C: Mills 2002 fit 0.1816 T + 428.46 (±5 %), MOOSE ThermalSS316Properties [READ-2]; 722 at the solidus, 726 liquid (FLOW-3D Mills deck [READ])',
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
