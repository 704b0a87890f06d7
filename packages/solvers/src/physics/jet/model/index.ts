// The four jet types as solver modules for the registry.

import { catalogueEntry } from '@simforge/contracts';
import { estimateJet } from '../estimate.js';
import { fromCase, type SolverModule } from '../../../run/solver-module.js';
import { JET_TYPES, jetDefaults, jetHasParticles, readJetCase, type JetType } from './parameters.js';
import { solveJet } from './solver.js';

export function jetSolver(type: JetType): SolverModule {
  return {
    type,
    model: 'jet-rans-2d',
    modelVersion: '1.0.0',
    title: `${catalogueEntry(type)!.label}: steady RANS (k-ω SST or laminar) with energy, SIMPLEC, finite volume${jetHasParticles(type) ? ', one-way Lagrangian particles' : ''}`,
    parameterDefaults: jetDefaults(type),
    ...fromCase((parameters) => readJetCase(type, parameters), solveJet, estimateJet),
  };
}

export const jetSolvers: readonly SolverModule[] = JET_TYPES.map(jetSolver);

export { readJetCase, jetDefaults, JET_TYPES, type JetCase, type JetType } from './parameters.js';
export { solveJet } from './solver.js';
export { jetFlowCase, JET_MESH_PRESETS } from './flow-case.js';
