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

/**
 * Face conductances (W/K) from cell conductivities k (W/(m·K)); faces touching non-solid cells get 0.
 * An anisotropic conductivity (the melt pool's Marangoni-enhanced liquid) gives its y and z components
 * in `ky` and `kz`; `k` is then the x component.
 */
export function assembleConductances(mesh: StructuredMesh, k: Float64Array, Gx: Float64Array, Gy: Float64Array, Gz: Float64Array, ky: Float64Array = k, kz: Float64Array = k): void {
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
        const ry = hy / ky[i]!;
        const rz = hz / kz[i]!;
        Gx[i] = solid && ix < nx - 1 && mask[i + 1] === CELL_SOLID ? dyz / (rx + (0.5 * dx[ix + 1]!) / k[i + 1]!) : 0;
        Gy[i] = solid && iy < ny - 1 && mask[i + nx] === CELL_SOLID ? (dx[ix]! * dz[iz]!) / (ry + (0.5 * dy[iy + 1]!) / ky[i + nx]!) : 0;
        Gz[i] = solid && iz < nz - 1 && mask[i + plane] === CELL_SOLID ? (dx[ix]! * dy[iy]!) / (rz + (0.5 * dz[iz + 1]!) / kz[i + plane]!) : 0;
      }
    }
  }
}

/**
 * Recomputes the face conductances of the listed cells (their six faces), with the expressions of
 * assembleConductances (bitwise the same values): the update when only a few cells changed their
 * conductivity (the melt pool's liquid enhancement switching on and off).
 */
export function updateCellConductances(
  mesh: StructuredMesh,
  conductivity: { k: Float64Array; ky: Float64Array; kz: Float64Array },
  G: { Gx: Float64Array; Gy: Float64Array; Gz: Float64Array },
  cells: Int32Array,
  count: number,
): void {
  const { nx, ny, nz, dx, dy, dz, mask } = mesh;
  const { k, ky, kz } = conductivity;
  const { Gx, Gy, Gz } = G;
  const plane = nx * ny;
  const faceX = (i: number, ix: number, iy: number, iz: number) => {
    Gx[i] = mask[i] === CELL_SOLID && ix < nx - 1 && mask[i + 1] === CELL_SOLID ? (dy[iy]! * dz[iz]!) / ((0.5 * dx[ix]!) / k[i]! + (0.5 * dx[ix + 1]!) / k[i + 1]!) : 0;
  };
  const faceY = (i: number, ix: number, iy: number, iz: number) => {
    Gy[i] = mask[i] === CELL_SOLID && iy < ny - 1 && mask[i + nx] === CELL_SOLID ? (dx[ix]! * dz[iz]!) / ((0.5 * dy[iy]!) / ky[i]! + (0.5 * dy[iy + 1]!) / ky[i + nx]!) : 0;
  };
  const faceZ = (i: number, ix: number, iy: number, iz: number) => {
    Gz[i] = mask[i] === CELL_SOLID && iz < nz - 1 && mask[i + plane] === CELL_SOLID ? (dx[ix]! * dy[iy]!) / ((0.5 * dz[iz]!) / kz[i]! + (0.5 * dz[iz + 1]!) / kz[i + plane]!) : 0;
  };
  for (let c = 0; c < count; c++) {
    const i = cells[c]!;
    const ix = i % nx;
    const iy = Math.floor(i / nx) % ny;
    const iz = Math.floor(i / plane);
    faceX(i, ix, iy, iz);
    faceY(i, ix, iy, iz);
    faceZ(i, ix, iy, iz);
    if (ix > 0) faceX(i - 1, ix - 1, iy, iz);
    if (iy > 0) faceY(i - nx, ix, iy - 1, iz);
    if (iz > 0) faceZ(i - plane, ix, iy, iz - 1);
  }
}

// The two kernels below sweep the mesh row by row (a row: nx cells along x). Neighbour offsets are 1
// to the east (0 on the last cell of a row), nx to the south/north and nx·ny below/above (0 where
// the mesh ends): a zero offset reads the cell itself, T_nb − T_P = 0 and the face adds nothing,
// without a branch. The first row of a layer keeps its south offset and reads the last row of the
// layer below through that row's zero Gy (likewise the last row of a layer reads the next layer's
// first row). Along a row T_P and the west-face flux are carried from the previous cell. Each
// interior face flux is computed for both its cells with the same operands, or once and shared, so
// the fluxes cancel exactly and the sum over the mesh is zero to round-off.

/** out[i] = Σ_faces G (T_nb − T_i) in W. */
export function conductionFluxes(T: Float64Array, Gx: Float64Array, Gy: Float64Array, Gz: Float64Array, nx: number, ny: number, nz: number, out: Float64Array): void {
  const plane = nx * ny;
  const n = plane * nz;
  for (let row = 0; row < n; row += nx) {
    const last = row + nx - 1;
    const ym = row > 0 ? nx : 0;
    const yp = row + nx < n ? nx : 0;
    const zm = row >= plane ? plane : 0;
    const zp = row + plane < n ? plane : 0;
    let t = T[row]!;
    let west = 0;
    for (let i = row; i <= last; i++) {
      const xp = i < last ? 1 : 0;
      const tEast = T[i + xp]!;
      const east = Gx[i]! * (tEast - t);
      out[i] = east - west + Gy[i]! * (T[i + yp]! - t) - Gy[i - ym]! * (t - T[i - ym]!) + Gz[i]! * (T[i + zp]! - t) - Gz[i - zm]! * (t - T[i - zm]!);
      west = east;
      t = tEast;
    }
  }
}

/**
 * The explicit update (the loop the benchmark compares with C, bench/conduction-kernel.c):
 *   E[i] += r[i] (Σ_faces G (T_nb − T_i) + extra[i]),  r = Δt / V.
 * Reads T only, so E may be updated in place.
 *
 * The sweep takes two layers at a time: along each row it updates the pair of cells above one
 * another, so the face between them is computed once (what leaves one cell enters the other) and
 * its temperatures come from registers. Each iteration takes four such columns along x (8 cells;
 * the row's last one to four columns go one at a time), which shares V8's per-iteration re-checks
 * of the seven typed arrays (map, length, data pointer: the loop's interrupt check makes optimised
 * code forget them) between the cells of an iteration. Two layers, not four: with four (the previous
 * form, 16 cells per iteration) the optimised loop body is about 8 KB of machine code and each array
 * is read in four streams a plane apart; with two the body is about 4 KB, and both TypeScript and
 * the same kernel in C run faster (measured: bench/conduction-kernel.ts, docs/decisions.md
 * "Session 5: conduction kernel vs C"). Index sums are truncated with `| 0` (a mesh index fits an
 * int32): TurboFan then drops the overflow check of every add (the bounds check still guards each
 * access).
 * Each cell is written E[i] = (Σ + extra[i]) · r[i] + E[i]: the same two roundings as
 * E[i] + r[i] (Σ + extra[i]) (IEEE addition and multiplication are commutative), with r and E read
 * last so fewer values stay live across the cell. The results are bitwise those of one cell at a
 * time (terms.test.ts). A layer left over (nz odd) is swept one cell at a time.
 */
export function explicitConductionUpdate(
  T: Float64Array,
  Gx: Float64Array,
  Gy: Float64Array,
  Gz: Float64Array,
  nx: number,
  ny: number,
  nz: number,
  r: Float64Array,
  extra: Float64Array,
  E: Float64Array,
): void {
  const plane = nx * ny;
  const n = plane * nz;
  const paired = n - (nz % 2) * plane;
  for (let base = 0; base < paired; base += 2 * plane) {
    for (let row = base; row < base + plane; row += nx) {
      const last = row + nx - 1;
      // Offsets that can reach the mesh's end: south of the lower layer, north of the upper one,
      // below the lower one and above the upper one.
      const ym = row > 0 ? nx : 0;
      const yp = row + plane + nx < n ? nx : 0;
      const zm = row >= plane ? plane : 0;
      const zp = row + 2 * plane < n ? plane : 0;
      let t0 = T[row]!;
      let t1 = T[row + plane]!;
      let w0 = 0;
      let w1 = 0;
      let i = row;
      // Columns i, j, k, m (digit 0 the lower layer, 1 the upper), all with their east neighbour in
      // the row; temperatures t (carried), a, b, c of columns j, k, m and d of the next column; e the
      // east faces, f the face from the lower cell up into the upper one.
      for (; i < last - 3; i = (i + 4) | 0) {
        const i0 = i, i1 = (i0 + plane) | 0;
        const j0 = (i0 + 1) | 0, j1 = (i1 + 1) | 0;
        const k0 = (j0 + 1) | 0, k1 = (j1 + 1) | 0;
        const m0 = (k0 + 1) | 0, m1 = (k1 + 1) | 0;
        const a0 = T[j0]!, a1 = T[j1]!;
        const ei0 = Gx[i0]! * (a0 - t0), ei1 = Gx[i1]! * (a1 - t1);
        const fi = Gz[i0]! * (t1 - t0);
        E[i0] = (ei0 - w0 + Gy[i0]! * (T[(i0 + nx) | 0]! - t0) - Gy[(i0 - ym) | 0]! * (t0 - T[(i0 - ym) | 0]!) + fi - Gz[(i0 - zm) | 0]! * (t0 - T[(i0 - zm) | 0]!) + extra[i0]!) * r[i0]! + E[i0]!;
        E[i1] = (ei1 - w1 + Gy[i1]! * (T[(i1 + yp) | 0]! - t1) - Gy[(i1 - nx) | 0]! * (t1 - T[(i1 - nx) | 0]!) + Gz[i1]! * (T[(i1 + zp) | 0]! - t1) - fi + extra[i1]!) * r[i1]! + E[i1]!;
        const b0 = T[k0]!, b1 = T[k1]!;
        const ej0 = Gx[j0]! * (b0 - a0), ej1 = Gx[j1]! * (b1 - a1);
        const fj = Gz[j0]! * (a1 - a0);
        E[j0] = (ej0 - ei0 + Gy[j0]! * (T[(j0 + nx) | 0]! - a0) - Gy[(j0 - ym) | 0]! * (a0 - T[(j0 - ym) | 0]!) + fj - Gz[(j0 - zm) | 0]! * (a0 - T[(j0 - zm) | 0]!) + extra[j0]!) * r[j0]! + E[j0]!;
        E[j1] = (ej1 - ei1 + Gy[j1]! * (T[(j1 + yp) | 0]! - a1) - Gy[(j1 - nx) | 0]! * (a1 - T[(j1 - nx) | 0]!) + Gz[j1]! * (T[(j1 + zp) | 0]! - a1) - fj + extra[j1]!) * r[j1]! + E[j1]!;
        const c0 = T[m0]!, c1 = T[m1]!;
        const ek0 = Gx[k0]! * (c0 - b0), ek1 = Gx[k1]! * (c1 - b1);
        const fk = Gz[k0]! * (b1 - b0);
        E[k0] = (ek0 - ej0 + Gy[k0]! * (T[(k0 + nx) | 0]! - b0) - Gy[(k0 - ym) | 0]! * (b0 - T[(k0 - ym) | 0]!) + fk - Gz[(k0 - zm) | 0]! * (b0 - T[(k0 - zm) | 0]!) + extra[k0]!) * r[k0]! + E[k0]!;
        E[k1] = (ek1 - ej1 + Gy[k1]! * (T[(k1 + yp) | 0]! - b1) - Gy[(k1 - nx) | 0]! * (b1 - T[(k1 - nx) | 0]!) + Gz[k1]! * (T[(k1 + zp) | 0]! - b1) - fk + extra[k1]!) * r[k1]! + E[k1]!;
        const d0 = T[(m0 + 1) | 0]!, d1 = T[(m1 + 1) | 0]!;
        const em0 = Gx[m0]! * (d0 - c0), em1 = Gx[m1]! * (d1 - c1);
        const fm = Gz[m0]! * (c1 - c0);
        E[m0] = (em0 - ek0 + Gy[m0]! * (T[(m0 + nx) | 0]! - c0) - Gy[(m0 - ym) | 0]! * (c0 - T[(m0 - ym) | 0]!) + fm - Gz[(m0 - zm) | 0]! * (c0 - T[(m0 - zm) | 0]!) + extra[m0]!) * r[m0]! + E[m0]!;
        E[m1] = (em1 - ek1 + Gy[m1]! * (T[(m1 + yp) | 0]! - c1) - Gy[(m1 - nx) | 0]! * (c1 - T[(m1 - nx) | 0]!) + Gz[m1]! * (T[(m1 + zp) | 0]! - c1) - fm + extra[m1]!) * r[m1]! + E[m1]!;
        w0 = em0;
        w1 = em1;
        t0 = d0;
        t1 = d1;
      }
      // The row's last one to four columns, one at a time (the last one has no east neighbour).
      for (; i <= last; i++) {
        const xp = i < last ? 1 : 0;
        const i1 = i + plane;
        const u0 = T[i + xp]!;
        const u1 = T[i1 + xp]!;
        const e0 = Gx[i]! * (u0 - t0);
        const e1 = Gx[i1]! * (u1 - t1);
        const f = Gz[i]! * (t1 - t0);
        E[i] = (e0 - w0 + Gy[i]! * (T[i + nx]! - t0) - Gy[i - ym]! * (t0 - T[i - ym]!) + f - Gz[i - zm]! * (t0 - T[i - zm]!) + extra[i]!) * r[i]! + E[i]!;
        E[i1] = (e1 - w1 + Gy[i1]! * (T[i1 + yp]! - t1) - Gy[i1 - nx]! * (t1 - T[i1 - nx]!) + Gz[i1]! * (T[i1 + zp]! - t1) - f + extra[i1]!) * r[i1]! + E[i1]!;
        w0 = e0;
        w1 = e1;
        t0 = u0;
        t1 = u1;
      }
    }
  }
  // The layer left over, one cell at a time.
  for (let row = paired; row < n; row += nx) {
    const last = row + nx - 1;
    const ym = row > 0 ? nx : 0;
    const yp = row + nx < n ? nx : 0;
    const zm = row >= plane ? plane : 0;
    const zp = row + plane < n ? plane : 0;
    let t = T[row]!;
    let west = 0;
    for (let i = row; i <= last; i++) {
      const xp = i < last ? 1 : 0;
      const tEast = T[i + xp]!;
      const east = Gx[i]! * (tEast - t);
      E[i] = (east - west + Gy[i]! * (T[i + yp]! - t) - Gy[i - ym]! * (t - T[i - ym]!) + Gz[i]! * (T[i + zp]! - t) - Gz[i - zm]! * (t - T[i - zm]!) + extra[i]!) * r[i]! + E[i]!;
      west = east;
      t = tEast;
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
