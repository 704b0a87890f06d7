// The conjugate-gradient loops of linear-solver.ts run by the WebAssembly module (sources:
// wasm/cg.ts, and wasm/ic0.ts for the IC(0) factor and sweeps, built with the conduction kernel into
// wasm/build/conduction.wasm, loaded by wasm-kernel.ts). linear-solver.ts keeps the TypeScript loops
// as the reference: the module computes the same operations in the same order per cell and sums the
// reductions cell by cell in the same order (two halves of the rows, each from zero, then added), so
// the iterates are bitwise the same (cg-wasm.test.ts), on one thread or two (cg-threads.test.ts).
// It runs when the matrix, the right-hand side, the solution and the work vectors are all views of
// one WebAssembly memory: the solver's own, or the region of the thermal solver's state block it was
// given (step-wasm.ts); no copies per iteration.
import { OP_DECOUPLED, OP_DIRECTION, OP_FACTOR, OP_IC0, OP_PRODUCT, OP_RECIPROCAL, OP_RESIDUAL, OP_UPDATE, type ThreadTeam } from './thread-team.js';
import { wasmExportsFor } from './wasm-kernel.js';
import type { SevenPointMatrix as Matrix } from '../numerics/seven-point-matrix.js';

/** The module's conjugate-gradient functions (byte offsets into its memory; see wasm/cg.ts and wasm/ic0.ts). */
interface CgExports {
  product(oD: number, oOx: number, oOy: number, oOz: number, oZero: number, ox: number, oy: number, oStart: number, oFlags: number, begin: number, end: number, nx: number, ny: number, dot: number): number;
  update(ox: number, op: number, or: number, oq: number, oStart: number, begin: number, end: number, nx: number, alpha: number): number;
  direction(op: number, oz: number, oStart: number, begin: number, end: number, nx: number, beta: number): void;
  ic0Part(oOx: number, oOy: number, oOz: number, oZero: number, or: number, oz: number, od: number, oStart: number, oFlags: number, oPlanes: number, nz: number, nx: number, ny: number, part: number, oCtl: number): number;
  factorPart(oD: number, oOx: number, oOy: number, oOz: number, oZero: number, od: number, oStart: number, oFlags: number, oPlanes: number, nz: number, nx: number, ny: number, part: number, oCtl: number): void;
  jacobi(or: number, oz: number, od: number, oStart: number, count: number, nx: number): number;
  ic0(oOx: number, oOy: number, oOz: number, oZero: number, or: number, oz: number, od: number, oStart: number, oFlags: number, count: number, mid: number, nx: number, ny: number): number;
  factor(oD: number, oOx: number, oOy: number, oOz: number, oZero: number, od: number, oStart: number, oFlags: number, count: number, nx: number, ny: number): void;
  start(ob: number, oD: number, ox: number, or: number, oz: number, op: number, oq: number, oCoupled: number, n: number, nx: number): number;
  squaresAll(ob: number, n: number): number;
  /** ob, oD, ox, or, oz, op, oq, oCoupled, n, nx. */
  solveDecoupled(...offsetsThenSizes: number[]): void;
  residual(ob: number, oq: number, or: number, oStart: number, begin: number, end: number, nx: number): number;
  reciprocal(od: number, oD: number, n: number): void;
  assign(op: number, oz: number, oStart: number, count: number, nx: number): void;
}

const NAMES = ['product', 'update', 'direction', 'jacobi', 'ic0', 'factor', 'start', 'squaresAll', 'solveDecoupled', 'residual', 'reciprocal', 'assign', 'ic0Part', 'factorPart'] as const;


/** The coupled rows (row-set.ts RowSet). */
interface Rows {
  readonly start: Int32Array;
  readonly neighbours: Uint8Array;
  readonly coupled: Uint8Array;
  count: number;
  /** Rows of part 0 (the sums' first block; the helper takes part 1). */
  mid: number;
}

/** The solve's vectors. */
interface Vectors {
  b: Float64Array;
  x: Float64Array;
  r: Float64Array;
  z: Float64Array;
  p: Float64Array;
  q: Float64Array;
}

/**
 * The WebAssembly loops bound to one memory; each method is the ConjugateGradient loop of its name.
 * With a team whose helper is ready, the product, the update, the direction, the IC(0) factor and
 * sweeps run on two threads, each taking one part of the rows (row-set.ts RowSet: part 0 the
 * rows south of one cut in every plane; the sweeps take each plane's part in step, see wasm/ic0.ts),
 * and each sum is the two parts' sums added as the one-thread loop adds them, so every value and
 * every sum is bitwise the one-thread loop's.
 */
export class WasmCgLoops {
  private team: ThreadTeam | undefined;

  private constructor(private readonly k: CgExports) {}

  /** The loops for arrays viewing `buffer`, when it is a module's memory, the module is on and has them. */
  static for(buffer: ArrayBufferLike): WasmCgLoops | undefined {
    const exports = wasmExportsFor(buffer);
    if (!exports || NAMES.some((name) => typeof exports[name] !== 'function')) return undefined;
    return new WasmCgLoops(exports as unknown as CgExports);
  }

  /** Runs the loops that split on two threads with this team from now on (undefined: one thread). */
  useTeam(team: ThreadTeam | undefined): void {
    this.team = team;
  }

  /** The team when its helper is serving and the rows are many enough to share. */
  private shared(rows: Rows): ThreadTeam | undefined {
    return this.team?.ready && rows.count >= 2 ? this.team : undefined;
  }

  product(A: Matrix, zero: Float64Array, x: Float64Array, y: Float64Array, rows: Rows, dot: boolean): number {
    const head = [A.D.byteOffset, A.Ox.byteOffset, A.Oy.byteOffset, A.Oz.byteOffset, zero.byteOffset, x.byteOffset, y.byteOffset, rows.start.byteOffset, rows.neighbours.byteOffset] as const;
    const half = rows.mid;
    const team = this.shared(rows);
    if (!team) return this.k.product(...head, 0, half, A.nx, A.ny, dot ? 1 : 0) + this.k.product(...head, half, rows.count, A.nx, A.ny, dot ? 1 : 0);
    team.post(OP_PRODUCT, [...head, half, rows.count, A.nx, A.ny, dot ? 1 : 0]);
    const low = this.k.product(...head, 0, half, A.nx, A.ny, dot ? 1 : 0);
    team.join();
    return low + team.scratch[0]!;
  }

  update(x: Float64Array, p: Float64Array, r: Float64Array, q: Float64Array, rows: Rows, nx: number, alpha: number): number {
    const head = [x.byteOffset, p.byteOffset, r.byteOffset, q.byteOffset, rows.start.byteOffset] as const;
    const half = rows.mid;
    const team = this.shared(rows);
    if (!team) return this.k.update(...head, 0, half, nx, alpha) + this.k.update(...head, half, rows.count, nx, alpha);
    team.post(OP_UPDATE, [...head, half, rows.count, nx, alpha]);
    const low = this.k.update(...head, 0, half, nx, alpha);
    team.join();
    return low + team.scratch[0]!;
  }

  direction(p: Float64Array, z: Float64Array, rows: Rows, nx: number, beta: number): void {
    const team = this.shared(rows);
    if (!team) return this.k.direction(p.byteOffset, z.byteOffset, rows.start.byteOffset, 0, rows.count, nx, beta);
    const half = rows.mid;
    team.post(OP_DIRECTION, [p.byteOffset, z.byteOffset, rows.start.byteOffset, half, rows.count, nx, beta]);
    this.k.direction(p.byteOffset, z.byteOffset, rows.start.byteOffset, 0, half, nx, beta);
    team.join();
  }

  jacobi(r: Float64Array, z: Float64Array, pivot: Float64Array, rows: Rows, nx: number): number {
    return this.k.jacobi(r.byteOffset, z.byteOffset, pivot.byteOffset, rows.start.byteOffset, rows.count, nx);
  }

  ic0(A: Matrix, zero: Float64Array, r: Float64Array, z: Float64Array, pivot: Float64Array, rows: Rows): number {
    const team = this.shared(rows);
    if (!team) return this.k.ic0(A.Ox.byteOffset, A.Oy.byteOffset, A.Oz.byteOffset, zero.byteOffset, r.byteOffset, z.byteOffset, pivot.byteOffset, rows.start.byteOffset, rows.neighbours.byteOffset, rows.count, rows.mid, A.nx, A.ny);
    const head = [A.Ox.byteOffset, A.Oy.byteOffset, A.Oz.byteOffset, zero.byteOffset, r.byteOffset, z.byteOffset, pivot.byteOffset, rows.start.byteOffset, rows.neighbours.byteOffset, team.planes.byteOffset, A.nz, A.nx, A.ny] as const;
    team.post(OP_IC0, head);
    const low = this.k.ic0Part(...head, 0, team.control);
    team.join();
    // Σ r·z in the reference's two blocks, each part's summed by its thread as it sweeps (wasm/ic0.ts).
    return team.scratch[0]! + low;
  }

  factor(A: Matrix, zero: Float64Array, pivot: Float64Array, rows: Rows): void {
    const team = this.shared(rows);
    if (!team) return this.k.factor(A.D.byteOffset, A.Ox.byteOffset, A.Oy.byteOffset, A.Oz.byteOffset, zero.byteOffset, pivot.byteOffset, rows.start.byteOffset, rows.neighbours.byteOffset, rows.count, A.nx, A.ny);
    const head = [A.D.byteOffset, A.Ox.byteOffset, A.Oy.byteOffset, A.Oz.byteOffset, zero.byteOffset, pivot.byteOffset, rows.start.byteOffset, rows.neighbours.byteOffset, team.planes.byteOffset, A.nz, A.nx, A.ny] as const;
    team.post(OP_FACTOR, head);
    this.k.factorPart(...head, 0, team.control);
    team.join();
  }

  /** Σ b² over all cells, and the decoupled rows solved (x = b/D, r = z = p = q = 0): the helper takes the rows. */
  start(A: Matrix, v: Vectors, rows: Rows): number {
    const n = A.nx * A.ny * A.nz;
    const rowArgs = [v.b.byteOffset, A.D.byteOffset, v.x.byteOffset, v.r.byteOffset, v.z.byteOffset, v.p.byteOffset, v.q.byteOffset, rows.coupled.byteOffset, n, A.nx] as const;
    const team = this.shared(rows);
    if (!team) return this.k.start(...rowArgs);
    // The decoupled rows from the middle row on by the helper; Σ b² and the rest here.
    const rowsOf = (from: number, to: number) => [...[v.b, A.D, v.x, v.r, v.z, v.p, v.q].map((a) => a.byteOffset + 8 * from * A.nx), rows.coupled.byteOffset + from, (to - from) * A.nx, A.nx];
    const all = n / A.nx;
    const middle = all >> 1;
    team.post(OP_DECOUPLED, rowsOf(middle, all));
    const sum = this.k.squaresAll(v.b.byteOffset, n);
    this.k.solveDecoupled(...rowsOf(0, middle));
    team.join();
    return sum;
  }

  residual(b: Float64Array, q: Float64Array, r: Float64Array, rows: Rows, nx: number): number {
    const head = [b.byteOffset, q.byteOffset, r.byteOffset, rows.start.byteOffset] as const;
    const half = rows.mid;
    const team = this.shared(rows);
    if (!team) return this.k.residual(...head, 0, half, nx) + this.k.residual(...head, half, rows.count, nx);
    team.post(OP_RESIDUAL, [...head, half, rows.count, nx]);
    const low = this.k.residual(...head, 0, half, nx);
    team.join();
    return low + team.scratch[0]!;
  }

  /** d = 1/D on all n cells, the second half of the cells by the helper. */
  reciprocal(pivot: Float64Array, D: Float64Array, n: number): void {
    const team = this.team?.ready && n >= 2 ? this.team : undefined;
    if (!team) return this.k.reciprocal(pivot.byteOffset, D.byteOffset, n);
    const half = n >> 1;
    team.post(OP_RECIPROCAL, [pivot.byteOffset + 8 * half, D.byteOffset + 8 * half, n - half]);
    this.k.reciprocal(pivot.byteOffset, D.byteOffset, half);
    team.join();
  }

  assign(p: Float64Array, z: Float64Array, rows: Rows, nx: number): void {
    this.k.assign(p.byteOffset, z.byteOffset, rows.start.byteOffset, rows.count, nx);
  }
}
