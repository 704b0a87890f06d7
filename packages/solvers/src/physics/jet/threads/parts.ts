// The loops of the jets' RANS solver that split by rows: every loop is defined once, at construction,
// and gets the same number in the run's solver and in the helper's copy (both are built by the same
// code). A loop's part 0 takes the first half of the rows, part 1 the second; a part writes only its
// own rows and returns its sums in `sums`, which are added in one order (part 0's, then part 1's). On
// one thread the two parts run one after the other: the same operations on the same operands, so the
// bits do not depend on the number of threads.

import type { JetTeam } from './team.js';

/** A part of a loop: `args` as the run posted them, sums (zeroed) to add to. */
export type PartLoop = (part: number, args: ArrayLike<number>, sums: Float64Array) => void;

/** The most sums a loop returns. */
export const PART_SUMS = 8;

export class RowParts {
  private readonly loops: PartLoop[] = [];
  private team: JetTeam | undefined;
  /** The last row of part 0. */
  private readonly middle: number;
  private readonly own = new Float64Array(PART_SUMS);
  private readonly other = new Float64Array(PART_SUMS);

  constructor(private readonly ny: number) {
    this.middle = Math.ceil(ny / 2);
  }

  /** Rows j0 … j1 (1-based, inclusive) of a part; part 1 may be empty (j0 > j1). */
  rows(part: number): [number, number] {
    return part === 0 ? [1, this.middle] : [this.middle + 1, this.ny];
  }

  /** Defines a loop; returns its number. */
  define(loop: PartLoop): number {
    this.loops.push(loop);
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
    } else {
      loop(0, args, own);
      loop(1, args, other);
    }
    return [own, other];
  }

  /** Index ranges [from, to) of a halo array of `stride` per row: part 0 up to the end of its last row, part 1 the rest. */
  span(part: number, stride: number, size: number): [number, number] {
    const cut = stride * (this.middle + 1);
    return part === 0 ? [0, cut] : [cut, size];
  }

  /** The helper's side: part 1 of loop `op`, its sums in `results`. */
  serve(op: number, args: ArrayLike<number>, results: Float64Array): void {
    const loop = this.loops[op - 1];
    if (!loop) throw new Error(`no loop ${op}`);
    results.fill(0, 0, PART_SUMS);
    loop(1, args, results);
  }
}
