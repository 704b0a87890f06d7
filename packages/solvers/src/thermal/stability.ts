// The explicit scheme's stability limit: a cell's enthalpy may change by at most what its smallest
// capacity allows against the sum of its face conductances,
//   Δt ≤ min_i C_min,i V_i / Σ_f c_f,
// (solver.ts: per step with the current conductivities, or once for a run with every cell at its
// table's largest conductivity).

import type { AbortCheck } from '../run/types.js';
import type { EnthalpyTable } from './enthalpy-table.js';
import { CELL_SOLID, type StructuredMesh } from './mesh.js';
import { assembleConductances } from './terms.js';

/** min over the metal cells (mask, one entry per cell) with a positive sum of C_min V / sum (s); +∞ with none. */
export function explicitLimit(mask: Uint8Array, sums: Float64Array, volume: Float64Array, tableOf: (cell: number) => EnthalpyTable): number {
  let limit = Number.POSITIVE_INFINITY;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] !== CELL_SOLID || sums[i]! <= 0) continue;
    limit = Math.min(limit, (tableOf(i).minCapacity * volume[i]!) / sums[i]!);
  }
  return limit;
}

/** out[i] = Σ of the conductances of cell i's interior faces (each face counted on both its cells). */
export function faceConductanceSums(Gx: Float64Array, Gy: Float64Array, Gz: Float64Array, mesh: { nx: number; ny: number; cellCount: number }, out: Float64Array): void {
  const { nx, ny } = mesh;
  const plane = nx * ny;
  const n = mesh.cellCount;
  out.fill(0);
  for (let i = 0; i < n; i++) {
    const gx = Gx[i]!;
    const gy = Gy[i]!;
    const gz = Gz[i]!;
    out[i] += gx + gy + gz;
    if (gx !== 0) out[i + 1] += gx;
    if (gy !== 0) out[i + nx] += gy;
    if (gz !== 0) out[i + plane] += gz;
  }
}

/** The face conductances with every cell at its table's largest conductivity times the full liquid enhancement. */
export function conservativeConductances(mesh: StructuredMesh, tableOf: (cell: number) => EnthalpyTable, enhancement: { x: number; y: number; z: number } | undefined, checkAbort?: AbortCheck): { Gx: Float64Array; Gy: Float64Array; Gz: Float64Array } {
  const n = mesh.cellCount;
  const e = enhancement ?? { x: 1, y: 1, z: 1 };
  const kx = new Float64Array(n);
  const ky = new Float64Array(n);
  const kz = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const kMax = tableOf(i).maxConductivity;
    kx[i] = kMax * e.x;
    ky[i] = kMax * e.y;
    kz[i] = kMax * e.z;
  }
  const Gx = new Float64Array(n);
  const Gy = new Float64Array(n);
  const Gz = new Float64Array(n);
  checkAbort?.();
  assembleConductances(mesh, kx, Gx, Gy, Gz, ky, kz);
  return { Gx, Gy, Gz };
}
