// AssemblyScript source of the per-cell loops that close a thermal step (built into the same module
// as the conduction kernel, wasm/conduction.ts): T = T(E) in every metal cell and the running peak
// temperature. The references are src/thermal/solver.ts temperaturesFromEnthalpy (one material) with
// EnthalpyTable.temperatureAt, and closeStep's peak loop: the same operations in the same order per
// cell, so the temperatures are bitwise the TypeScript ones (wasm-kernel.test.ts).
//
// Layout: E, T, peak (f64) and the mask (u8, 1 = metal) are in the imported memory at the byte
// offsets passed in, the table is the one useTable selected (wasm/table.ts); cells [from, to) are
// visited, so a range of layers can be given to each of several threads.

import { temperatureAt } from './table';

const SOLID: u8 = 1;

@inline function at(p: usize): f64 { return load<f64>(p); }

/** T = T(E) in the metal cells of [from, to), the previous T starting each table walk. */
export function temperatures(oE: usize, oT: usize, oMask: usize, from: i32, to: i32): void {
  for (let i = from; i < to; i++) {
    if (load<u8>(oMask + <usize>i) != SOLID) continue;
    const q = <usize>i << 3;
    store<f64>(oT + q, temperatureAt(at(oE + q), at(oT + q)));
  }
}

/** peak = max(peak, T) in the metal cells of [from, to). */
export function peaks(oT: usize, oPeak: usize, oMask: usize, from: i32, to: i32): void {
  for (let i = from; i < to; i++) {
    const q = <usize>i << 3;
    const t = at(oT + q);
    if (load<u8>(oMask + <usize>i) == SOLID && t > at(oPeak + q)) store<f64>(oPeak + q, t);
  }
}
