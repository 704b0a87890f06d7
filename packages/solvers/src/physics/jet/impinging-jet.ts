// A turbulent jet from a round (axisymmetric) or slot (planar) nozzle impinging on a flat plate, as
// a flow case: x runs along the jet axis from the nozzle exit (x = 0) to the plate (x = H), y is the
// radius (or the distance from the slot's mid-plane) out to the domain edge.
//
//   xmin  nozzle exit: inlet (fully developed turbulent profile, 1/7 power law, I and ℓ = 0.07 D)
//         for y ≤ D/2, an entrainment opening at ambient pressure and the jet temperature beyond
//   xmax  the plate: wall at the surface temperature
//   ymin  the jet axis (or mid-plane): symmetry
//   ymax  the domain edge: opening where the wall jet leaves
//
// The grid is graded to a wall cell of `wallCell` (y⁺ ≈ 1) at the plate, refined across the nozzle's
// shear layer at y = D/2, and coarsens geometrically elsewhere (growth ratio ≤ `ratio`).

import { joinAxes, reversedAxis, uniformAxis, type AxisFaces } from '../../thermal/mesh.js';
import type { FlowCase, FlowFluid, FlowNumerics } from './case.js';
import type { SstProduction } from './sst.js';

export interface ImpingingJetOptions {
  nozzle: 'round' | 'slot';
  /** Nozzle diameter, or slot width (m). */
  diameter: number;
  /** Nozzle-to-plate distance H (m). */
  distance: number;
  /** Domain edge, from the axis (m). */
  domainRadius: number;
  reynoldsNumber: number;
  fluid: FlowFluid;
  /** K */
  jetTemperature: number;
  surfaceTemperature: number;
  /** Turbulence intensity of the jet (default 0.16 Re^(−1/8), fully developed pipe flow). */
  intensity?: number;
  /** Mesh: wall cell height, the largest cell and the growth ratio, all relative to D (defaults 5e-4, 0.15, 1.12). */
  mesh?: { wallCell?: number; shearLayerCell?: number; largestCell?: number; ratio?: number };
  numerics?: FlowCase['numerics'];
  /** SST production term (default 'strain'). */
  production?: SstProduction;
}

/**
 * Faces from `from` to `to` starting with cells of `first` at `from` that grow by `ratio` up to
 * `largest` and then stay that wide; the last cell absorbs the remainder (between ½ and 1½ widths).
 */
export function growingAxis(options: { from: number; to: number; first: number; ratio: number; largest: number }): AxisFaces {
  const { from, to, first, ratio, largest } = options;
  const faces = [from];
  let width = first;
  while (faces[faces.length - 1]! + width < to - 0.5 * width) {
    faces.push(faces[faces.length - 1]! + width);
    width = Math.min(width * ratio, largest);
  }
  faces.push(to);
  return Float64Array.from(faces);
}

export function impingingJetCase(options: ImpingingJetOptions): FlowCase {
  const { diameter: D, distance: H, domainRadius: R, fluid } = options;
  const wallCell = (options.mesh?.wallCell ?? 5e-4) * D;
  const shearCell = (options.mesh?.shearLayerCell ?? 0.02) * D;
  const largest = (options.mesh?.largestCell ?? 0.15) * D;
  const ratio = options.mesh?.ratio ?? 1.12;
  const velocity = (options.reynoldsNumber * fluid.viscosity) / (fluid.density * D);
  const intensity = options.intensity ?? 0.16 * options.reynoldsNumber ** -0.125;

  // Axial: fine at the plate, growing towards the nozzle.
  const axial = reversedAxis(growingAxis({ from: 0, to: H, first: wallCell, ratio, largest: Math.min(largest, 0.08 * D) }), H / 2);
  // Radial: uniform across the shear layer around D/2, growing towards the axis and the edge.
  const lip = D / 2;
  const band = 0.15 * D;
  const inner = reversedAxis(growingAxis({ from: 0, to: lip - band, first: shearCell, ratio, largest: 0.05 * D }), (lip - band) / 2);
  // An even number of cells puts a face on the nozzle lip.
  const shear = uniformAxis({ from: lip - band, to: lip + band, cells: 2 * Math.max(1, Math.round(band / shearCell)) });
  const outer = growingAxis({ from: lip + band, to: R, first: shearCell, ratio, largest });
  const radial = joinAxes(inner, shear, outer);

  const numerics: FlowCase['numerics'] = {
    tolerance: 1e-5,
    maxIterations: 6000,
    relaxation: { velocity: 0.7, turbulence: 0.7 } satisfies Partial<FlowNumerics['relaxation']>,
    ...options.numerics,
  };
  return {
    grid: { geometry: options.nozzle === 'round' ? 'axisymmetric' : 'planar', xFaces: axial, yFaces: radial },
    fluid,
    boundaries: {
      xmin: [
        {
          from: 0,
          to: lip,
          condition: {
            kind: 'inlet',
            velocity: { profile: 'power-law', mean: velocity, exponent: 7, peakAt: 'from' },
            temperature: options.jetTemperature,
            turbulence: { intensity, lengthScale: 0.07 * D },
          },
        },
        { from: lip, to: R, condition: { kind: 'opening', pressure: 0, temperature: options.jetTemperature } },
      ],
      xmax: { kind: 'wall', thermal: { kind: 'temperature', value: options.surfaceTemperature } },
      ymin: { kind: 'symmetry' },
      ymax: { kind: 'opening', pressure: 0, temperature: options.jetTemperature },
    },
    turbulence: { model: 'sst', production: options.production ?? 'strain' },
    reference: { length: D, velocity, temperature: options.jetTemperature, pressure: 0 },
    numerics,
  };
}
