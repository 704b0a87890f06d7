// What enters through an inlet or an opening (boundaries.ts reads it per face): the condition of a
// side at arc length s (one condition, or segments of it), the inlet velocity's profile normalised to
// its mean, and the inflow's turbulence from an intensity and a length scale or viscosity ratio.

import type { BoundaryCondition, InflowTurbulence, InletVelocity, SideBoundary } from '../case.js';

export const DEFAULT_INLET_TURBULENCE: InflowTurbulence = { intensity: 0.05, viscosityRatio: 10 };
export const DEFAULT_OPENING_TURBULENCE: InflowTurbulence = { intensity: 0.01, viscosityRatio: 1 };

export function segmentAt(boundary: SideBoundary, s: number): { from: number; to: number; condition: BoundaryCondition } | undefined {
  if (!Array.isArray(boundary)) return undefined;
  return (boundary as readonly { from: number; to: number; condition: BoundaryCondition }[]).find((segment) => s >= segment.from && s <= segment.to);
}

export function conditionAt(boundary: SideBoundary | undefined, s: number): BoundaryCondition | undefined {
  if (boundary === undefined) return undefined;
  if (!Array.isArray(boundary)) return boundary as BoundaryCondition;
  return segmentAt(boundary, s)?.condition;
}

/** k = 1.5 (I U)², ω = √k / (C_μ^¼ ℓ) or k / (ν · ν_t/ν). */
export function inflowTurbulence(turbulence: InflowTurbulence, speed: number, nu: number): [number, number] {
  const k = Math.max(1.5 * (turbulence.intensity * speed) ** 2, 1e-12);
  if (turbulence.lengthScale !== undefined) return [k, Math.sqrt(k) / (0.09 ** 0.25 * turbulence.lengthScale)];
  return [k, k / (nu * (turbulence.viscosityRatio ?? 10))];
}

/**
 * The inlet profile at s divided by its mean over the segment, the mean weighted by the face area
 * w(s) = w₀ + w₁ s (w₁ = 1, w₀ = 0 along the radius of an axisymmetric grid). With the peak at c and
 * t = |s − c| / h, the shape is 1 − t² (parabolic) or (1 − t)^(1/n) (power law); the weighted means
 * are exact: ∫₀¹ shape dt and ∫₀¹ t·shape dt in closed form on each side of the peak.
 */
export function profileFactor(velocity: Exclude<InletVelocity, { profile: 'custom' }>, s: number, segment: { from: number; to: number; weight: [number, number] }): number {
  if (velocity.profile === 'uniform' || velocity.profile === 'recycled') return 1;
  const { from, to } = segment;
  const [w0, w1] = segment.weight;
  const peakAt = velocity.peakAt ?? 'centre';
  const c = peakAt === 'from' ? from : peakAt === 'to' ? to : 0.5 * (from + to);
  const h = Math.max(c - from, to - c);
  const t = Math.min(1, Math.abs(s - c) / h);
  let shape: number, m0: number, m1: number;
  if (velocity.profile === 'parabolic') {
    shape = 1 - t * t;
    [m0, m1] = [2 / 3, 1 / 4];
  } else {
    const m = 1 / (velocity.exponent ?? 7);
    shape = (1 - t) ** m;
    [m0, m1] = [1 / (m + 1), 1 / ((m + 1) * (m + 2))];
  }
  // ∫ shape·w ds over each side of the peak that extends a full h (the other side has zero length
  // when the peak is at an end, and a full h when it is at the centre).
  let integral = 0;
  for (const direction of [-1, 1]) {
    const extent = direction < 0 ? c - from : to - c;
    if (extent <= 0) continue;
    integral += h * ((w0 + w1 * c) * m0 + direction * w1 * h * m1);
  }
  const weightIntegral = w0 * (to - from) + 0.5 * w1 * (to * to - from * from);
  return shape / (integral / weightIntegral);
}
