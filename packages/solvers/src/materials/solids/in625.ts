// Inconel 625.
//   Density [READ-2]: 8440 kg/m³ (supplier bulletin, constant). Melting range and latent heat
//   [READ-2] (Balbaa 2022 model inputs, transcribed; NIST AM-Bench solidus 1290 °C): 1563–1623 K,
//   L = 290 kJ/kg.
//   k = 9.8 W/(m·K) and c_p = 410 J/(kg·K) at 21 °C [RECALLED, Special Metals data sheet]. No
//   temperature-dependent set has been read yet: both are held constant (k of IN625 roughly doubles
//   towards the melt, so this underestimates conduction at high temperature — a known gap).

import { constant, type SolidMaterial } from './solid.js';

export const in625: SolidMaterial = {
  id: 'IN625',
  label: 'Nickel alloy 625 (Inconel 625)',
  density: constant(8440),
  conductivity: constant(9.8),
  specificHeat: constant(410),
  solidus: 1563,
  liquidus: 1623,
  latentHeat: 290e3,
  sources: {
    density: '8440 kg/m³, supplier bulletin [READ-2]',
    conductivity: '9.8 W/(m·K) at 21 °C, Special Metals data sheet [RECALLED], held constant (gap)',
    specific_heat: '410 J/(kg·K) at 21 °C, Special Metals data sheet [RECALLED], held constant (gap)',
    solidus: '1563 K (1290 °C), NIST AM-Bench / Balbaa 2022 [READ-2]',
    liquidus: '1623 K, Balbaa 2022 [READ-2]',
    latent_heat: '290 kJ/kg, Balbaa 2022 [READ-2]',
  },
};
