// AssemblyScript source of the per-cell loops that close a thermal step (built into the same module
// as the conduction kernel, wasm/conduction.ts): T = T(E) in every metal cell and the running peak
// temperature. The references are src/thermal/solver.ts temperaturesFromEnthalpy (one material) with
// EnthalpyTable.temperatureAt, and closeStep's peak loop: the same operations in the same order per
// cell, so the temperatures are bitwise the TypeScript ones (wasm-kernel.test.ts).
//
// Layout: E, T, peak (f64), the mask (u8, 1 = metal) and the table's enthalpy nodes H (f64, `size`
// of them) are in the imported memory at the byte offsets passed in; cells [from, to) are visited,
// so a range of layers can be given to each of several threads.

const SOLID: u8 = 1;

@inline function at(p: usize): f64 { return load<f64>(p); }

/** EnthalpyTable.temperatureAt(E, guess), operation for operation. */
@inline function temperatureAt(oH: usize, last: i32, min: f64, step: f64, invStep: f64, endSlope: f64, E: f64, guess: f64): f64 {
  const H0 = at(oH);
  if (E <= H0) return min + ((E - H0) / (at(oH + 8) - H0)) * step;
  const HL = at(oH + (<usize>last << 3));
  if (E >= HL) return min + <f64>last * step + (E - HL) / endSlope;
  let u = Math.floor((guess - min) * invStep);
  if (u < 0) u = 0;
  if (u > <f64>(last - 1)) u = <f64>(last - 1);
  // A NaN guess (never a solver state) would start the walk at node 0 rather than fail.
  let j = u == u ? <i32>u : 0;
  while (E < at(oH + (<usize>j << 3))) j--;
  while (E >= at(oH + (<usize>(j + 1) << 3))) j++;
  const Hj = at(oH + (<usize>j << 3));
  return min + (<f64>j + (E - Hj) / (at(oH + (<usize>(j + 1) << 3)) - Hj)) * step;
}

/** T = T(E) in the metal cells of [from, to), the previous T starting each table walk. */
export function temperatures(oE: usize, oT: usize, oMask: usize, oH: usize, size: i32, min: f64, step: f64, invStep: f64, endSlope: f64, from: i32, to: i32): void {
  const last = size - 1;
  for (let i = from; i < to; i++) {
    if (load<u8>(oMask + <usize>i) != SOLID) continue;
    const q = <usize>i << 3;
    store<f64>(oT + q, temperatureAt(oH, last, min, step, invStep, endSlope, at(oE + q), at(oT + q)));
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
