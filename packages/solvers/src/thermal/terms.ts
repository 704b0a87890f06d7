// The discrete terms of  d(E)/dt = div(k grad T) + q  on the structured mesh:
//   laplacian  Σ_faces G_f (T_nb − T_P), G_f = A_f / (h_P/k_P + h_nb/k_nb)  (harmonic mean of k
//              weighted by the half-widths h, exact for a piecewise-constant k on a graded mesh);
//   boundary   Σ_f c_f (T_ref,f − T_P) on exposed faces: convection + radiation (c_f = (h + h_r) A,
//              h_r = εσ(T² + T∞²)(T + T∞), so c_f (T∞ − T) = h A (T∞ − T) + εσA (T∞⁴ − T⁴) exactly at
//              the temperature h_r is evaluated at) and fixed temperatures (c_f = k_P A / h_P);
//              symmetry planes carry no flux and have no faces here.
// Face conductances live in three arrays indexed by the cell on the low side of the face:
// Gx[i] couples i and i+1, Gy[i] couples i and i+nx, Gz[i] couples i and i+nx·ny (0 on the last layer).

import { CELL_SOLID, StructuredMesh } from './mesh.js';

export const STEFAN_BOLTZMANN = 5.670374419e-8; // W/(m²·K⁴), CODATA 2018 (exact)

/** Face conductances (W/K) from cell conductivities k (W/(m·K)); faces touching non-solid cells get 0. */
export function assembleConductances(mesh: StructuredMesh, k: Float64Array, Gx: Float64Array, Gy: Float64Array, Gz: Float64Array): void {
  const { nx, ny, nz, dx, dy, dz, mask } = mesh;
  const plane = nx * ny;
  for (let iz = 0; iz < nz; iz++) {
    for (let iy = 0; iy < ny; iy++) {
      const row = nx * (iy + ny * iz);
      const dyz = dy[iy]! * dz[iz]!;
      for (let ix = 0; ix < nx; ix++) {
        const i = row + ix;
        const solid = mask[i] === CELL_SOLID;
        const hx = 0.5 * dx[ix]!;
        const hy = 0.5 * dy[iy]!;
        const hz = 0.5 * dz[iz]!;
        const rx = hx / k[i]!;
        const ry = hy / k[i]!;
        const rz = hz / k[i]!;
        Gx[i] = solid && ix < nx - 1 && mask[i + 1] === CELL_SOLID ? dyz / (rx + (0.5 * dx[ix + 1]!) / k[i + 1]!) : 0;
        Gy[i] = solid && iy < ny - 1 && mask[i + nx] === CELL_SOLID ? (dx[ix]! * dz[iz]!) / (ry + (0.5 * dy[iy + 1]!) / k[i + nx]!) : 0;
        Gz[i] = solid && iz < nz - 1 && mask[i + plane] === CELL_SOLID ? (dx[ix]! * dy[iy]!) / (rz + (0.5 * dz[iz + 1]!) / k[i + plane]!) : 0;
      }
    }
  }
}

/**
 * The conduction kernel: out[i] = Σ_faces G (T_nb − T_i) in W, gathered cell by cell in one pass (each
 * interior face flux is computed for both its cells with the same operands, so the fluxes cancel
 * exactly and the sum over the mesh is zero to round-off). On the first and last row or layer the
 * missing neighbour offset is 0, so the term reads the cell itself and vanishes without a branch.
 */
export function conductionFluxes(T: Float64Array, Gx: Float64Array, Gy: Float64Array, Gz: Float64Array, nx: number, ny: number, nz: number, out: Float64Array): void {
  explicitConductionUpdate(T, Gx, Gy, Gz, nx, ny, nz, undefined, undefined, out);
}

/**
 * The explicit update kernel (the loop the benchmark compares with C):
 *   E[i] += r[i] (Σ_faces G (T_nb − T_i) + extra[i]),  r = Δt / V,
 * or, without r, E[i] = Σ_faces G (T_nb − T_i). Reads T only, so E may be updated in place.
 */
export function explicitConductionUpdate(
  T: Float64Array,
  Gx: Float64Array,
  Gy: Float64Array,
  Gz: Float64Array,
  nx: number,
  ny: number,
  nz: number,
  r: Float64Array | undefined,
  extra: Float64Array | undefined,
  E: Float64Array,
): void {
  const plane = nx * ny;
  for (let iz = 0; iz < nz; iz++) {
    const zm = iz > 0 ? plane : 0;
    const zp = iz < nz - 1 ? plane : 0;
    for (let iy = 0; iy < ny; iy++) {
      const row = nx * (iy + ny * iz);
      const end = row + nx - 1;
      const ym = iy > 0 || iz > 0 ? nx : 0;
      const yp = iy < ny - 1 || iz < nz - 1 ? nx : 0;
      let previous = 0;
      if (r === undefined || extra === undefined) {
        for (let i = row; i <= end; i++) {
          const t = T[i]!;
          const fx = i < end ? Gx[i]! * (T[i + 1]! - t) : 0;
          E[i] = fx - previous + Gy[i]! * (T[i + yp]! - t) - Gy[i - ym]! * (t - T[i - ym]!) + Gz[i]! * (T[i + zp]! - t) - Gz[i - zm]! * (t - T[i - zm]!);
          previous = fx;
        }
        continue;
      }
      for (let i = row; i < end; i++) {
        const t = T[i]!;
        const fx = Gx[i]! * (T[i + 1]! - t);
        const sum = fx - previous + Gy[i]! * (T[i + yp]! - t) - Gy[i - ym]! * (t - T[i - ym]!) + Gz[i]! * (T[i + zp]! - t) - Gz[i - zm]! * (t - T[i - zm]!);
        E[i] += r[i]! * (sum + extra[i]!);
        previous = fx;
      }
      const t = T[end]!;
      const sum = -previous + Gy[end]! * (T[end + yp]! - t) - Gy[end - ym]! * (t - T[end - ym]!) + Gz[end]! * (T[end + zp]! - t) - Gz[end - zm]! * (t - T[end - zm]!);
      E[end] += r[end]! * (sum + extra[end]!);
    }
  }
}

export type BoxFace = 'xmin' | 'xmax' | 'ymin' | 'ymax' | 'zmin' | 'zmax';
export const BOX_FACES: readonly BoxFace[] = ['xmin', 'xmax', 'ymin', 'ymax', 'zmin', 'zmax'];

/** The condition on one face of the mesh box. */
export type BoxCondition =
  | { kind: 'symmetry' }
  /** Convection and radiation with the problem's `surface` coefficients. */
  | { kind: 'surface' }
  /** A fixed temperature (K), constant or a function of time (s). */
  | { kind: 'temperature'; value: number | ((time: number) => number) };

/** Losses on exposed faces: convection coefficient (W/(m²·K)), emissivity, ambient temperature (K). */
export interface SurfaceLoss {
  convectionCoefficient: number;
  emissivity: number;
  ambientTemperature: number;
}

export const FACE_SURFACE = 0;
export const FACE_TEMPERATURE = 1;

/**
 * Every boundary face of the solid: faces on the mesh box (by their BoxCondition) and faces between a
 * solid cell and a void or undeposited-filler cell (always `surface`). Rebuilt when the mask changes.
 */
export class BoundaryFaces {
  count = 0;
  cell = new Int32Array(0);
  area = new Float64Array(0);
  /** Distance from the cell centre to the face (m), for fixed-temperature faces. */
  distance = new Float64Array(0);
  kind = new Uint8Array(0);
  /** Index into BOX_FACES for fixed-temperature faces. */
  boxFace = new Uint8Array(0);
  /** Per step: coefficient c_f (W/K) and reference temperatures at the old and new time. */
  coefficient = new Float64Array(0);
  referenceOld = new Float64Array(0);
  referenceNew = new Float64Array(0);

  build(mesh: StructuredMesh, box: Readonly<Record<BoxFace, BoxCondition>>): void {
    const { nx, ny, nz, dx, dy, dz, mask } = mesh;
    const cells: number[] = [];
    const areas: number[] = [];
    const distances: number[] = [];
    const kinds: number[] = [];
    const boxFaces: number[] = [];
    const add = (i: number, area: number, distance: number, face: BoxFace | undefined): void => {
      const condition = face ? box[face] : { kind: 'surface' as const };
      if (condition.kind === 'symmetry') return;
      cells.push(i);
      areas.push(area);
      distances.push(distance);
      kinds.push(condition.kind === 'surface' ? FACE_SURFACE : FACE_TEMPERATURE);
      boxFaces.push(face ? BOX_FACES.indexOf(face) : 0);
    };
    const open = (j: number): boolean => mask[j] !== CELL_SOLID;
    for (let iz = 0; iz < nz; iz++)
      for (let iy = 0; iy < ny; iy++)
        for (let ix = 0; ix < nx; ix++) {
          const i = mesh.index(ix, iy, iz);
          if (mask[i] !== CELL_SOLID) continue;
          const ax = dy[iy]! * dz[iz]!;
          const ay = dx[ix]! * dz[iz]!;
          const az = dx[ix]! * dy[iy]!;
          if (ix === 0) add(i, ax, dx[ix]! / 2, 'xmin');
          else if (open(i - 1)) add(i, ax, 0, undefined);
          if (ix === nx - 1) add(i, ax, dx[ix]! / 2, 'xmax');
          else if (open(i + 1)) add(i, ax, 0, undefined);
          if (iy === 0) add(i, ay, dy[iy]! / 2, 'ymin');
          else if (open(i - nx)) add(i, ay, 0, undefined);
          if (iy === ny - 1) add(i, ay, dy[iy]! / 2, 'ymax');
          else if (open(i + nx)) add(i, ay, 0, undefined);
          if (iz === 0) add(i, az, dz[iz]! / 2, 'zmin');
          else if (open(i - nx * ny)) add(i, az, 0, undefined);
          if (iz === nz - 1) add(i, az, dz[iz]! / 2, 'zmax');
          else if (open(i + nx * ny)) add(i, az, 0, undefined);
        }
    this.count = cells.length;
    this.cell = Int32Array.from(cells);
    this.area = Float64Array.from(areas);
    this.distance = Float64Array.from(distances);
    this.kind = Uint8Array.from(kinds);
    this.boxFace = Uint8Array.from(boxFaces);
    this.coefficient = new Float64Array(this.count);
    this.referenceOld = new Float64Array(this.count);
    this.referenceNew = new Float64Array(this.count);
  }

  /**
   * Coefficients for a step from t to t + dt: radiation is linearised at the old temperature, fixed
   * temperatures are read at both ends of the step.
   */
  update(T: Float64Array, k: Float64Array, surface: SurfaceLoss, box: Readonly<Record<BoxFace, BoxCondition>>, time: number, dt: number): void {
    const { convectionCoefficient: h, emissivity, ambientTemperature: Ta } = surface;
    const es = emissivity * STEFAN_BOLTZMANN;
    for (let f = 0; f < this.count; f++) {
      const i = this.cell[f]!;
      if (this.kind[f] === FACE_SURFACE) {
        const Ti = T[i]!;
        const hr = es * (Ti * Ti + Ta * Ta) * (Ti + Ta);
        this.coefficient[f] = (h + hr) * this.area[f]!;
        this.referenceOld[f] = Ta;
        this.referenceNew[f] = Ta;
      } else {
        const condition = box[BOX_FACES[this.boxFace[f]!]!] as { kind: 'temperature'; value: number | ((t: number) => number) };
        const value = condition.value;
        this.coefficient[f] = (k[i]! * this.area[f]!) / this.distance[f]!;
        this.referenceOld[f] = typeof value === 'number' ? value : value(time);
        this.referenceNew[f] = typeof value === 'number' ? value : value(time + dt);
      }
    }
  }
}
