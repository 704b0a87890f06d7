// The coupled rows of a 7-point system (the rows along x with a coupling in or out), listed in the two
// parts that the conjugate gradients' loops and the two threads share (linear-solver.ts, docs/adr/0047),
// and the thermal solver's metal cells listed in the same two parts (its Newton loops').
import type { SevenPointMatrix } from '../numerics/seven-point-matrix.js';

export const SOUTH = 1;
export const NORTH = 2;
export const BELOW = 4;
export const ABOVE = 8;

/**
 * The coupled rows of a matrix and, per row, which of its y and z neighbours exist: the sweeps read a
 * missing neighbour through an all-zero coupling array at the cell itself (0 · x_i), without a branch.
 *
 * The rows are listed in two parts cut at one y for every plane (`split`): part 0 the rows south of the
 * cut, plane by plane, then part 1 the rest, plane by plane. A row reads its west, south and below
 * neighbours in the forward sweep (the factor too): those of a part-0 row are part 0's and listed
 * before it, those of a part-1 row are part 0's or listed before it in part 1. So sweeping the list in
 * order (the backward sweep from its end) computes every cell from the values the mesh order gives,
 * and two threads can take one part each (wasm/ic0.ts) for every loop of the iteration, the sweeps,
 * the product and the vector updates alike: a cell's r, z and p stay with one core.
 */
export class RowSet {
  /** First cell of each coupled row: part 0 then part 1, each ascending. */
  readonly start: Int32Array;
  count = 0;
  /** Rows in part 0 (the rows south of the cut): the sums over the rows are taken over the two parts. */
  mid = 0;
  /** Per coupled row: bit 0 south, 1 north, 2 below, 3 above. */
  readonly neighbours: Uint8Array;
  /** Per row (by row number): 1 when coupled. */
  readonly coupled: Uint8Array;
  /**
   * Per plane z: planes[2z] the index of its first part-0 row, planes[2z + 1] of its first part-1 row;
   * then planes[2nz] = mid and planes[2nz + 1] = count (so part p's rows of plane z are
   * planes[2z + p] … planes[2z + 2 + p] − 1). A helper thread's copy is in its team block.
   */
  planes = new Int32Array(2);

  /** Room for `rows` rows at byte `offset` of `buffer`: 6 bytes a row. */
  constructor(buffer: ArrayBuffer, offset: number, rows: number) {
    this.start = new Int32Array(buffer, offset, rows);
    this.neighbours = new Uint8Array(buffer, offset + 4 * rows, rows);
    this.coupled = new Uint8Array(buffer, offset + 5 * rows, rows);
  }

  find(A: SevenPointMatrix): void {
    const { nx, ny, nz, Ox, Oy, Oz } = A;
    const plane = nx * ny;
    const n = plane * nz;
    this.count = 0;
    for (let row = 0, r = 0; row < n; row += nx, r++) {
      const inPlane = row % plane;
      const south = inPlane >= nx;
      const north = inPlane + nx < plane;
      const below = row >= plane;
      const above = row + plane < n;
      let coupled = false;
      const last = row + nx - 1;
      for (let i = row; i <= last && !coupled; i++) {
        coupled = (i < last && Ox[i] !== 0) || (north && Oy[i] !== 0) || (south && Oy[i - nx] !== 0) || (above && Oz[i] !== 0) || (below && Oz[i - plane] !== 0);
      }
      this.coupled[r] = coupled ? 1 : 0;
      if (!coupled) continue;
      this.neighbours[this.count] = (south ? SOUTH : 0) | (north ? NORTH : 0) | (below ? BELOW : 0) | (above ? ABOVE : 0);
      this.start[this.count++] = row;
    }
    this.split(nx, ny, nz);
  }

  /**
   * Reorders the rows (found in mesh order) into the two parts: the cut is the largest y that leaves
   * at most half of the coupled rows south of it.
   */
  private split(nx: number, ny: number, nz: number): void {
    const plane = nx * ny;
    const count = this.count;
    const start = this.start.slice(0, count);
    const neighbours = this.neighbours.slice(0, count);
    const rowY = (k: number) => Math.floor((start[k]! % plane) / nx);
    const perY = new Int32Array(ny);
    for (let k = 0; k < count; k++) perY[rowY(k)]!++;
    const cut = southernHalf(perY, count);
    const planes = new Int32Array(2 * nz + 2);
    let out = 0;
    for (const part of [0, 1]) {
      let k = 0;
      for (let z = 0; z < nz; z++) {
        planes[2 * z + part] = out;
        for (; k < count && start[k]! < (z + 1) * plane; k++) {
          if ((rowY(k) < cut ? 0 : 1) !== part) continue;
          this.start[out] = start[k]!;
          this.neighbours[out++] = neighbours[k]!;
        }
      }
      planes[2 * nz + part] = out;
    }
    this.mid = planes[2 * nz]!;
    this.planes = planes;
  }
}

/**
 * The cut between the two threads' parts of a mesh: the largest y with at most half of the `count`
 * rows south of it, given the rows at each y (`perY`). The linear solver's rows and the thermal
 * solver's list of metal cells (solver.ts) are cut by this one rule, so that each thread's Newton
 * loops write the cells it then takes in the conjugate gradients.
 */
export function southernHalf(perY: Int32Array, count: number): number {
  let cut = 0;
  for (let below = 0; cut < perY.length && 2 * (below + perY[cut]!) <= count; cut++) below += perY[cut]!;
  return cut;
}

/**
 * The cells whose mask is `metal`, in `room`: first those south of the cut (southernHalf over the rows
 * along x that hold metal, which are the coupled rows but for an isolated metal cell), then the rest,
 * each ascending; `split` is where the rest begin. The thermal solver's Newton loops take the two parts
 * on two threads, so each thread writes the cells whose rows it then takes in the conjugate gradients.
 */
export function metalCellsByParts(mask: Uint8Array, metal: number, nx: number, ny: number, room: Int32Array): { cells: Int32Array; split: number } {
  const perY = new Int32Array(ny);
  let count = 0;
  let rows = 0;
  for (let row = 0; row < mask.length; row += nx) {
    const before = count;
    for (let i = row; i < row + nx; i++) if (mask[i] === metal) count++;
    if (count > before) {
      perY[(row / nx) % ny]!++;
      rows++;
    }
  }
  const cut = southernHalf(perY, rows);
  const cells = room.subarray(0, count);
  let c = 0;
  let split = 0;
  for (const south of [true, false]) {
    for (let row = 0; row < mask.length; row += nx) {
      if ((row / nx) % ny < cut !== south) continue;
      for (let i = row; i < row + nx; i++) if (mask[i] === metal) cells[c++] = i;
    }
    if (south) split = c;
  }
  return { cells, split };
}
