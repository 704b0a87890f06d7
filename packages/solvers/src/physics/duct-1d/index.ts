// The 1-D pipe model: a march along the pipe with local fluid properties and fully developed
// friction and heat transfer. CIRCULAR_PIPE runs it with `model: one_dimensional` (and for cases
// that name no model); the solver module is physics/duct-developing/modules.ts.

export { readPipeCase, circularPipeDefaults, type CircularPipeParameters, type PipeCase } from './parameters.js';
export { solvePipe } from './solver.js';
export { defaultDuctNumerics, type DuctNumerics } from './march.js';
export { FLOW_INPUTS, FLOW_INPUT_KEYS, readFlowInput, inletVolumeFlowRate, type FlowInput, type FlowSpecification } from './flow-input.js';
