// The four jet types as solver modules for the registry.

import { estimateJet } from '../../../estimates/jet.js';
import type { SolverModule } from '../../../run/solver-module.js';
import { JET_TYPES, jetDefaults, readJetCase, type JetType } from './parameters.js';
import { solveJet } from './solver.js';

const TITLES: Record<JetType, string> = {
  JET_IMPINGING_SURFACE: 'Jet impinging on a flat plate',
  JET_WITH_PARTICLES_IMPINGING_SURFACE: 'Particle-laden jet impinging on a flat plate',
  JET_IMPINGING_RIDGE: 'Slot jet impinging on a ridge',
  JET_WITH_PARTICLES_IMPINGING_RIDGE: 'Particle-laden slot jet impinging on a ridge',
};

export function jetSolver(type: JetType): SolverModule {
  return {
    type,
    model: 'jet-rans-2d',
    modelVersion: '1.0.0',
    title: `${TITLES[type]}: steady RANS (k-ω SST or laminar) with energy, SIMPLEC, finite volume${type.includes('PARTICLES') ? ', one-way Lagrangian particles' : ''}`,
    parameterDefaults: jetDefaults(type),
    solve: (parameters, ctx) => solveJet(readJetCase(type, parameters), ctx),
    estimate: (parameters) => estimateJet(readJetCase(type, parameters)),
  };
}

export const jetSolvers: readonly SolverModule[] = JET_TYPES.map(jetSolver);

export { readJetCase, jetDefaults, JET_TYPES, type JetCase, type JetType } from './parameters.js';
export { solveJet } from './solver.js';
export { jetFlowCase, JET_MESH_PRESETS } from './flow-case.js';
