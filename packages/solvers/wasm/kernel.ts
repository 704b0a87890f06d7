// AssemblyScript source of the WebAssembly SIMD explicit conduction kernel (built with the module's
// other loops from wasm/conduction.ts into wasm/build/conduction.wasm; loaded by
// src/thermal/wasm-kernel.ts). It is
// src/thermal/terms.ts explicitConductionUpdate, the reference it must match bit for bit:
//   E[i] = (Σ_faces G (T_nb − T_i) + extra[i]) · r[i] + E[i]
// with the face terms summed in the reference's order, east − west + north − south + up − down +
// extra, each face flux G (T_nb − T_P) or G (T_P − T_nb) with the reference's operands. WebAssembly
// has no fused multiply-add in its SIMD set (only relaxed SIMD has one, not used), so every
// multiplication and addition rounds as in TypeScript, lane by lane.
//
// Layout: the seven arrays are in this module's (imported) memory at the byte offsets passed in.
// The sweep takes two layers at a time, as the reference does (the face between them computed once,
// `f`), and two cells along x per f64x2: the east face of cells (i, i+1) is Gx (T[i+1..i+2] −
// T[i..i+1]), and their west face is the previous pair's second east flux and this pair's first
// (one shuffle), the same values the reference carries from cell to cell. The row's last one or two
// cells (the last has no east neighbour) go one at a time, with the reference's scalar expressions.
// Neighbour offsets are those of the reference: 0 where the mesh ends (the cell reads itself), else
// one row or one layer; offsets here are in bytes.

type V = v128;

@inline function add(a: V, b: V): V { return f64x2.add(a, b); }
@inline function sub(a: V, b: V): V { return f64x2.sub(a, b); }
@inline function mul(a: V, b: V): V { return f64x2.mul(a, b); }
@inline function ld(p: usize): V { return v128.load(p); }
@inline function at(p: usize): f64 { return load<f64>(p); }

/** The explicit update on the arrays at byte offsets oT … oE of the memory (see terms.ts). */
export function sweep(oT: usize, oGx: usize, oGy: usize, oGz: usize, oR: usize, oExtra: usize, oE: usize, nx: i32, ny: i32, nz: i32): void {
  sweepPairs(oT, oGx, oGy, oGz, oR, oExtra, oE, nx, ny, nz, 0, nz >> 1, true);
}

/**
 * The explicit update on the pairs of layers pairFrom … pairTo − 1 (layers 2p and 2p + 1), and with
 * `last` the odd layer at the top, if any: each cell's E reads T only, so two threads can take two
 * ranges of pairs (src/thermal/thread-team.ts) with the result of one sweep.
 */
export function sweepPairs(oT: usize, oGx: usize, oGy: usize, oGz: usize, oR: usize, oExtra: usize, oE: usize, nx: i32, ny: i32, nz: i32, pairFrom: i32, pairTo: i32, last: bool): void {
  const plane = nx * ny;
  const n = plane * nz;
  const paired = n - (nz % 2) * plane;
  for (let base = pairFrom * 2 * plane; base < pairTo * 2 * plane; base += 2 * plane) {
    for (let row = base; row < base + plane; row += nx) {
      // Offsets that can reach the mesh's end: south of the lower layer, north of the upper one,
      // below the lower one and above the upper one.
      const ym = row > 0 ? nx : 0;
      const yp = row + plane + nx < n ? nx : 0;
      const zm = row >= plane ? plane : 0;
      const zp = row + 2 * plane < n ? plane : 0;
      pairedRow(oT, oGx, oGy, oGz, oR, oExtra, oE, row, row + nx - 1, <usize>nx << 3, <usize>plane << 3, <usize>ym << 3, <usize>yp << 3, <usize>zm << 3, <usize>zp << 3);
    }
  }
  for (let row = last ? paired : n; row < n; row += nx) {
    const ym = row > 0 ? nx : 0;
    const yp = row + nx < n ? nx : 0;
    const zm = row >= plane ? plane : 0;
    const zp = row + plane < n ? plane : 0;
    singleRow(oT, oGx, oGy, oGz, oR, oExtra, oE, row, row + nx - 1, <usize>ym << 3, <usize>yp << 3, <usize>zm << 3, <usize>zp << 3);
  }
}

/**
 * Cells q0, q0+1 (byte offset q0) of the lower layer of a pair: T t0 there and u0 one cell east,
 * f the flux up into the upper layer, w the previous pair's east fluxes. Returns this pair's.
 */
@inline function lowerPair(oT: usize, oGx: usize, oGy: usize, oGz: usize, oR: usize, oExtra: usize, oE: usize, q0: usize, NX: usize, YM: usize, ZM: usize, t0: V, u0: V, f: V, w: V): V {
  const e0 = mul(ld(oGx + q0), sub(u0, t0));
  let s0 = sub(e0, f64x2.shuffle(w, e0, 1, 2));
  s0 = add(s0, mul(ld(oGy + q0), sub(ld(oT + q0 + NX), t0)));
  s0 = sub(s0, mul(ld(oGy + q0 - YM), sub(t0, ld(oT + q0 - YM))));
  s0 = add(s0, f);
  s0 = sub(s0, mul(ld(oGz + q0 - ZM), sub(t0, ld(oT + q0 - ZM))));
  s0 = add(s0, ld(oExtra + q0));
  v128.store(oE + q0, add(mul(s0, ld(oR + q0)), ld(oE + q0)));
  return e0;
}

/** The upper layer's cells q1, q1+1 (see lowerPair; f leaves them downwards). */
@inline function upperPair(oT: usize, oGx: usize, oGy: usize, oGz: usize, oR: usize, oExtra: usize, oE: usize, q1: usize, NX: usize, YP: usize, ZP: usize, t1: V, u1: V, f: V, w: V): V {
  const e1 = mul(ld(oGx + q1), sub(u1, t1));
  let s1 = sub(e1, f64x2.shuffle(w, e1, 1, 2));
  s1 = add(s1, mul(ld(oGy + q1), sub(ld(oT + q1 + YP), t1)));
  s1 = sub(s1, mul(ld(oGy + q1 - NX), sub(t1, ld(oT + q1 - NX))));
  s1 = add(s1, mul(ld(oGz + q1), sub(ld(oT + q1 + ZP), t1)));
  s1 = sub(s1, f);
  s1 = add(s1, ld(oExtra + q1));
  v128.store(oE + q1, add(mul(s1, ld(oR + q1)), ld(oE + q1)));
  return e1;
}

/**
 * One row of a pair of layers, cells row … last of the lower layer and the cells a plane above.
 * Byte offsets: NX one row, P one layer, YM/YP/ZM/ZP as in sweep. Digit 0 the lower layer, 1 the
 * upper. Four cells along x per iteration (two f64x2), then two, then the last one or two alone;
 * the temperatures one cell east come from the aligned pairs by a shuffle.
 */
@inline function pairedRow(oT: usize, oGx: usize, oGy: usize, oGz: usize, oR: usize, oExtra: usize, oE: usize, row: i32, last: i32, NX: usize, P: usize, YM: usize, YP: usize, ZM: usize, ZP: usize): void {
  let w0 = f64x2.splat(0);
  let w1 = f64x2.splat(0);
  let i = row;
  for (; i < last - 3; i += 4) {
    const q0 = <usize>i << 3;
    const q1 = q0 + P;
    const a0 = ld(oT + q0), a1 = ld(oT + q1);
    const b0 = ld(oT + q0 + 16), b1 = ld(oT + q1 + 16);
    // One double only: the cell after i+4 may lie past the array.
    const c0 = v128.load64_zero(oT + q0 + 32), c1 = v128.load64_zero(oT + q1 + 32);
    const fa = mul(ld(oGz + q0), sub(a1, a0));
    w0 = lowerPair(oT, oGx, oGy, oGz, oR, oExtra, oE, q0, NX, YM, ZM, a0, f64x2.shuffle(a0, b0, 1, 2), fa, w0);
    w1 = upperPair(oT, oGx, oGy, oGz, oR, oExtra, oE, q1, NX, YP, ZP, a1, f64x2.shuffle(a1, b1, 1, 2), fa, w1);
    const fb = mul(ld(oGz + q0 + 16), sub(b1, b0));
    w0 = lowerPair(oT, oGx, oGy, oGz, oR, oExtra, oE, q0 + 16, NX, YM, ZM, b0, f64x2.shuffle(b0, c0, 1, 2), fb, w0);
    w1 = upperPair(oT, oGx, oGy, oGz, oR, oExtra, oE, q1 + 16, NX, YP, ZP, b1, f64x2.shuffle(b1, c1, 1, 2), fb, w1);
  }
  for (; i < last - 1; i += 2) {
    const q0 = <usize>i << 3;
    const q1 = q0 + P;
    const t0 = ld(oT + q0), t1 = ld(oT + q1);
    const f = mul(ld(oGz + q0), sub(t1, t0));
    w0 = lowerPair(oT, oGx, oGy, oGz, oR, oExtra, oE, q0, NX, YM, ZM, t0, ld(oT + q0 + 8), f, w0);
    w1 = upperPair(oT, oGx, oGy, oGz, oR, oExtra, oE, q1, NX, YP, ZP, t1, ld(oT + q1 + 8), f, w1);
  }
  let west0 = f64x2.extract_lane(w0, 1);
  let west1 = f64x2.extract_lane(w1, 1);
  for (; i <= last; i++) {
    const q0 = <usize>i << 3;
    const q1 = q0 + P;
    const xp: usize = i < last ? 8 : 0;
    const t0 = at(oT + q0), t1 = at(oT + q1);
    const e0 = at(oGx + q0) * (at(oT + q0 + xp) - t0);
    const e1 = at(oGx + q1) * (at(oT + q1 + xp) - t1);
    const f = at(oGz + q0) * (t1 - t0);
    store<f64>(oE + q0, (e0 - west0 + at(oGy + q0) * (at(oT + q0 + NX) - t0) - at(oGy + q0 - YM) * (t0 - at(oT + q0 - YM)) + f - at(oGz + q0 - ZM) * (t0 - at(oT + q0 - ZM)) + at(oExtra + q0)) * at(oR + q0) + at(oE + q0));
    store<f64>(oE + q1, (e1 - west1 + at(oGy + q1) * (at(oT + q1 + YP) - t1) - at(oGy + q1 - NX) * (t1 - at(oT + q1 - NX)) + at(oGz + q1) * (at(oT + q1 + ZP) - t1) - f + at(oExtra + q1)) * at(oR + q1) + at(oE + q1));
    west0 = e0;
    west1 = e1;
  }
}

/** One row of the layer left over (nz odd): every face of the cell from its own operands. */
@inline function singleRow(oT: usize, oGx: usize, oGy: usize, oGz: usize, oR: usize, oExtra: usize, oE: usize, row: i32, last: i32, YM: usize, YP: usize, ZM: usize, ZP: usize): void {
  let w = f64x2.splat(0);
  let i = row;
  for (; i < last - 1; i += 2) {
    const q = <usize>i << 3;
    const t = ld(oT + q);
    const e = mul(ld(oGx + q), sub(ld(oT + q + 8), t));
    let s = sub(e, f64x2.shuffle(w, e, 1, 2));
    s = add(s, mul(ld(oGy + q), sub(ld(oT + q + YP), t)));
    s = sub(s, mul(ld(oGy + q - YM), sub(t, ld(oT + q - YM))));
    s = add(s, mul(ld(oGz + q), sub(ld(oT + q + ZP), t)));
    s = sub(s, mul(ld(oGz + q - ZM), sub(t, ld(oT + q - ZM))));
    s = add(s, ld(oExtra + q));
    v128.store(oE + q, add(mul(s, ld(oR + q)), ld(oE + q)));
    w = e;
  }
  let west = f64x2.extract_lane(w, 1);
  for (; i <= last; i++) {
    const q = <usize>i << 3;
    const xp: usize = i < last ? 8 : 0;
    const t = at(oT + q);
    const east = at(oGx + q) * (at(oT + q + xp) - t);
    store<f64>(oE + q, (east - west + at(oGy + q) * (at(oT + q + YP) - t) - at(oGy + q - YM) * (t - at(oT + q - YM)) + at(oGz + q) * (at(oT + q + ZP) - t) - at(oGz + q - ZM) * (t - at(oT + q - ZM)) + at(oExtra + q)) * at(oR + q) + at(oE + q));
    west = east;
  }
}
