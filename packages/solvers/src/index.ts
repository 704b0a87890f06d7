// @simforge/solvers: pure, deterministic numerics. No I/O, no Node or DOM APIs (cli.ts aside).

export { solve, estimate, parameterDefaults, solverVersion } from './run/solve.js';
export { solverRegistry, solverTypes, getSolver, type SolverModule } from './run/registry.js';
export { RunContext, runPhases, type Phase } from './run/context.js';
// Helper threads that run the solvers' own code beside a run: a host builds them from its entry file.
export { nodeHelperThreads, type HelperChannel, type HelperThreads } from './run/helper-threads.js';
export { serveHelper } from './helper-tasks.js';
export type * from './run/types.js';
export * from './errors.js';
export { seededRandom } from './numerics/random.js';
export { SOLVERS_VERSION } from './version.js';
// What the WebAssembly blocks of this thread hold (a host bounding a run's memory counts it: V8 does not).
export { wasmMemoryBytes } from './thermal/wasm-kernel.js';
export * as materials from './materials/index.js';
export * as thermal from './thermal/index.js';
export * as mechanics from './mechanics/index.js';
export * as welding from './physics/welding/index.js';
export * as ducts from './physics/duct-developing/index.js';
export * as network from './physics/network/index.js';
export * as jet from './physics/jet/index.js';
export * as geothermal from './physics/geothermal/index.js';
// The network's EPANET file import and export (exports of a PIPE_NETWORK simulation's network).
export { parseInp, writeInp, type InpImport, type InpExport, type InpWarning, type NetworkModel } from './physics/network/index.js';
