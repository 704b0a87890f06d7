// Finnie's (1960) erosion of a ductile target by a rigid particle cutting it ("Erosion of surfaces by
// solid particles", Wear 3, 87-103), volume removed per mass M of particles hitting at speed V and
// angle α to the surface:
//
//   Q = c M V² / (p ψ K) · f(α),   f(α) = sin 2α − (6/K) sin²α   (tan α ≤ K/6)
//                                       = (K/6) cos²α            (tan α ≥ K/6)
//
// p the target's plastic flow stress, K = 2 (vertical to horizontal force on the particle), ψ = 2
// (depth of contact to depth of cut), c ≈ 0.5 (the share of particles cutting in the idealised way).
// f peaks at α ≈ 17° and vanishes at normal incidence, Finnie's known limit for brittle targets and
// near-normal impacts.
// Checked: with K = 2 the angle function is sin 2α − 3 sin²α below tan α = 1/3 and (1/3) cos²α above,
// as ANSYS CFX's theory guide ("Finnie's model of erosive wear", §6 particle transport) and the
// LIGGGHTS wear model quote it; ψ (contact length over cut depth) and K (normal over tangential force)
// are defined so in the ENSEEIHT summary of Finnie (1960), which also gives p ≈ 1e9 Pa for steel
// (our default flow stress). [RECALLED]: the magnitudes ψ = 2 and c = 0.5 (they scale Q by
// c/(ψK), not its dependence on speed or angle) are from memory, not read in the paper.

export const FINNIE = { K: 2, psi: 2, c: 0.5 } as const;

export function finnieAngleFunction(angle: number): number {
  const { K } = FINNIE;
  return Math.tan(angle) <= K / 6 ? Math.sin(2 * angle) - (6 / K) * Math.sin(angle) ** 2 : (K / 6) * Math.cos(angle) ** 2;
}

/** Volume removed (m³) per kg of particles hitting at `speed` (m/s) and `angle` (rad, from the surface). */
export function finnieVolumePerMass(options: { speed: number; angle: number; flowStress: number }): number {
  const { c, psi, K } = FINNIE;
  return ((c * options.speed ** 2) / (options.flowStress * psi * K)) * finnieAngleFunction(options.angle);
}
