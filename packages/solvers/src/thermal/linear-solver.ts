// Preconditioned conjugate gradients for the symmetric positive definite 7-point systems of the
// implicit schemes:  D_i x_i − Σ_nb O_f x_nb = b_i, with the off-diagonal couplings O stored like the
// face conductances (Ox[i] couples i and i+1, Oy[i] i and i+nx, Oz[i] i and i+nx·ny; a coupling that
// would leave its row, plane or the mesh is ignored).
// Preconditioners: Jacobi (diagonal), or IC(0) (incomplete Cholesky without fill: M = (D̃+L) D̃⁻¹ (D̃+Lᵀ),
// D̃_i = D_i − Σ_{j<i} O_ij²/D̃_j; Meijerink & van der Vorst 1977). Work vectors are allocated once.
//
// Decoupled rows: a row (nx cells along x) with no coupling in or out is diagonal, x = b/D, and is
// solved once up front; the iteration then sweeps only the coupled rows. The welding and melt-pool
// meshes are boxes around the section whose void and not-yet-deposited cells are such rows (about 60 %
// of the welding meshes), so this cuts the work per iteration by that share. Every sweep computes each
// cell with the operations of the full sweep in mesh order and from the same values (the rows are
// listed in two parts, RowSet, in an order that keeps every row after the rows it reads).
//
// Sums over the cells (r·r, x·Ax, r·z) are taken in two blocks, the coupled rows of part 0 and of part 1
// (RowSet: the rows cut at one y in every plane), each from zero, then added (`halves`): a helper
// thread takes one block (thread-team.ts, cg-wasm.ts), and one thread takes the same two blocks, so the
// iterates do not depend on the number of threads.

import { squaresInQuarters } from '../numerics/fixed-order-sums.js';
import type { SevenPointMatrix } from '../numerics/seven-point-matrix.js';
import type { AbortCheck } from '../run/types.js';
import { WasmCgLoops } from './cg-wasm.js';
import { ABOVE, BELOW, NORTH, RowSet, SOUTH } from './row-set.js';
import { teamBytes, ThreadTeam } from './thread-team.js';
import { wasmBuffer } from './wasm-kernel.js';

export type { SevenPointMatrix };

export type Preconditioner = 'jacobi' | 'ic0';

export interface LinearSolverSettings {
  preconditioner: Preconditioner;
  /** Stop when ‖r‖₂ ≤ tolerance · ‖b‖₂. */
  tolerance: number;
  maxIterations: number;
}

export interface LinearSolveReport {
  iterations: number;
  relativeResidual: number;
  converged: boolean;
}

export function multiply(A: SevenPointMatrix, x: Float64Array, y: Float64Array): void {
  const { nx, ny, nz, D, Ox, Oy, Oz } = A;
  const plane = nx * ny;
  const n = plane * nz;
  for (let i = 0; i < n; i++) y[i] = D[i]! * x[i]!;
  for (let row = 0; row < n; row += nx) {
    const end = row + nx - 1;
    for (let i = row; i < end; i++) {
      const o = Ox[i]!;
      y[i] -= o * x[i + 1]!;
      y[i + 1] -= o * x[i]!;
    }
  }
  for (let iz = 0; iz < nz; iz++) {
    const end = iz * plane + plane - nx;
    for (let i = iz * plane; i < end; i++) {
      const o = Oy[i]!;
      y[i] -= o * x[i + nx]!;
      y[i + nx] -= o * x[i]!;
    }
  }
  const end = n - plane;
  for (let i = 0; i < end; i++) {
    const o = Oz[i]!;
    y[i] -= o * x[i + plane]!;
    y[i + plane] -= o * x[i]!;
  }
}

/** r, z, p, q, the pivots, a zero array, D, Ox, Oy, Oz, b and x. */
const VECTORS = 12;

export class ConjugateGradient {
  private readonly r: Float64Array;
  private readonly z: Float64Array;
  private readonly p: Float64Array;
  private readonly q: Float64Array;
  /** 1/D (Jacobi) or 1/D̃ (IC(0)). */
  private readonly pivot: Float64Array;
  /** Stands in for a coupling array where a row has no neighbour. */
  private readonly zero: Float64Array;
  private readonly rows: RowSet;
  private searched = false;
  /** The system's arrays in this solver's memory (systemArrays). */
  private readonly system: { D: Float64Array; Ox: Float64Array; Oy: Float64Array; Oz: Float64Array; b: Float64Array; x: Float64Array };
  /** The WebAssembly loops when the work vectors are in a module's memory (cg-wasm.ts). */
  private readonly wasm: WasmCgLoops | undefined;
  /** Where a helper thread's control block and the plane partition go (with `planes` > 0). */
  private readonly teamOffset: number;
  private team: ThreadTeam | undefined;

  /**
   * Bytes of the block a solver of `size` unknowns keeps its vectors and row set in, and, for a mesh
   * of `planes` planes that may run on two threads, a helper's control block.
   */
  static bytes(size: number, planes = 0): number {
    const own = VECTORS * 8 * size + 6 * size;
    return planes > 0 ? 8 * Math.ceil(own / 8) + teamBytes(planes) : own;
  }

  /**
   * The work vectors, room for a system (systemArrays) and the row set are views of one block: a
   * WebAssembly memory of its own where the module runs (wasm-kernel.ts), else an ArrayBuffer; or
   * `region`, ConjugateGradient.bytes(size) bytes at an offset (a multiple of 8) of a block the
   * caller holds (the thermal solver's, where its Newton loops run on the same memory).
   */
  constructor(
    readonly size: number,
    region?: { buffer: ArrayBuffer; offset: number },
    private readonly planes = 0,
  ) {
    const vectors = VECTORS;
    const bytes = ConjugateGradient.bytes(size, planes);
    const buffer = region?.buffer ?? wasmBuffer(bytes) ?? new ArrayBuffer(bytes);
    const offset = region?.offset ?? 0;
    const [r, z, p, q, pivot, zero, D, Ox, Oy, Oz, b, x] = Array.from({ length: vectors }, (_, k) => new Float64Array(buffer, offset + k * 8 * size, size)) as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    [this.r, this.z, this.p, this.q, this.pivot, this.zero] = [r, z, p, q, pivot, zero];
    this.system = { D, Ox, Oy, Oz, b, x };
    this.rows = new RowSet(buffer, offset + vectors * 8 * size, size);
    this.wasm = WasmCgLoops.for(buffer);
    this.teamOffset = offset + 8 * Math.ceil((vectors * 8 * size + 6 * size) / 8);
  }

  /**
   * Runs the WebAssembly loops on `threads` threads (1 or 2; more are taken as 2) from the next solve
   * on, where a helper thread can be had (a shared WebAssembly memory and room for its control block:
   * `planes` given); the results are bitwise those of one thread (cg-wasm.ts). Returns the threads used.
   */
  useThreads(threads: number): number {
    if (threads >= 2 && !this.team && this.wasm && this.planes > 0) {
      this.team = ThreadTeam.start(this.r.buffer, this.teamOffset, this.planes);
      if (this.team && this.searched) this.team.planes.set(this.rows.planes);
    } else if (threads < 2) this.release();
    this.wasm?.useTeam(this.team);
    return this.team ? 2 : 1;
  }

  /** The helper thread's team, for other loops on the same memory (the thermal solver's Newton loops). */
  get threadTeam(): ThreadTeam | undefined {
    return this.team;
  }

  /** Whether a helper thread is serving (the loops then split; until then they run on one thread). */
  get helperReady(): boolean {
    return this.team?.ready ?? false;
  }

  /** Ends the helper thread, if any (the solver runs on one thread after). */
  release(): void {
    this.team?.stop();
    this.team = undefined;
    this.wasm?.useTeam(undefined);
  }

  /**
   * Arrays for the matrix (D, Ox, Oy, Oz), the right-hand side b and the solution x in this solver's
   * memory: a system given in them is solved by the WebAssembly loops without copies (any other
   * arrays by the TypeScript loops, with the same results).
   */
  systemArrays(): { D: Float64Array; Ox: Float64Array; Oy: Float64Array; Oz: Float64Array; b: Float64Array; x: Float64Array } {
    return this.system;
  }

  /** The WebAssembly loops if A, b and x are all in this solver's memory. */
  private loopsFor(A: SevenPointMatrix, b: Float64Array, x: Float64Array): WasmCgLoops | undefined {
    const buffer = this.r.buffer;
    return this.wasm && [A.D, A.Ox, A.Oy, A.Oz, b, x].every((a) => a.buffer === buffer) ? this.wasm : undefined;
  }

  /**
   * Solves A x = b starting from the x given (the previous temperature is a good start).
   * `checkAbort` is called once per iteration (one sweep of the mesh, well under a millisecond to a
   * few milliseconds): a solve of thousands of iterations stops when the run is aborted.
   * `samePattern`: the couplings that are zero are those of the previous call (a Newton iteration's
   * matrix differs from the last one in its diagonal only), so the coupled rows are not searched again.
   */
  solve(A: SevenPointMatrix, b: Float64Array, x: Float64Array, settings: LinearSolverSettings, checkAbort?: AbortCheck, samePattern = false): LinearSolveReport {
    const { r, z, p, q } = this;
    const rows = samePattern && this.searched ? this.rows : this.rowSet(A);
    const nx = A.nx;
    const wasm = this.loopsFor(A, b, x);
    this.factor(A, settings.preconditioner, rows, wasm);
    // Decoupled rows are solved here and leave the iteration with zero residual and direction.
    let bNorm = wasm ? wasm.start(A, { b, x, r, z, p, q }, rows) : this.start(A, b, x, rows);
    if (wasm) wasm.product(A, this.zero, x, q, rows, false);
    else this.product(A, x, q, rows);
    let rNorm = 0;
    if (wasm) rNorm = wasm.residual(b, q, r, rows, nx);
    else
      rNorm = this.halves(rows, nx, (i0, i1, sum) => {
        for (let i = i0; i < i1; i++) {
          r[i] = b[i]! - q[i]!;
          sum += r[i]! * r[i]!;
        }
        return sum;
      });
    bNorm = Math.sqrt(bNorm) || 1;
    if (Math.sqrt(rNorm) <= settings.tolerance * bNorm) return { iterations: 0, relativeResidual: Math.sqrt(rNorm) / bNorm, converged: true };
    let rz = this.precondition(A, settings.preconditioner, r, z, rows, wasm);
    if (wasm) wasm.assign(p, z, rows, nx);
    else
      this.forRows(rows, nx, (i0, i1) => {
        for (let i = i0; i < i1; i++) p[i] = z[i]!;
      });
    const start = rows.start;
    const count = rows.count;
    for (let iteration = 1; iteration <= settings.maxIterations; iteration++) {
      checkAbort?.();
      const pq = wasm ? wasm.product(A, this.zero, p, q, rows, true) : this.product(A, p, q, rows, true);
      const alpha = rz / pq;
      if (wasm) rNorm = wasm.update(x, p, r, q, rows, nx, alpha);
      else
        rNorm = this.halves(rows, nx, (i0, i1, sum) => {
          for (let i = i0; i < i1; i++) {
            x[i] += alpha * p[i]!;
            const ri = r[i]! - alpha * q[i]!;
            r[i] = ri;
            sum += ri * ri;
          }
          return sum;
        });
      const relative = Math.sqrt(rNorm) / bNorm;
      if (relative <= settings.tolerance) return { iterations: iteration, relativeResidual: relative, converged: true };
      const rzNew = this.precondition(A, settings.preconditioner, r, z, rows, wasm);
      const beta = rzNew / rz;
      rz = rzNew;
      if (wasm) wasm.direction(p, z, rows, nx, beta);
      else for (let k = 0; k < count; k++) {
        const end = start[k]! + nx;
        for (let i = start[k]!; i < end; i++) p[i] = z[i]! + beta * p[i]!;
      }
    }
    return { iterations: settings.maxIterations, relativeResidual: Math.sqrt(rNorm) / bNorm, converged: false };
  }

  /** Σ b² over all cells (squaresInQuarters); the decoupled rows solved, x = b/D, with r, z, p and q zero there. */
  private start(A: SevenPointMatrix, b: Float64Array, x: Float64Array, rows: RowSet): number {
    const { r, z, p, q } = this;
    const { nx, D } = A;
    const n = this.size;
    const bNorm = squaresInQuarters(b, n);
    for (let row = 0, k = 0; row < n; row += nx, k++) {
      if (rows.coupled[k]) continue;
      for (let i = row; i < row + nx; i++) {
        x[i] = b[i]! / D[i]!;
        r[i] = z[i] = p[i] = q[i] = 0;
      }
    }
    return bNorm;
  }

  private rowSet(A: SevenPointMatrix): RowSet {
    this.rows.find(A);
    this.searched = true;
    if (this.team && A.nz > this.planes) this.release();
    if (this.team) this.team.planes.set(this.rows.planes);
    return this.rows;
  }

  private forRows(rows: RowSet, nx: number, body: (from: number, to: number) => void): void {
    for (let k = 0; k < rows.count; k++) body(rows.start[k]!, rows.start[k]! + nx);
  }

  /**
   * A sum over the coupled rows taken in two blocks, part 0's rows and part 1's (RowSet), each from
   * zero in list order, then added: the order in which two threads can take it (cg-wasm.ts),
   * kept on one thread too so that either gives the same bits. `body` adds its cells to `sum`.
   */
  private halves(rows: RowSet, nx: number, body: (from: number, to: number, sum: number) => number): number {
    let low = 0;
    let high = 0;
    for (let k = 0; k < rows.mid; k++) low = body(rows.start[k]!, rows.start[k]! + nx, low);
    for (let k = rows.mid; k < rows.count; k++) high = body(rows.start[k]!, rows.start[k]! + nx, high);
    return low + high;
  }

  /**
   * y = A x on the coupled rows, each cell's terms in the order of the full scatter product
   * (`multiply`): west, east, south, north, below, above. Returns Σ x·y over those rows when asked.
   */
  private product(A: SevenPointMatrix, x: Float64Array, y: Float64Array, rows: RowSet, dot = false): number {
    const { nx, ny, D, Ox, Oy, Oz } = A;
    const plane = nx * ny;
    const zero = this.zero;
    // Σ x·y in two blocks of rows, each from zero (halves).
    const half = rows.mid;
    let low = 0;
    let sum = 0;
    for (let k = 0; k < rows.count; k++) {
      if (k === half) [low, sum] = [sum, 0];
      const row = rows.start[k]!;
      const last = row + nx - 1;
      const flags = rows.neighbours[k]!;
      const Os = flags & SOUTH ? Oy : zero;
      const s = flags & SOUTH ? nx : 0;
      const On = flags & NORTH ? Oy : zero;
      const nn = flags & NORTH ? nx : 0;
      const Ob = flags & BELOW ? Oz : zero;
      const bb = flags & BELOW ? plane : 0;
      const Oa = flags & ABOVE ? Oz : zero;
      const a = flags & ABOVE ? plane : 0;
      for (let i = row; i <= last; i++) {
        let v = D[i]! * x[i]!;
        if (i > row) v -= Ox[i - 1]! * x[i - 1]!;
        if (i < last) v -= Ox[i]! * x[i + 1]!;
        v -= Os[i - s]! * x[i - s]!;
        v -= On[i]! * x[i + nn]!;
        v -= Ob[i - bb]! * x[i - bb]!;
        v -= Oa[i]! * x[i + a]!;
        y[i] = v;
        if (dot) sum += x[i]! * v;
      }
    }
    return low + sum;
  }

  private factor(A: SevenPointMatrix, preconditioner: Preconditioner, rows: RowSet, wasm: WasmCgLoops | undefined): void {
    const { nx, ny, D, Ox, Oy, Oz } = A;
    const d = this.pivot;
    const plane = nx * ny;
    const n = this.size;
    // d holds 1/D̃ (the sweeps multiply: a division per cell in the forward recurrence's chain of
    // dependent operations is what limits its speed). Decoupled cells keep their diagonal.
    if (wasm) wasm.reciprocal(d, D, n);
    else for (let i = 0; i < n; i++) d[i] = 1 / D[i]!;
    if (preconditioner === 'jacobi') return;
    const zero = this.zero;
    if (wasm) return wasm.factor(A, zero, d, rows);
    for (let k = 0; k < rows.count; k++) {
      const row = rows.start[k]!;
      const last = row + nx - 1;
      const flags = rows.neighbours[k]!;
      const Os = flags & SOUTH ? Oy : zero;
      const s = flags & SOUTH ? nx : 0;
      const Ob = flags & BELOW ? Oz : zero;
      const bb = flags & BELOW ? plane : 0;
      for (let i = row; i <= last; i++) {
        let v = D[i]!;
        if (i > row) v -= Ox[i - 1]! * Ox[i - 1]! * d[i - 1]!;
        v -= Os[i - s]! * Os[i - s]! * d[i - s]!;
        v -= Ob[i - bb]! * Ob[i - bb]! * d[i - bb]!;
        d[i] = 1 / v;
      }
    }
  }

  /** z = M⁻¹ r on the coupled rows; returns r·z (summed in the order the last sweep visits the cells). */
  private precondition(A: SevenPointMatrix, preconditioner: Preconditioner, r: Float64Array, z: Float64Array, rows: RowSet, wasm: WasmCgLoops | undefined): number {
    const d = this.pivot;
    if (wasm) return preconditioner === 'jacobi' ? wasm.jacobi(r, z, d, rows, A.nx) : wasm.ic0(A, this.zero, r, z, d, rows);
    const { nx, ny, Ox, Oy, Oz } = A;
    const { start, count } = rows;
    let rz = 0;
    if (preconditioner === 'jacobi') {
      for (let k = 0; k < count; k++) {
        const end = start[k]! + nx;
        for (let i = start[k]!; i < end; i++) {
          const zi = r[i]! * d[i]!;
          z[i] = zi;
          rz += r[i]! * zi;
        }
      }
      return rz;
    }
    const plane = nx * ny;
    const zero = this.zero;
    // Forward: (D̃ + L) w = r, z = w scaled by D̃⁻¹ as we go.
    for (let k = 0; k < count; k++) {
      const row = start[k]!;
      const last = row + nx - 1;
      const flags = rows.neighbours[k]!;
      const Os = flags & SOUTH ? Oy : zero;
      const s = flags & SOUTH ? nx : 0;
      const Ob = flags & BELOW ? Oz : zero;
      const bb = flags & BELOW ? plane : 0;
      for (let i = row; i <= last; i++) {
        let v = r[i]!;
        if (i > row) v += Ox[i - 1]! * z[i - 1]!;
        v += Os[i - s]! * z[i - s]!;
        v += Ob[i - bb]! * z[i - bb]!;
        z[i] = v * d[i]!;
      }
    }
    // Backward: (D̃ + Lᵀ) z = D̃ w; r·z in two blocks of rows (halves), part 1 first.
    const half = rows.mid;
    let high = 0;
    for (let k = count - 1; k >= 0; k--) {
      if (k === half - 1) [high, rz] = [rz, 0];
      const row = start[k]!;
      const last = row + nx - 1;
      const flags = rows.neighbours[k]!;
      const On = flags & NORTH ? Oy : zero;
      const nn = flags & NORTH ? nx : 0;
      const Oa = flags & ABOVE ? Oz : zero;
      const a = flags & ABOVE ? plane : 0;
      for (let i = last; i >= row; i--) {
        let v = 0;
        if (i < last) v += Ox[i]! * z[i + 1]!;
        v += On[i]! * z[i + nn]!;
        v += Oa[i]! * z[i + a]!;
        const zi = z[i]! + v * d[i]!;
        z[i] = zi;
        rz += r[i]! * zi;
      }
    }
    return half > 0 ? high + rz : rz;
  }
}
