// The explicit conduction kernel (two layers and four columns per iteration, the row's last columns
// and a left-over layer one at a time) against the one-cell-at-a-time fluxes: the same operands in
// the same order, so the results must agree bitwise on every mesh shape, whichever of its paths each
// cell goes through, and whether its arrays share one buffer (read through one view) or not (copied).
import { describe, expect, it } from 'vitest';
import { CELL_VOID, gradedAxis, StructuredMesh, uniformAxis } from './mesh.js';
import { assembleConductances, conductionFluxes, contiguousFloat64Arrays, explicitConductionUpdate } from './terms.js';

/** Deterministic values in [0, 1) (a 32-bit LCG), so a failure reproduces. */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

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
  const mesh = new StructuredMesh(gradedAxis({ from: 0, to: 1e-2, cells: nx, ratio: 1.1 }), uniformAxis({ from: 0, to: 5e-3, cells: ny }), gradedAxis({ from: 0, to: 4e-3, cells: nz, ratio: 0.9 }));
  const n = mesh.cellCount;
  const random = sequence(nx * 10_007 + ny * 101 + nz);
  // A few void cells, so that some interior faces carry no conductance.
  for (let i = 0; i < n; i++) if (random() < 0.1) mesh.mask[i] = CELL_VOID;
  const k = Float64Array.from({ length: n }, () => 5 + 50 * random());
  const [Gx, Gy, Gz] = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  assembleConductances(mesh, k, Gx, Gy, Gz);
  const T = Float64Array.from({ length: n }, () => 300 + 1500 * random());
  const r = Float64Array.from({ length: n }, () => 1e-3 * random());
  const extra = Float64Array.from({ length: n }, () => 10 * (random() - 0.5));
  const E = Float64Array.from({ length: n }, () => 1e6 * random());

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
