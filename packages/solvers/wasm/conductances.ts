// AssemblyScript source of the face conductances of src/thermal/terms.ts (assembleConductances, the
// full assembly, and updateCellConductances, the six faces of the listed cells), built into the
// module with the conduction kernel. Each face's value comes from the reference's expression with
// its operands in its order, so the conductances are bitwise the same (step-wasm.test.ts):
//   G_x(i) = Δy Δz / (½Δx_i / k_i + ½Δx_{i+1} / k_{i+1})   between two metal cells, else 0
// (likewise along y with ky and along z with kz).
//
// Layout: arrays in the imported memory at the byte offsets passed in; the cell widths dx (nx values),
// dy (ny), dz (nz); the mask (u8, 1 = metal).

const SOLID: u8 = 1;

@inline function at(p: usize): f64 { return load<f64>(p); }
@inline function metal(oMask: usize, i: i32): bool { return load<u8>(oMask + <usize>i) == SOLID; }
@inline function width(o: usize, j: i32): f64 { return load<f64>(o + (<usize>j << 3)); }

/** The x face of cell i (ix, iy, iz): terms.ts faceX. */
@inline function faceX(oK: usize, oGx: usize, oMask: usize, oDx: usize, oDy: usize, oDz: usize, nx: i32, i: i32, ix: i32, iy: i32, iz: i32): void {
  const q = <usize>i << 3;
  store<f64>(oGx + q, metal(oMask, i) && ix < nx - 1 && metal(oMask, i + 1) ? (width(oDy, iy) * width(oDz, iz)) / ((0.5 * width(oDx, ix)) / at(oK + q) + (0.5 * width(oDx, ix + 1)) / at(oK + q + 8)) : 0);
}

/** The y face of cell i: terms.ts faceY. */
@inline function faceY(oKy: usize, oGy: usize, oMask: usize, oDx: usize, oDy: usize, oDz: usize, nx: i32, ny: i32, i: i32, ix: i32, iy: i32, iz: i32): void {
  const q = <usize>i << 3;
  store<f64>(oGy + q, metal(oMask, i) && iy < ny - 1 && metal(oMask, i + nx) ? (width(oDx, ix) * width(oDz, iz)) / ((0.5 * width(oDy, iy)) / at(oKy + q) + (0.5 * width(oDy, iy + 1)) / at(oKy + q + (<usize>nx << 3))) : 0);
}

/** The z face of cell i: terms.ts faceZ. */
@inline function faceZ(oKz: usize, oGz: usize, oMask: usize, oDx: usize, oDy: usize, oDz: usize, plane: i32, nz: i32, i: i32, ix: i32, iy: i32, iz: i32): void {
  const q = <usize>i << 3;
  store<f64>(oGz + q, metal(oMask, i) && iz < nz - 1 && metal(oMask, i + plane) ? (width(oDx, ix) * width(oDy, iy)) / ((0.5 * width(oDz, iz)) / at(oKz + q) + (0.5 * width(oDz, iz + 1)) / at(oKz + q + (<usize>plane << 3))) : 0);
}

/** Every face (terms.ts assembleConductances). */
export function assembleConductances(oK: usize, oKy: usize, oKz: usize, oGx: usize, oGy: usize, oGz: usize, oMask: usize, oDx: usize, oDy: usize, oDz: usize, nx: i32, ny: i32, nz: i32): void {
  assemblePlanes(oK, oKy, oKz, oGx, oGy, oGz, oMask, oDx, oDy, oDz, nx, ny, nz, 0, nz);
}

/** The faces of the cells of planes zFrom … zTo − 1 (each cell writes its own east, north and upper face only). */
export function assemblePlanes(oK: usize, oKy: usize, oKz: usize, oGx: usize, oGy: usize, oGz: usize, oMask: usize, oDx: usize, oDy: usize, oDz: usize, nx: i32, ny: i32, nz: i32, zFrom: i32, zTo: i32): void {
  const plane = nx * ny;
  for (let iz = zFrom; iz < zTo; iz++)
    for (let iy = 0; iy < ny; iy++) {
      const row = nx * (iy + ny * iz);
      for (let ix = 0; ix < nx; ix++) {
        const i = row + ix;
        faceX(oK, oGx, oMask, oDx, oDy, oDz, nx, i, ix, iy, iz);
        faceY(oKy, oGy, oMask, oDx, oDy, oDz, nx, ny, i, ix, iy, iz);
        faceZ(oKz, oGz, oMask, oDx, oDy, oDz, plane, nz, i, ix, iy, iz);
      }
    }
}

/** The six faces of each listed cell (terms.ts updateCellConductances). */
export function updateCellConductances(oK: usize, oKy: usize, oKz: usize, oGx: usize, oGy: usize, oGz: usize, oMask: usize, oDx: usize, oDy: usize, oDz: usize, nx: i32, ny: i32, nz: i32, oCells: usize, count: i32): void {
  const plane = nx * ny;
  for (let c = 0; c < count; c++) {
    const i = load<i32>(oCells + (<usize>c << 2));
    const ix = i % nx;
    const iy = (i / nx) % ny;
    const iz = i / plane;
    faceX(oK, oGx, oMask, oDx, oDy, oDz, nx, i, ix, iy, iz);
    faceY(oKy, oGy, oMask, oDx, oDy, oDz, nx, ny, i, ix, iy, iz);
    faceZ(oKz, oGz, oMask, oDx, oDy, oDz, plane, nz, i, ix, iy, iz);
    if (ix > 0) faceX(oK, oGx, oMask, oDx, oDy, oDz, nx, i - 1, ix - 1, iy, iz);
    if (iy > 0) faceY(oKy, oGy, oMask, oDx, oDy, oDz, nx, ny, i - nx, ix, iy - 1, iz);
    if (iz > 0) faceZ(oKz, oGz, oMask, oDx, oDy, oDz, plane, nz, i - plane, ix, iy, iz - 1);
  }
}
