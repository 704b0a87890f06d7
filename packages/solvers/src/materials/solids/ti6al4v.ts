// Ti-6Al-4V.
//   Melting range and latent heat, liquid c_p [READ-2] (keyhole-simulation checklist in
//   zomorodiyan/microgravity_keyhole, materials.md): solidus 1877 K, liquidus 1923 K,
//   L = 286 kJ/kg, liquid c_p 831 J/(kg·K).
//   Solid conductivity and specific heat [READ-2]: the measured points of the sources of Mills 2002's
//   Ti-6Al-4V table as transcribed in belfem (cl_Material_Ti6Al4V.cpp): k of Polev, Zinovyev &
//   Korshunov 1985 (High Temp. 23:704), α phase 297-1266 K (7.05 to 22.71 W/(m·K)) and β phase
//   1266-1870 K (19.30 to 26.93); c_p of Richardson, Hayes, Day & Mills (NPL 1996) and Bros, Michel &
//   Castanet 1994 (J. Therm. Anal. 41:7), α 292-1268 K (546 to 753 J/(kg·K)) and β 1267-1871 K (640 to
//   749). The two phases' series disagree where they meet at the β transus (≈ 1268 K): the table takes
//   the α points to 1172 K and the β points from 1267 K on, linear between (the transformation's heat
//   is not modelled). Liquid conductivity 33.4 W/(m·K) at the liquidus: the property set of Gan et al.
//   2021 (Nat. Commun. 12:2379, Supplementary Data 1) [READ-2, test/verification/
//   melt-pool-keyhole-depth.data.ts]; linear over the melting range from the β value extended to the
//   solidus (27.0); held above the liquidus.
//   Density [READ-2]: the NPL points of McCormick & Brooks (1996, MTS programme report, Ch. 1) as
//   transcribed in belfem, 4420 kg/m³ at 296 K to 4199 at 1872 K, and the liquid 3920 at the liquidus
//   (Gan et al. 2021, as above); held above. The volumetric heat capacity ρ c is what the thermal model
//   uses (no expansion is modelled).
//   Mechanical [RECALLED, ASM Materials Properties Handbook: Titanium Alloys; materials.md E 110–114
//   GPa, CTE 8.6–9.7e-6]: E 113.8 GPa, ν 0.342, mean expansion 9.7e-6 /K (20–650 °C), yield 828 MPa
//   (ASTM B265 Grade 5 minimum); no stress above ≈ 850 °C (flow stress ≈ 100 MPa there; approximate).

import { CELSIUS, clampedTable, type SolidMaterial } from './solid.js';

export const ti6al4v: SolidMaterial = {
  id: 'Ti6Al4V',
  label: 'Titanium alloy Ti-6Al-4V',
  // NPL points (McCormick & Brooks 1996) every ≈ 200 K, the liquid value of Gan et al. 2021 at the liquidus.
  density: clampedTable([
    [295.75, 4419.9],
    [473.06, 4394.8],
    [672.86, 4367.5],
    [872.65, 4337.8],
    [1072.45, 4310.5],
    [1267.25, 4283.1],
    [1470.79, 4252.3],
    [1670.58, 4226.1],
    [1871.62, 4198.8],
    [1923, 3920],
  ]),
  // α points to 1172 K, β points from 1266 K (Polev et al. 1985), the liquid value at the liquidus.
  conductivity: clampedTable([
    [293.15, 7.05],
    [374.95, 7.48],
    [472.93, 8.8],
    [572.18, 10.21],
    [672.66, 11.4],
    [773.16, 12.64],
    [872.41, 14.22],
    [974.16, 15.54],
    [1072.18, 17.8],
    [1171.46, 20.11],
    [1265.59, 19.3],
    [1369.86, 20.92],
    [1470.38, 22.79],
    [1570.85, 23.65],
    [1670.08, 24.59],
    [1770.57, 25.74],
    [1869.8, 26.93],
    [1877, 27.0],
    [1923, 33.4],
  ]),
  // α points to 1172 K (pairs at one temperature averaged), β points from 1267 K, the liquid value at the liquidus.
  specificHeat: clampedTable([
    [293.15, 546.1],
    [372.4, 562.9],
    [473.8, 586.9],
    [573.3, 610.4],
    [673.4, 634.5],
    [725.39, 643.3],
    [773.63, 650.8],
    [873.73, 680.4],
    [971.47, 693.5],
    [1076.59, 713.5],
    [1171.8, 734.1],
    [1266.58, 640.5],
    [1370.47, 659.5],
    [1471.89, 677.6],
    [1570.84, 694.6],
    [1669.78, 713.2],
    [1771.21, 730.7],
    [1871.39, 749.3],
    [1877, 750.3],
    [1923, 831],
  ]),
  solidus: 1877,
  liquidus: 1923,
  latentHeat: 286e3,
  boiling: 3533,
  mechanical: { youngsModulus: 113.8e9, poissonRatio: 0.342, expansionCoefficient: 9.7e-6, yieldStress: 828e6, mechanicalMeltingTemperature: 850 + CELSIUS },
  sources: {
    density: '4420 kg/m³ at 296 K to 4199 at 1872 K, McCormick & Brooks (NPL 1996) as transcribed in belfem [READ-2]; 3920 liquid at the liquidus (Gan et al. 2021 [READ-2])',
    conductivity: '7.05 W/(m·K) at 297 K to 20.1 at 1171 K (α) and 19.3 at 1266 K to 26.9 at 1870 K (β), Polev et al. 1985 as transcribed in belfem cl_Material_Ti6Al4V [READ-2]; 33.4 liquid at the liquidus (Gan et al. 2021, Supplementary Data 1 [READ-2]), held above',
    specific_heat: '546 J/(kg·K) at 295 K to 734 at 1172 K (α) and 640 at 1267 K to 749 at 1871 K (β), Richardson et al. (NPL 1996) / Bros et al. 1994 as transcribed in belfem [READ-2]; 831 liquid at the liquidus ([READ-2], materials.md), held above',
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
