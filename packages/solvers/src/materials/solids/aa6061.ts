// Aluminium alloy 6061-T6 [RECALLED, ASM / MatWeb, materials.md]: ρ 2700 kg/m³, k 167 W/(m·K),
// c_p 896 J/(kg·K) (room-temperature values, held constant: no temperature-dependent set has been
// read yet), solidus 582 °C, liquidus 652 °C. Latent heat: 397 kJ/kg, the value for pure aluminium
// [RECALLED, CRC Handbook; not in materials.md: verify].

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
  sources: {
    density: '2700 kg/m³, ASM/MatWeb [RECALLED]',
    conductivity: '167 W/(m·K) (room temperature, held constant), ASM/MatWeb [RECALLED]',
    specific_heat: '896 J/(kg·K) (room temperature, held constant), ASM/MatWeb [RECALLED]',
    solidus: '582 °C, ASM/MatWeb [RECALLED]',
    liquidus: '652 °C, ASM/MatWeb [RECALLED]',
    latent_heat: '397 kJ/kg (pure Al), CRC Handbook [RECALLED, not in materials.md]',
  },
};
