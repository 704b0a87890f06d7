export * from './units.js';
export * from './parameters.js';
export * from './results.js';
export * from './simulation.js';
export * from './events.js';
export * from './catalogue.js';
export { circularPipeParameters, type CircularPipeParameters } from './types/circular-pipe.js';
export {
  weldingJointTypes,
  weldingGeometryFieldNames,
  weldingGeometryFields,
  weldingParameters,
  weldingCrossSection,
  crossSectionLimits,
  type WeldingCrossSection,
  type WeldingJointType,
  type WeldingGeometryField,
  type WeldingParameters,
} from './types/welding.js';
