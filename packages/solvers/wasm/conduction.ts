// The entry of the WebAssembly module (built by `npm run build:wasm` into wasm/build/conduction.wasm,
// loaded by src/thermal/wasm-kernel.ts): the explicit conduction kernel (kernel.ts) and every other
// loop of the thermal solver that runs in it, each bitwise its TypeScript reference.
export { sweep, sweepPairs } from './kernel';
// The conjugate-gradient loops of the implicit schemes share the module (and so the instantiation).
export { product, update, direction, jacobi, start, squaresAll, solveDecoupled, residual, reciprocal, assign } from './cg';
export { ic0, factor, residualDot, ic0Part, factorPart } from './ic0';
// So do the loops that close a step (T from E, the peaks) and the implicit step's Newton loops.
export { temperatures, peaks } from './enthalpy';
// The same loops shared out in chunks when a helper thread runs beside the caller.
export { temperaturesShared, peaksShared, sweepShared, implicitStartShared, faceSumsShared, assembleShared, updateCellsShared } from './shared';
export { useTable } from './table';
export { newtonStart, newtonSystem, newtonUpdate, conservativeUpdate, implicitStart } from './newton';
export { properties } from './properties';
export { conductionFluxes, faceSums, storedEnergy } from './fluxes';
export { assembleConductances, updateCellConductances } from './conductances';
