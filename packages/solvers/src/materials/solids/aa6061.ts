// Aluminium alloy 6061-T6 [RECALLED, ASM / MatWeb, materials.md]: ρ 2700 kg/m³, k 167 W/(m·K),
// c_p 896 J/(kg·K) (room-temperature values, held constant: no temperature-dependent set has been
// read yet), solidus 582 °C, liquidus 652 °C. Latent heat: 397 kJ/kg, the value for pure aluminium
// [RECALLED, CRC Handbook; not in materials.md: verify].
// Mechanical [RECALLED, ASM Handbook Vol. 2 / MatWeb]: E 68.9 GPa, ν 0.33; mean expansion 23.6e-6 /K
// (20–100 °C) rising to ≈ 25.2e-6 (20–300 °C), the latter taken (the alloy softens near 350 °C and
// melts from 582 °C, so a mean to 600 °C means nothing here); yield 240 MPa, the ASTM B209 minimum for
// 6061-T6 (the weld's HAZ loses the T6 temper and much of this strength: the model takes the parent
// value); no stress above ≈ 350 °C (yield ≈ 34 MPa at 316 °C, 19 MPa at 371 °C after long exposure).

import { CELSIUS, constant, type SolidMaterial } from './solid.js';

export const aa6061: SolidMaterial = {
  id: 'AA6061',
  label: 'Aluminium 6061-T6',
  density: constant(2700),
  conductivity: constant(167),
  specificHeat: constant(896),
  solidus: 582 + CELSIUS,
  liquidus: 652 + CELSIUS,
  latentHeat: 397e3,
  mechanical: { youngsModulus: 68.9e9, poissonRatio: 0.33, expansionCoefficient: 25.2e-6, yieldStress: 240e6, mechanicalMeltingTemperature: 350 + CELSIUS },
  sources: {
    density: '2700 kg/m³, ASM/MatWeb [RECALLED]',
    conductivity: '167 W/(m·K) (room temperature, held constant), ASM/MatWeb [RECALLED]',
    specific_heat: '896 J/(kg·K) (room temperature, held constant), ASM/MatWeb [RECALLED]',
    solidus: '582 °C, ASM/MatWeb [RECALLED]',
    liquidus: '652 °C, ASM/MatWeb [RECALLED]',
    latent_heat: '397 kJ/kg (pure Al), CRC Handbook [RECALLED, not in materials.md]',
    youngs_modulus: '68.9 GPa, ASM/MatWeb [RECALLED]',
    poisson_ratio: '0.33, ASM/MatWeb [RECALLED]',
    thermal_expansion: '25.2e-6 /K (20–300 °C; 23.6e-6 at 20–100 °C), ASM Handbook Vol. 2 [RECALLED]',
    yield_strength: '240 MPa, ASTM B209 minimum for 6061-T6 [RECALLED]',
    mechanical_melting_temperature: '≈ 350 °C (yield ≈ 34 MPa at 316 °C), ASM [RECALLED, approximate]',
  },
};
