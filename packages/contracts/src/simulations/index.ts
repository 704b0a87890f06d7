export * from './units.js';
export * from './parameters.js';
export * from './results.js';
export * from './result-names.js';
export * from './simulation.js';
export * from './events.js';
export * from './catalogue.js';
export { circularPipeParameters, pipeModels, type CircularPipeParameters } from './types/circular-pipe.js';
export { circularAnnulusParameters, type CircularAnnulusParameters } from './types/circular-annulus.js';
export { flowInputs, wallConditions, MAX_STATIONS, type FlowInput } from './types/duct-common.js';
export { pipeNetworkParameters, exampleNetworkInp, MAX_INP_LENGTH, INP_FILE_KIND, INP_LABEL, type PipeNetworkParameters } from './types/pipe-network.js';
export { geothermalPlantParameters, defaultDemandCsv, MAX_DEMAND_CSV_LENGTH, type GeothermalPlantParameters } from './types/geothermal-plant.js';
export * from './types/pipe-network-document.js';
export {
  weldingJointTypes,
  weldingGeometryFieldNames,
  weldingGeometryFields,
  weldingProcessDefaults,
  weldingParameters,
  weldingCrossSection,
  crossSectionLimits,
  type WeldingCrossSection,
  type WeldingJointType,
  type WeldingGeometryField,
  type WeldingParameters,
} from './types/welding.js';
export { meltPoolTypes, meltPoolParameters, meltPoolHasPlasma, meltPoolIsFlexible, type MeltPoolType, type MeltPoolParameters } from './types/melt-pool.js';
export { meshSizes, type MeshSize } from './types/shared-fields.js';
export { jetTypes, jetParameters, jetHasRidge, jetHasParticles, ridgePolygon, ridgePolygonLimits, type JetType, type JetParameters } from './types/jet.js';
