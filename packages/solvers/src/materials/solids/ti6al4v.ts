// Ti-6Al-4V.
//   Melting range and latent heat, liquid c_p [READ-2] (keyhole-simulation checklist in
//   zomorodiyan/microgravity_keyhole, materials.md): solidus 1877 K, liquidus 1923 K,
//   L = 286 kJ/kg, liquid c_p 831 J/(kg·K).
//   Room temperature [RECALLED, Mills 2002 / Boivineau et al. 2006]: ρ ≈ 4420 kg/m³, k ≈ 6.7 W/(m·K),
//   c_p ≈ 530 J/(kg·K); k ≈ 25–30 W/(m·K) near melting (27.5 used).
//   Between: linear in T (an assumption; the β-transus at ≈ 995 °C is not resolved).
//   Mechanical [RECALLED, ASM Materials Properties Handbook: Titanium Alloys; materials.md E 110–114
//   GPa, CTE 8.6–9.7e-6]: E 113.8 GPa, ν 0.342, mean expansion 9.7e-6 /K (20–650 °C), yield 828 MPa
//   (ASTM B265 Grade 5 minimum); no stress above ≈ 850 °C (flow stress ≈ 100 MPa there; approximate).

import { CELSIUS, clampedTable, type SolidMaterial } from './solid.js';

export const ti6al4v: SolidMaterial = {
  id: 'Ti6Al4V',
  label: 'Titanium alloy Ti-6Al-4V',
  density: () => 4420,
  conductivity: clampedTable([
    [293.15, 6.7],
    [1877, 27.5],
  ]),
  specificHeat: clampedTable([
    [293.15, 530],
    [1877, 831],
  ]),
  solidus: 1877,
  liquidus: 1923,
  latentHeat: 286e3,
  boiling: 3533,
  mechanical: { youngsModulus: 113.8e9, poissonRatio: 0.342, expansionCoefficient: 9.7e-6, yieldStress: 828e6, mechanicalMeltingTemperature: 850 + CELSIUS },
  sources: {
    density: '4420 kg/m³ at 20 °C, Mills 2002 [RECALLED], held constant',
    conductivity: '6.7 W/(m·K) at 20 °C to 27.5 (25–30) near melting, Mills 2002 / Boivineau 2006 [RECALLED], linear (assumption)',
    specific_heat: '530 J/(kg·K) at 20 °C (Mills 2002 [RECALLED]) to 831 (liquid value, [READ-2]) at the solidus, linear (assumption)',
    solidus: '1877 K [READ-2]',
    liquidus: '1923 K [READ-2]',
    latent_heat: '286 kJ/kg [READ-2]',
    boiling: '3533 K [READ-2]',
    youngs_modulus: '113.8 GPa, ASM Titanium Alloys handbook [RECALLED]',
    poisson_ratio: '0.342, ASM Titanium Alloys handbook [RECALLED]',
    thermal_expansion: '9.7e-6 /K (20–650 °C), ASM Titanium Alloys handbook [RECALLED]',
    yield_strength: '828 MPa, ASTM B265 Grade 5 minimum [RECALLED]',
    mechanical_melting_temperature: '≈ 850 °C (flow stress ≈ 100 MPa) [RECALLED, approximate]',
  },
};
