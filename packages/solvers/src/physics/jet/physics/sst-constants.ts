// The k-ω SST model's constants (Menter 2003) and its production choice, declared once: the model
// (sst.ts), the wall values of ω (boundaries.ts, solid.ts) and the case (case.ts) read them here.

/**
 * The velocity-gradient square in the production P_k = μ_t G²: 'strain' G² = S² (Menter 2003), or
 * 'kato-launder' G² = S Ω (Kato & Launder 1993), which vanishes in irrotational strain and so removes
 * the spurious build-up of k at a stagnation point (both limited by 10 β* ρ k ω).
 */
export type SstProduction = 'strain' | 'kato-launder';

export const SST_CONSTANTS = {
  sigmaK1: 0.85,
  sigmaOmega1: 0.5,
  beta1: 0.075,
  gamma1: 5 / 9,
  sigmaK2: 1.0,
  sigmaOmega2: 0.856,
  beta2: 0.0828,
  gamma2: 0.44,
  betaStar: 0.09,
  a1: 0.31,
} as const;

/** β₁ of the inner (k-ω) branch, used by the wall value of ω. */
export const BETA_1 = SST_CONSTANTS.beta1;
