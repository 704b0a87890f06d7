// Gauss–Seidel sweeps of the multigrid V-cycle (multigrid.ts) on the 5-point matrix
// D_c x_c − Σ_nb O x_nb = b_c, in one of two lexicographic orders:
//
// - row-major (gaussSeidel): forward rows up, cells left to right; backward the reverse. The coarse
//   levels, and every level of a solve that does not split (multigrid.ts).
// - column-major (gaussSeidelColumns): forward columns left to right, cells up each column; backward the
//   reverse. The finer levels of the split solve (multigrid-split.ts), cut into two halves of rows run
//   by two threads at once: the half that meets each column first (the lower one forward, the upper one
//   backward) leads, and the other follows one group of columns behind it. A cell then reads exactly
//   the values the whole sweep reads — the leading half's cells of its column already relaxed, the
//   following half's not yet — so the halves give the one-thread sweep's bits.
//
// The two orders give the same bits: in both a cell reads its west and south neighbours relaxed and its
// east and north ones not yet (forward; backward the other way round), and relax() sums in one order. The follower waits for
//   the leader's count of groups done (`wait`), and the leader posts it (`done`). Row halves, not
//   column bands: every other loop of the split solve takes the same halves, so each thread finds its
//   cells in its own cache (with column bands, a thread read half of its cells from the other core's
//   cache after each vector loop; docs/performance.md).

import type { SevenPointMatrix } from '../../../numerics/seven-point-matrix.js';

/** What a sweep needs of a multigrid level. */
export interface SweepLevel {
  nx: number;
  ny: number;
  matrix: SevenPointMatrix;
}

/** A half's place in a two-half sweep: the leader posts each group done, the follower waits for it. */
export interface BandSync {
  /** Returns once the leader has done `groups` groups of columns. */
  wait?(groups: number): void;
  /** Says that `groups` groups of columns are done. */
  done?(groups: number): void;
}

/** Rows relaxed together: their dependency chains (each cell waits on its neighbour's division) overlap. */
const ROW_GROUP = 4;

/**
 * One row-major Gauss–Seidel sweep on x for b, forward (rows up, cells left to right) or backward. Rows are taken ROW_GROUP at a time as a wavefront, each row one
 * cell behind the row before it in the sweep order: a cell then reads exactly the neighbour values the
 * row-by-row sweep reads (the row before it already past, the row after it not yet there), so the
 * result is identical, bit for bit, while the rows' division chains run side by side. Cells of one
 * wavefront step are independent.
 */
export function gaussSeidel(level: SweepLevel, x: Float64Array, b: Float64Array, forward: boolean, fromZero = false): void {
  const { nx, ny } = level;
  const [c0, c1] = [0, nx];
  const { D, Ox, Oy } = level.matrix;
  const width = c1 - c0;
  if (width <= 0) return;
  const d = forward ? 1 : -1;
  // A forward sweep from x = 0 finds zeros east and north, not yet visited: it skips those terms
  // (adding +0 leaves a sum unchanged; only a sum of −0 would turn +0, a zero's sign).
  const ahead = !(forward && fromZero);
  // Steps k of a row whose cell is off the first and last column of the grid (k counted from the
  // side the sweep enters).
  const [westEdge, eastEdge] = [1, 1];
  const kFirst = forward ? westEdge : eastEdge;
  const kLast = width - 1 - (forward ? eastEdge : westEdge);
  for (let first = 0; first < ny; first += ROW_GROUP) {
    const rows = Math.min(ROW_GROUP, ny - first);
    const j0 = forward ? first : ny - 1 - first;
    const steps = width + rows - 1;
    // Steps whose cells are all off the first and last column (every row of a full group busy).
    const from = rows === ROW_GROUP ? ROW_GROUP - 1 + kFirst : steps;
    const to = rows === ROW_GROUP ? Math.max(kLast + 1, from) : steps;
    for (let step = 0; step < from; step++) wavefrontStep(x, b, D, Ox, Oy, nx, ny, j0, d, rows, step, ahead, c0, c1);
    if (to > from) {
      // Cell of row g at a step: o_g + d·step.
      const [ja, jb, jc, jd] = [j0, j0 + d, j0 + 2 * d, j0 + 3 * d];
      const start = forward ? c0 : c1 - 1;
      const oa = nx * ja + start;
      const ob = nx * jb + start - d;
      const oc = nx * jc + start - 2 * d;
      const od = nx * jd + start - 3 * d;
      const [sa, sb, sc, sd] = [ja > 0, jb > 0, jc > 0, jd > 0];
      const [na, nb, nc, nd] = [ja < ny - 1, jb < ny - 1, jc < ny - 1, jd < ny - 1];
      if (ahead) {
        for (let step = from; step < to; step++) {
          const shift = d * step;
          relaxInterior(x, b, D, Ox, Oy, nx, oa + shift, sa, na);
          relaxInterior(x, b, D, Ox, Oy, nx, ob + shift, sb, nb);
          relaxInterior(x, b, D, Ox, Oy, nx, oc + shift, sc, nc);
          relaxInterior(x, b, D, Ox, Oy, nx, od + shift, sd, nd);
        }
      } else {
        for (let step = from; step < to; step++) {
          const shift = d * step;
          relaxBehind(x, b, D, Ox, Oy, nx, oa + shift, sa);
          relaxBehind(x, b, D, Ox, Oy, nx, ob + shift, sb);
          relaxBehind(x, b, D, Ox, Oy, nx, oc + shift, sc);
          relaxBehind(x, b, D, Ox, Oy, nx, od + shift, sd);
        }
      }
    }
    for (let step = Math.max(to, from); step < steps; step++) wavefrontStep(x, b, D, Ox, Oy, nx, ny, j0, d, rows, step, ahead, c0, c1);
  }
}

/** The cells of one wavefront step of a row group (columns c0 … c1 − 1). */
function wavefrontStep(x: Float64Array, b: Float64Array, D: Float64Array, Ox: Float64Array, Oy: Float64Array, nx: number, ny: number, j0: number, d: number, rows: number, step: number, ahead: boolean, c0: number, c1: number): void {
  const last = nx - 1;
  const width = c1 - c0;
  for (let g = 0; g < rows; g++) {
    const k = step - g;
    if (k < 0) break;
    if (k >= width) continue;
    const j = j0 + d * g;
    const i = d > 0 ? c0 + k : c1 - 1 - k;
    relax(x, b, D, Ox, Oy, nx, nx * j + i, i > 0, ahead && i < last, j > 0, ahead && j < ny - 1);
  }
}

/** x_c = (b_c + Σ_nb O x_nb) / D_c over the neighbours that exist, summed west, east, south, north. */
function relax(x: Float64Array, b: Float64Array, D: Float64Array, Ox: Float64Array, Oy: Float64Array, nx: number, c: number, west: boolean, east: boolean, south: boolean, north: boolean): void {
  let sum = b[c]!;
  if (west) sum += Ox[c - 1]! * x[c - 1]!;
  if (east) sum += Ox[c]! * x[c + 1]!;
  if (south) sum += Oy[c - nx]! * x[c - nx]!;
  if (north) sum += Oy[c]! * x[c + nx]!;
  x[c] = sum / D[c]!;
}

/** relax() for a cell with both x-neighbours. */
function relaxInterior(x: Float64Array, b: Float64Array, D: Float64Array, Ox: Float64Array, Oy: Float64Array, nx: number, c: number, south: boolean, north: boolean): void {
  let sum = b[c]! + Ox[c - 1]! * x[c - 1]!;
  sum += Ox[c]! * x[c + 1]!;
  if (south) sum += Oy[c - nx]! * x[c - nx]!;
  if (north) sum += Oy[c]! * x[c + nx]!;
  x[c] = sum / D[c]!;
}

/** relaxInterior() of a forward sweep from x = 0: the east and north values are still zero. */
function relaxBehind(x: Float64Array, b: Float64Array, D: Float64Array, Ox: Float64Array, Oy: Float64Array, nx: number, c: number, south: boolean): void {
  let sum = b[c]! + Ox[c - 1]! * x[c - 1]!;
  if (south) sum += Oy[c - nx]! * x[c - nx]!;
  x[c] = sum / D[c]!;
}

/** Columns relaxed together in a column-major sweep (gaussSeidelColumns). */
const COLUMN_GROUP = 4;

/**
 * One column-major Gauss–Seidel sweep on x for b (forward: columns left to right, cells up each column;
 * backward the reverse) over the rows j0 … j1 − 1 (all by default), a half's part of a two-half sweep
 * with `sync` (the header). Columns are taken COLUMN_GROUP at a time as a wavefront, each column one cell
 * behind the column before it: a cell reads exactly the neighbour values the column-by-column sweep
 * reads, and the columns' division chains run side by side.
 */
export function gaussSeidelColumns(level: SweepLevel, x: Float64Array, b: Float64Array, forward: boolean, fromZero = false, j0 = 0, j1 = level.ny, sync: BandSync = {}): void {
  const { nx, ny } = level;
  const { D, Ox, Oy } = level.matrix;
  const rows = j1 - j0;
  // A leader without rows has done every group at once (its follower must not wait for it).
  if (rows <= 0) return sync.done?.(Math.ceil(nx / COLUMN_GROUP));
  const d = forward ? 1 : -1;
  const ahead = !(forward && fromZero);
  const last = nx - 1;
  const jStart = forward ? j0 : j1 - 1;
  for (let first = 0, group = 0; first < nx; first += COLUMN_GROUP, group++) {
    sync.wait?.(group + 1);
    const columns = Math.min(COLUMN_GROUP, nx - first);
    const steps = rows + columns - 1;
    // The steps whose cells all have four neighbours (a full group off the grid's edges): cell of column
    // g at step s, base_g + d·nx·s.
    const [iFirst, iLast] = forward ? [first, first + columns - 1] : [last - first - columns + 1, last - first];
    const full = columns === COLUMN_GROUP && iFirst > 0 && iLast < last;
    // k = s − g within 1 … ny − 2 − j-offset for every column: j = jStart + d·k strictly inside the grid.
    const kLow = Math.max(0, forward ? 1 - jStart : jStart - (ny - 2));
    const kHigh = Math.min(rows - 1, forward ? ny - 2 - jStart : jStart - 1);
    const from = full ? Math.max(COLUMN_GROUP - 1, kLow + COLUMN_GROUP - 1) : steps;
    const to = full ? Math.max(from, Math.min(rows, kHigh + 1)) : steps;
    for (let step = 0; step < from; step++) columnStep(x, b, D, Ox, Oy, nx, ny, first, forward, jStart, rows, columns, step, ahead);
    if (to > from) {
      const dn = d * nx;
      // The row-major sweep's interior loop with every neighbour present, kept apart: one helper for
      // both, its flags passed in, made both sweeps 12 % slower. Column g's cell at step 0:
      // (forward ? first + g : last − first − g) + nx·(jStart − d·g).
      const o0 = (forward ? first : last - first) + nx * jStart;
      const e = forward ? 1 - nx : nx - 1;
      const o1 = o0 + e;
      const o2 = o1 + e;
      const o3 = o2 + e;
      if (ahead) {
        for (let step = from; step < to; step++) {
          const shift = dn * step;
          relaxInterior(x, b, D, Ox, Oy, nx, o0 + shift, true, true);
          relaxInterior(x, b, D, Ox, Oy, nx, o1 + shift, true, true);
          relaxInterior(x, b, D, Ox, Oy, nx, o2 + shift, true, true);
          relaxInterior(x, b, D, Ox, Oy, nx, o3 + shift, true, true);
        }
      } else {
        for (let step = from; step < to; step++) {
          const shift = dn * step;
          relaxBehind(x, b, D, Ox, Oy, nx, o0 + shift, true);
          relaxBehind(x, b, D, Ox, Oy, nx, o1 + shift, true);
          relaxBehind(x, b, D, Ox, Oy, nx, o2 + shift, true);
          relaxBehind(x, b, D, Ox, Oy, nx, o3 + shift, true);
        }
      }
    }
    for (let step = Math.max(to, from); step < steps; step++) columnStep(x, b, D, Ox, Oy, nx, ny, first, forward, jStart, rows, columns, step, ahead);
    sync.done?.(group + 1);
  }
}

/** The cells of one wavefront step of a column group (gaussSeidelColumns). */
function columnStep(x: Float64Array, b: Float64Array, D: Float64Array, Ox: Float64Array, Oy: Float64Array, nx: number, ny: number, first: number, forward: boolean, jStart: number, rows: number, columns: number, step: number, ahead: boolean): void {
  const last = nx - 1;
  const d = forward ? 1 : -1;
  for (let g = 0; g < columns; g++) {
    const k = step - g;
    if (k < 0) break;
    if (k >= rows) continue;
    const i = forward ? first + g : last - first - g;
    const j = jStart + d * k;
    relax(x, b, D, Ox, Oy, nx, nx * j + i, i > 0, ahead && i < last, j > 0, ahead && j < ny - 1);
  }
}

