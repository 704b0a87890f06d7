// The plate's deflection w(x, y) as a warped surface for the 3-D view: one vertex per node (mm), the
// height w exaggerated so that the largest |w| reads as a tenth of the plate's larger side (a
// micrometre bow on a 10 mm plate is invisible to scale), coloured by w.
import type { FieldGrid } from '../../simulations/results/fieldData';

export interface WarpedSurface {
  positions: Float32Array;
  colours: Float32Array;
  indices: Uint32Array;
  exaggeration: number;
  bounds: { min: [number, number, number]; max: [number, number, number] };
}

export const WARP_SHARE = 0.1;

export function exaggerationFor(grid: Pick<FieldGrid, 'x' | 'y' | 'values'>): number {
  const span = Math.max(Math.abs(grid.x.values[grid.x.values.length - 1]! - grid.x.values[0]!), Math.abs(grid.y.values[grid.y.values.length - 1]! - grid.y.values[0]!));
  let peak = 0;
  for (const v of grid.values) if (Number.isFinite(v)) peak = Math.max(peak, Math.abs(v));
  return peak > 0 ? (WARP_SHARE * span) / peak : 1;
}

/** `grid.values[j * nx + i]` at (x_i, y_j), m; `colour` maps a value to sRGB 0..1. */
export function warpedSurface(grid: FieldGrid, colour: (value: number) => readonly [number, number, number], exaggeration = exaggerationFor(grid)): WarpedSurface {
  const { nx, ny } = grid;
  const positions = new Float32Array(nx * ny * 3);
  const colours = new Float32Array(nx * ny * 3);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const k = j * nx + i;
      const w = Number.isFinite(grid.values[k]!) ? grid.values[k]! : 0;
      const p = [grid.x.values[i]! * 1000, grid.y.values[j]! * 1000, w * exaggeration * 1000] as const;
      positions.set(p, 3 * k);
      colours.set(colour(w), 3 * k);
      for (let a = 0; a < 3; a++) {
        min[a] = Math.min(min[a]!, p[a]!);
        max[a] = Math.max(max[a]!, p[a]!);
      }
    }
  }
  const indices = new Uint32Array(Math.max(0, (nx - 1) * (ny - 1) * 6));
  let n = 0;
  for (let j = 0; j < ny - 1; j++) {
    for (let i = 0; i < nx - 1; i++) {
      const a = j * nx + i;
      indices.set([a, a + 1, a + nx + 1, a, a + nx + 1, a + nx], n);
      n += 6;
    }
  }
  return { positions, colours, indices, exaggeration, bounds: { min, max } };
}
