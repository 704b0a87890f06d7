// The per-cell loops that close a thermal step, run by the WebAssembly module (source:
// wasm/enthalpy.ts): T = T(E) in every metal cell of a one-material mesh, and the running peak.
// solver.ts keeps the TypeScript loops as the reference and the fallback; the module computes the
// same operations in the same order per cell, so the temperatures are bitwise the same
// (wasm-kernel.test.ts). In an explicit melt-pool step these two loops were 40 % of the run, the
// conduction kernel itself 3 %.
//
// The module reads only its own memory, so the solver keeps there, beside the kernel's arrays, the
// peak field, a copy of the mesh's mask (taken again when the mask's version changes) and the
// enthalpy nodes of its table: thermalStateBlock lays them out in one block.
import type { EnthalpyTable } from './enthalpy-table.js';
import { wasmBuffer, wasmExportsFor } from './wasm-kernel.js';

interface StepExports {
  temperatures(oE: number, oT: number, oMask: number, oH: number, size: number, min: number, step: number, invStep: number, endSlope: number, from: number, to: number): void;
  peaks(oT: number, oPeak: number, oMask: number, from: number, to: number): void;
}

/** The solver's state in one block: `count` cell arrays, room for one table's nodes, a mask copy. */
export interface ThermalStateBlock {
  arrays: Float64Array[];
  /** The enthalpy nodes of the one material's table (empty with several materials). */
  nodes: Float64Array;
  mask: Uint8Array;
  loops: WasmStepLoops | undefined;
}

/**
 * `count` arrays of n values, then the table's nodes, then n mask bytes, in a WebAssembly memory
 * where the module runs (else an ArrayBuffer, and no loops).
 */
export function thermalStateBlock(count: number, n: number, table: EnthalpyTable | undefined): ThermalStateBlock {
  const size = table?.size ?? 0;
  const bytes = 8 * (count * n + size) + n;
  const buffer = wasmBuffer(bytes) ?? new ArrayBuffer(bytes);
  const arrays = Array.from({ length: count }, (_, k) => new Float64Array(buffer, 8 * k * n, n));
  const nodes = new Float64Array(buffer, 8 * count * n, size);
  if (table) nodes.set(table.enthalpy);
  const mask = new Uint8Array(buffer, 8 * (count * n + size), n);
  return { arrays, nodes, mask, loops: WasmStepLoops.for(buffer) };
}

/** The module's step loops bound to one memory. */
export class WasmStepLoops {
  private constructor(private readonly k: StepExports) {}

  static for(buffer: ArrayBufferLike): WasmStepLoops | undefined {
    const exports = wasmExportsFor(buffer);
    if (!exports || typeof exports.temperatures !== 'function' || typeof exports.peaks !== 'function') return undefined;
    return new WasmStepLoops(exports as unknown as StepExports);
  }

  /** T = table.temperatureAt(E, T) where mask is 1, over cells [from, to); `nodes` is the table's enthalpy in this memory. */
  temperatures(E: Float64Array, T: Float64Array, mask: Uint8Array, table: EnthalpyTable, nodes: Float64Array, from = 0, to = T.length): void {
    this.k.temperatures(E.byteOffset, T.byteOffset, mask.byteOffset, nodes.byteOffset, table.size, table.min, table.step, table.invStep, table.endSlope, from, to);
  }

  /** peak = max(peak, T) where mask is 1, over cells [from, to). */
  peaks(T: Float64Array, peak: Float64Array, mask: Uint8Array, from = 0, to = T.length): void {
    this.k.peaks(T.byteOffset, peak.byteOffset, mask.byteOffset, from, to);
  }
}
