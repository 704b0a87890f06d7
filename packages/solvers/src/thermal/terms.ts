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
import { wasmBuffer, wasmKernelFor } from './wasm-kernel.js';

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
 * `count` Float64Arrays of `n` elements, consecutive views of one ArrayBuffer. Arrays that
 * explicitConductionUpdate reads held this way (the thermal solver's) take its fast path. The
 * buffer is a WebAssembly memory where the WebAssembly SIMD kernel can run (wasm-kernel.ts): that
 * kernel then updates the arrays in place.
 */
export function contiguousFloat64Arrays(count: number, n: number): Float64Array[] {
  const bytes = count * n * Float64Array.BYTES_PER_ELEMENT;
  const buffer = wasmBuffer(bytes) ?? new ArrayBuffer(bytes);
  return Array.from({ length: count }, (_, k) => new Float64Array(buffer, k * n * Float64Array.BYTES_PER_ELEMENT, n));
}

/**
 * The explicit update (the loop the benchmark compares with C, bench/conduction-kernel.c):
 *   E[i] += r[i] (Σ_faces G (T_nb − T_i) + extra[i]),  r = Δt / V.
 * Reads T only, so E may be updated in place.
 *
 * Arrays in a WebAssembly kernel's memory (contiguousFloat64Arrays, wasm-kernel.ts) are updated by
 * that kernel, the same arithmetic in f64x2 lanes (bitwise these results, wasm-kernel.test.ts).
 * Otherwise the sweep reads all seven arrays through one Float64Array over the ArrayBuffer they share (each
 * array an offset into it), when they share one (contiguousFloat64Arrays; the solver allocates them
 * so); otherwise it copies them into one buffer and E back (same results, about half the rate).
 * Why: V8 11.3 (Node 20) keeps each typed array's length, base and data pointer in registers and
 * re-checks its map in every loop iteration (the loop's interrupt check makes optimised code
 * forget them); with seven arrays that is 21 values for 13 registers, and the spills and reloads
 * cost more than the arithmetic (214 stack accesses per 8 cells). Through one array: 96, and 1.3–1.4× the cell rate on
 * the 100³ benchmark, 1.05–1.2× on meshes that fit the caches (bench/conduction-kernel.ts). The C
 * kernel keeps its seven pointers into the same block: that is the
 * natural C and gcc's fastest form of it.
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
  const buffer = T.buffer;
  const D = Float64Array.BYTES_PER_ELEMENT;
  if (Gx.buffer === buffer && Gy.buffer === buffer && Gz.buffer === buffer && r.buffer === buffer && extra.buffer === buffer && E.buffer === buffer) {
    const wasm = wasmKernelFor(buffer);
    if (wasm) {
      wasm(T.byteOffset, Gx.byteOffset, Gy.byteOffset, Gz.byteOffset, r.byteOffset, extra.byteOffset, E.byteOffset, nx, ny, nz);
      return;
    }
    const H = new Float64Array(buffer, 0, Math.floor(buffer.byteLength / D));
    sweep(H, T.byteOffset / D, Gx.byteOffset / D, Gy.byteOffset / D, Gz.byteOffset / D, r.byteOffset / D, extra.byteOffset / D, E.byteOffset / D, nx, ny, nz);
    return;
  }
  const n = nx * ny * nz;
  if (copies.length < 7 * n) copies = new Float64Array(7 * n);
  const H = copies;
  [T, Gx, Gy, Gz, r, extra, E].forEach((a, k) => H.set(a.subarray(0, n), k * n));
  sweep(H, 0, n, 2 * n, 3 * n, 4 * n, 5 * n, 6 * n, nx, ny, nz);
  E.set(H.subarray(6 * n, 7 * n));
}

/** Where explicitConductionUpdate copies arrays that do not share a buffer (kept: fresh memory costs page faults). */
let copies = new Float64Array(0);

/**
 * explicitConductionUpdate on the arrays at offsets oT … oE of H. Index sums are int32: H must hold
 * fewer than 2³¹ values (16 GB).
 *
 * The sweep takes two layers at a time: along each row it updates the pair of cells above one
 * another, so the face between them is computed once (what leaves one cell enters the other) and
 * its temperatures come from registers. Each iteration takes four such columns along x (8 cells;
 * the row's last one to four columns go one at a time), which shares V8's per-iteration re-checks
 * of the array between the cells of an iteration. Two layers, not four: with four the optimised
 * loop body is about 8 KB of machine code and each array is read in four streams a plane apart;
 * with two the body is about 4 KB, and both TypeScript and the same kernel in C run faster
 * (bench/conduction-kernel.ts). Index sums are truncated with `| 0`:
 * TurboFan then drops the overflow check of every add (the bounds check still guards each access).
 * Each cell is written E[i] = (Σ + extra[i]) · r[i] + E[i]: the same two roundings as
 * E[i] + r[i] (Σ + extra[i]) (IEEE addition and multiplication are commutative), with r and E read
 * last so fewer values stay live across the cell. The results are bitwise those of one cell at a
 * time (terms.test.ts). A layer left over (nz odd) is swept one cell at a time.
 */
function sweep(H: Float64Array, oT_: number, oGx_: number, oGy_: number, oGz_: number, oR_: number, oExtra_: number, oE_: number, nx_: number, ny: number, nz: number): void {
  if (H.length > 0x7fffffff) throw new RangeError('explicitConductionUpdate: the arrays\' buffer holds 2³¹ values or more');
  const oT = oT_ | 0, oGx = oGx_ | 0, oGy = oGy_ | 0, oGz = oGz_ | 0, oR = oR_ | 0, oExtra = oExtra_ | 0, oE = oE_ | 0;
  const nx = nx_ | 0;
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
      let t0 = H[(row + oT) | 0]!;
      let t1 = H[(row + plane + oT) | 0]!;
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
        const a0 = H[(j0 + oT) | 0]!, a1 = H[(j1 + oT) | 0]!;
        const ei0 = H[(i0 + oGx) | 0]! * (a0 - t0), ei1 = H[(i1 + oGx) | 0]! * (a1 - t1);
        const fi = H[(i0 + oGz) | 0]! * (t1 - t0);
        H[(i0 + oE) | 0] = (ei0 - w0 + H[(i0 + oGy) | 0]! * (H[(i0 + nx + oT) | 0]! - t0) - H[(i0 - ym + oGy) | 0]! * (t0 - H[(i0 - ym + oT) | 0]!) + fi - H[(i0 - zm + oGz) | 0]! * (t0 - H[(i0 - zm + oT) | 0]!) + H[(i0 + oExtra) | 0]!) * H[(i0 + oR) | 0]! + H[(i0 + oE) | 0]!;
        H[(i1 + oE) | 0] = (ei1 - w1 + H[(i1 + oGy) | 0]! * (H[(i1 + yp + oT) | 0]! - t1) - H[(i1 - nx + oGy) | 0]! * (t1 - H[(i1 - nx + oT) | 0]!) + H[(i1 + oGz) | 0]! * (H[(i1 + zp + oT) | 0]! - t1) - fi + H[(i1 + oExtra) | 0]!) * H[(i1 + oR) | 0]! + H[(i1 + oE) | 0]!;
        const b0 = H[(k0 + oT) | 0]!, b1 = H[(k1 + oT) | 0]!;
        const ej0 = H[(j0 + oGx) | 0]! * (b0 - a0), ej1 = H[(j1 + oGx) | 0]! * (b1 - a1);
        const fj = H[(j0 + oGz) | 0]! * (a1 - a0);
        H[(j0 + oE) | 0] = (ej0 - ei0 + H[(j0 + oGy) | 0]! * (H[(j0 + nx + oT) | 0]! - a0) - H[(j0 - ym + oGy) | 0]! * (a0 - H[(j0 - ym + oT) | 0]!) + fj - H[(j0 - zm + oGz) | 0]! * (a0 - H[(j0 - zm + oT) | 0]!) + H[(j0 + oExtra) | 0]!) * H[(j0 + oR) | 0]! + H[(j0 + oE) | 0]!;
        H[(j1 + oE) | 0] = (ej1 - ei1 + H[(j1 + oGy) | 0]! * (H[(j1 + yp + oT) | 0]! - a1) - H[(j1 - nx + oGy) | 0]! * (a1 - H[(j1 - nx + oT) | 0]!) + H[(j1 + oGz) | 0]! * (H[(j1 + zp + oT) | 0]! - a1) - fj + H[(j1 + oExtra) | 0]!) * H[(j1 + oR) | 0]! + H[(j1 + oE) | 0]!;
        const c0 = H[(m0 + oT) | 0]!, c1 = H[(m1 + oT) | 0]!;
        const ek0 = H[(k0 + oGx) | 0]! * (c0 - b0), ek1 = H[(k1 + oGx) | 0]! * (c1 - b1);
        const fk = H[(k0 + oGz) | 0]! * (b1 - b0);
        H[(k0 + oE) | 0] = (ek0 - ej0 + H[(k0 + oGy) | 0]! * (H[(k0 + nx + oT) | 0]! - b0) - H[(k0 - ym + oGy) | 0]! * (b0 - H[(k0 - ym + oT) | 0]!) + fk - H[(k0 - zm + oGz) | 0]! * (b0 - H[(k0 - zm + oT) | 0]!) + H[(k0 + oExtra) | 0]!) * H[(k0 + oR) | 0]! + H[(k0 + oE) | 0]!;
        H[(k1 + oE) | 0] = (ek1 - ej1 + H[(k1 + oGy) | 0]! * (H[(k1 + yp + oT) | 0]! - b1) - H[(k1 - nx + oGy) | 0]! * (b1 - H[(k1 - nx + oT) | 0]!) + H[(k1 + oGz) | 0]! * (H[(k1 + zp + oT) | 0]! - b1) - fk + H[(k1 + oExtra) | 0]!) * H[(k1 + oR) | 0]! + H[(k1 + oE) | 0]!;
        const d0 = H[(m0 + 1 + oT) | 0]!, d1 = H[(m1 + 1 + oT) | 0]!;
        const em0 = H[(m0 + oGx) | 0]! * (d0 - c0), em1 = H[(m1 + oGx) | 0]! * (d1 - c1);
        const fm = H[(m0 + oGz) | 0]! * (c1 - c0);
        H[(m0 + oE) | 0] = (em0 - ek0 + H[(m0 + oGy) | 0]! * (H[(m0 + nx + oT) | 0]! - c0) - H[(m0 - ym + oGy) | 0]! * (c0 - H[(m0 - ym + oT) | 0]!) + fm - H[(m0 - zm + oGz) | 0]! * (c0 - H[(m0 - zm + oT) | 0]!) + H[(m0 + oExtra) | 0]!) * H[(m0 + oR) | 0]! + H[(m0 + oE) | 0]!;
        H[(m1 + oE) | 0] = (em1 - ek1 + H[(m1 + oGy) | 0]! * (H[(m1 + yp + oT) | 0]! - c1) - H[(m1 - nx + oGy) | 0]! * (c1 - H[(m1 - nx + oT) | 0]!) + H[(m1 + oGz) | 0]! * (H[(m1 + zp + oT) | 0]! - c1) - fm + H[(m1 + oExtra) | 0]!) * H[(m1 + oR) | 0]! + H[(m1 + oE) | 0]!;
        w0 = em0;
        w1 = em1;
        t0 = d0;
        t1 = d1;
      }
      // The row's last one to four columns, one at a time (the last one has no east neighbour).
      for (; i <= last; i++) {
        const xp = i < last ? 1 : 0;
        const i1 = i + plane;
        const u0 = H[(i + xp + oT) | 0]!;
        const u1 = H[(i1 + xp + oT) | 0]!;
        const e0 = H[(i + oGx) | 0]! * (u0 - t0);
        const e1 = H[(i1 + oGx) | 0]! * (u1 - t1);
        const f = H[(i + oGz) | 0]! * (t1 - t0);
        H[(i + oE) | 0] = (e0 - w0 + H[(i + oGy) | 0]! * (H[(i + nx + oT) | 0]! - t0) - H[(i - ym + oGy) | 0]! * (t0 - H[(i - ym + oT) | 0]!) + f - H[(i - zm + oGz) | 0]! * (t0 - H[(i - zm + oT) | 0]!) + H[(i + oExtra) | 0]!) * H[(i + oR) | 0]! + H[(i + oE) | 0]!;
        H[(i1 + oE) | 0] = (e1 - w1 + H[(i1 + oGy) | 0]! * (H[(i1 + yp + oT) | 0]! - t1) - H[(i1 - nx + oGy) | 0]! * (t1 - H[(i1 - nx + oT) | 0]!) + H[(i1 + oGz) | 0]! * (H[(i1 + zp + oT) | 0]! - t1) - f + H[(i1 + oExtra) | 0]!) * H[(i1 + oR) | 0]! + H[(i1 + oE) | 0]!;
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
    let t = H[(row + oT) | 0]!;
    let west = 0;
    for (let i = row; i <= last; i++) {
      const xp = i < last ? 1 : 0;
      const tEast = H[(i + xp + oT) | 0]!;
      const east = H[(i + oGx) | 0]! * (tEast - t);
      H[(i + oE) | 0] = (east - west + H[(i + oGy) | 0]! * (H[(i + yp + oT) | 0]! - t) - H[(i - ym + oGy) | 0]! * (t - H[(i - ym + oT) | 0]!) + H[(i + oGz) | 0]! * (H[(i + zp + oT) | 0]! - t) - H[(i - zm + oGz) | 0]! * (t - H[(i - zm + oT) | 0]!) + H[(i + oExtra) | 0]!) * H[(i + oR) | 0]! + H[(i + oE) | 0]!;
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

/** The boundary faces as they are found, in typed arrays that grow as needed. */
class FaceList {
  count = 0;
  cell: Int32Array;
  area: Float64Array;
  distance: Float64Array;
  kind: Uint8Array;
  boxFace: Uint8Array;

  constructor(capacity: number) {
    this.cell = new Int32Array(capacity);
    this.area = new Float64Array(capacity);
    this.distance = new Float64Array(capacity);
    this.kind = new Uint8Array(capacity);
    this.boxFace = new Uint8Array(capacity);
  }

  /** A face on the mesh box (BOX_FACES[face]) with its condition's kind; none where kind < 0 (symmetry). */
  onBox(i: number, area: number, distance: number, kind: number, face: number): void {
    if (kind < 0) return;
    this.add(i, area, distance, kind, face);
  }

  /** A face between a solid cell and a void or undeposited-filler one: a surface. */
  open(i: number, area: number): void {
    this.add(i, area, 0, FACE_SURFACE, 0);
  }

  private add(i: number, area: number, distance: number, kind: number, face: number): void {
    if (this.count === this.cell.length) this.grow();
    const k = this.count++;
    this.cell[k] = i;
    this.area[k] = area;
    this.distance[k] = distance;
    this.kind[k] = kind;
    this.boxFace[k] = face;
  }

  private grow(): void {
    const size = 2 * this.cell.length;
    const grown = <T extends Int32Array | Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.cell = grown(this.cell, (n) => new Int32Array(n));
    this.area = grown(this.area, (n) => new Float64Array(n));
    this.distance = grown(this.distance, (n) => new Float64Array(n));
    this.kind = grown(this.kind, (n) => new Uint8Array(n));
    this.boxFace = grown(this.boxFace, (n) => new Uint8Array(n));
  }
}

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

  /**
   * The cells with faces open to the surroundings (not symmetry, not fixed temperature) and their
   * open area: the cells in the order their first surface face comes, each one's area summed in face order.
   */
  exposedSurface(cellCount: number): { exposedCells: Int32Array; exposedArea: Float64Array } {
    const slot = new Int32Array(cellCount).fill(-1);
    const cells: number[] = [];
    const areas: number[] = [];
    for (let f = 0; f < this.count; f++) {
      if (this.kind[f] !== FACE_SURFACE) continue;
      const i = this.cell[f]!;
      if (slot[i]! < 0) {
        slot[i] = cells.length;
        cells.push(i);
        areas.push(0);
      }
      areas[slot[i]!] += this.area[f]!;
    }
    return { exposedCells: Int32Array.from(cells), exposedArea: Float64Array.from(areas) };
  }

  /**
   * out[i] += Σ_f c_f (T_ref − T_i) over the boundary faces, the reference at the old or the new time;
   * returns the heat lost through the surface faces and taken in through the fixed-temperature ones (W).
   */
  addFluxes(T: Float64Array, out: Float64Array, atNewTime: boolean): { surfaceLoss: number; fixedIn: number } {
    const reference = atNewTime ? this.referenceNew : this.referenceOld;
    let surfaceLoss = 0;
    let fixedIn = 0;
    for (let f = 0; f < this.count; f++) {
      const i = this.cell[f]!;
      const q = this.coefficient[f]! * (reference[f]! - T[i]!);
      out[i] += q;
      if (this.kind[f] === FACE_SURFACE) surfaceLoss -= q;
      else fixedIn += q;
    }
    return { surfaceLoss, fixedIn };
  }

  build(mesh: StructuredMesh, box: Readonly<Record<BoxFace, BoxCondition>>): void {
    const { nx, ny, nz, dx, dy, dz, mask } = mesh;
    const plane = nx * ny;
    // Each box face's kind, or -1 on a symmetry plane (no face there).
    const onBox = BOX_FACES.map((face) => (box[face].kind === 'symmetry' ? -1 : box[face].kind === 'surface' ? FACE_SURFACE : FACE_TEMPERATURE));
    const faces = new FaceList(Math.max(this.count, 1024));
    // Faces in cell order, each cell's in the order xmin, xmax, ymin, ymax, zmin, zmax: the order the
    // boundary sums (addBoundaryFluxes, faceSums) take them in.
    for (let iz = 0, i = 0; iz < nz; iz++)
      for (let iy = 0; iy < ny; iy++) {
        const ax = dy[iy]! * dz[iz]!;
        for (let ix = 0; ix < nx; ix++, i++) {
          if (mask[i] !== CELL_SOLID) continue;
          if (ix === 0) faces.onBox(i, ax, dx[ix]! / 2, onBox[0]!, 0);
          else if (mask[i - 1] !== CELL_SOLID) faces.open(i, ax);
          if (ix === nx - 1) faces.onBox(i, ax, dx[ix]! / 2, onBox[1]!, 1);
          else if (mask[i + 1] !== CELL_SOLID) faces.open(i, ax);
          const areaY = dx[ix]! * dz[iz]!;
          if (iy === 0) faces.onBox(i, areaY, dy[iy]! / 2, onBox[2]!, 2);
          else if (mask[i - nx] !== CELL_SOLID) faces.open(i, areaY);
          if (iy === ny - 1) faces.onBox(i, areaY, dy[iy]! / 2, onBox[3]!, 3);
          else if (mask[i + nx] !== CELL_SOLID) faces.open(i, areaY);
          const areaZ = dx[ix]! * dy[iy]!;
          if (iz === 0) faces.onBox(i, areaZ, dz[iz]! / 2, onBox[4]!, 4);
          else if (mask[i - plane] !== CELL_SOLID) faces.open(i, areaZ);
          if (iz === nz - 1) faces.onBox(i, areaZ, dz[iz]! / 2, onBox[5]!, 5);
          else if (mask[i + plane] !== CELL_SOLID) faces.open(i, areaZ);
        }
      }
    this.count = faces.count;
    this.cell = faces.cell.slice(0, faces.count);
    this.area = faces.area.slice(0, faces.count);
    this.distance = faces.distance.slice(0, faces.count);
    this.kind = faces.kind.slice(0, faces.count);
    this.boxFace = faces.boxFace.slice(0, faces.count);
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
