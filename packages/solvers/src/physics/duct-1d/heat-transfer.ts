// Fully developed heat transfer and entrance lengths in a circular tube.
//   Laminar (Re < 2300), fully developed: Nu = 3.66 at constant wall temperature and Nu = 4.364 at
//     constant wall heat flux (Incropera et al., "Fundamentals of Heat and Mass Transfer", 7th ed.,
//     Eqs. 8.55 and 8.53; Shah & London 1978: 3.657 and 48/11).
//   Turbulent (Re > 4000): Gnielinski's correlation (V. Gnielinski, Int. Chem. Eng. 16 (1976)
//     359-368; Incropera Eq. 8.62)
//         Nu = (f/8)(Re - 1000) Pr / (1 + 12.7 sqrt(f/8) (Pr^(2/3) - 1)),
//     with the smooth-tube friction factor of Petukhov, f = (0.790 ln Re - 1.64)^-2 (Incropera
//     Eq. 8.21; the same as Filonenko's (1.82 log10 Re - 1.64)^-2 that Gnielinski used), stated valid
//     for 0.5 <= Pr <= 2000 and 3000 <= Re <= 5e6. We use the Petukhov f, the one the correlation was
//     fitted with, not the Colebrook f of a rough wall: roughness enters the pressure drop only.
//     Property-variation corrections ((Pr/Pr_w)^0.11 for liquids, (T/T_w)^0.45 for gases) are not
//     applied: properties are evaluated at the local bulk state.
//   Transition (2300-4000): see regime.ts.
//   Entrance lengths: hydrodynamic 0.05 Re D and thermal 0.05 Re Pr D laminar (Incropera Eqs. 8.3 and
//     8.23), 10 D turbulent (Incropera Eq. 8.4 and Section 8.3: 10 <= x_fd/D <= 60, take 10).

import { acrossRegimes } from './regime.js';

export type WallCondition = 'adiabatic' | 'temperature' | 'heat_flux';

export const LAMINAR_NUSSELT_CONSTANT_TEMPERATURE = 3.66;
export const LAMINAR_NUSSELT_CONSTANT_FLUX = 4.364;

export const GNIELINSKI_VALIDITY = { reynolds: { min: 3000, max: 5e6 }, prandtl: { min: 0.5, max: 2000 } } as const;

export function petukhovFrictionFactor(reynolds: number): number {
  const d = 0.79 * Math.log(reynolds) - 1.64;
  return 1 / (d * d);
}

export function gnielinskiNusselt(reynolds: number, prandtl: number): number {
  const f8 = petukhovFrictionFactor(reynolds) / 8;
  return (f8 * (reynolds - 1000) * prandtl) / (1 + 12.7 * Math.sqrt(f8) * (prandtl ** (2 / 3) - 1));
}

/**
 * The laminar fully developed Nusselt number for the wall condition. An adiabatic wall exchanges no
 * heat; its Nusselt number is reported for a constant wall temperature, for reference.
 */
export function laminarNusselt(condition: WallCondition): number {
  return condition === 'heat_flux' ? LAMINAR_NUSSELT_CONSTANT_FLUX : LAMINAR_NUSSELT_CONSTANT_TEMPERATURE;
}

/** Fully developed Nusselt number (based on D) in any regime. */
export function nusseltNumber(reynolds: number, prandtl: number, condition: WallCondition): number {
  return acrossRegimes(
    reynolds,
    () => laminarNusselt(condition),
    (re) => gnielinskiNusselt(re, prandtl),
  );
}

export function hydrodynamicEntranceLength(reynolds: number, diameter: number): number {
  return acrossRegimes(
    reynolds,
    (re) => 0.05 * re * diameter,
    () => 10 * diameter,
  );
}

export function thermalEntranceLength(reynolds: number, prandtl: number, diameter: number): number {
  return acrossRegimes(
    reynolds,
    (re) => 0.05 * re * prandtl * diameter,
    () => 10 * diameter,
  );
}
