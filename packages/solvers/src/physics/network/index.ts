// Pipe-network hydraulics (PIPE_NETWORK): the model, EPANET `.inp` import and export, the global
// gradient solver with extended-period simulation, the result shapes, and the PIPE_NETWORK solver
// module (module.ts: the parameters, read from an `.inp` text).

export * from './model.js';
export { parseInp, type InpImport, type InpWarning } from './inp/parse.js';
export { writeInp, type InpExport } from './inp/write.js';
export { compileNetwork, type CompiledNetwork } from './hydraulics/compile.js';
export { modelRuleNetwork, readRulesText, type RuleError, type RuleNetwork } from './rules/parse.js';
export {
  simulateNetwork,
  type HydraulicSnapshot,
  type NetworkSimulation,
  type NetworkWarning,
  type NetworkWarningKind,
  type SimulateOptions,
} from './simulate.js';
export { networkResultSeries, networkSummary, statusName, type LinkStatusName, type NetworkResultSeries, type NetworkSummary } from './results.js';
export { unconnectedJunctions } from './topology.js';
export { simulateHeat, type HeatParameters, type HeatStep } from './heat/heat-transport.js';
export { DisconnectedNetworkError, InpParseError, InpWriteError, NetworkModelError, NotInpFileError, UnbalancedNetworkError } from './errors.js';
export { FLOW_UNITS_PER_CFS, unitSystem, type FlowUnits, type PressureUnits, type UnitSystem } from './units.js';
export { pipeNetworkSolver, pipeNetwork2Solver, pipeNetworkDefaults, readNetworkCase, solveNetwork, MAX_INP_LENGTH, type NetworkCase, type PipeNetworkParameters } from './module.js';
export { EXAMPLE_NETWORK_INP } from './example.js';
