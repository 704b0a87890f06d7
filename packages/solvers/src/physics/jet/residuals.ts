// The flow solver's convergence record, one report per outer iteration (read by post.ts and the run's events).

export type ResidualName = 'continuity' | 'x-momentum' | 'y-momentum' | 'energy' | 'k' | 'omega';

export interface ResidualReport {
  iteration: number;
  /** Normalised residuals (see the header of solver.ts). */
  residuals: Partial<Record<ResidualName, number>>;
  /** CG iterations of this iteration's pressure correction. */
  pressureIterations: number;
}
