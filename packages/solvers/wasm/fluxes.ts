// AssemblyScript source of three sweeps of the thermal solver over every cell, built into the module
// with the conduction kernel: the conduction fluxes (src/thermal/terms.ts conductionFluxes), the
// per-cell sums of the face conductances (solver.ts faceSums, without its boundary faces) and the
// stored energy Σ V E over the metal cells (solver.ts storedEnergy). Each is its reference's loop
// written out with the same operations in the same order, the sum included, so the results are
// bitwise the same (step-wasm.test.ts).
//
// Layout: arrays in the imported memory at the byte offsets passed in; the mesh nx × ny × nz.

const SOLID: u8 = 1;

@inline function at(p: usize): f64 { return load<f64>(p); }

/** out = Σ_faces G (T_nb − T) per cell (terms.ts conductionFluxes), on the rows of cells from … to − 1. */
export function conductionFluxes(oT: usize, oGx: usize, oGy: usize, oGz: usize, nx: i32, ny: i32, nz: i32, oOut: usize, from: i32, to: i32): void {
  const plane = nx * ny;
  const n = plane * nz;
  for (let row = from; row < to; row += nx) {
    const last = row + nx - 1;
    const YM: usize = row > 0 ? <usize>nx << 3 : 0;
    const YP: usize = row + nx < n ? <usize>nx << 3 : 0;
    const ZM: usize = row >= plane ? <usize>plane << 3 : 0;
    const ZP: usize = row + plane < n ? <usize>plane << 3 : 0;
    let t = at(oT + (<usize>row << 3));
    let west = 0.0;
    for (let i = row; i <= last; i++) {
      const q = <usize>i << 3;
      const XP: usize = i < last ? 8 : 0;
      const tEast = at(oT + q + XP);
      const east = at(oGx + q) * (tEast - t);
      store<f64>(oOut + q, east - west + at(oGy + q) * (at(oT + q + YP) - t) - at(oGy + q - YM) * (t - at(oT + q - YM)) + at(oGz + q) * (at(oT + q + ZP) - t) - at(oGz + q - ZM) * (t - at(oT + q - ZM)));
      west = east;
      t = tEast;
    }
  }
}

/** out[i] = Σ of the conductances of cell i's faces, each added where solver.ts faceSums adds it. */
export function faceSums(oGx: usize, oGy: usize, oGz: usize, nx: i32, ny: i32, n: i32, oOut: usize): void {
  const NX = <usize>nx << 3;
  const P = <usize>(nx * ny) << 3;
  memory.fill(oOut, 0, <usize>n << 3);
  for (let i = 0; i < n; i++) {
    const q = <usize>i << 3;
    const gx = at(oGx + q);
    const gy = at(oGy + q);
    const gz = at(oGz + q);
    store<f64>(oOut + q, at(oOut + q) + (gx + gy + gz));
    if (gx != 0) store<f64>(oOut + q + 8, at(oOut + q + 8) + gx);
    if (gy != 0) store<f64>(oOut + q + NX, at(oOut + q + NX) + gy);
    if (gz != 0) store<f64>(oOut + q + P, at(oOut + q + P) + gz);
  }
}

/**
 * faceSums gathered instead of scattered, for cells [from, to) of a mesh with nx ≥ 2 and ny ≥ 2: each
 * cell's sum takes the terms the scatter adds to it in the order it adds them (the face below, the
 * south face, the west face, each where not zero, then the cell's own three), so it is faceSums' value
 * bit for bit, and any ranges of cells can be taken by two threads.
 */
export function faceSumsGather(oGx: usize, oGy: usize, oGz: usize, nx: i32, ny: i32, from: i32, to: i32, oOut: usize): void {
  const plane = nx * ny;
  for (let i = from; i < to; i++) {
    const q = <usize>i << 3;
    let sum = 0.0;
    if (i >= plane) {
      const gz = at(oGz + q - (<usize>plane << 3));
      if (gz != 0) sum += gz;
    }
    if (i % plane >= nx) {
      const gy = at(oGy + q - (<usize>nx << 3));
      if (gy != 0) sum += gy;
    }
    if (i % nx > 0) {
      const gx = at(oGx + q - 8);
      if (gx != 0) sum += gx;
    }
    store<f64>(oOut + q, sum + (at(oGx + q) + at(oGy + q) + at(oGz + q)));
  }
}

/** Σ V E over the metal cells, in cell order. */
export function storedEnergy(oV: usize, oE: usize, oMask: usize, n: i32): f64 {
  let sum = 0.0;
  for (let i = 0; i < n; i++) {
    if (load<u8>(oMask + <usize>i) != SOLID) continue;
    const q = <usize>i << 3;
    sum += at(oV + q) * at(oE + q);
  }
  return sum;
}
