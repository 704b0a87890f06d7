// The conjugate-gradient loops of linear-solver.ts run by the WebAssembly module (sources:
// wasm/cg.ts, and wasm/ic0.ts for the IC(0) factor and sweeps, built with the conduction kernel into
// wasm/build/conduction.wasm, loaded by wasm-kernel.ts). linear-solver.ts keeps the TypeScript loops
// as the reference: the module computes the same operations in the same order per cell and sums the
// reductions cell by cell in the same order, so the iterates are bitwise the same (cg-wasm.test.ts).
// It runs when the matrix, the right-hand side, the solution and the work vectors are all views of
// one WebAssembly memory: the solver's own, or the region of the thermal solver's state block it was
// given (step-wasm.ts); no copies per iteration.
import { wasmExportsFor } from './wasm-kernel.js';

/** The module's conjugate-gradient functions (byte offsets into its memory; see wasm/cg.ts and wasm/ic0.ts). */
interface CgExports {
  product(oD: number, oOx: number, oOy: number, oOz: number, oZero: number, ox: number, oy: number, oStart: number, oFlags: number, count: number, nx: number, ny: number, dot: number): number;
  update(ox: number, op: number, or: number, oq: number, oStart: number, count: number, nx: number, alpha: number): number;
  direction(op: number, oz: number, oStart: number, count: number, nx: number, beta: number): void;
  jacobi(or: number, oz: number, od: number, oStart: number, count: number, nx: number): number;
  ic0(oOx: number, oOy: number, oOz: number, oZero: number, or: number, oz: number, od: number, oStart: number, oFlags: number, count: number, nx: number, ny: number): number;
  factor(oD: number, oOx: number, oOy: number, oOz: number, oZero: number, od: number, oStart: number, oFlags: number, count: number, nx: number, ny: number): void;
  start(ob: number, oD: number, ox: number, or: number, oz: number, op: number, oq: number, oCoupled: number, n: number, nx: number): number;
  residual(ob: number, oq: number, or: number, oStart: number, count: number, nx: number): number;
  reciprocal(od: number, oD: number, n: number): void;
  assign(op: number, oz: number, oStart: number, count: number, nx: number): void;
}

const NAMES = ['product', 'update', 'direction', 'jacobi', 'ic0', 'factor', 'start', 'residual', 'reciprocal', 'assign'] as const;

/** The matrix as the loops see it. */
interface Matrix {
  nx: number;
  ny: number;
  D: Float64Array;
  Ox: Float64Array;
  Oy: Float64Array;
  Oz: Float64Array;
}

/** The coupled rows (linear-solver.ts RowSet). */
interface Rows {
  readonly start: Int32Array;
  readonly neighbours: Uint8Array;
  readonly coupled: Uint8Array;
  count: number;
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

/** The WebAssembly loops bound to one memory; each method is the ConjugateGradient loop of its name. */
export class WasmCgLoops {
  private constructor(private readonly k: CgExports) {}

  /** The loops for arrays viewing `buffer`, when it is a module's memory, the module is on and has them. */
  static for(buffer: ArrayBufferLike): WasmCgLoops | undefined {
    const exports = wasmExportsFor(buffer);
    if (!exports || NAMES.some((name) => typeof exports[name] !== 'function')) return undefined;
    return new WasmCgLoops(exports as unknown as CgExports);
  }

  product(A: Matrix, zero: Float64Array, x: Float64Array, y: Float64Array, rows: Rows, dot: boolean): number {
    return this.k.product(A.D.byteOffset, A.Ox.byteOffset, A.Oy.byteOffset, A.Oz.byteOffset, zero.byteOffset, x.byteOffset, y.byteOffset, rows.start.byteOffset, rows.neighbours.byteOffset, rows.count, A.nx, A.ny, dot ? 1 : 0);
  }

  update(x: Float64Array, p: Float64Array, r: Float64Array, q: Float64Array, rows: Rows, nx: number, alpha: number): number {
    return this.k.update(x.byteOffset, p.byteOffset, r.byteOffset, q.byteOffset, rows.start.byteOffset, rows.count, nx, alpha);
  }

  direction(p: Float64Array, z: Float64Array, rows: Rows, nx: number, beta: number): void {
    this.k.direction(p.byteOffset, z.byteOffset, rows.start.byteOffset, rows.count, nx, beta);
  }

  jacobi(r: Float64Array, z: Float64Array, pivot: Float64Array, rows: Rows, nx: number): number {
    return this.k.jacobi(r.byteOffset, z.byteOffset, pivot.byteOffset, rows.start.byteOffset, rows.count, nx);
  }

  ic0(A: Matrix, zero: Float64Array, r: Float64Array, z: Float64Array, pivot: Float64Array, rows: Rows): number {
    return this.k.ic0(A.Ox.byteOffset, A.Oy.byteOffset, A.Oz.byteOffset, zero.byteOffset, r.byteOffset, z.byteOffset, pivot.byteOffset, rows.start.byteOffset, rows.neighbours.byteOffset, rows.count, A.nx, A.ny);
  }

  factor(A: Matrix, zero: Float64Array, pivot: Float64Array, rows: Rows): void {
    this.k.factor(A.D.byteOffset, A.Ox.byteOffset, A.Oy.byteOffset, A.Oz.byteOffset, zero.byteOffset, pivot.byteOffset, rows.start.byteOffset, rows.neighbours.byteOffset, rows.count, A.nx, A.ny);
  }

  /** Σ b² over all cells, and the decoupled rows solved (x = b/D, r = z = p = q = 0). */
  start(A: Matrix & { nz: number }, v: Vectors, rows: Rows): number {
    return this.k.start(v.b.byteOffset, A.D.byteOffset, v.x.byteOffset, v.r.byteOffset, v.z.byteOffset, v.p.byteOffset, v.q.byteOffset, rows.coupled.byteOffset, A.nx * A.ny * A.nz, A.nx);
  }

  residual(b: Float64Array, q: Float64Array, r: Float64Array, rows: Rows, nx: number): number {
    return this.k.residual(b.byteOffset, q.byteOffset, r.byteOffset, rows.start.byteOffset, rows.count, nx);
  }

  reciprocal(pivot: Float64Array, D: Float64Array, n: number): void {
    this.k.reciprocal(pivot.byteOffset, D.byteOffset, n);
  }

  assign(p: Float64Array, z: Float64Array, rows: Rows, nx: number): void {
    this.k.assign(p.byteOffset, z.byteOffset, rows.start.byteOffset, rows.count, nx);
  }
}
