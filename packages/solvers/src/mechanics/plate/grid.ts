// The plate grid: the (x, y) columns of the thermal core's structured grid. Each column is one plate
// element; the plate's nodes sit on the column faces, node n = i + (nx + 1) j, element e = i + nx j
// (x fastest, like the thermal cells). Supports are given per edge.

import { InvalidParametersError } from '../../errors.js';

/** Face coordinates (m) of the columns, strictly increasing (a StructuredMesh satisfies this). */
export interface PlateGrid {
  xFaces: Float64Array;
  yFaces: Float64Array;
}

/**
 * free; simply_supported (w = 0, in-plane free); clamped (w = 0, zero slope, u = v = 0); symmetry
 * (a mirror plane of a half model: zero normal slope and zero normal displacement).
 */
export type EdgeSupport = 'free' | 'simply_supported' | 'clamped' | 'symmetry';

/** One support per edge: xMin is the edge x = xFaces[0], and so on. */
export interface PlateSupports {
  xMin: EdgeSupport;
  xMax: EdgeSupport;
  yMin: EdgeSupport;
  yMax: EdgeSupport;
}

export function supportsOf(supports: EdgeSupport | PlateSupports): PlateSupports {
  return typeof supports === 'string' ? { xMin: supports, xMax: supports, yMin: supports, yMax: supports } : supports;
}

export interface GridSize {
  nx: number;
  ny: number;
  /** Nodes per row (nx + 1) and per column (ny + 1). */
  nodesX: number;
  nodesY: number;
  nodeCount: number;
}

export function gridSize(grid: PlateGrid): GridSize {
  const nx = grid.xFaces.length - 1;
  const ny = grid.yFaces.length - 1;
  if (nx < 1 || ny < 1) throw new InvalidParametersError([{ path: 'grid', message: 'the plate needs at least one column in x and in y' }]);
  for (const [name, faces] of [['xFaces', grid.xFaces], ['yFaces', grid.yFaces]] as const) {
    for (let i = 1; i < faces.length; i++) {
      if (!(faces[i]! > faces[i - 1]!)) throw new InvalidParametersError([{ path: `grid.${name}`, message: 'face coordinates must increase strictly' }]);
    }
  }
  return { nx, ny, nodesX: nx + 1, nodesY: ny + 1, nodeCount: (nx + 1) * (ny + 1) };
}

/**
 * Faces from cell centres when only those are known: the first face is given and every centre lies
 * midway between its faces (f[i+1] = 2 c[i] − f[i]).
 */
export function facesFromCentres(centres: ArrayLike<number>, firstFace: number): Float64Array {
  const faces = new Float64Array(centres.length + 1);
  faces[0] = firstFace;
  for (let i = 0; i < centres.length; i++) faces[i + 1] = 2 * centres[i]! - faces[i]!;
  return faces;
}

/** Trapezoid weights of the nodes along one axis: ∫ f ≈ Σ weight_i f(face_i), exact for linear f. */
export function nodeWeights(faces: Float64Array): Float64Array {
  const weights = new Float64Array(faces.length);
  for (let i = 0; i + 1 < faces.length; i++) {
    const half = 0.5 * (faces[i + 1]! - faces[i]!);
    weights[i] += half;
    weights[i + 1] += half;
  }
  return weights;
}

/** The index of the face nearest to `u`. */
export function nearestFace(faces: Float64Array, u: number): number {
  let best = 0;
  for (let i = 1; i < faces.length; i++) if (Math.abs(faces[i]! - u) < Math.abs(faces[best]! - u)) best = i;
  return best;
}

/** The four nodes of column (ix, iy): x0y0, x1y0, x0y1, x1y1. */
export function elementNodes(ix: number, iy: number, nodesX: number): number[] {
  const n = ix + nodesX * iy;
  return [n, n + 1, n + nodesX, n + nodesX + 1];
}

/** Which unknowns a support fixes on an edge along x (normal y) or along y (normal x). */
export type EdgeDofs = (support: EdgeSupport, edgeAlong: 'x' | 'y') => number[];

/** The unknowns the edge supports fix, as node × dofsPerNode + dof, edge by edge (xMin, xMax, yMin, yMax). */
export function supportedDofs(grid: PlateGrid, supports: PlateSupports, dofsPerNode: number, edgeDofs: EdgeDofs): Set<number> {
  const nodesX = grid.xFaces.length;
  const nodesY = grid.yFaces.length;
  const fixedDofs = new Set<number>();
  const edge = (dofs: number[], nodes: number[]): void => {
    for (const n of nodes) for (const dof of dofs) fixedDofs.add(n * dofsPerNode + dof);
  };
  const column = (ix: number) => Array.from({ length: nodesY }, (_, iy) => ix + nodesX * iy);
  const row = (iy: number) => Array.from({ length: nodesX }, (_, ix) => ix + nodesX * iy);
  edge(edgeDofs(supports.xMin, 'y'), column(0));
  edge(edgeDofs(supports.xMax, 'y'), column(nodesX - 1));
  edge(edgeDofs(supports.yMin, 'x'), row(0));
  edge(edgeDofs(supports.yMax, 'x'), row(nodesY - 1));
  return fixedDofs;
}
