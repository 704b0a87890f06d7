// A volumetric laser source for keyhole-mode melting: the absorbed power spread uniformly over the
// depth d of the keyhole below the surface, with the laser's Gaussian profile across it,
//   q(x, y, ζ) = 2P / (π r₀² d) · exp(−2((x − x_s)² + (y − y_s)²)/r₀²),  0 ≤ ζ ≤ d  (ζ down from z_s),
// the cylindrical form of the keyhole line sources (Steen, Dowden, Davis & Kapadia 1988 treat the
// keyhole as a line source of uniform strength; the Gaussian radius spreads it over the spot).
// Cell integrals are exact: erf products across, the overlap of the cell with [z_s − d, z_s] in depth.

import { CELL_SOLID, StructuredMesh } from './mesh.js';
import { axisErfDifferences, type HeatSource, type SourceDeposit, type SourcePath } from './sources.js';

export interface CylindricalGaussianOptions {
  /** Absorbed power (W). */
  power: number;
  /** 1/e² radius r₀ (m). */
  radius: number;
  /** Depth d below the path's z (m). */
  depth: number;
  path: SourcePath;
}

export class CylindricalGaussianSource implements HeatSource {
  readonly label = 'Cylindrical Gaussian (keyhole) source';
  /** The x and y factors' erf differences of the last deposit (reused storage). */
  private ex: Float64Array = new Float64Array(0);
  private ey: Float64Array = new Float64Array(0);

  constructor(readonly options: CylindricalGaussianOptions) {}

  deposit(mesh: StructuredMesh, time: number, out: Float64Array): SourceDeposit {
    const { path, power, radius, depth } = this.options;
    if (time < (path.onTime ?? 0) || time > (path.offTime ?? Number.POSITIVE_INFINITY)) return { nominal: 0, applied: 0 };
    const x = path.start.x + path.speed * (time - (path.onTime ?? 0));
    const { y, z } = path.start;
    const s = Math.SQRT2 / radius;
    const reach = 3.5 * radius;
    const x0 = StructuredMesh.locate(mesh.xFaces, x - reach);
    const x1 = StructuredMesh.locate(mesh.xFaces, x + reach);
    const y0 = StructuredMesh.locate(mesh.yFaces, y - reach);
    const y1 = StructuredMesh.locate(mesh.yFaces, y + reach);
    const z0 = StructuredMesh.locate(mesh.zFaces, z - depth);
    const z1 = StructuredMesh.locate(mesh.zFaces, z);
    const ex = (this.ex = axisErfDifferences(mesh.xFaces, x0, x1, s, x, this.ex));
    const ey = (this.ey = axisErfDifferences(mesh.yFaces, y0, y1, s, y, this.ey));
    let applied = 0;
    for (let iz = z0; iz <= z1; iz++) {
      const overlap = Math.max(0, Math.min(z, mesh.zFaces[iz + 1]!) - Math.max(z - depth, mesh.zFaces[iz]!)) / depth;
      if (overlap === 0) continue;
      for (let iy = y0; iy <= y1; iy++) {
        const wy = 0.5 * ey[iy - y0]!;
        for (let ix = x0; ix <= x1; ix++) {
          const i = mesh.index(ix, iy, iz);
          if (mesh.mask[i] !== CELL_SOLID) continue;
          const q = power * overlap * wy * 0.5 * ex[ix - x0]!;
          out[i] += q;
          applied += q;
        }
      }
    }
    return { nominal: power, applied };
  }
}
