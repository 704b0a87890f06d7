// The explicit conduction kernel (two layers and four columns per iteration, the row's last columns
// and a left-over layer one at a time) against the one-cell-at-a-time fluxes: the same operands in
// the same order, so the results must agree bitwise on every mesh shape, whichever of its paths each
// cell goes through, and whether its arrays share one buffer (read through one view) or not (copied).
import { describe, expect, it } from 'vitest';
import { kernelInputs } from '../../test/thermal-kernel-inputs.js';
import { conductionFluxes, contiguousFloat64Arrays, explicitConductionUpdate } from './terms.js';

/** Where the kernel's seven arrays live: apart (copied), consecutive in one buffer, or in one buffer reversed and with gaps. */
type Placement = 'separate' | 'shared' | 'shuffled';

function place(arrays: Float64Array[], placement: Placement): Float64Array[] {
  if (placement === 'separate') return arrays;
  const n = arrays[0]!.length;
  if (placement === 'shared') {
    const views = contiguousFloat64Arrays(arrays.length, n);
    views.forEach((v, k) => v.set(arrays[k]!));
    return views;
  }
  // Reversed order, one to seven unused elements before each array: offsets not multiples of n.
  const buffer = new ArrayBuffer(8 * (arrays.length * (n + 7) + 3));
  return arrays.map((a, k) => {
    const view = new Float64Array(buffer, 8 * ((arrays.length - 1 - k) * (n + 7) + k + 1), n);
    view.set(a);
    return view;
  });
}

function check(nx: number, ny: number, nz: number, placement: Placement = 'shared'): void {
  const [T, Gx, Gy, Gz, r, extra, E] = kernelInputs(nx, ny, nz) as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  const n = T.length;

  const flux = new Float64Array(n);
  conductionFluxes(T, Gx, Gy, Gz, nx, ny, nz, flux);
  const expected = E.map((e, i) => e + r[i]! * (flux[i]! + extra[i]!));
  const [t, gx, gy, gz, rr, ex, e] = place([T, Gx, Gy, Gz, r, extra, E], placement);
  explicitConductionUpdate(t!, gx!, gy!, gz!, nx, ny, nz, rr!, ex!, e!);
  expect(e).toEqual(expected);
  // Inputs untouched (the copy path must not write them back, the view path must not write them).
  expect([t, gx, gy, gz, rr, ex]).toEqual([T, Gx, Gy, Gz, r, extra]);
}

describe('explicitConductionUpdate', () => {
  it('agrees bitwise with conductionFluxes on rows of 1 to 13 cells and 1 to 9 layers', () => {
    // nx covers rows shorter than one block of four columns, whole blocks and every remainder;
    // nz covers a single layer, whole pairs of layers and a left-over layer after one to four pairs.
    for (const nx of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]) for (const nz of [1, 2, 3, 4, 5, 6, 7, 8, 9]) check(nx, 3, nz);
  });

  it('agrees bitwise whether its arrays share a buffer or not, in any order within it', () => {
    for (const placement of ['separate', 'shuffled'] as const) for (const nx of [1, 4, 5, 7, 13]) for (const nz of [1, 2, 3, 5]) check(nx, 3, nz, placement);
  });

  it('agrees bitwise on single-row layers and a larger mesh', () => {
    check(11, 1, 6);
    check(40, 17, 13);
    check(40, 17, 13, 'shuffled');
  });
});
