// The quasi-steady temperature of a Goldak double-ellipsoid source (Goldak et al. 1984) moving along
// the surface of a semi-infinite body: the exact solution for the distributed source the welding
// model uses, as Rosenthal's is for a point source. Constant properties, no latent heat, no surface
// losses; the source is centred on the surface, so the adiabatic surface is its mirror plane and the
// half-space solution is the full-space one of twice the power (method of images).
//
// The source releases its power q(x', y, z) continuously; heat released t ago, when the source was
// v·t behind, has spread by the kernel of variance s² = 2αt in each direction. In the moving frame
// (ξ = x − v·t_now):
//
//   T − T0 = ∫₀^∞ (2Q/(ρc)) · Px(ξ + v t) · G(y; σ_y² + s²) · G(z; σ_z² + s²) dt,
//   G(u; σ²) = exp(−u²/(2σ²)) / √(2πσ²),  σ_y = b/√6, σ_z = c/√6 (Goldak's exp(−3y²/b²)),
//
// where Px is the x-profile diffused for time t: a front half-Gaussian (σ_f = a_f/√6, share
// a_f/(a_f + a_r) of Q) and a rear one (σ_r = a_r/√6, the rest), each convolved in closed form:
//
//   Px(X) = Σ 2·share · G(X; σ² + s²) · Φ(±X σ / (s √(σ² + s²))),  + ahead, − behind,
//
// Φ the standard normal distribution. As the semi-axes shrink this tends to Rosenthal's field (the
// test checks it to 0.1 %). The time integral is taken with t = u² (the kernel's 1/√t at t → 0 made
// smooth) by Simpson's rule.

import { goldenSectionMaximum } from '../../../numerics/golden-section.js';
import { erfc } from '../../../thermal/index.js';
import type { MovingSourceCase } from './rosenthal.js';

export interface GoldakSemiAxes {
  /** Front and rear lengths, half-width and depth (m). */
  a_f: number;
  a_r: number;
  b: number;
  c: number;
}

const gaussian = (u: number, variance: number) => Math.exp((-u * u) / (2 * variance)) / Math.sqrt(2 * Math.PI * variance);
const normalCdf = (z: number) => 0.5 * erfc(-z / Math.SQRT2);

/** Temperature (K) at (ξ, y, z) in the frame moving with the source; z ≤ 0 below the surface. */
export function goldakQuasiSteadyTemperature(c: MovingSourceCase, axes: GoldakSemiAxes, point: { xi: number; y: number; z?: number }, intervals = 2000): number {
  const alpha = c.conductivity / (c.density * c.specificHeat);
  const v = c.travelSpeed;
  const [vf, vr, vy, vz] = [axes.a_f, axes.a_r, axes.b, axes.c].map((a) => (a * a) / 6) as [number, number, number, number];
  const frontShare = axes.a_f / (axes.a_f + axes.a_r);
  const z = point.z ?? 0;
  // Heat released longer ago than uMax² has travelled v·uMax² ≫ the diffusion length: negligible.
  const uMax = Math.sqrt(Math.max(40, (400 * alpha) / (v * v)));
  const integrand = (u: number): number => {
    const t = u * u;
    const s2 = 2 * alpha * t;
    if (s2 === 0) return 0;
    const X = point.xi + v * t;
    const s = Math.sqrt(s2);
    const front = 2 * frontShare * gaussian(X, vf + s2) * normalCdf((X * Math.sqrt(vf)) / (s * Math.sqrt(vf + s2)));
    const rear = 2 * (1 - frontShare) * gaussian(X, vr + s2) * normalCdf((-X * Math.sqrt(vr)) / (s * Math.sqrt(vr + s2)));
    return (front + rear) * gaussian(point.y, vy + s2) * gaussian(z, vz + s2) * 2 * u;
  };
  const n = 2 * Math.ceil(intervals / 2);
  const h = uMax / n;
  let sum = integrand(0) + integrand(uMax);
  for (let i = 1; i < n; i++) sum += (i % 2 === 1 ? 4 : 2) * integrand(i * h);
  return c.initialTemperature + ((2 * c.power) / (c.density * c.specificHeat)) * ((sum * h) / 3);
}

/** The surface's peak temperature at distance y from the weld line (the maximum over ξ), K. */
export function goldakQuasiSteadyPeak(c: MovingSourceCase, axes: GoldakSemiAxes, y: number): number {
  const reach = 4 * Math.max(axes.a_f, axes.a_r, y) + (4 * c.conductivity) / (c.density * c.specificHeat * c.travelSpeed);
  return goldenSectionMaximum((xi) => goldakQuasiSteadyTemperature(c, axes, { xi, y }), -reach, axes.a_f, 1e-6).value;
}

/** Half-width of the fused zone on the surface (the melting isotherm's widest point), m. */
export function goldakQuasiSteadyFusionHalfWidth(c: MovingSourceCase, axes: GoldakSemiAxes, meltingTemperature: number): number {
  let [lo, hi] = [1e-5, 1e-3];
  while (goldakQuasiSteadyPeak(c, axes, hi) > meltingTemperature) [lo, hi] = [hi, 2 * hi];
  for (let i = 0; i < 40 && hi - lo > 1e-8; i++) {
    const mid = 0.5 * (lo + hi);
    if (goldakQuasiSteadyPeak(c, axes, mid) > meltingTemperature) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}
