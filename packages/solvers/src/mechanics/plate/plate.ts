// The plate model's entry points. A field on the thermal core's structured grid is integrated through
// the thickness into an eigenstrain per (x, y) column (through-thickness.ts), which loads the
// Kirchhoff bending problem (bending.ts) and the plane-stress membrane problem (membrane.ts); both are
// linear and uncoupled (small deflections of a flat plate, loads referred to its mid-plane).
//   thermalPlateResponse:     the elastic response to a temperature field at one time, θ = α (T − T0).
//   residualPlateDistortion:  the residual shape from a peak-temperature field, θ = ε*(T_peak)
//                             (inherent-strain.ts), with the welding measures.
// Conventions: z is through the thickness, w along +z; the weld (or track) runs along x.

import { solveBending, deflectionAt, W_Y, type BendingSolution, type PlateSection } from './bending.js';
import type { PlateLinearSolverSettings } from './conjugate-gradient.js';
import { nodeWeights, supportsOf, type EdgeSupport, type PlateGrid, type PlateSupports } from './grid.js';
import { inherentStrain, transverseInherentStrain, validateInherentStrainModel, type InherentStrainModel } from './inherent-strain.js';
import { solveMembrane, type MembraneSolution } from './membrane.js';
import { integrateThroughThickness, plateThicknessOf, type CellField, type PlateThickness } from './through-thickness.js';
import { InvalidParametersError } from '../../errors.js';
import type { AbortCheck } from '../../run/types.js';

export interface PlateMaterial {
  youngsModulus: number;
  poissonRatio: number;
  /** Secant thermal expansion coefficient (1/K). */
  expansionCoefficient: number;
}

export interface PlateOptions {
  supports: EdgeSupport | PlateSupports;
  /** Mid-plane and thickness; by default the grid's z extent. */
  thickness?: Partial<PlateThickness>;
  linearSolver?: PlateLinearSolverSettings;
  /** Polled through the bending and membrane solves (each up to seconds on a fine grid). */
  checkAbort?: AbortCheck;
}

export interface PlateLoads {
  /** ε* and κ* per column (ix + nx iy). */
  membraneStrain: Float64Array;
  curvature: Float64Array;
  /** N_T = E h ε* / (1 − ν) (N/m) and M_T = D (1 + ν) κ* (N·m/m) per column. */
  membraneForce: Float64Array;
  moment: Float64Array;
}

export interface PlateResponse {
  grid: PlateGrid;
  thickness: PlateThickness;
  loads: PlateLoads;
  bending: BendingSolution;
  membrane: MembraneSolution;
  /** w per node (m), node ix + (nx + 1) iy; and max |w|. */
  deflection: Float64Array;
  maxDeflection: number;
  /** Shortening along x (the weld) and across it, positive when the plate shrinks (m). */
  longitudinalShrinkage: number;
  transverseShrinkage: number;
}

export interface ThermalPlateInput extends PlateOptions {
  /** Temperature per cell (K). */
  temperature: CellField;
  /** Stress-free temperature (K). */
  referenceTemperature: number;
  material: PlateMaterial;
}

export function thermalPlateResponse(input: ThermalPlateInput): PlateResponse {
  const { temperature, material, referenceTemperature } = input;
  validateMaterial(material);
  const theta = new Float64Array(temperature.values.length);
  for (let i = 0; i < theta.length; i++) theta[i] = material.expansionCoefficient * (temperature.values[i]! - referenceTemperature);
  return plateResponse(temperature, theta, input);
}

export interface ResidualPlateInput extends PlateOptions {
  /** Peak temperature per cell over the whole thermal history (K). */
  peakTemperature: CellField;
  material: PlateMaterial & Pick<InherentStrainModel, 'yieldStress' | 'mechanicalMeltingTemperature' | 'restraint'>;
  referenceTemperature: number;
  /** The weld line y (m), for the angular distortion; along x. */
  weldLineY?: number;
  /** Add the transverse shrinkage of the band that yielded (inherent-strain.ts, transverseInherentStrain). */
  transverseShrinkage?: boolean;
}

export interface ResidualPlateResponse extends PlateResponse {
  /** Rotation between the two wings about the weld line (rad), when weldLineY is given. */
  angularDistortion?: number;
}

export function residualPlateDistortion(input: ResidualPlateInput): ResidualPlateResponse {
  const { peakTemperature, material, referenceTemperature } = input;
  validateMaterial(material);
  const model: InherentStrainModel = { ...material, referenceTemperature };
  validateInherentStrainModel(model);
  const theta = new Float64Array(peakTemperature.values.length);
  for (let i = 0; i < theta.length; i++) theta[i] = inherentStrain(peakTemperature.values[i]!, model);
  let transverse: Float64Array | undefined;
  if (input.transverseShrinkage) {
    input.checkAbort?.();
    transverse = new Float64Array(theta.length);
    for (let i = 0; i < transverse.length; i++) transverse[i] = transverseInherentStrain(peakTemperature.values[i]!, model);
  }
  const response = plateResponse(peakTemperature, theta, input, transverse);
  if (input.weldLineY === undefined) return response;
  return { ...response, angularDistortion: angularDistortion(response.bending, { weldLineY: input.weldLineY, supports: input.supports }) };
}

function validateMaterial(material: PlateMaterial): void {
  const issues: { path: string; message: string }[] = [];
  if (!(material.youngsModulus > 0)) issues.push({ path: 'material.youngsModulus', message: 'must be positive' });
  if (!(material.poissonRatio > -1 && material.poissonRatio < 0.5)) issues.push({ path: 'material.poissonRatio', message: 'must lie in (−1, 0.5)' });
  if (!(material.expansionCoefficient >= 0)) issues.push({ path: 'material.expansionCoefficient', message: 'must be zero or positive' });
  if (issues.length > 0) throw new InvalidParametersError(issues);
}

/** `transverse`: a further eigenstrain across the weld (y) only, per cell, integrated like θ. */
function plateResponse(field: CellField, theta: Float64Array, options: PlateOptions & { material: PlateMaterial }, transverse?: Float64Array): PlateResponse {
  const { material } = options;
  const { checkAbort } = options;
  const thickness = plateThicknessOf(field, options.thickness);
  checkAbort?.();
  const columns = integrateThroughThickness(field, theta, thickness);
  checkAbort?.();
  const across = transverse ? integrateThroughThickness(field, transverse, thickness) : undefined;
  const section: PlateSection = { youngsModulus: material.youngsModulus, poissonRatio: material.poissonRatio, thickness: thickness.thickness };
  const solver = { ...(options.linearSolver ? { linearSolver: options.linearSolver } : {}), ...(options.checkAbort ? { checkAbort: options.checkAbort } : {}) };
  const bending = solveBending({ grid: columns.grid, section, supports: options.supports, eigenCurvature: columns.curvature, ...(across ? { transverseEigenCurvature: across.curvature } : {}), ...solver });
  const membrane = solveMembrane({ grid: columns.grid, section, supports: options.supports, eigenStrain: columns.membraneStrain, ...(across ? { transverseEigenStrain: across.membraneStrain } : {}), ...solver });
  const { youngsModulus: E, poissonRatio: nu } = material;
  const h = thickness.thickness;
  const loads: PlateLoads = {
    membraneStrain: columns.membraneStrain,
    curvature: columns.curvature,
    membraneForce: columns.membraneStrain.map((e) => (E * h * e) / (1 - nu)),
    moment: columns.curvature.map((k) => (E * h ** 3 * k) / (12 * (1 - nu))),
  };
  const shrinkage = membraneShrinkage(membrane, options.supports);
  return {
    grid: columns.grid,
    thickness,
    loads,
    bending,
    membrane,
    deflection: bending.deflection,
    maxDeflection: bending.maxDeflection,
    longitudinalShrinkage: shrinkage.longitudinal,
    transverseShrinkage: shrinkage.transverse,
  };
}

/**
 * Shrinkage of the plate: the change of its length along x averaged over its width,
 * δ_L = −(1/B) ∫ [u(x_max, y) − u(x_min, y)] dy, and across, δ_T = −(1/L) ∫ [v(x, y_max) − v(x, y_min)] dx
 * (nodal trapezoid rule, exact for the bilinear field). Doubled along an axis that ends on a symmetry
 * edge (the model is half of the plate). By the virtual work of the uniform strain states, δ_L =
 * ∫∫ ε* dA / B for a free plate: the tendon-force shrinkage.
 */
export function membraneShrinkage(membrane: MembraneSolution, supports: EdgeSupport | PlateSupports): { longitudinal: number; transverse: number } {
  const { grid, displacementX: u, displacementY: v } = membrane;
  const s = supportsOf(supports);
  const nodesX = grid.xFaces.length;
  const nodesY = grid.yFaces.length;
  const wx = nodeWeights(grid.xFaces);
  const wy = nodeWeights(grid.yFaces);
  let longitudinal = 0;
  let width = 0;
  for (let iy = 0; iy < nodesY; iy++) {
    longitudinal -= wy[iy]! * (u[nodesX - 1 + nodesX * iy]! - u[nodesX * iy]!);
    width += wy[iy]!;
  }
  let transverse = 0;
  let length = 0;
  for (let ix = 0; ix < nodesX; ix++) {
    transverse -= wx[ix]! * (v[ix + nodesX * (nodesY - 1)]! - v[ix]!);
    length += wx[ix]!;
  }
  const mirroredX = s.xMin === 'symmetry' || s.xMax === 'symmetry' ? 2 : 1;
  const mirroredY = s.yMin === 'symmetry' || s.yMax === 'symmetry' ? 2 : 1;
  return { longitudinal: (mirroredX * longitudinal) / width, transverse: (mirroredY * transverse) / length };
}

/**
 * Angular distortion about a weld line along x at y = weldLineY: the rotation of each plate edge
 * relative to the weld line, as the chord slopes ψ± = (w(x, y±) − w(x, y_w)) / |y± − y_w| of the two
 * wings (y± the plate edges), summed, φ = ψ+ + ψ−, and averaged along x (trapezoid rule over the
 * nodes). Positive when the wings rise towards +z (the usual V towards the weld face, heated from +z).
 * Independent of rigid-body motion. A weld on a symmetry edge stands for two mirrored wings: φ = 2ψ;
 * a weld on another edge has one wing, measured against the plate's slope at the weld: φ = ψ − w_n.
 */
export function angularDistortion(bending: BendingSolution, options: { weldLineY: number; supports: EdgeSupport | PlateSupports }): number {
  const { grid } = bending;
  const s = supportsOf(options.supports);
  const y0 = grid.yFaces[0]!;
  const y1 = grid.yFaces[grid.yFaces.length - 1]!;
  const yw = options.weldLineY;
  if (!(yw >= y0 && yw <= y1)) throw new InvalidParametersError([{ path: 'weldLineY', message: `the weld line must lie on the plate (${y0} … ${y1} m)` }]);
  const tolerance = 1e-9 * (y1 - y0);
  const onMin = yw - y0 <= tolerance;
  const onMax = y1 - yw <= tolerance;
  const wx = nodeWeights(grid.xFaces);
  let sum = 0;
  let length = 0;
  for (let ix = 0; ix < grid.xFaces.length; ix++) {
    const x = grid.xFaces[ix]!;
    const ww = deflectionAt(bending, x, yw);
    const wing = (edge: number) => (deflectionAt(bending, x, edge) - ww) / Math.abs(edge - yw);
    let phi: number;
    if (!onMin && !onMax) phi = wing(y1) + wing(y0);
    else {
      const far = onMin ? y1 : y0;
      const mirrored = onMin ? s.yMin === 'symmetry' : s.yMax === 'symmetry';
      const edgeNode = ix + grid.xFaces.length * (onMin ? 0 : grid.yFaces.length - 1);
      const outwardSlope = (onMin ? 1 : -1) * bending.unknowns[4 * edgeNode + W_Y]!;
      phi = mirrored ? 2 * wing(far) : wing(far) - outwardSlope;
    }
    sum += wx[ix]! * phi;
    length += wx[ix]!;
  }
  return sum / length;
}
