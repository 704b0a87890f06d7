// Aluminium alloy 6061-T6.
//   Solid conductivity and specific heat [READ-2]: EN 1999-1-2:2007 (Eurocode 9, fire design of
//   aluminium structures) §3.3.1.3 and §3.3.1.2, θ in °C, 0 < θ < 500 °C:
//     λ = 0.07 θ + 190 W/(m·K)  (3000 and 6000 series; 5000/7000 have 0.1 θ + 140),
//     c = 0.41 θ + 903 J/(kg·K) (all alloys),
//   as quoted with its clause numbers in a public C++ fire-test header ("Aluminium in a fire: EN
//   1999-1-2:2007 … §3.3.1.2, §3.3.1.3") and, independently, in two public Python scripts (a fire-design
//   script: c = 0.41 t + 903, "3.3.1.2"; a cooling-channel script, "all material data from Eurocode 9":
//   λ = 0.07 T + 190). Below 0 °C held at the 0 °C values. From 500 °C to the solidus both laws are
//   extrapolated linearly (λ 230.7, c 1142 at 582 °C): no published alloy value was read there, and pure
//   aluminium's c_p keeps rising towards melting (1117 at 500 °C, 1167 at 582 °C from the NIST-JANAF
//   solid Shomate coefficients read with the liquid's below [COMPUTED]), so holding the 500 °C values
//   would understate it; for λ the choice moves 2.5 %.
//   Checks at 20 °C: λ 191.4 and c 911 against the data sheet's 167 and 896 [RECALLED, ASM/MatWeb]:
//   c within 1.7 %; λ 14.6 % high, because EN 1999-1-2 gives one curve for the whole 3000/6000 class
//   (6060/6063 conduct better than 6061-T6 [RECALLED]), not the T6 temper's own value.
//   Liquid [READ-2], pure aluminium (no liquid 6061 value was read; ≈ 98 % Al, its liquid conducts
//   somewhat less): c_p 31.75104 J/(mol·K), the NIST-JANAF Shomate constant for liquid Al (NIST
//   Chemistry WebBook, as transcribed in github.com/eic/collimator-temperature-rise ana/getCp.C),
//   = 1176.8 J/(kg·K); k 90.7 W/(m·K), pure liquid Al at its melting point (0.907 W/(cm·K) at 933.52 K
//   in a public code transcription of a recommended table, whose primary source it does not name; an
//   independent transcription's fit 33.9 + 7.892e-2 T − 2.099e-5 T² gives 89.3). Between solidus and
//   liquidus the solid value at the solidus runs linearly to the liquid one; held above the liquidus.
//   Density [RECALLED, ASM / MatWeb, materials.md]: 2700 kg/m³, constant. Solidus 582 °C, liquidus
//   652 °C [RECALLED, ASM/MatWeb]. Latent heat: 397 kJ/kg, pure aluminium (no alloy value was read):
//   10.71 kJ/mol from the NIST-JANAF Shomate enthalpies of solid and liquid Al at 933.47 K [COMPUTED from
//   the READ-2 coefficients, SolarTherm/SolarTherm Aluminium.mo], as the CRC value [RECALLED].
// Mechanical [RECALLED, ASM Handbook Vol. 2 / MatWeb]: E 68.9 GPa, ν 0.33; mean expansion 23.6e-6 /K
// (20–100 °C) rising to ≈ 25.2e-6 (20–300 °C), the latter taken (the alloy softens near 350 °C and
// melts from 582 °C, so a mean to 600 °C means nothing here); yield 240 MPa, the ASTM B209 minimum for
// 6061-T6 (the weld's HAZ loses the T6 temper and much of this strength: the model takes the parent
// value); no stress above ≈ 350 °C (yield ≈ 34 MPa at 316 °C, 19 MPa at 371 °C after long exposure).

import { CELSIUS, constant, solidLawsThenLiquid, type SolidMaterial } from './solid.js';

/** θ in °C, held at 0 °C below (the laws' range starts there). */
const theta = (T: number) => Math.max(T - CELSIUS, 0);

export const aa6061: SolidMaterial = {
  id: 'AA6061',
  label: 'Aluminium 6061-T6',
  density: constant(2700),
  ...solidLawsThenLiquid({
    solidus: 582 + CELSIUS,
    liquidus: 652 + CELSIUS,
    solid: { conductivity: (T) => 0.07 * theta(T) + 190, specificHeat: (T) => 0.41 * theta(T) + 903 },
    // Pure liquid aluminium: k at its melting point; c_p the NIST-JANAF molar value over Al's molar mass.
    liquid: { conductivity: 90.7, specificHeat: 31.75104 / 0.0269815385 },
  }),
  latentHeat: 397e3,
  mechanical: { youngsModulus: 68.9e9, poissonRatio: 0.33, expansionCoefficient: 25.2e-6, yieldStress: 240e6, mechanicalMeltingTemperature: 350 + CELSIUS },
  sources: {
    density: '2700 kg/m³, ASM/MatWeb [RECALLED]',
    conductivity:
      'solid 0.07 θ + 190 W/(m·K) (θ in °C, 3000/6000 series), EN 1999-1-2:2007 §3.3.1.3, 0–500 °C, extrapolated to the solidus (230.7) [READ-2, code transcriptions]; liquid 90.7, pure Al at its melting point [READ-2, primary source not named in the transcription], held above the liquidus',
    specific_heat:
      'solid 0.41 θ + 903 J/(kg·K) (θ in °C), EN 1999-1-2:2007 §3.3.1.2, 0–500 °C, extrapolated to the solidus (1142) [READ-2, code transcriptions]; liquid 1176.8 = 31.75104 J/(mol·K), NIST-JANAF Shomate for liquid Al (NIST WebBook, transcribed in eic/collimator-temperature-rise) [READ-2], held above the liquidus',
    solidus: '582 °C, ASM/MatWeb [RECALLED]',
    liquidus: '652 °C, ASM/MatWeb [RECALLED]',
    latent_heat: '397 kJ/kg, pure Al (no alloy value read): 10.71 kJ/mol from the NIST-JANAF Shomate enthalpies at 933.47 K [COMPUTED from READ-2 coefficients]; CRC Handbook [RECALLED]',
    youngs_modulus: '68.9 GPa, ASM/MatWeb [RECALLED]',
    poisson_ratio: '0.33, ASM/MatWeb [RECALLED]',
    thermal_expansion: '25.2e-6 /K (20–300 °C; 23.6e-6 at 20–100 °C), ASM Handbook Vol. 2 [RECALLED]',
    yield_strength: '240 MPa, ASTM B209 minimum for 6061-T6 [RECALLED]',
    mechanical_melting_temperature: '≈ 350 °C (yield ≈ 34 MPa at 316 °C), ASM [RECALLED, approximate]',
  },
};
