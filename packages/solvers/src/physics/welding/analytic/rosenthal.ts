// Rosenthal's quasi-steady moving-source solutions (Rosenthal 1941/1946; Rykalin 1951) in the frame
// moving with the source at speed v along x: ξ = x − v·t. Constant properties, no latent heat,
// no surface losses: the standard closed forms the full solver is verified against.
//
// Thick plate (point source on the surface of a semi-infinite body, all power into the half space):
//   T − T0 = q / (2π k R) · exp(−v (ξ + R) / (2a)),  R = √(ξ² + y² + z²),  a = k / (ρ c).
// Thin plate (line source through the thickness d, no losses):
//   T − T0 = q / (2π k d) · exp(−v ξ / (2a)) · K0(v ρ / (2a)),  ρ = √(ξ² + y²).
// Cooling times on the weld centreline, far behind the source (the standard t8/5 forms):
//   thick: t8/5 = q / (2π k v) · (1/(500 − T0) − 1/(800 − T0))
//   thin:  t8/5 = (q/v)² / (4π k ρ c d²) · (1/(500 − T0)² − 1/(800 − T0)²)
// Temperatures are in K; only differences enter, so 500 and 800 °C are 773.15 and 1073.15 K.

import { goldenSectionMaximum } from '../../../numerics/golden-section.js';

export interface MovingSourceCase {
  /** Net power into the part, W (arc efficiency × voltage × current). */
  power: number;
  /** Travel speed, m/s. */
  travelSpeed: number;
  /** W/(m·K). */
  conductivity: number;
  /** kg/m³. */
  density: number;
  /** J/(kg·K). */
  specificHeat: number;
  /** Preheat / initial temperature of the part, K. */
  initialTemperature: number;
}

export interface ThinPlateCase extends MovingSourceCase {
  /** Plate thickness, m. */
  thickness: number;
}

export const T800 = 1073.15;
export const T500 = 773.15;

export function thermalDiffusivity(c: MovingSourceCase): number {
  return c.conductivity / (c.density * c.specificHeat);
}

/** v / (2a), 1/m. */
function halfPeclet(c: MovingSourceCase): number {
  return c.travelSpeed / (2 * thermalDiffusivity(c));
}

/** Thick plate temperature at (ξ, y, z) in the moving frame (z measured down from the surface), K. */
export function thickPlateTemperature(c: MovingSourceCase, point: { xi: number; y: number; z?: number }): number {
  const R = Math.hypot(point.xi, point.y, point.z ?? 0);
  return c.initialTemperature + (c.power / (2 * Math.PI * c.conductivity * R)) * Math.exp(-halfPeclet(c) * (point.xi + R));
}

/**
 * Peak temperature reached at distance r from the weld line (r = √(y² + z²)), thick plate. The
 * maximum over ξ satisfies ∂T/∂ξ = 0, i.e. with s = −ξ = √(R² − r²): s = u R (R − s), u = v/(2a).
 * The left side minus the right is increasing in R, negative at R = r and non-negative at
 * R = √((u r²)² + r²), so bisection on R finds the unique root to round-off; then
 * T = T0 + q/(2π k R) · exp(−u r² / (R + s)).
 */
export function thickPlatePeakTemperature(c: MovingSourceCase, r: number): { temperature: number; xi: number } {
  if (!(r > 0)) throw new RangeError('the peak temperature needs a distance r > 0 from the weld line (the point source is singular on it)');
  const u = halfPeclet(c);
  const g = (R: number) => {
    const s = Math.sqrt(R * R - r * r);
    return s - (u * R * r * r) / (R + s);
  };
  let lo = r;
  let hi = Math.sqrt((u * r * r) ** 2 + r * r);
  for (let i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    const mid = 0.5 * (lo + hi);
    if (g(mid) < 0) lo = mid;
    else hi = mid;
  }
  const R = 0.5 * (lo + hi);
  const s = Math.sqrt(R * R - r * r);
  return { temperature: c.initialTemperature + (c.power / (2 * Math.PI * c.conductivity * R)) * Math.exp((-u * r * r) / (R + s)), xi: -s };
}

/** The distance at which a decreasing peak-temperature curve crosses `temperature` (bisection in log r). */
function isothermDistance(peak: (r: number) => number, temperature: number): number {
  let hi = 1e-3;
  for (let i = 0; i < 60 && peak(hi) > temperature; i++) hi *= 2;
  let lo = hi / 2;
  for (let i = 0; i < 200 && peak(lo) <= temperature; i++) lo /= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-14 * hi; i++) {
    const mid = Math.sqrt(lo * hi);
    if (peak(mid) > temperature) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/** Half-width of the fused zone on the surface (the melting isotherm's widest point), thick plate, m. */
export function thickPlateFusionHalfWidth(c: MovingSourceCase, meltingTemperature: number): number {
  if (!(meltingTemperature > c.initialTemperature)) throw new RangeError('the melting temperature must exceed the initial temperature');
  return isothermDistance((r) => thickPlatePeakTemperature(c, r).temperature, meltingTemperature);
}

function coolingFactor(t0: number, power: 1 | 2): number {
  return 1 / (T500 - t0) ** power - 1 / (T800 - t0) ** power;
}

/** Centreline cooling time from 800 to 500 °C, thick plate (3-D heat flow), s. */
export function thickPlateT85(c: MovingSourceCase): number {
  if (!(c.initialTemperature < T500)) throw new RangeError('t8/5 needs an initial temperature below 500 °C');
  return (c.power / (2 * Math.PI * c.conductivity * c.travelSpeed)) * coolingFactor(c.initialTemperature, 1);
}

/** Centreline cooling time from 800 to 500 °C, thin plate (2-D heat flow), s. */
export function thinPlateT85(c: ThinPlateCase): number {
  if (!(c.initialTemperature < T500)) throw new RangeError('t8/5 needs an initial temperature below 500 °C');
  const energyPerLength = c.power / c.travelSpeed;
  return ((energyPerLength * energyPerLength) / (4 * Math.PI * c.conductivity * c.density * c.specificHeat * c.thickness ** 2)) * coolingFactor(c.initialTemperature, 2);
}

/**
 * Modified Bessel function of the second kind, order 0: the polynomial approximations of
 * Abramowitz & Stegun 9.8.1, 9.8.5 and 9.8.6 (absolute error below about 1e-7 relative to the
 * scale of the function; checked against the integral K0(x) = ∫₀^∞ exp(−x cosh t) dt in the tests).
 */
export function besselK0(x: number): number {
  if (!(x > 0)) throw new RangeError('K0 needs x > 0');
  if (x <= 2) {
    const t2 = (x / 3.75) ** 2;
    const i0 = 1 + t2 * (3.5156229 + t2 * (3.0899424 + t2 * (1.2067492 + t2 * (0.2659732 + t2 * (0.0360768 + t2 * 0.0045813)))));
    const y = (x * x) / 4;
    return -Math.log(x / 2) * i0 + (-0.57721566 + y * (0.4227842 + y * (0.23069756 + y * (0.0348859 + y * (0.00262698 + y * (0.0001075 + y * 0.0000074))))));
  }
  const y = 2 / x;
  return (Math.exp(-x) / Math.sqrt(x)) * (1.25331414 + y * (-0.07832358 + y * (0.02189568 + y * (-0.01062446 + y * (0.00587872 + y * (-0.0025154 + y * 0.00053208))))));
}

/** Thin plate temperature at (ξ, y) in the moving frame, K. */
export function thinPlateTemperature(c: ThinPlateCase, point: { xi: number; y: number }): number {
  const u = halfPeclet(c);
  const rho = Math.hypot(point.xi, point.y);
  return c.initialTemperature + (c.power / (2 * Math.PI * c.conductivity * c.thickness)) * Math.exp(-u * point.xi) * besselK0(u * rho);
}

/**
 * Peak temperature at lateral distance y, thin plate: maximum over ξ by golden-section search on
 * [−(2(u y² + y) + 2/u), 0], which brackets the maximum (it lies near ξ ≈ −u y² far from the source
 * and at ξ → 0⁻ close to it); the temperature along ξ at fixed y is unimodal.
 */
export function thinPlatePeakTemperature(c: ThinPlateCase, y: number): { temperature: number; xi: number } {
  if (!(y > 0)) throw new RangeError('the peak temperature needs a lateral distance y > 0 (the line source is singular on the weld line)');
  const u = halfPeclet(c);
  const f = (xi: number) => thinPlateTemperature(c, { xi, y });
  const a = -(2 * (u * y * y + y) + 2 / u);
  // The bracket shrinks to round-off relative to its size (1e-13 of |a| + y).
  const peak = goldenSectionMaximum(f, a, 0, 1e-13 * (Math.abs(a) + y));
  return { temperature: peak.value, xi: peak.x };
}

/** Half-width of the fused zone, thin plate (through-thickness melting assumed), m. */
export function thinPlateFusionHalfWidth(c: ThinPlateCase, meltingTemperature: number): number {
  if (!(meltingTemperature > c.initialTemperature)) throw new RangeError('the melting temperature must exceed the initial temperature');
  return isothermDistance((y) => thinPlatePeakTemperature(c, y).temperature, meltingTemperature);
}

/** Arc heat input per unit length, J/m: Q = η·U·I / v (EN 1011-1: k·U·I/v). */
export function heatInput(arc: { voltage: number; current: number; efficiency: number; travelSpeed: number }): number {
  return (arc.efficiency * arc.voltage * arc.current) / arc.travelSpeed;
}
