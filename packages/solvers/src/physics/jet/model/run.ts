// What a jet run carries from phase to phase (solver.ts) and what its results are read from (results.ts).

import type { SolverOutput } from '../../../run/types.js';
import type { ImpingingJetFlowCase } from '../impinging-jet.js';
import type { ParticleResult } from '../particles/tracking.js';
import type { FlowSolution } from '../post/post.js';
import type { FlowSolver } from '../solver.js';
import type { JetCase } from './parameters.js';
import type { JetTeam } from '../threads/team.js';

export interface JetRun {
  jet: JetCase;
  flowCase?: ImpingingJetFlowCase;
  solver?: FlowSolver;
  /** The helper thread that takes half the rows while the flow solves (threads/team.ts). */
  team?: JetTeam;
  solution?: FlowSolution;
  particles?: ParticleResult;
  output?: SolverOutput;
}
