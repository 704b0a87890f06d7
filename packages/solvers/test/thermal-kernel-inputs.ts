// Inputs for the thermal core's kernel tests (terms.test.ts, wasm-kernel.test.ts, cg-wasm.test.ts,
// step-wasm.test.ts): reproducible pseudo-random values, the explicit kernel's seven arrays on a graded
// mesh with some void cells, an enthalpy table with a melting range, and a comparison of values by
// their bits.

import { constantProperty } from '../src/materials/property-function.js';
import { customSolid } from '../src/materials/solids/custom.js';
import { EnthalpyTable } from '../src/thermal/enthalpy-table.js';
import { CELL_VOID, gradedAxis, StructuredMesh, uniformAxis } from '../src/thermal/mesh.js';
import { assembleConductances } from '../src/thermal/terms.js';

/** Deterministic values in [0, 1) (a 32-bit LCG), so a failure reproduces. */
export function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The bits of each value: equal bits, not just equal numbers (−0 and +0 differ here). */
export const bits = (a: Float64Array): BigUint64Array => new BigUint64Array(Float64Array.from(a).buffer);

/**
 * The table of a steel-like solid with constant properties that melts between 1700 and 1760 K, from
 * 200 to 2400 K in 1.5 K steps: its loops are checked below, inside and beyond it.
 */
export function meltingTable(): EnthalpyTable {
  const material = customSolid({ density: constantProperty('density', 7800), conductivity: constantProperty('conductivity', 25), specificHeat: constantProperty('specific_heat', 520), solidus: 1700, liquidus: 1760, latentHeat: 2.7e5 });
  return new EnthalpyTable(material, { min: 200, max: 2400, step: 1.5 });
}

/**
 * The explicit update's arrays [T, Gx, Gy, Gz, r, extra, E] on an nx × ny × nz graded mesh, about a
 * tenth of its cells void (so some interior faces carry no conductance), seeded by the shape.
 */
export function kernelInputs(nx: number, ny: number, nz: number): Float64Array[] {
  const mesh = new StructuredMesh(gradedAxis({ from: 0, to: 1e-2, cells: nx, ratio: 1.1 }), uniformAxis({ from: 0, to: 5e-3, cells: ny }), gradedAxis({ from: 0, to: 4e-3, cells: nz, ratio: 0.9 }));
  const n = mesh.cellCount;
  const random = sequence(nx * 10_007 + ny * 101 + nz);
  for (let i = 0; i < n; i++) if (random() < 0.1) mesh.mask[i] = CELL_VOID;
  const k = Float64Array.from({ length: n }, () => 5 + 50 * random());
  const [Gx, Gy, Gz] = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  assembleConductances(mesh, k, Gx, Gy, Gz);
  const T = Float64Array.from({ length: n }, () => 300 + 1500 * random());
  const r = Float64Array.from({ length: n }, () => 1e-3 * random());
  const extra = Float64Array.from({ length: n }, () => 10 * (random() - 0.5));
  const E = Float64Array.from({ length: n }, () => 1e6 * random());
  return [T, Gx, Gy, Gz, r, extra, E];
}
