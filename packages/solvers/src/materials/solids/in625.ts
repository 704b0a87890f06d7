// Inconel 625.
//   Density [READ-2]: 8440 kg/m³ (supplier bulletin, constant). Melting range and latent heat
//   [READ-2] (Balbaa 2022 model inputs, transcribed; NIST AM-Bench solidus 1290 °C): 1563–1623 K,
//   L = 290 kJ/kg.
//   Conductivity and specific heat [READ-2]: the JMatPro-calculated fits of Appendix B of
//   Metall. Mater. Trans. B (2020), doi:10.1007/s11663-020-01808-w, as transcribed in
//   github.com/canerganis/Metalliksa data/benchmark/in625-bareplate-screening/in625-thermal-snapshot-v1.json
//   (T in K): solid k = 4.93 + 0.01575 T, c_p = 362 + 0.125 T + 1.741e-4 T² − 7.527126e-8 T³;
//   liquid k = 30, c_p = 700 (constants). Checks: k(294 K) = 9.56 and c_p(294 K) = 412, against the
//   Special Metals data sheet's 9.8 and 410 at 21 °C [RECALLED]. Between solidus and liquidus the solid
//   value at the solidus (k 29.55, c_p 695) runs linearly to the liquid one; held above the liquidus.
//   Mechanical [RECALLED, Special Metals INCONEL 625 bulletin; materials.md E ≈ 205 GPa, CTE 12.8e-6
//   at 21–93 °C]: E 207.5 GPa, ν 0.278, mean expansion 14.0e-6 /K (21–538 °C) and 14.8e-6 (21–649 °C),
//   14.4e-6 taken for 20–600 °C; yield 414 MPa (ASTM B443 Grade 1, annealed, minimum); no stress
//   above ≈ 1000 °C (approximate).

import { CELSIUS, constant, solidLawsThenLiquid, type SolidMaterial } from './solid.js';

export const in625: SolidMaterial = {
  id: 'IN625',
  label: 'Nickel alloy 625 (Inconel 625)',
  density: constant(8440),
  ...solidLawsThenLiquid({
    solidus: 1563,
    liquidus: 1623,
    solid: { conductivity: (T) => 4.93 + 0.01575 * T, specificHeat: (T) => 362 + 0.125 * T + 1.741e-4 * T ** 2 - 7.527126e-8 * T ** 3 },
    liquid: { conductivity: 30, specificHeat: 700 },
  }),
  latentHeat: 290e3,
  mechanical: { youngsModulus: 207.5e9, poissonRatio: 0.278, expansionCoefficient: 14.4e-6, yieldStress: 414e6, mechanicalMeltingTemperature: 1000 + CELSIUS },
  sources: {
    density: '8440 kg/m³, supplier bulletin [READ-2]',
    conductivity: 'solid 4.93 + 0.01575 T, liquid 30 W/(m·K) (JMatPro fits, Metall. Mater. Trans. B 2020, doi:10.1007/s11663-020-01808-w, Appendix B) [READ-2]',
    specific_heat: 'solid 362 + 0.125 T + 1.741e-4 T² − 7.527e-8 T³, liquid 700 J/(kg·K) (same source) [READ-2]',
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
