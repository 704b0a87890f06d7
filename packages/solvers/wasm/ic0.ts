// AssemblyScript source of the IC(0) preconditioner of src/thermal/linear-solver.ts (the factor and
// the two triangular sweeps), built into the module with the other conjugate-gradient loops
// (wasm/cg.ts). The reference is ConjugateGradient.factor and .precondition: every cell's value
// is computed with their operations in their order, so the results are bitwise the same
// (cg-wasm.test.ts).
//
// Why rows are swept in groups: both sweeps and the factor are recurrences along x (a cell reads the
// value just computed for the cell before it), so one row alone is one chain of dependent
// operations, and the chain's latency, not the arithmetic, sets the speed (the factor's chain holds
// a division). Up to four rows of a plane, each the next one's southern neighbour, are swept
// together, each a cell behind the one before it: the row north of another at cell c needs that row
// up to cell c only, which is then done, and the rows below it in the previous plane are done
// already. Four independent chains per loop; every value read is the one the row-by-row order gives.
// The backward sweep mirrors this from the north-east.
//
// Layout as in wasm/cg.ts: arrays at byte offsets, the coupled rows as oStart (i32 first cells) and
// oFlags (u8: 1 south, 2 north, 4 below, 8 above), a missing y/z neighbour read through the all-zero
// array at oZero at the cell itself.

import { advance, BACKWARD, FORWARD, progressOf, waitUntil } from './sync';

const SOUTH: u8 = 1;
const NORTH: u8 = 2;
const BELOW: u8 = 4;
const ABOVE: u8 = 8;
/** Rows swept together at most. */
const GROUP = 4;

@inline function at(p: usize): f64 { return load<f64>(p); }
@inline function rowAt(oStart: usize, k: i32): i32 { return load<i32>(oStart + (<usize>k << 2)); }
@inline function flagsAt(oFlags: usize, k: i32): u8 { return load<u8>(oFlags + <usize>k); }

/** How many rows from k on (at most GROUP) follow one another northwards in one plane. */
@inline function groupNorth(oStart: usize, oFlags: usize, k: i32, end: i32, nx: i32): i32 {
  let g = 1;
  while (g < GROUP && k + g < end && rowAt(oStart, k + g) == rowAt(oStart, k + g - 1) + nx && (flagsAt(oFlags, k + g) & SOUTH) != 0) g++;
  return g;
}

/** How many rows from k down (at most GROUP) follow one another southwards in one plane. */
@inline function groupSouth(oStart: usize, oFlags: usize, k: i32, begin: i32, nx: i32): i32 {
  let g = 1;
  while (g < GROUP && k - g >= begin && rowAt(oStart, k - g) + nx == rowAt(oStart, k - g + 1) && (flagsAt(oFlags, k - g) & NORTH) != 0) g++;
  return g;
}

/** One cell of the forward sweep (west: z of the cell before it in the row, if any). */
@inline function forwardCell(oOx: usize, or: usize, oz: usize, od: usize, q: usize, first: usize, Os: usize, S: usize, Ob: usize, B: usize, west: f64): f64 {
  let v = at(or + q);
  if (q > first) v += at(oOx + q - 8) * west;
  v += at(Os + q - S) * at(oz + q - S);
  v += at(Ob + q - B) * at(oz + q - B);
  const z = v * at(od + q);
  store<f64>(oz + q, z);
  return z;
}

/** One cell of the backward sweep (east: z of the cell after it in the row, if any). */
@inline function backwardCell(oOx: usize, oz: usize, od: usize, q: usize, last: usize, On: usize, N: usize, Oa: usize, A: usize, east: f64): f64 {
  let v = 0.0;
  if (q < last) v += at(oOx + q) * east;
  v += at(On + q) * at(oz + q + N);
  v += at(Oa + q) * at(oz + q + A);
  const z = at(oz + q) + v * at(od + q);
  store<f64>(oz + q, z);
  return z;
}

/** One cell of the factor: the pivot 1/D̃ from D and the pivots already taken west, south, below. */
@inline function factorCell(oD: usize, oOx: usize, od: usize, q: usize, first: usize, Os: usize, S: usize, Ob: usize, B: usize): void {
  let v = at(oD + q);
  if (q > first) v -= at(oOx + q - 8) * at(oOx + q - 8) * at(od + q - 8);
  v -= at(Os + q - S) * at(Os + q - S) * at(od + q - S);
  v -= at(Ob + q - B) * at(Ob + q - B) * at(od + q - B);
  store<f64>(od + q, 1 / v);
}

/** The coupling array and offset of row k's neighbour below (the zero array at the cell itself if none). */
@inline function belowOf(oFlags: usize, k: i32, oOz: usize, oZero: usize): usize { return flagsAt(oFlags, k) & BELOW ? oOz : oZero; }
@inline function belowStep(oFlags: usize, k: i32, P: usize): usize { return flagsAt(oFlags, k) & BELOW ? P : 0; }
@inline function aboveOf(oFlags: usize, k: i32, oOz: usize, oZero: usize): usize { return flagsAt(oFlags, k) & ABOVE ? oOz : oZero; }
@inline function aboveStep(oFlags: usize, k: i32, P: usize): usize { return flagsAt(oFlags, k) & ABOVE ? P : 0; }

/**
 * The forward sweep (D̃ + L) w = r, z = D̃⁻¹-scaled w as it goes, over the coupled rows; rows k … k+g−1
 * of a group (southernmost first) at cell s − m of row m in step s.
 */
function forward(oOx: usize, oOy: usize, oOz: usize, oZero: usize, or: usize, oz: usize, od: usize, oStart: usize, oFlags: usize, begin: i32, end: i32, nx: i32, ny: i32): void {
  const NX = <usize>nx << 3;
  const P = <usize>(nx * ny) << 3;
  for (let k = begin; k < end; ) {
    const g = groupNorth(oStart, oFlags, k, end, nx);
    const f0 = <usize>rowAt(oStart, k) << 3;
    const south0 = flagsAt(oFlags, k) & SOUTH;
    const Os = south0 ? oOy : oZero;
    const S: usize = south0 ? NX : 0;
    const f1 = f0 + NX;
    const f2 = f1 + NX;
    const f3 = f2 + NX;
    const Ob0 = belowOf(oFlags, k, oOz, oZero);
    const B0 = belowStep(oFlags, k, P);
    const Ob1 = g > 1 ? belowOf(oFlags, k + 1, oOz, oZero) : oZero;
    const B1 = g > 1 ? belowStep(oFlags, k + 1, P) : 0;
    const Ob2 = g > 2 ? belowOf(oFlags, k + 2, oOz, oZero) : oZero;
    const B2 = g > 2 ? belowStep(oFlags, k + 2, P) : 0;
    const Ob3 = g > 3 ? belowOf(oFlags, k + 3, oOz, oZero) : oZero;
    const B3 = g > 3 ? belowStep(oFlags, k + 3, P) : 0;
    let w0 = 0.0;
    let w1 = 0.0;
    let w2 = 0.0;
    let w3 = 0.0;
    const steps = nx + g - 1;
    for (let s = 0; s < steps; s++) {
      if (s < nx) w0 = forwardCell(oOx, or, oz, od, f0 + (<usize>s << 3), f0, Os, S, Ob0, B0, w0);
      if (g > 1 && s >= 1 && s <= nx) w1 = forwardCell(oOx, or, oz, od, f1 + (<usize>(s - 1) << 3), f1, oOy, NX, Ob1, B1, w1);
      if (g > 2 && s >= 2 && s <= nx + 1) w2 = forwardCell(oOx, or, oz, od, f2 + (<usize>(s - 2) << 3), f2, oOy, NX, Ob2, B2, w2);
      if (g > 3 && s >= 3) w3 = forwardCell(oOx, or, oz, od, f3 + (<usize>(s - 3) << 3), f3, oOy, NX, Ob3, B3, w3);
    }
    k += g;
  }
}

/**
 * The backward sweep (D̃ + Lᵀ) z = D̃ w over the coupled rows, from the last; rows k, k−1, … of a
 * group (northernmost first) at cell nx − 1 − (s − m) of row m in step s.
 */
function backward(oOx: usize, oOy: usize, oOz: usize, oZero: usize, oz: usize, od: usize, oStart: usize, oFlags: usize, begin: i32, end: i32, nx: i32, ny: i32): void {
  const NX = <usize>nx << 3;
  const P = <usize>(nx * ny) << 3;
  for (let k = end - 1; k >= begin; ) {
    const g = groupSouth(oStart, oFlags, k, begin, nx);
    const l0 = (<usize>rowAt(oStart, k) << 3) + NX - 8;
    const north0 = flagsAt(oFlags, k) & NORTH;
    const On = north0 ? oOy : oZero;
    const N: usize = north0 ? NX : 0;
    const l1 = l0 - NX;
    const l2 = l1 - NX;
    const l3 = l2 - NX;
    const Oa0 = aboveOf(oFlags, k, oOz, oZero);
    const A0 = aboveStep(oFlags, k, P);
    const Oa1 = g > 1 ? aboveOf(oFlags, k - 1, oOz, oZero) : oZero;
    const A1 = g > 1 ? aboveStep(oFlags, k - 1, P) : 0;
    const Oa2 = g > 2 ? aboveOf(oFlags, k - 2, oOz, oZero) : oZero;
    const A2 = g > 2 ? aboveStep(oFlags, k - 2, P) : 0;
    const Oa3 = g > 3 ? aboveOf(oFlags, k - 3, oOz, oZero) : oZero;
    const A3 = g > 3 ? aboveStep(oFlags, k - 3, P) : 0;
    let e0 = 0.0;
    let e1 = 0.0;
    let e2 = 0.0;
    let e3 = 0.0;
    const steps = nx + g - 1;
    for (let s = 0; s < steps; s++) {
      if (s < nx) e0 = backwardCell(oOx, oz, od, l0 - (<usize>s << 3), l0, On, N, Oa0, A0, e0);
      if (g > 1 && s >= 1 && s <= nx) e1 = backwardCell(oOx, oz, od, l1 - (<usize>(s - 1) << 3), l1, oOy, NX, Oa1, A1, e1);
      if (g > 2 && s >= 2 && s <= nx + 1) e2 = backwardCell(oOx, oz, od, l2 - (<usize>(s - 2) << 3), l2, oOy, NX, Oa2, A2, e2);
      if (g > 3 && s >= 3) e3 = backwardCell(oOx, oz, od, l3 - (<usize>(s - 3) << 3), l3, oOy, NX, Oa3, A3, e3);
    }
    k -= g;
  }
}

/**
 * The IC(0) sweeps, z = M⁻¹ r (ConjugateGradient.precondition); returns Σ r·z in the reference's
 * order (the backward sweep's: rows from the last, cells from the east, part 1's rows mid … count − 1
 * and part 0's summed apart, then added), in a pass of its own.
 */
export function ic0(oOx: usize, oOy: usize, oOz: usize, oZero: usize, or: usize, oz: usize, od: usize, oStart: usize, oFlags: usize, count: i32, mid: i32, nx: i32, ny: i32): f64 {
  forward(oOx, oOy, oOz, oZero, or, oz, od, oStart, oFlags, 0, count, nx, ny);
  backward(oOx, oOy, oOz, oZero, oz, od, oStart, oFlags, 0, count, nx, ny);
  return residualDot(or, oz, oStart, mid, count, nx) + residualDot(or, oz, oStart, 0, mid, nx);
}

/**
 * Σ r·z over coupled rows begin … end − 1 from zero, in the reference's order (rows from the last,
 * cells from the east); the reference adds the sums of the two parts of the rows (linear-solver.ts).
 */
export function residualDot(or: usize, oz: usize, oStart: usize, begin: i32, end: i32, nx: i32): f64 {
  return addResidualDot(0.0, or, oz, oStart, begin, end, nx);
}

/** rz plus r·z over coupled rows begin … end − 1, added in residualDot's order. */
function addResidualDot(sum: f64, or: usize, oz: usize, oStart: usize, begin: i32, end: i32, nx: i32): f64 {
  const NX = <usize>nx << 3;
  let rz = sum;
  for (let k = end - 1; k >= begin; k--) {
    const first = <usize>rowAt(oStart, k) << 3;
    for (let q = first + NX; q > first; ) {
      q -= 8;
      rz += at(or + q) * at(oz + q);
    }
  }
  return rz;
}

/** The IC(0) pivots 1/D̃ on the coupled rows (ConjugateGradient.factor after its 1/D pass), rows grouped as in the forward sweep. */
export function factor(oD: usize, oOx: usize, oOy: usize, oOz: usize, oZero: usize, od: usize, oStart: usize, oFlags: usize, count: i32, nx: i32, ny: i32): void {
  factorRows(oD, oOx, oOy, oOz, oZero, od, oStart, oFlags, 0, count, nx, ny);
}

/** The pivots of coupled rows begin … end − 1 (their pivots west, south and below taken already). */
function factorRows(oD: usize, oOx: usize, oOy: usize, oOz: usize, oZero: usize, od: usize, oStart: usize, oFlags: usize, begin: i32, end: i32, nx: i32, ny: i32): void {
  const NX = <usize>nx << 3;
  const P = <usize>(nx * ny) << 3;
  for (let k = begin; k < end; ) {
    const g = groupNorth(oStart, oFlags, k, end, nx);
    const f0 = <usize>rowAt(oStart, k) << 3;
    const south0 = flagsAt(oFlags, k) & SOUTH;
    const Os = south0 ? oOy : oZero;
    const S: usize = south0 ? NX : 0;
    const f1 = f0 + NX;
    const f2 = f1 + NX;
    const f3 = f2 + NX;
    const Ob0 = belowOf(oFlags, k, oOz, oZero);
    const B0 = belowStep(oFlags, k, P);
    const Ob1 = g > 1 ? belowOf(oFlags, k + 1, oOz, oZero) : oZero;
    const B1 = g > 1 ? belowStep(oFlags, k + 1, P) : 0;
    const Ob2 = g > 2 ? belowOf(oFlags, k + 2, oOz, oZero) : oZero;
    const B2 = g > 2 ? belowStep(oFlags, k + 2, P) : 0;
    const Ob3 = g > 3 ? belowOf(oFlags, k + 3, oOz, oZero) : oZero;
    const B3 = g > 3 ? belowStep(oFlags, k + 3, P) : 0;
    const steps = nx + g - 1;
    for (let s = 0; s < steps; s++) {
      if (s < nx) factorCell(oD, oOx, od, f0 + (<usize>s << 3), f0, Os, S, Ob0, B0);
      if (g > 1 && s >= 1 && s <= nx) factorCell(oD, oOx, od, f1 + (<usize>(s - 1) << 3), f1, oOy, NX, Ob1, B1);
      if (g > 2 && s >= 2 && s <= nx + 1) factorCell(oD, oOx, od, f2 + (<usize>(s - 2) << 3), f2, oOy, NX, Ob2, B2);
      if (g > 3 && s >= 3) factorCell(oD, oOx, od, f3 + (<usize>(s - 3) << 3), f3, oOy, NX, Ob3, B3);
    }
    k += g;
  }
}

// Two threads on one sweep. The coupled rows are cut at one y for every plane and listed part by part
// (row-set.ts RowSet): part 0 the rows south of the cut, plane by plane, then part 1. oPlanes
// holds i32 pairs per plane, the index of its first part-0 row and of its first part-1 row, then mid
// and count: part p's rows of plane z are oPlanes[2z + p] … oPlanes[2z + 2 + p] − 1. Forward, a row
// reads the rows west, south and below it: part 0's rows read only part 0's, so part 0 runs ahead
// freely, and part 1 starts a plane once part 0 has finished it (the row just south of the cut is
// part 0's). The backward sweep reads east, north and above: part 1 runs ahead from the top, part 0
// follows a plane behind. Every cell is computed by the same operations on the same values as in the
// one-thread order, so the result is bitwise the same; the counters (planes done) are in the control
// block at oCtl (wasm/sync.ts).

@inline function partBegin(oPlanes: usize, z: i32, part: i32): i32 { return load<i32>(oPlanes + (<usize>(2 * z + part) << 2)); }
@inline function partEnd(oPlanes: usize, z: i32, part: i32): i32 { return load<i32>(oPlanes + (<usize>(2 * z + 2 + part) << 2)); }

/**
 * The forward sweep of one part (0 or 1) over every plane, in step with the other part; with
 * `factoring`, the factor's pivots instead (the same dependencies: west, south, below), oDorR then
 * the diagonal D, else the residual r.
 */
function forwardPlanes(factoring: bool, oDorR: usize, oOx: usize, oOy: usize, oOz: usize, oZero: usize, oz: usize, od: usize, oStart: usize, oFlags: usize, oPlanes: usize, nz: i32, nx: i32, ny: i32, part: i32, oCtl: usize): void {
  const mine = progressOf(oCtl, FORWARD, part);
  const other = progressOf(oCtl, FORWARD, 1 - part);
  for (let z = 0; z < nz; z++) {
    const begin = partBegin(oPlanes, z, part);
    const end = partEnd(oPlanes, z, part);
    if (part == 1) waitUntil(other, z + 1);
    if (end > begin) {
      if (factoring) factorRows(oDorR, oOx, oOy, oOz, oZero, od, oStart, oFlags, begin, end, nx, ny);
      else forward(oOx, oOy, oOz, oZero, oDorR, oz, od, oStart, oFlags, begin, end, nx, ny);
    }
    advance(mine, z + 1);
  }
}

/**
 * The backward sweep of one part over every plane from the top, in step with the other part; returns
 * the part's Σ r·z, each plane's rows added once swept (their values still in cache), in residualDot's
 * order over the part (planes from the top, rows from the last, cells from the east).
 */
function backwardPart(oOx: usize, oOy: usize, oOz: usize, oZero: usize, or: usize, oz: usize, od: usize, oStart: usize, oFlags: usize, oPlanes: usize, nz: i32, nx: i32, ny: i32, part: i32, oCtl: usize): f64 {
  const mine = progressOf(oCtl, BACKWARD, part);
  const other = progressOf(oCtl, BACKWARD, 1 - part);
  let rz = 0.0;
  for (let z = nz - 1; z >= 0; z--) {
    const above = nz - 1 - z;
    const begin = partBegin(oPlanes, z, part);
    const end = partEnd(oPlanes, z, part);
    if (part == 0) waitUntil(other, above + 1);
    if (end > begin) backward(oOx, oOy, oOz, oZero, oz, od, oStart, oFlags, begin, end, nx, ny);
    advance(mine, above + 1);
    if (end > begin) rz = addResidualDot(rz, or, oz, oStart, begin, end, nx);
  }
  return rz;
}

/**
 * One part of both IC(0) sweeps; returns the part's Σ r·z (the reference adds part 1's and part 0's,
 * ConjugateGradient.precondition).
 */
export function ic0Part(oOx: usize, oOy: usize, oOz: usize, oZero: usize, or: usize, oz: usize, od: usize, oStart: usize, oFlags: usize, oPlanes: usize, nz: i32, nx: i32, ny: i32, part: i32, oCtl: usize): f64 {
  forwardPlanes(false, or, oOx, oOy, oOz, oZero, oz, od, oStart, oFlags, oPlanes, nz, nx, ny, part, oCtl);
  return backwardPart(oOx, oOy, oOz, oZero, or, oz, od, oStart, oFlags, oPlanes, nz, nx, ny, part, oCtl);
}

/** One part of the factor, in step with the other part as the forward sweep is. */
export function factorPart(oD: usize, oOx: usize, oOy: usize, oOz: usize, oZero: usize, od: usize, oStart: usize, oFlags: usize, oPlanes: usize, nz: i32, nx: i32, ny: i32, part: i32, oCtl: usize): void {
  forwardPlanes(true, oD, oOx, oOy, oOz, oZero, 0, od, oStart, oFlags, oPlanes, nz, nx, ny, part, oCtl);
}
