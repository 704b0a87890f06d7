// From a field on the thermal core's structured grid (one value per cell, cells i = ix + nx (iy + ny iz),
// z through the thickness) to the plate's loads per (x, y) column: an eigenstrain θ(z) (thermal,
// α (T − T0), or inherent) becomes its membrane part and its curvature,
//   ε* = (1/h) ∫ θ dz,   κ* = (12/h³) ∫ θ (z − z_mid) dz,
// and, multiplied by the stiffnesses, the thermal membrane force and moment of classical plate theory
//   N_T = ∫ E α ΔT dz / (1 − ν) = E h ε* / (1 − ν),   M_T = ∫ E α ΔT (z − z_mid) dz / (1 − ν) = D (1 + ν) κ*.
// The part of θ that is neither uniform nor linear through the thickness causes stress only.
//
// Integration: θ is piecewise linear through each cell, θ(z) = θ_k + s_k (z − z_k), its slope s_k the
// difference across the cell's material neighbours (one-sided at a surface, 0 in an isolated cell).
// So ∫cell θ dz = θ_k Δz_k (the cell value is the cell mean) and ∫cell θ (z − z_mid) dz = θ_k Δz_k
// (z_k − z_mid) + s_k Δz_k³/12: exact for a linear profile on any grading, second order otherwise.
// Cells without material (the thermal mask other than CELL_SOLID) contribute nothing.

import { InvalidParametersError } from '../../errors.js';
import type { PlateGrid } from './grid.js';

/** A field on a structured grid: faces per axis (a thermal StructuredMesh fits) and one value per cell. */
export interface CellField {
  xFaces: Float64Array;
  yFaces: Float64Array;
  zFaces: Float64Array;
  /** One value per cell, ix + nx (iy + ny iz). */
  values: ArrayLike<number>;
  /** 1 where the cell holds material (the thermal mask's CELL_SOLID); every cell when left out. */
  solid?: ArrayLike<number>;
}

/** Where the plate's mid-plane lies and how thick the plate is; by default the grid's z extent. */
export interface PlateThickness {
  midplaneZ: number;
  thickness: number;
}

export function plateThicknessOf(field: Pick<CellField, 'zFaces'>, given?: Partial<PlateThickness>): PlateThickness {
  const z0 = field.zFaces[0]!;
  const z1 = field.zFaces[field.zFaces.length - 1]!;
  const thickness = given?.thickness ?? z1 - z0;
  if (!(thickness > 0)) throw new InvalidParametersError([{ path: 'thickness', message: 'the plate thickness must be positive' }]);
  return { thickness, midplaneZ: given?.midplaneZ ?? 0.5 * (z0 + z1) };
}

export interface ColumnEigenstrain {
  grid: PlateGrid;
  /** ε* per column, ix + nx iy. */
  membraneStrain: Float64Array;
  /** κ* per column (1/m); positive when θ grows towards +z. */
  curvature: Float64Array;
}

/** Integrates the eigenstrain θ (one value per cell of `field`'s grid) through the thickness. */
export function integrateThroughThickness(field: Omit<CellField, 'values'>, eigenstrain: ArrayLike<number>, thickness: PlateThickness): ColumnEigenstrain {
  const { xFaces, yFaces, zFaces, solid } = field;
  const nx = xFaces.length - 1;
  const ny = yFaces.length - 1;
  const nz = zFaces.length - 1;
  const plane = nx * ny;
  if (eigenstrain.length !== plane * nz) throw new InvalidParametersError([{ path: 'values', message: `expected ${plane * nz} values (one per cell), got ${eigenstrain.length}` }]);
  if (solid && solid.length !== plane * nz) throw new InvalidParametersError([{ path: 'solid', message: `expected ${plane * nz} values (one per cell), got ${solid.length}` }]);
  const zc = new Float64Array(nz);
  const dz = new Float64Array(nz);
  for (let k = 0; k < nz; k++) {
    zc[k] = 0.5 * (zFaces[k]! + zFaces[k + 1]!);
    dz[k] = zFaces[k + 1]! - zFaces[k]!;
  }
  const { midplaneZ, thickness: h } = thickness;
  const membraneStrain = new Float64Array(plane);
  const curvature = new Float64Array(plane);
  const isSolid = (i: number) => !solid || solid[i] === 1;
  for (let column = 0; column < plane; column++) {
    let force = 0;
    let moment = 0;
    for (let k = 0; k < nz; k++) {
      const i = column + plane * k;
      if (!isSolid(i)) continue;
      const below = k > 0 && isSolid(i - plane) ? k - 1 : -1;
      const above = k < nz - 1 && isSolid(i + plane) ? k + 1 : -1;
      const lo = below >= 0 ? below : k;
      const hi = above >= 0 ? above : k;
      const slope = hi === lo ? 0 : (eigenstrain[column + plane * hi]! - eigenstrain[column + plane * lo]!) / (zc[hi]! - zc[lo]!);
      const theta = eigenstrain[i]!;
      force += theta * dz[k]!;
      moment += theta * dz[k]! * (zc[k]! - midplaneZ) + (slope * dz[k]! ** 3) / 12;
    }
    membraneStrain[column] = force / h;
    curvature[column] = (12 * moment) / h ** 3;
  }
  return { grid: { xFaces, yFaces }, membraneStrain, curvature };
}
