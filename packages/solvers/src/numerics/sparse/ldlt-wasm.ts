// The arrays of a sparse LDLᵀ factor (ldlt.ts) in one block, and the block's WebAssembly instance
// where the module can run (source: wasm/sparse.ts, built into wasm/build/sparse.wasm by
// `npm install` and `npm run build`). ldlt.ts stays the reference: the module computes its operations
// in its order, so L, D and every solution are the TypeScript factor's bit for bit, and it runs the
// numeric phase and the solves in about half the time (a Newton trial of a network's head equations).
//
// A WebAssembly function reads only its own linear memory, so the factor's arrays are views of a
// fresh memory of exactly the block's size (never grown, so the views stay valid), with its own
// instance; the caller's matrix entries and right-hand side are copied in at each call (a few per cent
// of the work). Where the module cannot run (no WebAssembly, the module not built, the memory refused,
// SIMFORGE_WASM=0, or useWasmLdlt(false)), the block is a plain ArrayBuffer and the TypeScript loops
// run on the same views.

import { MAX_PAGES, PAGE, plainWasmModule, trackWasmMemory, wasmApi } from '../wasm-module.js';

/** The module's entry points (byte offsets into its memory: wasm/sparse.ts). */
export interface LdltExports {
  factor(n: number, oColPtr: number, oRowIdx: number, oLp: number, oLi: number, oLx: number, oD: number, oY: number, oReachPtr: number, oReach: number, oReachEnd: number, oDiag: number, oDiagAt: number, oUpper: number, oUpperAt: number, oFloor: number): number;
  solve(n: number, oLp: number, oLi: number, oLx: number, oD: number, oB: number): void;
}

/** The factor's arrays: the pattern, L, D, the reach, and room for the caller's inputs. */
export interface LdltBlock {
  colPtr: Int32Array;
  rowIdx: Int32Array;
  lp: Int32Array;
  li: Int32Array;
  lx: Float64Array;
  d: Float64Array;
  y: Float64Array;
  reachPtr: Int32Array;
  reach: Int32Array;
  reachEnd: Int32Array;
  /** The caller's diagonal (length n) and upper entries (one per pattern entry), copied in per call. */
  diagonal: Float64Array;
  diagonalAt: Int32Array;
  upper: Float64Array;
  upperAt: Int32Array;
  floor: Float64Array;
  /** The right-hand side and solution of a solve. */
  b: Float64Array;
  /** The instance running on this block, if any. */
  wasm: LdltExports | undefined;
}

const sparse = plainWasmModule('@simforge/solvers/wasm/sparse.wasm');

/** Whether factors are built in WebAssembly memory and run by the module (tests switch it). */
export function useWasmLdlt(on: boolean): void {
  sparse.use(on);
}

/** Whether the module is switched on and can run here. */
export function wasmLdltAvailable(): boolean {
  return sparse.module() !== undefined;
}

/**
 * A block for a factor of order n with `entries` pattern entries and `nonzeros` entries in L, in
 * WebAssembly memory with its instance when `wasm` asks for it and the module can run.
 */
export function ldltBlock(n: number, entries: number, nonzeros: number, wasm: boolean): LdltBlock {
  const layout: [keyof LdltBlock, 'i32' | 'f64', number][] = [
    ['colPtr', 'i32', n + 1],
    ['rowIdx', 'i32', entries],
    ['lp', 'i32', n + 1],
    ['li', 'i32', nonzeros],
    ['lx', 'f64', nonzeros],
    ['d', 'f64', n],
    ['y', 'f64', n],
    ['reachPtr', 'i32', n + 1],
    ['reach', 'i32', nonzeros],
    ['reachEnd', 'i32', nonzeros],
    ['diagonal', 'f64', n],
    ['diagonalAt', 'i32', n],
    ['upper', 'f64', entries],
    ['upperAt', 'i32', entries],
    ['floor', 'f64', n],
    ['b', 'f64', n],
  ];
  // Offsets from 8 (0 means "no pivot floor" to the module), each array 8-byte aligned.
  const offsets: number[] = [];
  let bytes = 8;
  for (const [, type, length] of layout) {
    offsets.push(bytes);
    bytes += Math.ceil((length * (type === 'f64' ? 8 : 4)) / 8) * 8;
  }
  const { buffer, exports } = wasm ? instantiate(bytes) : { buffer: new ArrayBuffer(bytes), exports: undefined };
  const block = { wasm: exports } as LdltBlock;
  layout.forEach(([name, type, length], i) => {
    (block as unknown as Record<string, unknown>)[name] = type === 'f64' ? new Float64Array(buffer, offsets[i], length) : new Int32Array(buffer, offsets[i], length);
  });
  return block;
}

function instantiate(bytes: number): { buffer: ArrayBuffer; exports: LdltExports | undefined } {
  const pages = Math.ceil(bytes / PAGE);
  const module = sparse.module();
  if (module && wasmApi && pages <= MAX_PAGES) {
    try {
      const memory = new wasmApi.Memory({ initial: pages, maximum: pages });
      const { exports } = new wasmApi.Instance(module, { env: { memory } });
      if (typeof exports.factor === 'function' && typeof exports.solve === 'function') {
        trackWasmMemory(memory.buffer, pages * PAGE);
        return { buffer: memory.buffer, exports: exports as unknown as LdltExports };
      }
    } catch {
      // The memory refused (address space, a host's limit): the TypeScript loops run.
    }
  }
  return { buffer: new ArrayBuffer(bytes), exports: undefined };
}

/** The byte offset of a view of the block's buffer. */
export const at = (view: Int32Array | Float64Array): number => view.byteOffset;
