// What the melt-pool model will compute, decided before any mesh exists (shared with the estimate,
// which reports the expected run time from it): the analytic pool (Eagar–Tsai), the regime, the
// cell size at the track, the refined box around the track's last stretch, and the mesh's axes.
//
// The half plate y ≥ 0 is meshed (the track lies on the symmetry plane y = 0), z from the bottom face
// (0) to the irradiated top face (thickness). Cells of width h fill a box that holds the pool when
// the laser reaches the end of the track: along x the last `window` of the track (a few pool lengths,
// so the pool there has forgotten the start), across and in depth the Eagar–Tsai pool with a margin;
// outside it cells grow geometrically (at most `ratio` per cell) to the plate's faces.

import { eagarTsaiMeltPool } from '../analytic/eagar-tsai.js';
import { boilingTemperature, EVAPORATION_DATA, keyholeDepth, keyholeLinePower, keyholeShare, meanProperties, meltingRegime, propertiesAt, type MeltingRegime } from '../analytic/normalized-enthalpy.js';
import { joinAxes, refinedAxis, reversedAxis, uniformAxis, type AxisFaces } from '../../../thermal/mesh.js';
import type { EvaporationModel } from '../../../thermal/evaporation.js';
import type { MeltPoolCase, MeshPreset } from './parameters.js';

/** Cells per spot radius at the track, and the growth ratio away from it, per preset. */
export const MESH_PRESET_SIZES: Readonly<Record<MeshPreset, { cellsPerRadius: number; ratio: number }>> = {
  coarse: { cellsPerRadius: 6, ratio: 1.3 },
  default: { cellsPerRadius: 8, ratio: 1.25 },
  fine: { cellsPerRadius: 12, ratio: 1.2 },
};

/** Cell length along the track over cell size across it, in the refined box (at most r₀/3 long). */
export const X_ASPECT = 3;

/** Fraction of the explicit stability limit used. */
export const EXPLICIT_SAFETY = 0.9;

export interface MeltPoolPlan {
  absorbedPower: number;
  /** Plasma net power η U I (W), 0 without an arc. */
  plasmaPower: number;
  /** K: the pool outline (solidus) and the boiling point. */
  solidus: number;
  boiling: number | undefined;
  /** The evaporation loss of the surface, where the material's data are known. */
  evaporation?: EvaporationModel;
  enthalpy: ReturnType<typeof meltingRegime>;
  regime: MeltingRegime;
  /** Depth of the volumetric keyhole source (m), where it carries power (above the onset of boiling). */
  keyholeDepth?: number;
  /** The absorbed laser power on the surface (Gaussian) and in the keyhole (volumetric, over keyholeDepth), W. */
  laser: { surfacePower: number; volumePower: number };
  /** Eagar–Tsai conduction pool with the mean properties (m). */
  analytic: { width: number; depth: number; length: number };
  /** Cell size at the track across it and in depth, and along it (m). */
  h: number;
  hx: number;
  track: { start: number; end: number };
  /** The refined box: x range, y up to, z from (m). */
  refinedBox: { x0: number; x1: number; y1: number; z0: number };
  axes: { x: AxisFaces; y: AxisFaces; z: AxisFaces };
  cells: number;
  /** Laser on-time (s), the simulated time. */
  endTime: number;
  /** Explicit step estimate (s) with the liquid's enhanced conductivity. */
  dtEstimate: number;
  steps: number;
}

/** Faces over [min, max] with cells of h on [lo, hi] and growth by at most `ratio` outside. */
export function bandAxis(options: { min: number; max: number; lo: number; hi: number; h: number; ratio: number }): AxisFaces {
  const { min, max, h, ratio } = options;
  const lo = Math.max(min, options.lo);
  const hi = Math.min(max, options.hi);
  const parts: AxisFaces[] = [];
  // Below the band: the graded axis growing away from lo, mirrored about lo.
  if (lo > min + 1e-3 * h) parts.push(reversedAxis(refinedAxis({ from: lo - h, fineTo: lo, to: 2 * lo - min, fineWidth: h, ratio }).subarray(1), lo));
  parts.push(uniformAxis({ from: lo, to: hi, cells: Math.max(1, Math.round((hi - lo) / h)) }));
  if (hi < max - 1e-3 * h) parts.push(refinedAxis({ from: hi - h, fineTo: hi, to: max, fineWidth: h, ratio }).subarray(1));
  const faces = joinAxes(...parts);
  faces[0] = min;
  faces[faces.length - 1] = max;
  return faces;
}

/**
 * The Eagar–Tsai pool of the plan and the estimate: 1e-3 searches after a coarse scan along the track
 * (width and depth within 1e-3 of the default numerics, length within 1e-2; plan.test.ts).
 */
export const FAST_EAGAR_TSAI = { nodes: 240, searchTolerance: 1e-3, trackSamples: 40 };

/** `analytic` reuses the Eagar–Tsai pool of another plan of the same case (the estimate's mesh presets). */
export function planMeltPool(c: MeltPoolCase, reuse?: Pick<MeltPoolPlan, 'analytic'>): MeltPoolPlan {
  const { laser, plate, material } = c;
  const absorbedPower = laser.absorptivity * laser.power;
  const plasmaPower = c.plasma ? c.plasma.efficiency * c.plasma.voltage * c.plasma.current : 0;
  const properties = meanProperties(material, c.preheat);
  const boiling = boilingTemperature(material);
  const enthalpyInput = {
    absorbedPower,
    speed: laser.scanSpeed,
    radius: laser.spotRadius,
    properties,
    liquidProperties: propertiesAt(material, material.liquidus),
    meltingTemperature: material.solidus,
    liquidusTemperature: material.liquidus,
    boilingTemperature: boiling ?? 2 * material.liquidus,
    initialTemperature: c.preheat,
  };
  const enthalpy = meltingRegime(enthalpyInput);
  const analytic =
    reuse?.analytic ??
    eagarTsaiMeltPool({ power: absorbedPower, speed: laser.scanSpeed, sigma: laser.spotRadius / 2, ...properties, initialTemperature: c.preheat }, material.solidus, FAST_EAGAR_TSAI);
  // A keyhole is a vapour cavity: without a boiling point (a custom material) nothing evaporates in
  // the model, so the regime is reported but the source stays on the surface (the conduction problem
  // of the Eagar–Tsai verification, which is keyhole by ΔH/h_s).
  const ganDepth = boiling !== undefined ? Math.min(keyholeDepth(enthalpyInput), 0.9 * plate.thickness) : 0;
  const linePower = keyholeLinePower({ ...properties, boilingRise: (boiling ?? 2 * material.liquidus) - c.preheat, speed: laser.scanSpeed, radius: laser.spotRadius });
  const share = keyholeShare(enthalpy, { depth: ganDepth, linePower, absorbedPower });
  const depthKeyhole = share > 0 ? ganDepth : undefined;
  const preset = MESH_PRESET_SIZES[c.meshSize];
  const poolDepth = Math.max(analytic.depth, depthKeyhole ?? 0);
  const h = Math.min(laser.spotRadius / preset.cellsPerRadius, Math.max(poolDepth, laser.spotRadius / 4) / 4, plate.thickness / 4);
  // Along the track the pool is long and varies slowly (except at its front, whose width the spot
  // sets): cells there may be longer than across, which also relaxes the explicit step.
  const hx = Math.min(X_ASPECT * h, laser.spotRadius / 3);
  const start = 0.5 * (plate.length - laser.trackLength);
  const end = start + laser.trackLength;
  // The Marangoni factor widens and lengthens the pool beyond the conduction estimate: margins scale with it.
  const spread = Math.sqrt(c.marangoni.inPlane);
  const refinedBox = {
    x0: Math.max(0, end - Math.min(laser.trackLength, Math.max(1.5 * spread * analytic.length, 10 * laser.spotRadius))),
    x1: Math.min(plate.length, end + 1.5 * laser.spotRadius),
    y1: Math.min(plate.width / 2, Math.max(0.75 * spread * analytic.width, 1.5 * laser.spotRadius) + 2 * h),
    z0: Math.max(0, plate.thickness - Math.max(1.4 * Math.sqrt(c.marangoni.depth) * poolDepth, 0.5 * laser.spotRadius) - 2 * h),
  };
  const axes = {
    x: bandAxis({ min: 0, max: plate.length, lo: refinedBox.x0, hi: refinedBox.x1, h: hx, ratio: preset.ratio }),
    y: bandAxis({ min: 0, max: plate.width / 2, lo: 0, hi: refinedBox.y1, h, ratio: preset.ratio }),
    z: bandAxis({ min: 0, max: plate.thickness, lo: refinedBox.z0, hi: plate.thickness, h, ratio: preset.ratio }),
  };
  const cells = (axes.x.length - 1) * (axes.y.length - 1) * (axes.z.length - 1);
  const endTime = laser.trackLength / laser.scanSpeed;
  const rhoC = properties.density * properties.specificHeat;
  const kLiquid = material.conductivity(material.liquidus);
  const sumK = kLiquid * (c.marangoni.inPlane / (hx * hx) + c.marangoni.inPlane / (h * h) + c.marangoni.depth / (h * h));
  const dtEstimate = (EXPLICIT_SAFETY * rhoC) / (2 * sumK);
  const vapour = EVAPORATION_DATA[material.id];
  return {
    absorbedPower,
    plasmaPower,
    solidus: material.solidus,
    boiling,
    ...(vapour && boiling !== undefined ? { evaporation: { ...vapour, boilingTemperature: boiling } } : {}),
    enthalpy,
    regime: enthalpy.regime,
    ...(depthKeyhole !== undefined ? { keyholeDepth: depthKeyhole } : {}),
    laser: { surfacePower: (1 - share) * absorbedPower, volumePower: share * absorbedPower },
    analytic: { width: analytic.width, depth: analytic.depth, length: analytic.length },
    h,
    hx,
    track: { start, end },
    refinedBox,
    axes,
    cells,
    endTime,
    dtEstimate,
    steps: Math.ceil(endTime / dtEstimate),
  };
}
