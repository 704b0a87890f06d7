// Darcy friction factor of a circular pipe.
//   Laminar: f = 64/Re (Hagen-Poiseuille).
//   Turbulent: the Colebrook-White equation (C. F. Colebrook, "Turbulent flow in pipes, with
//     particular reference to the transition region between the smooth and rough pipe laws",
//     J. Inst. Civil Eng. 11 (1939) 133-156), the basis of the Moody diagram (L. F. Moody, Trans.
//     ASME 66 (1944) 671-684):
//         1/sqrt(f) = -2 log10( (eps/D)/3.7 + 2.51/(Re sqrt(f)) ),
//     solved to machine precision by Newton's method on x = 1/sqrt(f), started from the explicit
//     Swamee-Jain approximation (P. K. Swamee, A. K. Jain, J. Hydraul. Div. ASCE 102 (1976) 657-664).
//     With F(x) = x + 2 log10(a + b x), a = (eps/D)/3.7, b = 2.51/Re: F' = 1 + 2b/((a + bx) ln 10) > 1
//     and F'' < 0, so Newton converges quadratically; 3-5 steps reach the round-off floor.
//   Transition (2300-4000): see regime.ts.

import { DivergedError } from '../../errors.js';
import { acrossRegimes } from './regime.js';

export interface ColebrookNumerics {
  /** Stop when the Newton step |dx| <= relativeStepTolerance * x (x = 1/sqrt(f) ~ 3-15). */
  relativeStepTolerance: number;
  maxIterations: number;
}

export const defaultColebrookNumerics: ColebrookNumerics = { relativeStepTolerance: 4 * Number.EPSILON, maxIterations: 50 };

export function laminarFrictionFactor(reynolds: number): number {
  return 64 / reynolds;
}

/** Swamee-Jain explicit approximation (stated accuracy ±1 % for 1e-6 <= eps/D <= 1e-2, 5e3 <= Re <= 1e8). */
export function swameeJainFrictionFactor(reynolds: number, relativeRoughness: number): number {
  const l = Math.log10(relativeRoughness / 3.7 + 5.74 / reynolds ** 0.9);
  return 0.25 / (l * l);
}

/** Haaland explicit approximation (S. E. Haaland, J. Fluids Eng. 105 (1983) 89-90; ±1.5 %). */
export function haalandFrictionFactor(reynolds: number, relativeRoughness: number): number {
  const x = -1.8 * Math.log10((relativeRoughness / 3.7) ** 1.11 + 6.9 / reynolds);
  return 1 / (x * x);
}

/** The Colebrook-White residual F(x) = x + 2 log10((eps/D)/3.7 + 2.51 x/Re), x = 1/sqrt(f). */
export function colebrookResidual(frictionFactor: number, reynolds: number, relativeRoughness: number): number {
  const x = 1 / Math.sqrt(frictionFactor);
  return x + 2 * Math.log10(relativeRoughness / 3.7 + (2.51 * x) / reynolds);
}

export interface ColebrookSolution {
  frictionFactor: number;
  iterations: number;
  /** |F(x)| at the solution, with F as in colebrookResidual. */
  residual: number;
  /** |F| after each Newton step. */
  residualHistory: number[];
}

export function solveColebrook(reynolds: number, relativeRoughness: number, numerics: ColebrookNumerics = defaultColebrookNumerics): ColebrookSolution {
  const a = relativeRoughness / 3.7;
  const b = 2.51 / reynolds;
  let x = 1 / Math.sqrt(swameeJainFrictionFactor(reynolds, relativeRoughness));
  const residualHistory: number[] = [];
  for (let iteration = 1; iteration <= numerics.maxIterations; iteration++) {
    const inner = a + b * x;
    const F = x + (2 * Math.log(inner)) / Math.LN10;
    const dF = 1 + (2 * b) / (inner * Math.LN10);
    const step = F / dF;
    x -= step;
    const residual = Math.abs(x + (2 * Math.log(a + b * x)) / Math.LN10);
    residualHistory.push(residual);
    if (!Number.isFinite(x) || x <= 0) break;
    if (Math.abs(step) <= numerics.relativeStepTolerance * x) {
      return { frictionFactor: 1 / (x * x), iterations: iteration, residual, residualHistory };
    }
  }
  throw new DivergedError(
    `Colebrook-White iteration did not converge for Re = ${reynolds}, eps/D = ${relativeRoughness}`,
    residualHistory.length,
    residualHistory[residualHistory.length - 1],
  );
}

export function colebrookFrictionFactor(reynolds: number, relativeRoughness: number): number {
  return solveColebrook(reynolds, relativeRoughness).frictionFactor;
}

/** Darcy friction factor in any regime (laminar 64/Re, Colebrook-White turbulent, interpolated between). */
export function darcyFrictionFactor(reynolds: number, relativeRoughness: number): number {
  return acrossRegimes(reynolds, laminarFrictionFactor, (re) => colebrookFrictionFactor(re, relativeRoughness));
}
