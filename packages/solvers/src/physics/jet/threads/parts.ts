// The loops of the jets' RANS solver that split by rows: every loop is defined once, at construction,
// and gets the same number in the run's solver and in the helper's copy (both are built by the same
// code). The rows are cut into bands of about BAND_ROWS rows, dealt alternately to part 0 and part 1
// (the work per row follows the flow — a jet's shear layer, a wall's blending functions — so two
// halves would not weigh the same); a part writes only its own bands' rows and adds its sums in
// `sums` band by band, and the parts' sums are added in one order (part 0's, then part 1's). On one
// thread the two parts run one after the other: the same operations on the same operands, so the
// bits do not depend on the number of threads.

import type { JetTeam } from './team.js';

/** A part of a loop: `args` as the run posted them, sums (zeroed) to add to. */
export type PartLoop = (part: number, args: ArrayLike<number>, sums: Float64Array) => void;

/** The most sums a loop returns. */
export const PART_SUMS = 8;
/** Rows per band (at least; a grid of fewer than 2 × 2 × BAND_ROWS rows is cut in two halves). */
const BAND_ROWS = 16;
/** At most this many bands per part. */
const MAX_BANDS = 8;

export class RowParts {
  private readonly loops: PartLoop[] = [];
  /** Per loop, whether part 1 runs first on one thread (it leads: part 0 waits for its progress). */
  private readonly secondFirst: boolean[] = [];
  private team: JetTeam | undefined;
  /** Each part's bands of rows j0 … j1 (1-based, inclusive), in row order. */
  private readonly bands: [readonly (readonly [number, number])[], readonly (readonly [number, number])[]];
  private readonly own = new Float64Array(PART_SUMS);
  private readonly other = new Float64Array(PART_SUMS);

  constructor(private readonly ny: number) {
    const count = 2 * Math.max(1, Math.min(MAX_BANDS, Math.floor(ny / (2 * BAND_ROWS))));
    const parts: [number, number][][] = [[], []];
    for (let b = 0; b < count; b++) {
      const [j0, j1] = [1 + Math.floor((b * ny) / count), Math.floor(((b + 1) * ny) / count)];
      if (j0 <= j1) parts[b % 2]!.push([j0, j1]);
    }
    this.bands = [parts[0]!, parts[1]!];
  }

  /** Calls `body` with each band j0 … j1 of a part, in row order. */
  each(part: number, body: (j0: number, j1: number) => void): void {
    for (const [j0, j1] of this.bands[part]!) body(j0, j1);
  }

  /** The index range [from, to) of a halo array's rows j0 … j1, with the ring rows beside the first and last row. */
  span(j0: number, j1: number, stride: number, size: number): [number, number] {
    return [j0 === 1 ? 0 : stride * j0, j1 === this.ny ? size : stride * (j1 + 1)];
  }

  /**
   * Defines a loop; returns its number. `firstPart` 1: part 0 waits for part 1's progress, so on one
   * thread part 1 runs first (the sums are still added part 0's first).
   */
  define(loop: PartLoop, firstPart: 0 | 1 = 0): number {
    this.loops.push(loop);
    this.secondFirst.push(firstPart === 1);
    return this.loops.length;
  }

  /** Whether the parts run on two threads. */
  get threads(): number {
    return this.team ? 2 : 1;
  }

  /** Runs the parts on `team`'s helper from now on (undefined: one thread). */
  use(team: JetTeam | undefined): void {
    this.team = team;
  }

  /**
   * Runs loop `op` over all rows; returns its sums (valid until the next run). With a team the helper
   * takes part 1 while this thread takes part 0.
   */
  run(op: number, args: readonly number[] = []): Float64Array {
    const [own, other] = this.runParts(op, args);
    for (let k = 0; k < PART_SUMS; k++) own[k] = own[k]! + other[k]!;
    return own;
  }

  /** Runs loop `op` over all rows on this thread alone (a caller's own arrays, which the helper does not hold). */
  runLocal(op: number, args: readonly number[] = []): Float64Array {
    const team = this.team;
    this.team = undefined;
    try {
      return this.run(op, args);
    } finally {
      this.team = team;
    }
  }

  /** Runs loop `op` over all rows; returns the two parts' results (part 0's, part 1's), valid until the next run. */
  runParts(op: number, args: readonly number[] = []): [Float64Array, Float64Array] {
    const loop = this.loops[op - 1]!;
    const { own, other } = this;
    own.fill(0);
    other.fill(0);
    if (this.team) {
      this.team.post(op, args);
      try {
        loop(0, args, own);
      } finally {
        other.set(this.team.join().subarray(0, PART_SUMS));
      }
    } else if (this.secondFirst[op - 1]) {
      loop(1, args, other);
      loop(0, args, own);
    } else {
      loop(0, args, own);
      loop(1, args, other);
    }
    return [own, other];
  }



  /** The helper's side: part 1 of loop `op`, its sums in `results`. */
  serve(op: number, args: ArrayLike<number>, results: Float64Array): void {
    const loop = this.loops[op - 1];
    if (!loop) throw new Error(`no loop ${op}`);
    results.fill(0, 0, PART_SUMS);
    loop(1, args, results);
  }
}
