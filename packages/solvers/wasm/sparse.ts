// AssemblyScript source of the sparse LDLᵀ factorisation's numeric phase and triangular solves
// (src/numerics/sparse/ldlt.ts, the reference), built into wasm/build/sparse.wasm: a module of its
// own (no SIMD, no shared memory), so it runs wherever WebAssembly does. Every entry is computed with
// the reference's operations in the reference's order, so L, D and the solution are the reference's
// bit for bit (ldlt-wasm.test.ts). The reference unrolls its loops by four for V8; here the plain
// loops are as fast.
//
// Layout: every array is in the imported memory at the byte offset passed in, in the reference's
// meaning (ldlt.ts LdltFactor); oFloor is 0 when no pivot floor is given.

@inline function i32at(o: usize, k: i32): i32 { return load<i32>(o + (<usize>k << 2)); }
@inline function f64at(o: usize, k: i32): f64 { return load<f64>(o + (<usize>k << 3)); }
@inline function f64set(o: usize, k: i32, v: f64): void { store<f64>(o + (<usize>k << 3), v); }

/** LdltFactor.factor: −1, or the first row whose pivot is not positive and has no positive floor. */
export function factor(n: i32, oColPtr: usize, oRowIdx: usize, oLp: usize, oLi: usize, oLx: usize, oD: usize, oY: usize, oReachPtr: usize, oReach: usize, oReachEnd: usize, oDiag: usize, oDiagAt: usize, oUpper: usize, oUpperAt: usize, oFloor: usize): i32 {
  for (let k = 0; k < n; k++) {
    // Scatter column k of the upper triangle into y, then eliminate row k of L over its reach.
    for (let p = i32at(oColPtr, k), pEnd = i32at(oColPtr, k + 1); p < pEnd; p++) {
      const r = i32at(oRowIdx, p);
      f64set(oY, r, f64at(oY, r) + f64at(oUpper, i32at(oUpperAt, p)));
    }
    let dk = f64at(oDiag, i32at(oDiagAt, k));
    for (let t = i32at(oReachPtr, k), tEnd = i32at(oReachPtr, k + 1); t < tEnd; t++) {
      const i = i32at(oReach, t);
      const yi = f64at(oY, i);
      f64set(oY, i, 0);
      const end = i32at(oReachEnd, t);
      for (let p = i32at(oLp, i); p < end; p++) {
        const r = i32at(oLi, p);
        f64set(oY, r, f64at(oY, r) - f64at(oLx, p) * yi);
      }
      const lki = yi / f64at(oD, i);
      dk -= lki * yi;
      f64set(oLx, end, lki);
    }
    if (!(dk > 0)) {
      const floor = oFloor != 0 ? f64at(oFloor, k) : 0.0;
      if (!(floor > 0)) return k;
      dk = floor;
    }
    f64set(oD, k, dk);
  }
  return -1;
}

/** LdltFactor.solve: L·D·Lᵀ·x = b in place. */
export function solve(n: i32, oLp: usize, oLi: usize, oLx: usize, oD: usize, oB: usize): void {
  for (let j = 0; j < n; j++) {
    const xj = f64at(oB, j);
    for (let p = i32at(oLp, j), end = i32at(oLp, j + 1); p < end; p++) {
      const r = i32at(oLi, p);
      f64set(oB, r, f64at(oB, r) - f64at(oLx, p) * xj);
    }
  }
  for (let j = 0; j < n; j++) f64set(oB, j, f64at(oB, j) / f64at(oD, j));
  for (let j = n - 1; j >= 0; j--) {
    let xj = f64at(oB, j);
    for (let p = i32at(oLp, j), end = i32at(oLp, j + 1); p < end; p++) xj -= f64at(oLx, p) * f64at(oB, i32at(oLi, p));
    f64set(oB, j, xj);
  }
}
