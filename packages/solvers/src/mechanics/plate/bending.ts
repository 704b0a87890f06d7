// Kirchhoff plate bending on the rectangular plate grid with the conforming Bogner–Fox–Schmit element
// (bicubic Hermite; unknowns per node w, ∂w/∂x, ∂w/∂y, ∂²w/∂x∂y). Bogner, Fox & Schmit (1965), "The
// generation of interelement-compatible stiffness and mass matrices by the use of interpolation
// formulas", Proc. Conf. Matrix Methods in Structural Mechanics, AFFDL-TR-66-80, 397–443.
//
// The plate minimises
//   Π(w) = ½ ∫ (κ − κᵉ)ᵀ D_b (κ − κᵉ) dA − ∫ q w dA,   κ = −(w_xx, w_yy, 2 w_xy),
//   D_b = D [[1, ν, 0], [ν, 1, 0], [0, 0, (1 − ν)/2]],  D = E h³ / (12 (1 − ν²)),
// where κᵉ = (κ*, κ*, 0) is the (isotropic) eigen-curvature of each column — thermal, 12/h³ ∫ α ΔT
// (z − z_mid) dz, or inherent — and q the pressure along +w. So D ∇⁴w = q − ∇² M*, with the equivalent
// moment M* = D (1 + ν) κ* (the thermal moment M_T = ∫ E α ΔT (z − z_mid) dz / (1 − ν)). Within an
// element κ* and q are constant (one value per thermal column). The bending moments per unit width
// are M = D_b (κ − κᵉ): Mx = −D (w_xx + ν w_yy) − M*, Mxy = −D (1 − ν) w_xy.
// Nodal deflection converges as O(h⁴) for smooth solutions, moments as O(h²).
//
// Supports: simply supported edge: w = 0 and the slope along it = 0; clamped: all four unknowns = 0;
// symmetry: the normal slope and the twist = 0; free: natural. Rigid-body modes the supports leave
// free are fixed and removed as described in rigid-body.ts.

import { InvalidParametersError } from '../../errors.js';
import type { AbortCheck } from '../../run/types.js';
import { DEFAULT_PLATE_LINEAR_SOLVER, solvePlateSystem, type PlateLinearSolveReport, type PlateLinearSolverSettings } from './conjugate-gradient.js';
import { elementNodes, gridSize, nearestFace, supportedDofs, supportsOf, type EdgeSupport, type PlateGrid, type PlateSupports } from './grid.js';
import { hermite, hermiteIntegrals, type HermiteIntegrals } from './hermite.js';
import { gridHierarchy } from './multigrid.js';
import { assembleOnGrid, type NodeBlockMatrix } from './node-block-matrix.js';
import { addToFit, anchorNode, fixSupports, removeFreeModes, type ModeFrame, type Vector3 } from './rigid-body.js';

/** Unknowns per node, in this order. */
export const W = 0;
export const W_X = 1;
export const W_Y = 2;
export const W_XY = 3;
const DOFS = 4;

export interface PlateSection {
  youngsModulus: number;
  poissonRatio: number;
  thickness: number;
}

export function flexuralRigidity(section: PlateSection): number {
  const { youngsModulus: E, poissonRatio: nu, thickness: h } = section;
  return (E * h ** 3) / (12 * (1 - nu * nu));
}

export interface BendingProblem {
  grid: PlateGrid;
  section: PlateSection;
  supports: EdgeSupport | PlateSupports;
  /** κ* per column (1/m), index ix + nx iy; positive bends the plate convex towards +z. */
  eigenCurvature?: Float64Array;
  /**
   * A further eigencurvature about x only (κ*_yy, bending across y; 1/m per column): the transverse
   * part of an anisotropic inherent strain. Its moments are D (ν κ*_yy, κ*_yy) on (x, y).
   */
  transverseEigenCurvature?: Float64Array;
  /** Pressure along +w (Pa): one value, or one per column. */
  pressure?: number | Float64Array;
  linearSolver?: PlateLinearSolverSettings;
  /** Polled between the levels' assembly and in every iteration of the linear solve. */
  checkAbort?: AbortCheck;
}

export interface BendingSolution {
  grid: PlateGrid;
  /** All nodal unknowns, 4 per node (W, W_X, W_Y, W_XY). */
  unknowns: Float64Array;
  /** w per node (m), node ix + (nx + 1) iy. */
  deflection: Float64Array;
  /** Bending moments per unit width at each column's centre (N·m/m). */
  momentX: Float64Array;
  momentY: Float64Array;
  momentXY: Float64Array;
  /** max |w| over the nodes (m). */
  maxDeflection: number;
  /** Rigid-body modes the supports left free (removed by the best fit). */
  freeModes: number;
  linearSolve: PlateLinearSolveReport;
}

export function solveBending(problem: BendingProblem): BendingSolution {
  const { grid, section } = problem;
  const { nx, ny, nodesX, nodeCount } = gridSize(grid);
  const columns = nx * ny;
  for (const [name, field] of [['eigenCurvature', problem.eigenCurvature], ['transverseEigenCurvature', problem.transverseEigenCurvature], ['pressure', problem.pressure]] as const) {
    if (field instanceof Float64Array && field.length !== columns) throw new InvalidParametersError([{ path: name, message: `expected ${columns} values (one per column), got ${field.length}` }]);
  }
  const D = flexuralRigidity(section);
  const nu = section.poissonRatio;
  const supports = supportsOf(problem.supports);
  const settings = problem.linearSolver ?? DEFAULT_PLATE_LINEAR_SOLVER;
  const grids = settings.preconditioner === 'multigrid' ? gridHierarchy(grid) : [grid];
  const anchor = anchorNode(grids[grids.length - 1]!);
  const levels = grids.map((g) => bendingStiffness(g, D, nu, supports, anchor, problem.checkAbort));
  const K = levels[0]!.matrix;

  const f = new Float64Array(K.size);
  const xIntegrals = cellIntegrals(grid.xFaces);
  const yIntegrals = cellIntegrals(grid.yFaces);
  for (let iy = 0; iy < ny; iy++) {
    problem.checkAbort?.();
    for (let ix = 0; ix < nx; ix++) {
      const e = ix + nx * iy;
      const cx = xIntegrals[ix]!;
      const cy = yIntegrals[iy]!;
      const nodes = elementNodes(ix, iy, nodesX);
      const { x: mx, y: my } = eigenMoments(problem, e, D, nu);
      const q = typeof problem.pressure === 'number' ? problem.pressure : (problem.pressure?.[e] ?? 0);
      for (let p = 0; p < 4; p++) {
        for (let dof = 0; dof < DOFS; dof++) {
          const [i, j] = oneDimensional(p, dof);
          // Virtual work of the eigen-moments: ∫ (M*_x w_xx + M*_y w_yy) dA.
          const work = mx * cx.curvatureIntegral[i]! * cy.integral[j]! + my * cx.integral[i]! * cy.curvatureIntegral[j]!;
          f[nodes[p]! * DOFS + dof] += q * cx.integral[i]! * cy.integral[j]! - work;
        }
      }
    }
  }
  for (let i = 0; i < K.size; i++) if (K.fixed[i]) f[i] = 0;

  const unknowns = new Float64Array(K.size);
  const linearSolve = solvePlateSystem({ matrices: levels.map((l) => l.matrix), grids, interpolation: 'hermite', components: 1 }, f, unknowns, settings, problem.checkAbort);
  const modes = levels[0]!.freeModes;
  removeBestFitPlane(unknowns, grid, modes, problem.checkAbort);

  const deflection = new Float64Array(nodeCount);
  let maxDeflection = 0;
  for (let n = 0; n < nodeCount; n++) {
    deflection[n] = unknowns[n * DOFS + W]!;
    maxDeflection = Math.max(maxDeflection, Math.abs(deflection[n]!));
  }
  const momentX = new Float64Array(columns);
  const momentY = new Float64Array(columns);
  const momentXY = new Float64Array(columns);
  for (let iy = 0; iy < ny; iy++) {
    problem.checkAbort?.();
    for (let ix = 0; ix < nx; ix++) {
      const e = ix + nx * iy;
      const c = curvaturesAt({ grid, unknowns }, ix, iy, 0.5, 0.5);
      const star = eigenMoments(problem, e, D, nu);
      momentX[e] = -D * (c.wxx + nu * c.wyy) - star.x;
      momentY[e] = -D * (c.wyy + nu * c.wxx) - star.y;
      momentXY[e] = -D * (1 - nu) * c.wxy;
    }
  }
  return { grid, unknowns, deflection, momentX, momentY, momentXY, maxDeflection, freeModes: modes.length, linearSolve };
}

/** The eigen-moments of column e: D (1 + ν) κ* on both axes plus D (ν, 1) κ*_yy from the transverse part. */
function eigenMoments(problem: BendingProblem, e: number, D: number, nu: number): { x: number; y: number } {
  const isotropic = D * (1 + nu) * (problem.eigenCurvature?.[e] ?? 0);
  const transverse = D * (problem.transverseEigenCurvature?.[e] ?? 0);
  return { x: isotropic + nu * transverse, y: isotropic + transverse };
}

/**
 * The 1-D Hermite function indices along x and y of element unknown a = 4 p + dof, local node p
 * (0: x0y0, 1: x1y0, 2: x0y1, 3: x1y1): value or slope (dof bit 0 for x, bit 1 for y) at the node's end.
 */
const HERMITE_X = Int8Array.from({ length: 16 }, (_, a) => 2 * ((a >> 2) & 1) + (a & 1));
const HERMITE_Y = Int8Array.from({ length: 16 }, (_, a) => 2 * (a >> 3) + ((a >> 1) & 1));

function oneDimensional(p: number, dof: number): [number, number] {
  return [HERMITE_X[4 * p + dof]!, HERMITE_Y[4 * p + dof]!];
}

function cellIntegrals(faces: Float64Array): HermiteIntegrals[] {
  const out: HermiteIntegrals[] = [];
  for (let i = 0; i + 1 < faces.length; i++) out.push(hermiteIntegrals(faces[i + 1]! - faces[i]!));
  return out;
}

/** The stiffness matrix on `grid` with the supports and the rigid-body fixes at `anchor` applied. */
function bendingStiffness(grid: PlateGrid, D: number, nu: number, supports: PlateSupports, anchor: { x: number; y: number }, checkAbort?: AbortCheck): { matrix: NodeBlockMatrix; freeModes: Vector3[] } {
  const xIntegrals = cellIntegrals(grid.xFaces);
  const yIntegrals = cellIntegrals(grid.yFaces);
  const K = assembleOnGrid(grid, DOFS, (ix, iy, out) => elementStiffness(xIntegrals[ix]!, yIntegrals[iy]!, D, nu, out), checkAbort);
  const modes = applySupports(K, grid, supports, anchor);
  return { matrix: K, freeModes: modes };
}

/**
 * The 16×16 element stiffness as tensor products of the 1-D integrals:
 * D [∫w_xx² + ∫w_yy² + ν ∫(w_xx w_yy + w_yy w_xx) + 2 (1 − ν) ∫w_xy²].
 */
function elementStiffness(cx: HermiteIntegrals, cy: HermiteIntegrals, D: number, nu: number, out: Float64Array): void {
  for (let a = 0; a < 16; a++) {
    const i = HERMITE_X[a]!;
    const j = HERMITE_Y[a]!;
    for (let b = 0; b < 16; b++) {
      const k = HERMITE_X[b]!;
      const l = HERMITE_Y[b]!;
      const xx = cx.curvature[4 * i + k]! * cy.mass[4 * j + l]!;
      const yy = cx.mass[4 * i + k]! * cy.curvature[4 * j + l]!;
      const xy = cx.mixed[4 * i + k]! * cy.mixed[4 * l + j]! + cx.mixed[4 * k + i]! * cy.mixed[4 * j + l]!;
      const twist = cx.slope[4 * i + k]! * cy.slope[4 * j + l]!;
      out[16 * a + b] = D * (xx + yy + nu * xy + 2 * (1 - nu) * twist);
    }
  }
}

type NodalField = Pick<BendingSolution, 'grid' | 'unknowns'>;

/** Second derivatives of w at (ξ, η) ∈ [0, 1]² inside column (ix, iy). */
export function curvaturesAt(field: NodalField, ix: number, iy: number, xi: number, eta: number): { wxx: number; wyy: number; wxy: number } {
  const { grid, unknowns } = field;
  const hx = hermite(xi, grid.xFaces[ix + 1]! - grid.xFaces[ix]!);
  const hy = hermite(eta, grid.yFaces[iy + 1]! - grid.yFaces[iy]!);
  const nodes = elementNodes(ix, iy, grid.xFaces.length);
  let wxx = 0;
  let wyy = 0;
  let wxy = 0;
  for (let p = 0; p < 4; p++) {
    for (let dof = 0; dof < DOFS; dof++) {
      const [i, j] = oneDimensional(p, dof);
      const u = unknowns[nodes[p]! * DOFS + dof]!;
      wxx += u * hx.second[i]! * hy.value[j]!;
      wyy += u * hx.value[i]! * hy.second[j]!;
      wxy += u * hx.first[i]! * hy.first[j]!;
    }
  }
  return { wxx, wyy, wxy };
}

/** The deflection w(x, y) (m) of the finite-element field anywhere on the plate (in column ix, iy when known). */
export function deflectionAt(field: NodalField, x: number, y: number, ix = cellOf(field.grid.xFaces, x), iy = cellOf(field.grid.yFaces, y)): number {
  const { grid, unknowns } = field;
  const a = grid.xFaces[ix + 1]! - grid.xFaces[ix]!;
  const b = grid.yFaces[iy + 1]! - grid.yFaces[iy]!;
  const hx = hermite((x - grid.xFaces[ix]!) / a, a);
  const hy = hermite((y - grid.yFaces[iy]!) / b, b);
  const nodes = elementNodes(ix, iy, grid.xFaces.length);
  let w = 0;
  for (let p = 0; p < 4; p++) {
    for (let dof = 0; dof < DOFS; dof++) {
      const [i, j] = oneDimensional(p, dof);
      w += unknowns[nodes[p]! * DOFS + dof]! * hx.value[i]! * hy.value[j]!;
    }
  }
  return w;
}

function cellOf(faces: Float64Array, u: number): number {
  let i = 0;
  while (i < faces.length - 2 && u > faces[i + 1]!) i++;
  return i;
}

/** How a fixed unknown of a node at (x, y) sees the rigid modes w = a + b X + c Y. */
function modeRow(dof: number, x: number, y: number, frame: ModeFrame): Vector3 {
  if (dof === W) return [1, (x - frame.xc) / frame.scale, (y - frame.yc) / frame.scale];
  if (dof === W_X) return [0, 1 / frame.scale, 0];
  if (dof === W_Y) return [0, 0, 1 / frame.scale];
  return [0, 0, 0];
}

/** The unknowns each support fixes on an edge along x (normal y) or along y (normal x). */
function edgeDofs(support: EdgeSupport, edgeAlong: 'x' | 'y'): number[] {
  const tangential = edgeAlong === 'x' ? W_X : W_Y;
  const normal = edgeAlong === 'x' ? W_Y : W_X;
  if (support === 'clamped') return [W, W_X, W_Y, W_XY];
  if (support === 'simply_supported') return [W, tangential];
  if (support === 'symmetry') return [normal, W_XY];
  return [];
}

/** Fixes the unknowns of the supported edges, then enough at the anchor node; returns the free modes. */
function applySupports(K: NodeBlockMatrix, grid: PlateGrid, supports: PlateSupports, anchor: { x: number; y: number }): Vector3[] {
  const nodesX = grid.xFaces.length;
  const fixedDofs = supportedDofs(grid, supports, DOFS, edgeDofs);
  const centre = nearestFace(grid.xFaces, anchor.x) + nodesX * nearestFace(grid.yFaces, anchor.y);
  return fixSupports(K, grid, { fixedDofs, dofsPerNode: DOFS, modeRow, candidates: [W, W_X, W_Y].map((dof) => centre * DOFS + dof) });
}

/** Gauss–Legendre, 3 points on [0, 1]: exact to degree 5 (a bicubic w times a linear mode is degree 4 per axis). */
const FIT_POINTS = [0.5 - 0.5 * Math.sqrt(0.6), 0.5, 0.5 + 0.5 * Math.sqrt(0.6)];
const FIT_WEIGHTS = [5 / 18, 8 / 18, 5 / 18];

/** Subtracts the free rigid modes' best fit to w in the L² sense over the plate, ∫ (w − mode)² dA minimal. */
function removeBestFitPlane(unknowns: Float64Array, grid: PlateGrid, modes: Vector3[], checkAbort?: AbortCheck): void {
  removeFreeModes(unknowns, grid, { modes, dofs: [W, W_X, W_Y], dofsPerNode: DOFS, modeRow, checkAbort }, (fit, frame, { ix, iy, a, b }) => {
    for (let gy = 0; gy < 3; gy++) {
      for (let gx = 0; gx < 3; gx++) {
        const x = grid.xFaces[ix]! + a * FIT_POINTS[gx]!;
        const y = grid.yFaces[iy]! + b * FIT_POINTS[gy]!;
        const weight = a * b * FIT_WEIGHTS[gx]! * FIT_WEIGHTS[gy]!;
        addToFit(fit, weight, modeRow(W, x, y, frame), deflectionAt({ grid, unknowns }, x, y, ix, iy));
      }
    }
  });
}
