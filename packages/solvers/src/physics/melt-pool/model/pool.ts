// Reading the melt pool off the temperature field of the half plate (y ≥ 0, top face z = zTop) at one
// instant: width, depth and length of an isotherm (the solidus: the pool outline), and the thermal
// gradient G and solidification rate R on its trailing part (at the liquidus, where solidification
// starts, G across the mushy zone). Isotherm positions are interpolated linearly between cell centres; the
// length is read on the top layer of cells (half a cell below the surface), the width at the surface
// itself, extrapolated from the top two layers (see poolDimensions).

import type { StructuredMesh } from '../../../thermal/mesh.js';

export interface PoolDimensions {
  width: number;
  depth: number;
  length: number;
  /** Rear end of the pool on the centreline (m, x). */
  rearX: number;
}

/** Where f falls through `level` between two samples at u0 (≥ level) and u1 (< level). */
const crossingBetween = (u0: number, f0: number, u1: number, f1: number, level: number) => u0 + ((f0 - level) / (f0 - f1)) * (u1 - u0);

export function poolDimensions(mesh: StructuredMesh, T: Float64Array, level: number, xRange: { from: number; to: number }): PoolDimensions {
  const { nx, nz, xc, zc } = mesh;
  const top = nz - 1;
  const zTop = mesh.zFaces[nz]!;
  let halfWidth = 0;
  let depth = 0;
  for (let ix = 0; ix < nx; ix++) {
    if (xc[ix]! < xRange.from || xc[ix]! > xRange.to) continue;
    // Across, on the top layer, and on the layer below where it melts too: the surface's half-width
    // from the two, with the pool's cross-section near the surface taken as an ellipse (w² linear in
    // z²: w₀² = w₁² + (w₁² − w₂²) z₁²/(z₂² − z₁²)), since the top layer lies half a cell down.
    if (T[mesh.index(ix, 0, top)]! >= level) {
      const y1 = halfWidthOnLayer(mesh, T, level, ix, top);
      let y = y1;
      if (top > 0 && T[mesh.index(ix, 0, top - 1)]! >= level) {
        const y2 = halfWidthOnLayer(mesh, T, level, ix, top - 1);
        const z1 = zTop - zc[top]!;
        const z2 = zTop - zc[top - 1]!;
        y = Math.sqrt(Math.max(y1 * y1, y1 * y1 + ((y1 * y1 - y2 * y2) * z1 * z1) / (z2 * z2 - z1 * z1)));
      }
      halfWidth = Math.max(halfWidth, y);
      // Down the column next to the symmetry plane.
      let iz = top;
      while (iz - 1 >= 0 && T[mesh.index(ix, 0, iz - 1)]! >= level) iz--;
      const z = iz - 1 >= 0 ? crossingBetween(zc[iz]!, T[mesh.index(ix, 0, iz)]!, zc[iz - 1]!, T[mesh.index(ix, 0, iz - 1)]!, level) : mesh.zFaces[0]!;
      depth = Math.max(depth, zTop - z);
    }
  }
  // Along the centreline of the top layer: the longest run at or above the level.
  let best = { length: 0, rear: Number.NaN };
  let ix = 0;
  while (ix < nx) {
    if (T[mesh.index(ix, 0, top)]! < level) {
      ix++;
      continue;
    }
    const first = ix;
    while (ix + 1 < nx && T[mesh.index(ix + 1, 0, top)]! >= level) ix++;
    const rear = first > 0 ? crossingBetween(xc[first]!, T[mesh.index(first, 0, top)]!, xc[first - 1]!, T[mesh.index(first - 1, 0, top)]!, level) : mesh.xFaces[0]!;
    const front = ix + 1 < nx ? crossingBetween(xc[ix]!, T[mesh.index(ix, 0, top)]!, xc[ix + 1]!, T[mesh.index(ix + 1, 0, top)]!, level) : mesh.xFaces[nx]!;
    if (front - rear > best.length) best = { length: front - rear, rear };
    ix++;
  }
  return { width: 2 * halfWidth, depth, length: best.length, rearX: best.rear };
}

/** Where the level crosses along y on one layer of cells (iz) of row ix, from the symmetry plane out. */
function halfWidthOnLayer(mesh: StructuredMesh, T: Float64Array, level: number, ix: number, iz: number): number {
  const { ny, yc } = mesh;
  let iy = 0;
  while (iy + 1 < ny && T[mesh.index(ix, iy + 1, iz)]! >= level) iy++;
  return iy + 1 < ny ? crossingBetween(yc[iy]!, T[mesh.index(ix, iy, iz)]!, yc[iy + 1]!, T[mesh.index(ix, iy + 1, iz)]!, level) : mesh.yFaces[ny]!;
}

export interface SolidificationPoint {
  /** K/m */
  G: number;
  /** m/s */
  R: number;
  /** Where (m). */
  x: number;
  y: number;
  z: number;
}

/**
 * G and R on the trailing side of the pool, on the longitudinal centre plane (one point per layer of
 * cells) and on the top layer (one per row), where the liquidus crosses along x behind the source.
 * Along x, G is the mean gradient across the mushy zone, (T_l − T_s)/(x_l − x_s) between the rear
 * liquidus and solidus crossings: the enthalpy method releases the latent heat there, so the local
 * gradient at the liquidus sits on a plateau and would depend on the cell size. Across and in depth,
 * differences between neighbouring cell centres at the liquidus crossing. R = v cos θ = v G_x / |G|
 * (the isotherm moves with the source at v along x; θ between its normal and the scan direction).
 */
export function solidificationPoints(mesh: StructuredMesh, T: Float64Array, levels: { liquidus: number; solidus: number }, speed: number, sourceX: number): SolidificationPoint[] {
  const { nx, ny, nz, xc, yc, zc } = mesh;
  const points: SolidificationPoint[] = [];
  const at = (ix: number, iy: number, iz: number) => T[mesh.index(ix, iy, iz)]!;
  const slope = (values: [number, number], coords: [number, number]) => (values[1] - values[0]) / (coords[1] - coords[0]);
  /** From the source backwards: the first cell below `level` behind one at or above it, and the crossing. */
  const rearCrossing = (iy: number, iz: number, level: number, from: number) => {
    let ix = from;
    if (at(ix, iy, iz) < level) return undefined;
    while (ix - 1 >= 0 && at(ix - 1, iy, iz) >= level) ix--;
    if (ix - 1 < 0) return undefined;
    return { ix, x: crossingBetween(xc[ix]!, at(ix, iy, iz), xc[ix - 1]!, at(ix - 1, iy, iz), level) };
  };
  const start = Math.min(nx - 1, Math.max(0, locateCentre(xc, sourceX)));
  const gradientPoint = (iy: number, iz: number) => {
    const liquid = rearCrossing(iy, iz, levels.liquidus, start);
    if (!liquid || liquid.ix + 1 >= nx) return;
    const { ix } = liquid;
    const solid = rearCrossing(iy, iz, levels.solidus, ix);
    const gx = solid && liquid.x > solid.x ? (levels.liquidus - levels.solidus) / (liquid.x - solid.x) : (at(ix, iy, iz) - at(ix - 1, iy, iz)) / (xc[ix]! - xc[ix - 1]!);
    const w = (liquid.x - xc[ix - 1]!) / (xc[ix]! - xc[ix - 1]!);
    const blend = (f: (j: number) => number) => (1 - w) * f(ix - 1) + w * f(ix);
    const iyLo = Math.max(0, iy - 1);
    const iyHi = Math.min(ny - 1, iy + 1);
    // On the symmetry plane ∂T/∂y = 0; at the top face ∂T/∂z = 0 (the evaporation loss aside).
    const gy = iy === 0 || iyHi === iyLo ? 0 : blend((j) => slope([at(j, iyLo, iz), at(j, iyHi, iz)], [yc[iyLo]!, yc[iyHi]!]));
    const izLo = Math.max(0, iz - 1);
    const izHi = Math.min(nz - 1, iz + 1);
    const gz = iz === nz - 1 || izHi === izLo ? 0 : blend((j) => slope([at(j, iy, izLo), at(j, iy, izHi)], [zc[izLo]!, zc[izHi]!]));
    const G = Math.hypot(gx, gy, gz);
    if (!(G > 0) || gx <= 0) return;
    points.push({ G, R: (speed * gx) / G, x: liquid.x, y: yc[iy]!, z: zc[iz]! });
  };
  for (let iz = nz - 1; iz >= 0; iz--) gradientPoint(0, iz);
  for (let iy = 1; iy < ny; iy++) gradientPoint(iy, nz - 1);
  return points;
}

function locateCentre(centres: Float64Array, u: number): number {
  let best = 0;
  for (let i = 1; i < centres.length; i++) if (Math.abs(centres[i]! - u) < Math.abs(centres[best]! - u)) best = i;
  return best;
}
