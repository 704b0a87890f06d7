// The σ grids (terrain-following, with faces at 45° and more) on which the jet's non-orthogonal
// operators are checked against manufactured solutions: a sheared box, and the default ridge's own
// grid (src/physics/jet/numerics/nonorthogonal-diffusion.test.ts, verification/nonorthogonal-transport.test.ts).

import { jetFlowCase } from '../src/physics/jet/model/flow-case.js';
import { jetDefaults, readJetCase, type JetCase } from '../src/physics/jet/model/parameters.js';
import { terrainGrid, type TerrainGrid } from '../src/physics/jet/grid/terrain-grid.js';
import { uniformAxis } from '../src/physics/jet/grid/axes.js';

type Polygon = readonly (readonly [number, number])[];

/** Face coordinates with every cell halved (the grading family is kept: refinement ratio 2). */
export function refine(faces: ArrayLike<number>): number[] {
  const out: number[] = [faces[0]!];
  for (let k = 1; k < faces.length; k++) out.push(0.5 * (faces[k - 1]! + faces[k]!), faces[k]!);
  return out;
}

/** `levels` σ grids over the polygon, each the previous one refined by 2. */
export function terrainFamily(axialFaces: ArrayLike<number>, columnFaces: ArrayLike<number>, polygon: Polygon, levels = 3): TerrainGrid[] {
  const out: TerrainGrid[] = [];
  let [ax, co] = [Array.from(axialFaces), Array.from(columnFaces)];
  for (let level = 0; level < levels; level++) {
    const grid = terrainGrid({ axialFaces: ax, columnFaces: co, polygon });
    if (grid.kind !== 'grid') throw new Error(grid.reason);
    out.push(grid);
    [ax, co] = [refine(ax), refine(co)];
  }
  return out;
}

/** The sheared box: H = 2, R = 1, a 45° wedge z = 1 − |s| under the whole width (16 × 8 refined twice). */
export function shearedBox(): TerrainGrid[] {
  const n = 8;
  return terrainFamily(uniformAxis({ from: 0, to: 2, cells: 2 * n }), uniformAxis({ from: 0, to: 1, cells: n }), [
    [-1, 0],
    [0, 1],
    [1, 0],
  ]);
}

/**
 * The default ridge (JET_IMPINGING_RIDGE): its case, the faces of its grid without the ridge, and its
 * σ grid (62 × 148) refined `levels − 1` times from the default grid's columns after snapping the
 * polygon's vertices, so that refining keeps them on faces.
 */
export function defaultRidge(levels: number): { jet: JetCase; flatFaces: { x: ArrayLike<number>; y: ArrayLike<number> }; family: TerrainGrid[] } {
  const jet = readJetCase('JET_IMPINGING_RIDGE', jetDefaults('JET_IMPINGING_RIDGE'));
  const polygon = jet.ridge!.polygon;
  const flat = jetFlowCase({ ...jet, ridge: undefined }).grid;
  const base = terrainGrid({ axialFaces: flat.xFaces, columnFaces: jetFlowCase(jet).grid.yFaces, polygon });
  if (base.kind !== 'grid') throw new Error(base.reason);
  return { jet, flatFaces: { x: flat.xFaces, y: flat.yFaces }, family: terrainFamily(flat.xFaces, base.columns, polygon, levels) };
}
