// AssemblyScript source of the thermal solver's conductivity update (src/thermal/solver.ts
// updateProperties, one material): which metal cells re-take their conductivity this step, and the
// new values. The reference is the TypeScript loop; the same tests and operations in the same order
// give bitwise its k and the same list of changed cells (step-wasm.test.ts). In an explicit
// melt-pool step this scan of every cell was a fifth of the run.
//
// Layout: arrays in the imported memory at the byte offsets passed in; the table is the one
// useTable selected (wasm/table.ts). ky and kz may be k itself (no liquid enhancement).

import { conductivityAt } from './table';

const SOLID: u8 = 1;

@inline function at(p: usize): f64 { return load<f64>(p); }

/**
 * For each metal cell of [from, to) whose temperature left its conductivity's band since it was taken
 * (or every one, not incremental): k, ky, kz at T (times 1 + (e − 1) f_l with the enhancement), the
 * cell listed in oChanged while there is room (capacity). Returns how many changed (possibly more than
 * listed). Two threads take two ranges, each with its own list: the lists one after the other are the
 * one-range list.
 */
export function properties(oT: usize, oTaken: usize, oMask: usize, oK: usize, oKy: usize, oKz: usize, oChanged: usize, capacity: i32, from: i32, to: i32, incremental: bool, solidEnd: f64, liquidStart: f64, lag: f64, enhanced: bool, ex: f64, ey: f64, ez: f64, solidus: f64, liquidus: f64): i32 {
  let changed = 0;
  for (let i = from; i < to; i++) {
    if (load<u8>(oMask + <usize>i) != SOLID) continue;
    const q = <usize>i << 3;
    const t = at(oT + q);
    if (incremental) {
      const before = at(oTaken + q);
      // EnthalpyTable.keepsConductivity.
      if (t == before || (((t <= solidEnd && before <= solidEnd) || (t >= liquidStart && before >= liquidStart)) && Math.abs(t - before) <= lag)) continue;
    }
    store<f64>(oTaken + q, t);
    const k = conductivityAt(t);
    let kx = k;
    let ky = k;
    let kz = k;
    if (enhanced) {
      const fl = t <= solidus ? 0.0 : t >= liquidus ? 1.0 : (t - solidus) / (liquidus - solidus);
      kx = k * (1 + (ex - 1) * fl);
      ky = k * (1 + (ey - 1) * fl);
      kz = k * (1 + (ez - 1) * fl);
    }
    if (incremental && kx == at(oK + q) && ky == at(oKy + q) && kz == at(oKz + q)) continue;
    store<f64>(oK + q, kx);
    store<f64>(oKy + q, ky);
    store<f64>(oKz + q, kz);
    if (changed < capacity) store<i32>(oChanged + (<usize>changed << 2), i);
    changed++;
  }
  return changed;
}
