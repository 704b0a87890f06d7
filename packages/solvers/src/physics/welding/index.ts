// The welding (cwm) model: parametric joint cross-sections, analytic solutions and the fast estimate.
export * from './geometry/index.js';
export * from './analytic/index.js';
export * from './materials.js';
export { estimateWelding, INSIDE_CORNER_FILLETS } from './estimate.js';
export { readWeldingSection } from './model/parameters.js';
