// The WebAssembly SIMD explicit conduction kernel (source: wasm/kernel.ts, AssemblyScript, built
// into wasm/build/conduction.wasm by `npm install` and `npm run build`). terms.ts
// explicitConductionUpdate stays the reference: the module computes the same operations in the same
// order, so its results are bitwise the TypeScript kernel's (wasm-kernel.test.ts).
//
// Memory: a WebAssembly function reads only its own linear memory, and copying the seven arrays in
// and E out every step would cost more than the kernel saves. So contiguousFloat64Arrays (terms.ts)
// and the thermal solver's state block (step-wasm.ts) ask here first for a block: a fresh
// shared WebAssembly.Memory of exactly the block's size (never grown,
// so its ArrayBuffer and the views on it stay valid) with its own instance of the module; the
// solver's arrays are views of it and the kernel runs on them in place. One memory per block keeps
// solvers apart (several may run in one process), and a block that cannot be had (no WebAssembly,
// no SIMD, the module not built, the memory refused) is a plain ArrayBuffer: the TypeScript kernel
// then runs, with the same results. SIMFORGE_WASM=0 in the environment, or useWasmKernel(false),
// runs the TypeScript kernel on every block.
//
// The host's side (the bytes, the WebAssembly API, SIMFORGE_WASM, the memory count) is
// numerics/wasm-module.ts, shared with the sparse factorisation's module.

import { MAX_PAGES, PAGE, readModuleBytes as readSharedModuleBytes, trackWasmMemory, wasmApi, wasmWantedByEnvironment, type WasmApi } from '../numerics/wasm-module.js';

export { wasmMemoryBytes } from '../numerics/wasm-module.js';
export type { WasmApi } from '../numerics/wasm-module.js';

/** The kernel's signature: byte offsets of T, Gx, Gy, Gz, r, extra, E in the memory, then nx, ny, nz. */
export type WasmSweep = (oT: number, oGx: number, oGy: number, oGz: number, oR: number, oExtra: number, oE: number, nx: number, ny: number, nz: number) => void;

// A module of one function returning i8x16.popcnt(i8x16.splat(0)): validates only where the engine
// has WebAssembly SIMD (the check of wasm-feature-detect).
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

/** The compiled module, or undefined where it cannot run here. */
export function compileConductionModule(bytes: Uint8Array | undefined, wasm: WasmApi | undefined): object | undefined {
  if (!bytes || !wasm) return undefined;
  try {
    if (!wasm.validate(SIMD_PROBE) || !wasm.validate(bytes)) return undefined;
    return new wasm.Module(bytes);
  } catch {
    return undefined;
  }
}

/** The built module's bytes (Node), else undefined. */
export function readModuleBytes(specifier = '@simforge/solvers/wasm/conduction.wasm'): Uint8Array | undefined {
  return readSharedModuleBytes(specifier);
}

let compiled: object | undefined | null = null;
let enabled = wasmWantedByEnvironment();
/** Each block's kernel, by the buffer its arrays view. */
const kernels = new WeakMap<ArrayBuffer, WasmSweep>();
/** Each block's instance exports (the conjugate-gradient loops of cg-wasm.ts read theirs here). */
const instances = new WeakMap<ArrayBuffer, Record<string, unknown>>();
/** Each block's memory and module (a helper thread instantiates the module on the same memory: thread-team.ts). */
const memories = new WeakMap<ArrayBuffer, { memory: object; module: object }>();

function conductionModule(): object | undefined {
  if (compiled === null) compiled = compileConductionModule(readModuleBytes(), wasmApi);
  return compiled;
}

/** Whether blocks are allocated in WebAssembly memory and run by the WebAssembly kernel (tests switch it). */
export function useWasmKernel(on: boolean): void {
  enabled = on;
}

/** Whether the WebAssembly kernel is switched on and can run here. */
export function wasmKernelAvailable(): boolean {
  return enabled && conductionModule() !== undefined;
}

/** The memory and the module of a block, for a second instance on it in another thread. */
export function wasmMemoryFor(buffer: ArrayBufferLike): { memory: object; module: object } | undefined {
  return enabled ? memories.get(buffer as ArrayBuffer) : undefined;
}

/**
 * `bytes` bytes in a fresh WebAssembly memory with its own instance of the kernel, or undefined
 * (the kernel off or unavailable, or the memory refused: the caller takes an ArrayBuffer).
 */
export function wasmBuffer(bytes: number): ArrayBuffer | undefined {
  return instantiateKernel(bytes, enabled ? conductionModule() : undefined, wasmApi);
}

/** wasmBuffer with the compiled module and the WebAssembly API given (tests pass none). */
export function instantiateKernel(bytes: number, module: object | undefined, wasm: WasmApi | undefined): ArrayBuffer | undefined {
  const pages = Math.ceil(bytes / PAGE);
  if (!module || !wasm || bytes <= 0 || pages > MAX_PAGES) return undefined;
  try {
    const memory = new wasm.Memory({ initial: pages, maximum: pages, shared: true });
    const instance = new wasm.Instance(module, { env: { memory } });
    const sweep = instance.exports.sweep;
    if (typeof sweep !== 'function') return undefined;
    kernels.set(memory.buffer, sweep as WasmSweep);
    instances.set(memory.buffer, instance.exports);
    memories.set(memory.buffer, { memory, module });
    trackWasmMemory(memory.buffer, pages * PAGE);
    return memory.buffer;
  } catch {
    return undefined;
  }
}

/** The WebAssembly kernel for arrays viewing `buffer`, if it is a kernel's memory and the kernel is on. */
export function wasmKernelFor(buffer: ArrayBufferLike): WasmSweep | undefined {
  return enabled ? kernels.get(buffer as ArrayBuffer) : undefined;
}

/** The module's exports for arrays viewing `buffer`, if it is a kernel's memory and the kernel is on. */
export function wasmExportsFor(buffer: ArrayBufferLike): Record<string, unknown> | undefined {
  return enabled ? instances.get(buffer as ArrayBuffer) : undefined;
}
