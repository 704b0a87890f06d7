// Structural steel S355 (mild steel) per EN 1993-1-2:2005, clauses 3.4.1.2 (specific heat),
// 3.4.1.3 (conductivity), 3.2.2 (density) [READ-2: identical in ≥ 5 independent code repositories,
// shared/product/materials.md]. θ in °C:
//   λ(θ) = 54 − 3.33e-2 θ (20 ≤ θ < 800), 27.3 (800 ≤ θ ≤ 1200)        check: λ(20) = 53.334, λ(400) = 40.68
//   c(θ) = 425 + 7.73e-1 θ − 1.69e-3 θ² + 2.22e-6 θ³ (20 ≤ θ < 600)
//          666 + 13002 / (738 − θ)                      (600 ≤ θ < 735)
//          545 + 17820 / (θ − 731)                      (735 ≤ θ < 900)
//          650                                          (900 ≤ θ ≤ 1200)
//   The peak c = 5000 J/(kg·K) at 735 °C stands in for the α→γ transformation heat.
// Outside 20–1200 °C the end values are held (the standard stops at 1200 °C; the melt is modelled with
// the same λ and c plus the latent heat below). Melting range and latent heat [RECALLED]: solidus
// 1480 °C, liquidus 1520 °C, L = 270 kJ/kg (materials.md "welding-range additions": verify before
// relying on them).
// Mechanical (the inherent-strain plate model, one value each; materials.md "Mechanical" [READ-2]):
//   E = 210 GPa (EN 1993-1-2 §3.2.1 / Table 3.1, k_E,θ = 1 up to 100 °C; EN 1993-1-1 §3.2.6), ν = 0.3
//   (EN 1993-1-1 §3.2.6), f_y = 355 MPa (EN 10025-2, nominal thickness ≤ 16 mm).
//   α: the secant of EN 1993-1-2 §3.4.1.1 eq. (3.1a), Δl/l = 1.2e-5 θ + 0.4e-8 θ² − 2.416e-4
//   (20 ≤ θ < 750 °C) [READ-2: identical in several code repositories], from 20 to 600 °C:
//   Δl/l(600) = 8.3984e-3, Δl/l(20) = 0, α = 8.3984e-3 / 580 = 1.448e-5 /K [COMPUTED]. (12e-6, the
//   room-temperature value of EN 1993-1-1 and the equation's leading coefficient, is the tangent at
//   20 °C; the mean over the range that matters for the plastic zone is higher.)
//   Mechanical melting temperature 800 °C: EN 1993-1-2 Table 3.1 leaves k_y,θ = 0.11 and k_E,θ = 0.09
//   of the room-temperature yield strength and modulus there [READ-2, a transcription of the table].

import { CELSIUS, type SolidMaterial } from './solid.js';

/** EN 1993-1-2 §3.4.1.1 eq. (3.1a): the thermal elongation Δl/l of carbon steel, 20 ≤ θ < 750 °C. */
export function en1993ThermalElongation(celsius: number): number {
  return 1.2e-5 * celsius + 0.4e-8 * celsius ** 2 - 2.416e-4;
}

export function en1993Conductivity(celsius: number): number {
  const theta = Math.max(20, celsius);
  return theta < 800 ? 54 - 3.33e-2 * theta : 27.3;
}

export function en1993SpecificHeat(celsius: number): number {
  const theta = Math.min(1200, Math.max(20, celsius));
  if (theta < 600) return 425 + 7.73e-1 * theta - 1.69e-3 * theta ** 2 + 2.22e-6 * theta ** 3;
  if (theta < 735) return 666 + 13002 / (738 - theta);
  if (theta < 900) return 545 + 17820 / (theta - 731);
  return 650;
}

export const s355: SolidMaterial = {
  id: 'S355',
  label: 'Structural steel S355 (EN 1993-1-2)',
  density: () => 7850,
  conductivity: (T) => en1993Conductivity(T - CELSIUS),
  specificHeat: (T) => en1993SpecificHeat(T - CELSIUS),
  solidus: 1480 + CELSIUS,
  liquidus: 1520 + CELSIUS,
  latentHeat: 270e3,
  boiling: 3134,
  mechanical: {
    youngsModulus: 210e9,
    poissonRatio: 0.3,
    expansionCoefficient: (en1993ThermalElongation(600) - en1993ThermalElongation(20)) / 580,
    yieldStress: 355e6,
    mechanicalMeltingTemperature: 800 + CELSIUS,
  },
  sources: {
    density: 'EN 1993-1-2:2005 §3.2.2, 7850 kg/m³ [READ-2]',
    conductivity: 'EN 1993-1-2:2005 §3.4.1.3 [READ-2]; held at 27.3 W/(m·K) above 1200 °C',
    specific_heat: 'EN 1993-1-2:2005 §3.4.1.2 [READ-2]; held at 650 J/(kg·K) above 1200 °C',
    solidus: '1480 °C [RECALLED]',
    liquidus: '1520 °C [RECALLED]',
    latent_heat: '270 kJ/kg [RECALLED]',
    boiling: '3134 K, pure iron at 1 atm (CRC Handbook of Chemistry and Physics) [RECALLED]',
    youngs_modulus: '210 GPa, EN 1993-1-2 §3.2.1 / EN 1993-1-1 §3.2.6 [READ-2]',
    poisson_ratio: '0.3, EN 1993-1-1 §3.2.6 [READ-2]',
    thermal_expansion: '1.448e-5 /K, secant 20–600 °C of EN 1993-1-2 §3.4.1.1 eq. (3.1a) [COMPUTED, from the READ-2 equation]',
    yield_strength: '355 MPa, EN 10025-2 (t ≤ 16 mm) [READ-2]',
    mechanical_melting_temperature: '800 °C, where EN 1993-1-2 Table 3.1 leaves k_y,θ = 0.11, k_E,θ = 0.09 [READ-2]',
  },
};
