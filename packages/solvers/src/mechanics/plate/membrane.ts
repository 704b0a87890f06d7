// In-plane (membrane) response of the plate, plane stress, with bilinear rectangles on the plate grid
// (unknowns u, v per node). The plate minimises
//   Π(u, v) = ½ ∫ (ε − εᵉ)ᵀ A (ε − εᵉ) dA,   ε = (u_x, v_y, u_y + v_x),
//   A = E h / (1 − ν²) [[1, ν, 0], [ν, 1, 0], [0, 0, (1 − ν)/2]],
// with εᵉ = (ε*, ε*, 0) the isotropic eigenstrain of each column (thermal: (1/h) ∫ α ΔT dz, or
// inherent). The membrane forces per unit width are N = A (ε − εᵉ), so Nx = E h/(1 − ν²) (ε_x + ν ε_y)
// − N* with the thermal membrane force N* = E h ε*/(1 − ν) = ∫ E α ΔT dz / (1 − ν); the mean stress
// through the thickness is N/h. Displacements converge as O(h²), forces as O(h) (O(h²) at the centres
// on smooth solutions). Integration is exact (tensor products of 1-D linear functions).
//
// Supports: clamped edge u = v = 0; symmetry: the normal displacement = 0; simply supported and free
// edges slide freely in the plane. Rigid-body modes left free are fixed and removed (rigid-body.ts).

import { InvalidParametersError } from '../../errors.js';
import type { PlateSection } from './bending.js';
import type { AbortCheck } from '../../run/types.js';
import { DEFAULT_PLATE_LINEAR_SOLVER, solvePlateSystem, type PlateLinearSolveReport, type PlateLinearSolverSettings } from './conjugate-gradient.js';
import { elementNodes, gridSize, nearestFace, supportedDofs, supportsOf, type EdgeSupport, type PlateGrid, type PlateSupports } from './grid.js';
import { gridHierarchy } from './multigrid.js';
import { assembleOnGrid, type NodeBlockMatrix } from './node-block-matrix.js';
import { addToFit, anchorNode, fixSupports, removeFreeModes, type ModeFrame, type Vector3 } from './rigid-body.js';

export const U = 0;
export const V = 1;
const DOFS = 2;

export interface MembraneProblem {
  grid: PlateGrid;
  section: PlateSection;
  supports: EdgeSupport | PlateSupports;
  /** ε* per column (isotropic in-plane eigenstrain), index ix + nx iy. */
  eigenStrain: Float64Array;
  /** A further eigenstrain across the weld only (ε*_yy per column): the transverse part of an anisotropic inherent strain. */
  transverseEigenStrain?: Float64Array;
  linearSolver?: PlateLinearSolverSettings;
  /** Polled between the levels' assembly and in every iteration of the linear solve. */
  checkAbort?: AbortCheck;
}

export interface MembraneSolution {
  grid: PlateGrid;
  /** u and v per node (m), node ix + (nx + 1) iy. */
  displacementX: Float64Array;
  displacementY: Float64Array;
  /** Membrane forces per unit width at each column's centre (N/m). */
  forceX: Float64Array;
  forceY: Float64Array;
  forceXY: Float64Array;
  /** Mean stresses through the thickness, N/h (Pa). */
  stressX: Float64Array;
  stressY: Float64Array;
  stressXY: Float64Array;
  freeModes: number;
  linearSolve: PlateLinearSolveReport;
}

interface Stiffness {
  /** E h / (1 − ν²), ν E h / (1 − ν²), E h / (2 (1 + ν)) */
  a11: number;
  a12: number;
  a33: number;
}

function membraneStiffness(section: PlateSection): Stiffness {
  const { youngsModulus: E, poissonRatio: nu, thickness: h } = section;
  const a11 = (E * h) / (1 - nu * nu);
  return { a11, a12: nu * a11, a33: (E * h) / (2 * (1 + nu)) };
}

export function solveMembrane(problem: MembraneProblem): MembraneSolution {
  const { grid, section, eigenStrain } = problem;
  const { nx, ny, nodesX, nodeCount } = gridSize(grid);
  const columns = nx * ny;
  if (eigenStrain.length !== columns) throw new InvalidParametersError([{ path: 'eigenStrain', message: `expected ${columns} values (one per column), got ${eigenStrain.length}` }]);
  const transverse = problem.transverseEigenStrain;
  if (transverse && transverse.length !== columns) throw new InvalidParametersError([{ path: 'transverseEigenStrain', message: `expected ${columns} values (one per column), got ${transverse.length}` }]);
  const stiffness = membraneStiffness(section);
  const supports = supportsOf(problem.supports);
  const settings = problem.linearSolver ?? DEFAULT_PLATE_LINEAR_SOLVER;
  const grids = settings.preconditioner === 'multigrid' ? gridHierarchy(grid) : [grid];
  const anchor = anchorNode(grids[grids.length - 1]!);
  const levels = grids.map((g) => assemble(g, stiffness, supports, anchor, problem.checkAbort));
  const K = levels[0]!.matrix;

  const nStar = (section.youngsModulus * section.thickness) / (1 - section.poissonRatio);
  const f = new Float64Array(K.size);
  for (let iy = 0; iy < ny; iy++) {
    problem.checkAbort?.();
    for (let ix = 0; ix < nx; ix++) {
      // Eigen-forces: N* (1, 1) isotropic plus (a12, a11) ε*_yy from the transverse part.
      const isotropic = nStar * eigenStrain[ix + nx * iy]!;
      const across = transverse?.[ix + nx * iy] ?? 0;
      const forceX = isotropic + stiffness.a12 * across;
      const forceY = isotropic + stiffness.a11 * across;
      if (forceX === 0 && forceY === 0) continue;
      const a = grid.xFaces[ix + 1]! - grid.xFaces[ix]!;
      const b = grid.yFaces[iy + 1]! - grid.yFaces[iy]!;
      const nodes = elementNodes(ix, iy, nodesX);
      for (let p = 0; p < 4; p++) {
        const sx = p & 1 ? 1 : -1;
        const sy = p >> 1 ? 1 : -1;
        // N*_x ∫ ∂N_p/∂x dA and N*_y ∫ ∂N_p/∂y dA for the bilinear N_p.
        f[nodes[p]! * DOFS + U] += forceX * sx * 0.5 * b;
        f[nodes[p]! * DOFS + V] += forceY * sy * 0.5 * a;
      }
    }
  }
  for (let i = 0; i < K.size; i++) if (K.fixed[i]) f[i] = 0;

  const unknowns = new Float64Array(K.size);
  const linearSolve = solvePlateSystem({ matrices: levels.map((l) => l.matrix), grids, interpolation: 'linear', components: 2 }, f, unknowns, settings, problem.checkAbort);
  const modes = levels[0]!.freeModes;
  removeRigidFit(unknowns, grid, modes, problem.checkAbort);

  const displacementX = new Float64Array(nodeCount);
  const displacementY = new Float64Array(nodeCount);
  for (let n = 0; n < nodeCount; n++) {
    displacementX[n] = unknowns[n * DOFS + U]!;
    displacementY[n] = unknowns[n * DOFS + V]!;
  }
  const forceX = new Float64Array(columns);
  const forceY = new Float64Array(columns);
  const forceXY = new Float64Array(columns);
  for (let iy = 0; iy < ny; iy++) {
    problem.checkAbort?.();
    for (let ix = 0; ix < nx; ix++) {
      const e = ix + nx * iy;
      const a = grid.xFaces[ix + 1]! - grid.xFaces[ix]!;
      const b = grid.yFaces[iy + 1]! - grid.yFaces[iy]!;
      const [n00, n10, n01, n11] = elementNodes(ix, iy, nodesX);
      const u = (n: number) => unknowns[n * DOFS + U]!;
      const v = (n: number) => unknowns[n * DOFS + V]!;
      // Strains at the centre of the rectangle.
      const ex = (u(n10) + u(n11) - u(n00) - u(n01)) / (2 * a);
      const ey = (v(n01) + v(n11) - v(n00) - v(n10)) / (2 * b);
      const gxy = (u(n01) + u(n11) - u(n00) - u(n10)) / (2 * b) + (v(n10) + v(n11) - v(n00) - v(n01)) / (2 * a);
      const star = nStar * eigenStrain[e]!;
      const across = transverse?.[e] ?? 0;
      forceX[e] = stiffness.a11 * ex + stiffness.a12 * ey - star - stiffness.a12 * across;
      forceY[e] = stiffness.a12 * ex + stiffness.a11 * ey - star - stiffness.a11 * across;
      forceXY[e] = stiffness.a33 * gxy;
    }
  }
  const h = section.thickness;
  const perThickness = (force: Float64Array) => force.map((value) => value / h);
  return {
    grid,
    displacementX,
    displacementY,
    forceX,
    forceY,
    forceXY,
    stressX: perThickness(forceX),
    stressY: perThickness(forceY),
    stressXY: perThickness(forceXY),
    freeModes: modes.length,
    linearSolve,
  };
}

/**
 * The 8×8 stiffness of an a×b rectangle from the 1-D integrals of the linear functions L0 = 1 − ξ,
 * L1 = ξ: ∫L_i L_k = a/6 [[2, 1], [1, 2]], ∫L_i' L_k' = 1/a [[1, −1], [−1, 1]], ∫L_i' L_k = ½ [[−1, −1], [1, 1]].
 */
function elementStiffness(a: number, b: number, s: Stiffness, out: Float64Array): void {
  const mass = (length: number, i: number, k: number) => (length / 6) * (i === k ? 2 : 1);
  const slope = (length: number, i: number, k: number) => (i === k ? 1 : -1) / length;
  const mixed = (i: number) => (i === 0 ? -0.5 : 0.5);
  for (let p = 0; p < 4; p++) {
    const [i, j] = [p & 1, p >> 1];
    for (let q = 0; q < 4; q++) {
      const [k, l] = [q & 1, q >> 1];
      const xx = slope(a, i, k) * mass(b, j, l);
      const yy = mass(a, i, k) * slope(b, j, l);
      // ∫ ∂N_p/∂x ∂N_q/∂y and ∫ ∂N_p/∂y ∂N_q/∂x
      const xy = mixed(i) * mixed(l);
      const yx = mixed(j) * mixed(k);
      out[(2 * p + U) * 8 + 2 * q + U] = s.a11 * xx + s.a33 * yy;
      out[(2 * p + V) * 8 + 2 * q + V] = s.a11 * yy + s.a33 * xx;
      out[(2 * p + U) * 8 + 2 * q + V] = s.a12 * xy + s.a33 * yx;
      out[(2 * p + V) * 8 + 2 * q + U] = s.a12 * yx + s.a33 * xy;
    }
  }
}

function assemble(grid: PlateGrid, stiffness: Stiffness, supports: PlateSupports, anchor: { x: number; y: number }, checkAbort?: AbortCheck): { matrix: NodeBlockMatrix; freeModes: Vector3[] } {
  const K = assembleOnGrid(grid, DOFS, (ix, iy, out) => elementStiffness(grid.xFaces[ix + 1]! - grid.xFaces[ix]!, grid.yFaces[iy + 1]! - grid.yFaces[iy]!, stiffness, out), checkAbort);
  return { matrix: K, freeModes: applySupports(K, grid, supports, anchor) };
}

/** How a fixed unknown at (x, y) sees the rigid modes u = a − c Y, v = b + c X. */
function modeRow(dof: number, x: number, y: number, frame: ModeFrame): Vector3 {
  return dof === U ? [1, 0, -(y - frame.yc) / frame.scale] : [0, 1, (x - frame.xc) / frame.scale];
}

function applySupports(K: NodeBlockMatrix, grid: PlateGrid, supports: PlateSupports, anchor: { x: number; y: number }): Vector3[] {
  const nodesX = grid.xFaces.length;
  const nodesY = grid.yFaces.length;
  // An edge along y has the normal x (u), one along x the normal y (v).
  const fixedDofs = supportedDofs(grid, supports, DOFS, (support, edgeAlong) => (support === 'clamped' ? [U, V] : support === 'symmetry' ? [edgeAlong === 'y' ? U : V] : []));

  const ax = nearestFace(grid.xFaces, anchor.x);
  const ay = nearestFace(grid.yFaces, anchor.y);
  const candidates = [(ax + nodesX * ay) * DOFS + U, (ax + nodesX * ay) * DOFS + V, (nodesX - 1 + nodesX * ay) * DOFS + V, (ax + nodesX * (nodesY - 1)) * DOFS + U];
  return fixSupports(K, grid, { fixedDofs, dofsPerNode: DOFS, modeRow, candidates });
}

/** Gauss–Legendre, 2 points on [0, 1]: exact to degree 3 (a bilinear field times a linear mode is degree 2 per axis). */
const FIT_POINTS = [0.5 - 0.5 / Math.sqrt(3), 0.5 + 0.5 / Math.sqrt(3)];

/** Subtracts the free rigid modes' best fit to (u, v) in the L² sense over the plate. */
function removeRigidFit(unknowns: Float64Array, grid: PlateGrid, modes: Vector3[], checkAbort?: AbortCheck): void {
  const nodesX = grid.xFaces.length;
  removeFreeModes(unknowns, grid, { modes, dofs: [U, V], dofsPerNode: DOFS, modeRow, checkAbort }, (fit, frame, { ix, iy, a, b }) => {
    const nodes = elementNodes(ix, iy, nodesX);
    for (const eta of FIT_POINTS) {
      for (const xi of FIT_POINTS) {
        const shape = [(1 - xi) * (1 - eta), xi * (1 - eta), (1 - xi) * eta, xi * eta];
        const [x, y] = [grid.xFaces[ix]! + a * xi, grid.yFaces[iy]! + b * eta];
        const weight = 0.25 * a * b;
        for (const dof of [U, V]) {
          let value = 0;
          for (let p = 0; p < 4; p++) value += shape[p]! * unknowns[nodes[p]! * DOFS + dof]!;
          addToFit(fit, weight, modeRow(dof, x, y, frame), value);
        }
      }
    }
  });
}
