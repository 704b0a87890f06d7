// AssemblyScript source of the conjugate-gradient loops of src/thermal/linear-solver.ts (built into
// the same module as the conduction kernel, wasm/conduction.ts). linear-solver.ts is the reference
// these must match bit for bit: each cell's value is computed with the reference's operations in the
// reference's order (f64x2 lanes where cells are independent: WebAssembly SIMD has no fused
// multiply-add, so each lane rounds as TypeScript does), and every sum over cells (x·Ax, r·r, r·z)
// is accumulated one cell at a time in the reference's cell order over a range of rows: the
// reference adds the sums of the first half of the coupled rows and of the rest, each from zero (so
// two threads can take one half each: src/thermal/cg-wasm.ts), and so do the callers here. The
// IC(0) sweeps are recurrences along x (each cell reads the one before it) and stay scalar.
//
// Layout: every array is in the imported memory at the byte offset passed in. The coupled rows are
// given as in the reference: oStart the first cell of each (i32), oFlags their neighbour bits (u8:
// 1 south, 2 north, 4 below, 8 above), count how many. A missing y/z neighbour is read through the
// all-zero array at oZero at the cell itself (0 · x_i), as the reference does.

const SOUTH: u8 = 1;
const NORTH: u8 = 2;
const BELOW: u8 = 4;
const ABOVE: u8 = 8;

type V = v128;

@inline function ld(p: usize): V { return v128.load(p); }
@inline function at(p: usize): f64 { return load<f64>(p); }
@inline function rowAt(oStart: usize, k: i32): i32 { return load<i32>(oStart + (<usize>k << 2)); }
@inline function flagsAt(oFlags: usize, k: i32): u8 { return load<u8>(oFlags + <usize>k); }

/** One cell of the product, every term the reference's (west and east only where they exist). */
@inline function productCell(oD: usize, oOx: usize, ox: usize, oy: usize, q: usize, west: bool, east: bool, Os: usize, S: usize, On: usize, N: usize, Ob: usize, B: usize, Oa: usize, A: usize): f64 {
  let v = at(oD + q) * at(ox + q);
  if (west) v -= at(oOx + q - 8) * at(ox + q - 8);
  if (east) v -= at(oOx + q) * at(ox + q + 8);
  v -= at(Os + q - S) * at(ox + q - S);
  v -= at(On + q) * at(ox + q + N);
  v -= at(Ob + q - B) * at(ox + q - B);
  v -= at(Oa + q) * at(ox + q + A);
  store<f64>(oy + q, v);
  return v;
}

/** y = A x on coupled rows begin … end − 1 (ConjugateGradient.product); returns Σ x·y over them when dot. */
export function product(oD: usize, oOx: usize, oOy: usize, oOz: usize, oZero: usize, ox: usize, oy: usize, oStart: usize, oFlags: usize, begin: i32, end: i32, nx: i32, ny: i32, dot: bool): f64 {
  const NX = <usize>nx << 3;
  const P = <usize>(nx * ny) << 3;
  let sum = 0.0;
  for (let k = begin; k < end; k++) {
    const flags = flagsAt(oFlags, k);
    const Os = flags & SOUTH ? oOy : oZero;
    const S: usize = flags & SOUTH ? NX : 0;
    const On = flags & NORTH ? oOy : oZero;
    const N: usize = flags & NORTH ? NX : 0;
    const Ob = flags & BELOW ? oOz : oZero;
    const B: usize = flags & BELOW ? P : 0;
    const Oa = flags & ABOVE ? oOz : oZero;
    const A: usize = flags & ABOVE ? P : 0;
    const first = <usize>rowAt(oStart, k) << 3;
    const last = first + NX - 8;
    // The first cell has no west neighbour (and, in a row of one, no east one).
    let v = productCell(oD, oOx, ox, oy, first, false, first < last, Os, S, On, N, Ob, B, Oa, A);
    if (dot) sum += at(ox + first) * v;
    let q = first + 8;
    // Inner cells two at a time: both have a west and an east neighbour.
    for (; q + 8 < last; q += 16) {
      const x = ld(ox + q);
      let w = f64x2.mul(ld(oD + q), x);
      w = f64x2.sub(w, f64x2.mul(ld(oOx + q - 8), ld(ox + q - 8)));
      w = f64x2.sub(w, f64x2.mul(ld(oOx + q), ld(ox + q + 8)));
      w = f64x2.sub(w, f64x2.mul(ld(Os + q - S), ld(ox + q - S)));
      w = f64x2.sub(w, f64x2.mul(ld(On + q), ld(ox + q + N)));
      w = f64x2.sub(w, f64x2.mul(ld(Ob + q - B), ld(ox + q - B)));
      w = f64x2.sub(w, f64x2.mul(ld(Oa + q), ld(ox + q + A)));
      v128.store(oy + q, w);
      if (dot) {
        const xy = f64x2.mul(x, w);
        sum += f64x2.extract_lane(xy, 0);
        sum += f64x2.extract_lane(xy, 1);
      }
    }
    for (; q <= last; q += 8) {
      v = productCell(oD, oOx, ox, oy, q, true, q < last, Os, S, On, N, Ob, B, Oa, A);
      if (dot) sum += at(ox + q) * v;
    }
  }
  return sum;
}

/** x += α p, r −= α q on coupled rows begin … end − 1; returns Σ r² (the reference's update loop). */
export function update(ox: usize, op: usize, or: usize, oq: usize, oStart: usize, begin: i32, end: i32, nx: i32, alpha: f64): f64 {
  const NX = <usize>nx << 3;
  const a = f64x2.splat(alpha);
  let sum = 0.0;
  for (let k = begin; k < end; k++) {
    let q = <usize>rowAt(oStart, k) << 3;
    const rowEnd = q + NX;
    for (; q + 8 < rowEnd; q += 16) {
      v128.store(ox + q, f64x2.add(ld(ox + q), f64x2.mul(a, ld(op + q))));
      const r = f64x2.sub(ld(or + q), f64x2.mul(a, ld(oq + q)));
      v128.store(or + q, r);
      const rr = f64x2.mul(r, r);
      sum += f64x2.extract_lane(rr, 0);
      sum += f64x2.extract_lane(rr, 1);
    }
    if (q < rowEnd) {
      store<f64>(ox + q, at(ox + q) + alpha * at(op + q));
      const r = at(or + q) - alpha * at(oq + q);
      store<f64>(or + q, r);
      sum += r * r;
    }
  }
  return sum;
}

/** p = z + β p on coupled rows begin … end − 1. */
export function direction(op: usize, oz: usize, oStart: usize, begin: i32, end: i32, nx: i32, beta: f64): void {
  const NX = <usize>nx << 3;
  const b = f64x2.splat(beta);
  for (let k = begin; k < end; k++) {
    let q = <usize>rowAt(oStart, k) << 3;
    const rowEnd = q + NX;
    for (; q + 8 < rowEnd; q += 16) v128.store(op + q, f64x2.add(ld(oz + q), f64x2.mul(b, ld(op + q))));
    if (q < rowEnd) store<f64>(op + q, at(oz + q) + beta * at(op + q));
  }
}

/** z = r / D (as r · (1/D)) on the coupled rows; returns Σ r·z. */
export function jacobi(or: usize, oz: usize, od: usize, oStart: usize, count: i32, nx: i32): f64 {
  const NX = <usize>nx << 3;
  let sum = 0.0;
  for (let k = 0; k < count; k++) {
    let q = <usize>rowAt(oStart, k) << 3;
    const end = q + NX;
    for (; q + 8 < end; q += 16) {
      const r = ld(or + q);
      const z = f64x2.mul(r, ld(od + q));
      v128.store(oz + q, z);
      const rz = f64x2.mul(r, z);
      sum += f64x2.extract_lane(rz, 0);
      sum += f64x2.extract_lane(rz, 1);
    }
    if (q < end) {
      const z = at(or + q) * at(od + q);
      store<f64>(oz + q, z);
      sum += at(or + q) * z;
    }
  }
  return sum;
}

/**
 * The start of a solve (ConjugateGradient.solve before its first product): returns Σ b² over all n
 * cells in cell order, and solves the decoupled rows (oCoupled: a u8 per row, 0 when decoupled),
 * x = b / D there with r, z, p and q zero.
 */
export function start(ob: usize, oD: usize, ox: usize, or: usize, oz: usize, op: usize, oq: usize, oCoupled: usize, n: i32, nx: i32): f64 {
  const sum = squaresAll(ob, n);
  solveDecoupled(ob, oD, ox, or, oz, op, oq, oCoupled, n, nx);
  return sum;
}

/**
 * Σ b² over all n cells (the first half of start), in four quarters (the first three of n / 4 cells,
 * rounded down, the last the rest), each summed in cell order, then (q0 + q1) + (q2 + q3): the four
 * sums are independent chains the processor runs side by side (a single chain waits on each add), and
 * the definition does not depend on how many threads take it (linear-solver.ts start is the reference).
 */
export function squaresAll(ob: usize, n: i32): f64 {
  const m = <usize>(n >> 2) << 3;
  const end = <usize>n << 3;
  let s0 = 0.0;
  let s1 = 0.0;
  let s2 = 0.0;
  let s3 = 0.0;
  for (let q: usize = 0; q < m; q += 8) {
    const b0 = at(ob + q);
    const b1 = at(ob + m + q);
    const b2 = at(ob + 2 * m + q);
    const b3 = at(ob + 3 * m + q);
    s0 += b0 * b0;
    s1 += b1 * b1;
    s2 += b2 * b2;
    s3 += b3 * b3;
  }
  for (let q: usize = 4 * m; q < end; q += 8) s3 += at(ob + q) * at(ob + q);
  return s0 + s1 + (s2 + s3);
}

/** x = b / D with r, z, p and q zero on the decoupled rows (the second half of start). */
export function solveDecoupled(ob: usize, oD: usize, ox: usize, or: usize, oz: usize, op: usize, oq: usize, oCoupled: usize, n: i32, nx: i32): void {
  const end = <usize>n << 3;
  const NX = <usize>nx << 3;
  const zero = f64x2.splat(0);
  for (let row: usize = 0, k: usize = 0; row < end; row += NX, k++) {
    if (load<u8>(oCoupled + k)) continue;
    const rowEnd = row + NX;
    let q = row;
    for (; q + 8 < rowEnd; q += 16) {
      v128.store(ox + q, f64x2.div(ld(ob + q), ld(oD + q)));
      v128.store(or + q, zero);
      v128.store(oz + q, zero);
      v128.store(op + q, zero);
      v128.store(oq + q, zero);
    }
    if (q < rowEnd) {
      store<f64>(ox + q, at(ob + q) / at(oD + q));
      store<f64>(or + q, 0);
      store<f64>(oz + q, 0);
      store<f64>(op + q, 0);
      store<f64>(oq + q, 0);
    }
  }
}

/** r = b − q on coupled rows begin … end − 1; returns Σ r² over them (the initial residual). */
export function residual(ob: usize, oq: usize, or: usize, oStart: usize, begin: i32, end: i32, nx: i32): f64 {
  const NX = <usize>nx << 3;
  let sum = 0.0;
  for (let k = begin; k < end; k++) {
    let q = <usize>rowAt(oStart, k) << 3;
    const rowEnd = q + NX;
    for (; q + 8 < rowEnd; q += 16) {
      const r = f64x2.sub(ld(ob + q), ld(oq + q));
      v128.store(or + q, r);
      const rr = f64x2.mul(r, r);
      sum += f64x2.extract_lane(rr, 0);
      sum += f64x2.extract_lane(rr, 1);
    }
    if (q < rowEnd) {
      const r = at(ob + q) - at(oq + q);
      store<f64>(or + q, r);
      sum += r * r;
    }
  }
  return sum;
}

/** d = 1 / D on all n cells (the pivots' first pass, both preconditioners). */
export function reciprocal(od: usize, oD: usize, n: i32): void {
  const end = <usize>n << 3;
  const one = f64x2.splat(1);
  let q: usize = 0;
  for (; q + 8 < end; q += 16) v128.store(od + q, f64x2.div(one, ld(oD + q)));
  if (q < end) store<f64>(od + q, 1 / at(oD + q));
}

/** p = z on the coupled rows (the first direction). */
export function assign(op: usize, oz: usize, oStart: usize, count: i32, nx: i32): void {
  const NX = <usize>nx << 3;
  for (let k = 0; k < count; k++) {
    const q = <usize>rowAt(oStart, k) << 3;
    memory.copy(op + q, oz + q, NX);
  }
}
