// Inconel 625.
//   Density [READ-2]: 8440 kg/m³ (supplier bulletin, constant). Melting range and latent heat
//   [READ-2] (Balbaa 2022 model inputs, transcribed; NIST AM-Bench solidus 1290 °C): 1563–1623 K,
//   L = 290 kJ/kg.
//   k = 9.8 W/(m·K) and c_p = 410 J/(kg·K) at 21 °C [RECALLED, Special Metals data sheet]. No
//   temperature-dependent set has been read yet: both are held constant (k of IN625 roughly doubles
//   towards the melt, so this underestimates conduction at high temperature — a known gap).
//   Mechanical [RECALLED, Special Metals INCONEL 625 bulletin; materials.md E ≈ 205 GPa, CTE 12.8e-6
//   at 21–93 °C]: E 207.5 GPa, ν 0.278, mean expansion 14.0e-6 /K (21–538 °C) and 14.8e-6 (21–649 °C),
//   14.4e-6 taken for 20–600 °C; yield 414 MPa (ASTM B443 Grade 1, annealed, minimum); no stress
//   above ≈ 1000 °C (approximate).

import { CELSIUS, constant, type SolidMaterial } from './solid.js';

export const in625: SolidMaterial = {
  id: 'IN625',
  label: 'Nickel alloy 625 (Inconel 625)',
  density: constant(8440),
  conductivity: constant(9.8),
  specificHeat: constant(410),
  solidus: 1563,
  liquidus: 1623,
  latentHeat: 290e3,
  mechanical: { youngsModulus: 207.5e9, poissonRatio: 0.278, expansionCoefficient: 14.4e-6, yieldStress: 414e6, mechanicalMeltingTemperature: 1000 + CELSIUS },
  sources: {
    density: '8440 kg/m³, supplier bulletin [READ-2]',
    conductivity: '9.8 W/(m·K) at 21 °C, Special Metals data sheet [RECALLED], held constant (gap)',
    specific_heat: '410 J/(kg·K) at 21 °C, Special Metals data sheet [RECALLED], held constant (gap)',
    solidus: '1563 K (1290 °C), NIST AM-Bench / Balbaa 2022 [READ-2]',
    liquidus: '1623 K, Balbaa 2022 [READ-2]',
    latent_heat: '290 kJ/kg, Balbaa 2022 [READ-2]',
    youngs_modulus: '207.5 GPa, Special Metals bulletin [RECALLED]',
    poisson_ratio: '0.278, Special Metals bulletin [RECALLED]',
    thermal_expansion: '14.4e-6 /K, between 14.0e-6 (21–538 °C) and 14.8e-6 (21–649 °C), Special Metals bulletin [RECALLED]',
    yield_strength: '414 MPa, ASTM B443 Grade 1 (annealed) minimum [RECALLED]',
    mechanical_melting_temperature: '≈ 1000 °C [RECALLED, approximate]',
  },
};
