// CIRCULAR_PIPE as a solver module for the registry.

import { estimateCircularPipe } from '../../estimates/circular-pipe.js';
import type { SolverModule } from '../../run/registry.js';
import { circularPipeDefaults, readPipeCase, type CircularPipeParameters } from './parameters.js';
import { solvePipe } from './solver.js';

export const circularPipeSolver: SolverModule<CircularPipeParameters> = {
  type: 'CIRCULAR_PIPE',
  model: 'duct-1d',
  modelVersion: '1.0.0',
  title: 'Circular pipe: 1-D marching with local properties, fully developed friction and heat transfer',
  parameterDefaults: circularPipeDefaults,
  solve: (parameters, ctx) => solvePipe(readPipeCase(parameters), ctx),
  estimate: (parameters) => estimateCircularPipe(readPipeCase(parameters)),
};

export { readPipeCase, circularPipeDefaults, type CircularPipeParameters, type PipeCase } from './parameters.js';
export { solvePipe } from './solver.js';
export { defaultDuctNumerics, type DuctNumerics } from './march.js';
