// Finnie's (1960) erosion of a ductile target by a rigid particle cutting it ("Erosion of surfaces by
// solid particles", Wear 3, 87-103), volume removed per mass M of particles hitting at speed V and
// angle α to the surface:
//
//   Q = c M V² / (p ψ K) · f(α),   f(α) = sin 2α − (6/K) sin²α   (tan α ≤ K/6)
//                                       = (K/6) cos²α            (tan α ≥ K/6)
//
// p the target's plastic flow stress, K = 2 (normal to tangential force on the particle), ψ = 2
// (length of contact to depth of cut), c the share of particles that cut in the idealised way.
// f peaks at α = ½ atan(2/3) ≈ 16.8° and vanishes at normal incidence, Finnie's known limit for
// brittle targets and near-normal impacts.
// Source for the constants: OpenFOAM's `ParticleErosion` cloud function object (OpenFOAM/OpenFOAM-dev,
// src/lagrangian/intermediate/submodels/CloudFunctionObjects/ParticleErosion/ParticleErosion.{C,H}):
// Q += n m |U|²/(p ψ K) · f(α) with the same two branches, ψ = 2 and K = 2 as its defaults ("ratio
// between depth of contact and length of cut - default=2", "ratio of normal and tangential forces -
// default=2"). It has no c, i.e. c = 1: every impact cuts. We take that too: c is a share (≤ 1), so the
// rate is the idealised-cutting model's upper bound; the c ≈ 0.5 used before was recalled, not read.
// Also checked: the angle function with K = 2 as ANSYS CFX's theory guide ("Finnie's model of erosive
// wear") and the LIGGGHTS wear model quote it; ψ, K and p ≈ 1e9 Pa for steel (our default flow stress)
// as the ENSEEIHT summary of Finnie (1960) defines them (OpenFOAM's comment: a typical metal 2.7 GPa).

export const FINNIE = { K: 2, psi: 2, c: 1 } as const;

export function finnieAngleFunction(angle: number): number {
  const { K } = FINNIE;
  return Math.tan(angle) <= K / 6 ? Math.sin(2 * angle) - (6 / K) * Math.sin(angle) ** 2 : (K / 6) * Math.cos(angle) ** 2;
}

/** Volume removed (m³) per kg of particles hitting at `speed` (m/s) and `angle` (rad, from the surface). */
export function finnieVolumePerMass(options: { speed: number; angle: number; flowStress: number }): number {
  const { c, psi, K } = FINNIE;
  return ((c * options.speed ** 2) / (options.flowStress * psi * K)) * finnieAngleFunction(options.angle);
}
