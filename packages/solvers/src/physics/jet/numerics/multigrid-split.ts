// The pressure correction's multigrid-preconditioned CG (multigrid.ts) with its loops split in two
// (physics/jet/threads/parts.ts: part 0 on the run's thread, part 1 on a helper, or both in turn on one
// thread). Every loop of a split level takes the same two halves of rows, cut at an even row: the
// vector loops and products (which return their halves' sums, added in one order, part 0's then part
// 1's: the bits do not depend on the number of threads; they differ from the whole-vector sums of the
// one-system solve by round-off), restriction and prolongation (each coarse cell summed by one part in
// the whole loop's order), and the Gauss–Seidel sweeps, column-major on these levels so that they
// split by rows (gauss-seidel.ts: the second half follows one group of columns behind the first, which
// gives the bits of the whole sweep). Each thread so finds its cells in its own cache from one loop to
// the next. The coarse levels, where a sweep is a few microseconds, run row-major on the run's thread
// alone.

import type { ConjugateGradientReport, ConjugateGradientWork } from '../../../numerics/conjugate-gradient.js';
import type { FieldArena } from '../../../numerics/field-arena.js';
import type { SevenPointMatrix } from '../../../numerics/seven-point-matrix.js';
import type { AbortCheck } from '../../../run/types.js';
import { gaussSeidelColumns, type BandSync } from './gauss-seidel.js';
import { coarsenRows, copyRows, multiplyRows, prolongCorrection, restrictResidual, type MultigridLevel } from './multigrid-levels.js';

/** What splits the loops: physics/jet/threads/parts.ts's RowParts. */
export interface Splitter {
  define(loop: (part: number, args: ArrayLike<number>, sums: Float64Array) => void, firstPart?: 0 | 1): number;
  run(op: number, args?: readonly number[]): Float64Array;
}

/** The multigrid solver's parts the split solve works with. */
interface Multigrid {
  readonly levels: readonly MultigridLevel[];
  readonly work: ConjugateGradientWork;
  cycle(l: number, sweeps: number, x: Float64Array, b: Float64Array): void;
}

/** Levels with at least this many cells split their sweeps; coarser ones run on one thread. */
const SPLIT_CELLS = 2000;

interface LevelLoops {
  forward: number;
  backward: number;
  restrict: number;
  prolong: number;
  /** The next level's operator (level 0: from A, copied into level 0 first). */
  coarsen: number;
}

export class SplitConjugateGradient {
  private readonly loops: LevelLoops[] = [];
  private readonly residual: number;
  private readonly product: number;
  private readonly update: number;
  private readonly dot: number;
  private readonly direction: number;
  /** Groups of rows the leading band of the sweep under way has done. */
  private readonly progress: Int32Array;

  constructor(
    private readonly multigrid: Multigrid,
    private readonly parts: Splitter,
    private readonly system: { A: SevenPointMatrix; b: Float64Array; x: Float64Array },
    arena: FieldArena,
  ) {
    this.progress = arena.i32(1);
    const { levels, work } = multigrid;
    const { A, b, x } = system;
    const { r, z, p, q } = work;
    // Row halves of the vectors (level 0's cut); sums are the halves'.
    const rows = (part: number): [number, number] => (part === 0 ? [0, evenCut(A.ny)] : [evenCut(A.ny), A.ny]);
    const length = (part: number): [number, number] => {
      const [j0, j1] = rows(part);
      return [A.nx * j0, A.nx * j1];
    };
    this.residual = parts.define((part, _args, sums) => {
      const [j0, j1] = rows(part);
      multiplyRows(A, x, q, j0, j1);
      const [from, to] = length(part);
      let [bb, rr] = [0, 0];
      for (let i = from; i < to; i++) {
        r[i] = b[i]! - q[i]!;
        bb += b[i]! * b[i]!;
        rr += r[i]! * r[i]!;
      }
      [sums[0], sums[1]] = [bb, rr];
    });
    this.product = parts.define((part, _args, sums) => {
      const [j0, j1] = rows(part);
      sums[0] = multiplyRows(A, p, q, j0, j1);
    });
    this.update = parts.define((part, args, sums) => {
      const alpha = args[0]!;
      const [from, to] = length(part);
      let rr = 0;
      for (let i = from; i < to; i++) {
        x[i] += alpha * p[i]!;
        r[i] -= alpha * q[i]!;
        rr += r[i]! * r[i]!;
      }
      sums[0] = rr;
    });
    this.dot = parts.define((part, _args, sums) => {
      const [from, to] = length(part);
      let rz = 0;
      for (let i = from; i < to; i++) rz += r[i]! * z[i]!;
      sums[0] = rz;
    });
    // args: β, and 1 for the first direction (p = z).
    this.direction = parts.define((part, args) => {
      const beta = args[0]!;
      const [from, to] = length(part);
      if (args[1] === 1) for (let i = from; i < to; i++) p[i] = z[i]!;
      else for (let i = from; i < to; i++) p[i] = z[i]! + beta * p[i]!;
    });
    for (let l = 0; l + 1 < levels.length && levels[l]!.n >= SPLIT_CELLS; l++) this.loops.push(this.levelLoops(l));
  }

  /** Whether A is the system's matrix (the set-up's coarsening splits). */
  ofMatrix(A: SevenPointMatrix): boolean {
    return A === this.system.A;
  }

  /** Forms coarse level l's operator by the split loop when its finer level splits; false otherwise. */
  coarsen(l: number): boolean {
    const loops = this.loops[l - 1];
    if (!loops) return false;
    this.parts.run(loops.coarsen);
    return true;
  }

  /** Whether this solve is of the system the loops were defined for. */
  solves(A: SevenPointMatrix, b: Float64Array, x: Float64Array): boolean {
    return A === this.system.A && b === this.system.b && x === this.system.x;
  }

  /** CG (multigrid.ts's algorithm, conjugate-gradient.ts's steps) on the system, from its x. */
  solve(settings: { tolerance: number; maxIterations: number }, sweeps: number, checkAbort?: AbortCheck): ConjugateGradientReport {
    const { parts } = this;
    const start = parts.run(this.residual);
    const bNorm = Math.sqrt(start[0]!) || 1;
    let rNorm = start[1]!;
    if (Math.sqrt(rNorm) <= settings.tolerance * bNorm) return { iterations: 0, relativeResidual: Math.sqrt(rNorm) / bNorm, converged: true };
    this.vCycle(sweeps);
    let rz = parts.run(this.dot)[0]!;
    parts.run(this.direction, [0, 1]);
    for (let iteration = 1; iteration <= settings.maxIterations; iteration++) {
      checkAbort?.();
      const alpha = rz / parts.run(this.product)[0]!;
      rNorm = parts.run(this.update, [alpha])[0]!;
      const relative = Math.sqrt(rNorm) / bNorm;
      if (relative <= settings.tolerance) return { iterations: iteration, relativeResidual: relative, converged: true };
      this.vCycle(sweeps);
      const rzNew = parts.run(this.dot)[0]!;
      const beta = rzNew / rz;
      rz = rzNew;
      parts.run(this.direction, [beta, 0]);
    }
    return { iterations: settings.maxIterations, relativeResidual: Math.sqrt(rNorm) / bNorm, converged: false };
  }

  /** z = M⁻¹ r: one V-cycle from zero. */
  private vCycle(sweeps: number): void {
    const { r, z } = this.multigrid.work;
    this.cycle(0, sweeps, z, r);
  }

  private cycle(l: number, sweeps: number, x: Float64Array, b: Float64Array): void {
    const loops = this.loops[l];
    if (!loops) return this.multigrid.cycle(l, sweeps, x, b);
    if (sweeps === 0) x.fill(0);
    for (let s = 0; s < sweeps; s++) this.sweep(loops.forward, s === 0);
    this.parts.run(loops.restrict);
    const coarse = this.multigrid.levels[l + 1]!;
    this.cycle(l + 1, sweeps, coarse.x, coarse.b);
    this.parts.run(loops.prolong);
    for (let s = 0; s < sweeps; s++) this.sweep(loops.backward, false);
  }

  private sweep(op: number, fromZero: boolean): void {
    Atomics.store(this.progress, 0, 0);
    this.parts.run(op, [fromZero ? 1 : 0]);
  }

  /** The loops of level l (x and b: CG's z and r on level 0, the level's own below). */
  private levelLoops(l: number): LevelLoops {
    const { parts, progress } = this;
    const level = this.multigrid.levels[l]!;
    const coarse = this.multigrid.levels[l + 1]!;
    const x = l === 0 ? this.multigrid.work.z : level.x;
    const b = l === 0 ? this.multigrid.work.r : level.b;
    const cut = evenCut(level.ny);
    const leader: BandSync = { done: (groups) => Atomics.store(progress, 0, groups) };
    const follower: BandSync = {
      wait: (groups) => {
        while (Atomics.load(progress, 0) < groups);
      },
    };
    // Part 0 takes the lower rows and part 1 the upper ones in every loop of the level, so that each
    // cell stays in one thread's cache; the half a sweep meets first in each column leads (the lower one
    // forward, the upper one backward: then part 1 runs first on one thread).
    return {
      forward: parts.define((part, args) => {
        if (part === 0) gaussSeidelColumns(level, x, b, true, args[0] === 1, 0, cut, leader);
        else gaussSeidelColumns(level, x, b, true, args[0] === 1, cut, level.ny, follower);
      }),
      backward: parts.define((part) => {
        if (part === 0) gaussSeidelColumns(level, x, b, false, false, 0, cut, follower);
        else gaussSeidelColumns(level, x, b, false, false, cut, level.ny, leader);
      }, 1),
      restrict: parts.define((part) => (part === 0 ? restrictResidual(level, coarse, x, b, 0, cut) : restrictResidual(level, coarse, x, b, cut, level.ny))),
      prolong: parts.define((part) => (part === 0 ? prolongCorrection(level, coarse, x, 0, cut) : prolongCorrection(level, coarse, x, cut, level.ny))),
      coarsen: parts.define((part) => {
        const [j0, j1] = part === 0 ? [0, cut] : [cut, level.ny];
        if (l === 0) copyRows(this.system.A, level.matrix, j0, j1);
        coarsenRows(level, coarse, j0, j1);
      }),
    };
  }
}

/** The row that cuts `ny` rows in two halves at an even row (2×2 blocks stay whole). */
function evenCut(ny: number): number {
  return Math.min(ny, 2 * Math.ceil(ny / 4));
}
