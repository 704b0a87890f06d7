// Welding distortion (simulations.md, cwm "Distortion: inherent-strain plate model driven by the
// peak-temperature field"): after the thermal run, the peak temperature of every cell gives an
// inherent (plastic) strain by the restrained-bar model (Ueda & Yuan 1993, mechanics/plate/
// inherent-strain.ts), which is integrated through the thickness of the base plate into an inherent
// shrinkage and curvature per (x, y) column and loads a free Kirchhoff plate with its plane-stress
// membrane (mechanics/plate). Out come the angular distortion about the weld line, the longitudinal
// shrinkage and the residual deflection shape. The welding run reports the model with the transverse
// shrinkage of the band that yielded (`transverseShrinkage`): the isotropic bar alone, capped at the
// yield strain, bends the plate only at the edge of the plastic zone.
//
// The plate: one flat layer of the section, the one that carries the weld line's base. The rule, the
// same for the parametric joints and for drawn sections: the widest base-metal part (its y extent;
// a tie goes to the lower one) sets the layer's z range [z0, z1]; every base-metal part lying within
// that z range belongs to the plate, whose y range is their union. So the butt joints' two plates form
// one plate (the whole section; a half section meshed over y ≥ 0 is the half plate with a symmetry
// edge at y = 0), and the flange of a T-joint or tee, the lower plate of a lap joint, the horizontal
// plate of a corner joint and the base plate under a pipe stub are the plate. The cells above or
// beside it — the web, the upright plate, the upper lap plate, the pipe wall, and the fillet beads on
// top of the plate — are left out (their stiffness and their own shrinkage are ignored); deposited
// groove beads inside the layer are plate material; bead not deposited (later passes) is not.
// Simplification: with the web's stiffness ignored the flange bends freely, so for T-joints (and the
// other joints with an attached member) the angular distortion is an upper bound.
//
// Supports: free (the part lies unclamped), the deflection measured from its best-fit plane. The
// stress-free reference is the preheat temperature (the inherent strain is α (T_peak − T_preheat)
// above the onset of yield); the uniform contraction from preheat to room temperature is not included.
// Sign of the angular distortion: positive when the plate edges rise towards the torch side (the
// usual V opening towards the weld face); the torch side is where the torch axis comes from (+z for
// every parametric joint's first pass).

import { inherentStrain, transverseInherentStrain, type InherentStrainModel } from '../../../mechanics/plate/inherent-strain.js';
import { residualPlateDistortion, type CellField, type EdgeSupport, type PlateSupports, type ResidualPlateResponse } from '../../../mechanics/plate/index.js';
import type { SolidMechanicalProperties } from '../../../materials/solids/index.js';
import type { AbortCheck } from '../../../run/types.js';
import { CELL_SOLID, type StructuredMesh } from '../../../thermal/index.js';
import type { CrossSection } from '../geometry/joints.js';
import { boundingBox } from '../geometry/polygon.js';
import { fullWidth } from './frames.js';

/** Two coordinates closer than this (m) are the same in the plate selection. */
const SAME = 1e-7;

/** The base plate in the section: its extent and which of `section.plates` it is made of. */
export interface BasePlate {
  yMin: number;
  yMax: number;
  zMin: number;
  zMax: number;
  /** Indices into section.plates. */
  parts: number[];
}

/** The layer that carries the weld (see the header for the rule). */
export function basePlate(section: Pick<CrossSection, 'plates'>): BasePlate {
  const boxes = section.plates.map((p) => boundingBox([p]));
  let widest = 0;
  boxes.forEach((b, i) => {
    const w = b.yMax - b.yMin;
    const best = boxes[widest]!;
    const wBest = best.yMax - best.yMin;
    if (w > wBest + SAME || (Math.abs(w - wBest) <= SAME && b.zMin < best.zMin - SAME)) widest = i;
  });
  const { zMin, zMax } = boxes[widest]!;
  const parts = boxes.flatMap((b, i) => (b.zMin >= zMin - SAME && b.zMax <= zMax + SAME ? [i] : []));
  return {
    yMin: Math.min(...parts.map((i) => boxes[i]!.yMin)),
    yMax: Math.max(...parts.map((i) => boxes[i]!.yMax)),
    zMin,
    zMax,
    parts,
  };
}

export interface WeldingDistortionInput {
  mesh: StructuredMesh;
  /** Peak temperature per mesh cell (K). */
  peak: ArrayLike<number>;
  plate: BasePlate;
  /** Half section y ≥ 0 with the symmetry plane y = 0 (the weld line on it). */
  symmetric: boolean;
  weldLineY: number;
  /** +1 when the torch is on the +z side of the plate, −1 below it. */
  torchSide: number;
  material: SolidMechanicalProperties;
  /** The stress-free temperature: the preheat (K). */
  referenceTemperature: number;
  /** Add the transverse shrinkage of the yielded band (mechanics/plate/inherent-strain.ts). */
  transverseShrinkage?: boolean;
  /** Polled through the plate solves. */
  checkAbort?: AbortCheck;
}

export interface WeldingDistortion {
  /** The plate as meshed: the mesh faces nearest to its extent. */
  xFaces: Float64Array;
  yFaces: Float64Array;
  zMin: number;
  zMax: number;
  /** Rotation of the plate edges about the weld line, positive towards the torch side (rad); undefined when the weld line is off the plate. */
  angularDistortion?: number;
  longitudinalShrinkage: number;
  transverseShrinkage: number;
  maxDeflection: number;
  /** w along +z (m) per plate node, node ix + (nx + 1) iy (the meshed half for a half section). */
  deflection: Float64Array;
  linearIterations: number;
}

/** The index of the face nearest to u. */
function nearest(faces: Float64Array, u: number): number {
  let best = 0;
  for (let i = 1; i < faces.length; i++) if (Math.abs(faces[i]! - u) < Math.abs(faces[best]! - u)) best = i;
  return best;
}

/** The plate's block of the mesh: all x, the columns over its y range, the cells of its layer (face indices). */
function plateBlock(input: Pick<WeldingDistortionInput, 'mesh' | 'plate' | 'symmetric'>): { iy0: number; iy1: number; iz0: number; iz1: number } {
  const { mesh, plate, symmetric } = input;
  return {
    iy0: nearest(mesh.yFaces, symmetric ? Math.max(0, plate.yMin) : plate.yMin),
    iy1: nearest(mesh.yFaces, plate.yMax),
    iz0: nearest(mesh.zFaces, plate.zMin),
    iz1: nearest(mesh.zFaces, plate.zMax),
  };
}

/** The residual distortion of the base plate from the peak temperatures (see the header). */
export function weldingDistortion(input: WeldingDistortionInput): WeldingDistortion {
  const { mesh, symmetric } = input;
  const { iy0, iy1, iz0, iz1 } = plateBlock(input);
  const [nx, ny, nz] = [mesh.nx, iy1 - iy0, iz1 - iz0];
  const values = new Float64Array(nx * ny * nz);
  const solid = new Uint8Array(nx * ny * nz);
  input.checkAbort?.();
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const cell = mesh.index(i, iy0 + j, iz0 + k);
        const at = i + nx * (j + ny * k);
        values[at] = input.peak[cell]!;
        solid[at] = mesh.mask[cell] === CELL_SOLID ? 1 : 0;
      }
  const xFaces = mesh.xFaces;
  const yFaces = mesh.yFaces.slice(iy0, iy1 + 1);
  const zMin = mesh.zFaces[iz0]!;
  const zMax = mesh.zFaces[iz1]!;
  const peakTemperature: CellField = { xFaces, yFaces, zFaces: mesh.zFaces.slice(iz0, iz1 + 1), values, solid };
  const free: EdgeSupport = 'free';
  const supports: PlateSupports = { xMin: free, xMax: free, yMin: symmetric ? 'symmetry' : free, yMax: free };
  const weldOnPlate = input.weldLineY >= yFaces[0]! - SAME && input.weldLineY <= yFaces[ny]! + SAME;
  const weldLineY = Math.min(yFaces[ny]!, Math.max(yFaces[0]!, input.weldLineY));
  const { youngsModulus, poissonRatio, expansionCoefficient, yieldStress, mechanicalMeltingTemperature } = input.material;
  input.checkAbort?.();
  const response: ResidualPlateResponse = residualPlateDistortion({
    peakTemperature,
    referenceTemperature: input.referenceTemperature,
    material: { youngsModulus, poissonRatio, expansionCoefficient, yieldStress, mechanicalMeltingTemperature },
    supports,
    thickness: { midplaneZ: 0.5 * (zMin + zMax), thickness: zMax - zMin },
    ...(weldOnPlate ? { weldLineY } : {}),
    ...(input.transverseShrinkage ? { transverseShrinkage: true } : {}),
    ...(input.checkAbort ? { checkAbort: input.checkAbort } : {}),
  });
  return {
    xFaces,
    yFaces,
    zMin,
    zMax,
    ...(response.angularDistortion !== undefined ? { angularDistortion: input.torchSide * response.angularDistortion } : {}),
    longitudinalShrinkage: response.longitudinalShrinkage,
    transverseShrinkage: response.transverseShrinkage,
    maxDeflection: response.maxDeflection,
    deflection: response.deflection,
    linearIterations: response.bending.linearSolve.iterations + response.membrane.linearSolve.iterations,
  };
}

/** The transverse shrinkage of each layer of the plate and the hinge rotation it implies. */
export interface TransverseShrinkageProfile {
  /** Layer centres (m), bottom to top, and their thicknesses. */
  z: Float64Array;
  dz: Float64Array;
  /** S(z) = −(1/L) ∫∫ ε*_yy dx dy over the layer (m, positive when it shrinks), the full width. */
  shrinkage: Float64Array;
  /** (12/h³) ∫ S (z − z_mid) dz along +z (rad): the angle of a narrow band on a wide free plate. */
  hingeAngle: number;
}

/**
 * Why a weld bends the plate, layer by layer: the free transverse shrinkage each layer of the plate
 * would have on its own, from the same inherent strain as the reported model (isotropic bar plus the
 * transverse part of the yielded band). A free plate shrinks across by the thickness mean of S(z) (the
 * membrane identity δ_T = −∫∫ ε*_yy dA / L) and turns about the weld by the first moment of S(z):
 * for a band narrow against the plate width the wings' chord angle is −∫ κ*_yy dy = (12/h³) ∫ S (z −
 * z_mid) dz (the band solution in transverse.test.ts with b → 0). A uniform S(z) — a plate heated
 * through, its peak field the same at every depth — leaves no angle in this model.
 */
export function transverseShrinkageProfile(input: WeldingDistortionInput): TransverseShrinkageProfile {
  const { mesh } = input;
  const { iy0, iy1, iz0, iz1 } = plateBlock(input);
  const model: InherentStrainModel = { ...input.material, referenceTemperature: input.referenceTemperature };
  const nz = iz1 - iz0;
  const z = new Float64Array(nz);
  const dz = new Float64Array(nz);
  const shrinkage = new Float64Array(nz);
  const length = mesh.xFaces[mesh.nx]! - mesh.xFaces[0]!;
  const mirror = input.symmetric ? 2 : 1;
  for (let k = 0; k < nz; k++) {
    z[k] = mesh.zc[iz0 + k]!;
    dz[k] = mesh.zFaces[iz0 + k + 1]! - mesh.zFaces[iz0 + k]!;
    let integral = 0;
    for (let j = iy0; j < iy1; j++)
      for (let i = 0; i < mesh.nx; i++) {
        const cell = mesh.index(i, j, iz0 + k);
        if (mesh.mask[cell] !== CELL_SOLID) continue;
        const peak = input.peak[cell]!;
        integral += (inherentStrain(peak, model) + transverseInherentStrain(peak, model)) * (mesh.xFaces[i + 1]! - mesh.xFaces[i]!) * (mesh.yFaces[j + 1]! - mesh.yFaces[j]!);
      }
    shrinkage[k] = (-mirror * integral) / length;
  }
  const zMin = mesh.zFaces[iz0]!;
  const h = mesh.zFaces[iz1]! - zMin;
  const mid = zMin + h / 2;
  let moment = 0;
  for (let k = 0; k < nz; k++) moment += shrinkage[k]! * (z[k]! - mid) * dz[k]!;
  return { z, dz, shrinkage, hingeAngle: (12 * moment) / h ** 3 };
}

/** The deflection on the full width: [x, y] node values (x outer), a half plate mirrored about y = 0. */
export function deflectionOnFullWidth(d: Pick<WeldingDistortion, 'xFaces' | 'yFaces' | 'deflection'>, mirrored: boolean): { x: number[]; y: number[]; values: number[] } {
  const nodesX = d.xFaces.length;
  const nodesY = d.yFaces.length;
  // Mirrored: the nodes at y > 0 reflected, then the meshed ones (y = 0 once).
  const width = fullWidth(d.yFaces, mirrored);
  const columns = mirrored ? width.source.filter((iy, k) => !(k < nodesY && iy === 0)) : width.source;
  const y = mirrored ? width.y.filter((_, k) => !(k < nodesY && width.source[k] === 0)) : width.y;
  const values: number[] = [];
  for (let ix = 0; ix < nodesX; ix++) for (const iy of columns) values.push(d.deflection[ix + nodesX * iy]!);
  return { x: Array.from(d.xFaces), y, values };
}

/**
 * The peak temperature of every cell after each pass: the running maximum of the passes' own peak
 * fields. The restrained bar's inherent strain depends only on the hottest temperature a cell has
 * seen, so the distortion after pass k is the plate's response to the peaks up to its end.
 */
export function peaksAfterEachPass(passPeaks: readonly ArrayLike<number>[], checkAbort?: AbortCheck): Float64Array[] {
  const out: Float64Array[] = [];
  for (const peak of passPeaks) {
    checkAbort?.();
    const running = Float64Array.from(peak);
    const before = out[out.length - 1];
    if (before) for (let i = 0; i < running.length; i++) if (before[i]! > running[i]!) running[i] = before[i]!;
    out.push(running);
  }
  return out;
}
