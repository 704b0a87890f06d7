// Cell gradients of a halo field for the transport terms: Gauss's (1/V) Σ_f φ_f S_f at the cells, on
// FlowGrid's rectangles and on any face geometry (curvilinear grids).

import type { FaceGeometry } from '../grid/face-geometry.js';
import type { FlowGrid } from '../grid/grid.js';

/**
 * Gauss gradient at the cells, ∇φ_P = (1/V) Σ_f φ_f S_f with φ_f = (1 − w) φ_L + w φ_H (ring values on
 * boundary faces); on the rectangles ∂φ/∂x = (φ_e − φ_w)/Δx. Only the cells are written.
 */
export function cellGradient(grid: FlowGrid, phi: Float64Array, gx: Float64Array, gy: Float64Array, j0 = 1, j1 = grid.ny): void {
  if (grid.curvilinear) {
    faceGaussGradient(grid.faces, phi, gx, gy, j0, j1);
    return;
  }
  const { nx, stride: W } = grid;
  const wx = grid.x.weight;
  const wy = grid.y.weight;
  const dx = grid.x.width;
  const dy = grid.y.width;
  for (let j = j0; j <= j1; j++) {
    const wn = wy[j]!;
    const ws = wy[j - 1]!;
    const rdy = 1 / dy[j]!;
    for (let i = 1; i <= nx; i++) {
      const I = i + W * j;
      const we = wx[i]!;
      const ww = wx[i - 1]!;
      const east = (1 - we) * phi[I]! + we * phi[I + 1]!;
      const west = (1 - ww) * phi[I - 1]! + ww * phi[I]!;
      const north = (1 - wn) * phi[I]! + wn * phi[I + W]!;
      const south = (1 - ws) * phi[I - W]! + ws * phi[I]!;
      gx[I] = (east - west) / dx[i]!;
      gy[I] = (north - south) * rdy;
    }
  }
}

/**
 * The Gauss gradient ∇φ_P = (1/V_P) Σ_f φ_f S_f on any face geometry, written at the cells only: the
 * four faces' φ_f S_f (S points low → high: east/north add, west/south subtract), boundary faces with the
 * ring value. cellGradient() on a curvilinear grid; nonorthogonal-diffusion.ts's gaussGradient.
 * Rows j0 … j1 only when given (a row band's first south faces are formed as its row below forms them).
 */
export function faceGaussGradient(fg: FaceGeometry, phi: Float64Array, gx: Float64Array, gy: Float64Array, j0 = 1, j1 = fg.ny): void {
  const { nx, ny, stride: W, V } = fg;
  const { weight: xw, Sx: xSx, Sy: xSy } = fg.xFaces;
  const { weight: yw, Sx: ySx, Sy: ySy } = fg.yFaces;
  // Each interior face's φ_f S_f is formed once and used by both its cells: an x-face's as the east
  // term of one cell and the west term of the next, a y-face's (kept per column in `south`) as the
  // north term of one row and the south term of the next. The products are the ones
  // cellGaussGradient() forms (the same expressions, operands and order), so the result is the same bits.
  const south = southScratch(fg);
  const { x: southX, y: southY } = south;
  for (let i = 1; i <= nx; i++) {
    const S = i + W * (j0 - 1);
    // The boundary faces below row 1 carry their ring values; above a lower row, the face's interpolation.
    const p = phi[S]!;
    const below = j0 === 1 ? p : p + yw[S]! * (phi[S + W]! - p);
    southX[i] = below * ySx[S]!;
    southY[i] = below * ySy[S]!;
  }
  for (let j = j0; j <= j1; j++) {
    const row = W * j;
    const top = j === ny;
    let westX = phi[row]! * xSx[row]!;
    let westY = phi[row]! * xSy[row]!;
    for (let i = 1; i <= nx; i++) {
      const I = i + row;
      const p = phi[I]!;
      const east = i === nx ? phi[I + 1]! : p + xw[I]! * (phi[I + 1]! - p);
      const north = top ? phi[I + W]! : p + yw[I]! * (phi[I + W]! - p);
      const eastX = east * xSx[I]!;
      const eastY = east * xSy[I]!;
      const northX = north * ySx[I]!;
      const northY = north * ySy[I]!;
      gx[I] = (eastX - westX + northX - southX[i]!) / V[I]!;
      gy[I] = (eastY - westY + northY - southY[i]!) / V[I]!;
      westX = eastX;
      westY = eastY;
      southX[i] = northX;
      southY[i] = northY;
    }
  }
}

/** Per face geometry, the row of y-face products faceGaussGradient() carries from one row to the next. */
const southRows = new WeakMap<FaceGeometry, { x: Float64Array; y: Float64Array }>();

function southScratch(fg: FaceGeometry): { x: Float64Array; y: Float64Array } {
  let row = southRows.get(fg);
  if (!row) southRows.set(fg, (row = { x: new Float64Array(fg.nx + 2), y: new Float64Array(fg.nx + 2) }));
  return row;
}

/**
 * faceGaussGradient() at the cells next to the ring only (the first and last row and column), whose
 * values are the only ones that read ring values: after the ring changes with the cells unchanged,
 * this brings a gradient taken before up to date, to the same bits as taking it again.
 */
export function edgeGaussGradient(fg: FaceGeometry, phi: Float64Array, gx: Float64Array, gy: Float64Array): void {
  const { nx, ny } = fg;
  for (let i = 1; i <= nx; i++) {
    cellGaussGradient(fg, phi, gx, gy, i, 1);
    if (ny > 1) cellGaussGradient(fg, phi, gx, gy, i, ny);
  }
  for (let j = 2; j < ny; j++) {
    cellGaussGradient(fg, phi, gx, gy, 1, j);
    if (nx > 1) cellGaussGradient(fg, phi, gx, gy, nx, j);
  }
}

/**
 * cellGaussGradient() at the cells listed (halo indices), with the face arrays read once: the same
 * expressions, operands and order, so the same bits.
 */
export function listedGaussGradient(fg: FaceGeometry, cells: Int32Array, phi: Float64Array, gx: Float64Array, gy: Float64Array): void {
  const { nx, ny, stride: W, V } = fg;
  const { weight: xw, Sx: xSx, Sy: xSy } = fg.xFaces;
  const { weight: yw, Sx: ySx, Sy: ySy } = fg.yFaces;
  for (let c = 0; c < cells.length; c++) {
    const I = cells[c]!;
    const i = I % W;
    const j = (I - i) / W;
    const east = i === nx ? phi[I + 1]! : phi[I]! + xw[I]! * (phi[I + 1]! - phi[I]!);
    const west = i === 1 ? phi[I - 1]! : phi[I - 1]! + xw[I - 1]! * (phi[I]! - phi[I - 1]!);
    const north = j === ny ? phi[I + W]! : phi[I]! + yw[I]! * (phi[I + W]! - phi[I]!);
    const south = j === 1 ? phi[I - W]! : phi[I - W]! + yw[I - W]! * (phi[I]! - phi[I - W]!);
    gx[I] = (east * xSx[I]! - west * xSx[I - 1]! + north * ySx[I]! - south * ySx[I - W]!) / V[I]!;
    gy[I] = (east * xSy[I]! - west * xSy[I - 1]! + north * ySy[I]! - south * ySy[I - W]!) / V[I]!;
  }
}

/** faceGaussGradient's value at one cell (i, j), written to gx and gy there. */
export function cellGaussGradient(fg: FaceGeometry, phi: Float64Array, gx: Float64Array, gy: Float64Array, i: number, j: number): void {
  const { nx, ny, stride: W, xFaces: X, yFaces: Y, V } = fg;
  // East and north faces are stored at I, west at I − 1, south at I − W.
  const I = i + W * j;
  const east = i === nx ? phi[I + 1]! : phi[I]! + X.weight[I]! * (phi[I + 1]! - phi[I]!);
  const west = i === 1 ? phi[I - 1]! : phi[I - 1]! + X.weight[I - 1]! * (phi[I]! - phi[I - 1]!);
  const north = j === ny ? phi[I + W]! : phi[I]! + Y.weight[I]! * (phi[I + W]! - phi[I]!);
  const south = j === 1 ? phi[I - W]! : phi[I - W]! + Y.weight[I - W]! * (phi[I]! - phi[I - W]!);
  gx[I] = (east * X.Sx[I]! - west * X.Sx[I - 1]! + north * Y.Sx[I]! - south * Y.Sx[I - W]!) / V[I]!;
  gy[I] = (east * X.Sy[I]! - west * X.Sy[I - 1]! + north * Y.Sy[I]! - south * Y.Sy[I - W]!) / V[I]!;
}
