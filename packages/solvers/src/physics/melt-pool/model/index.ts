// The four melt-pool types as solver modules for the registry.

import { catalogueEntry } from '@simforge/contracts';
import { fromCase, type SolverModule } from '../../../run/solver-module.js';
import { estimateMeltPool } from '../estimate.js';
import { MELT_POOL_TYPES, meltPoolDefaults, readMeltPoolCase, type MeltPoolType } from './parameters.js';
import { solveMeltPool } from './solver.js';

export function meltPoolSolver(type: MeltPoolType): SolverModule {
  return {
    type,
    model: 'melt-pool-thermal-3d',
    modelVersion: '1.0.0',
    title: `${catalogueEntry(type)!.label}: 3-D transient conduction on a graded mesh, Gaussian laser (keyhole volume source), latent heat, Marangoni-enhanced liquid conductivity, evaporation loss${type.endsWith('FLEXIBLE_PLATE') ? ', plate bending and inherent-strain distortion' : ''}`,
    parameterDefaults: meltPoolDefaults(type),
    ...fromCase((parameters) => readMeltPoolCase(type, parameters), solveMeltPool, estimateMeltPool),
  };
}

export const meltPoolSolvers: readonly SolverModule[] = MELT_POOL_TYPES.map(meltPoolSolver);

export { readMeltPoolCase, meltPoolDefaults, MELT_POOL_TYPES, type MeltPoolCase, type MeltPoolType } from './parameters.js';
export { solveMeltPool } from './solver.js';
export { planMeltPool, MESH_PRESET_SIZES } from './plan.js';
