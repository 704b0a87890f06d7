// Welding distortion against the empirical shrinkage relation, and why a 5 mm single-V heated through
// hardly turns (docs/physics/welding.md, "Distortion"; docs/adr/0023).
//
// Spraragen & Ettinger's transverse shrinkage of a butt weld, S ≈ 0.2 A_w / t + 0.05 d (A_w the weld
// area, t the thickness, d the root opening), is the form quoted by Blodgett (1966) [RECALLED: the
// book was not read]. Read in two secondary sources only: a fabrication guide citing the Lincoln
// Procedure Handbook (the same form, 0.2 and 0.05) and a contractor's method statement citing
// Blodgett that writes 0.1 A_w / t but tabulates values that grow as 0.2 A_w / t (single bevel 10 →
// 32 mm: +2.16 mm tabulated, +2.17 mm by 0.2 ΔA_w/t). Band: a factor 2 either way, the spread between
// the two written coefficients; the original data and their scatter were not available.
// The relation is a mean over the thickness: it gives no angle (docs/physics/welding.md, "Distortion").

import { describe, expect, it } from 'vitest';
import { parameterDefaults, solve } from '../../../run/solve.js';
import { CELL_SOLID, StructuredMesh, uniformAxis } from '../../../thermal/index.js';
import { transverseShrinkageProfile, weldingDistortion } from './distortion.js';

/** Spraragen & Ettinger (m): A_w (m²), t, d (m); the coefficients are for lengths in any one unit. */
const spraragenEttinger = (area: number, thickness: number, gap: number) => (0.2 * area) / thickness + 0.05 * gap;

const runCoarse = (type: 'BUTT_WELD' | 'SQUARE_BUTT_WELD', geometry: Record<string, number> = {}, process: Record<string, number> = {}) => {
  const parameters = parameterDefaults(type) as Record<string, unknown> & { geometry: Record<string, number>; process: Record<string, number> };
  parameters.mesh_size = 'coarse';
  Object.assign(parameters.geometry, geometry);
  Object.assign(parameters.process, process);
  return { geometry: parameters.geometry, result: solve({ type, parameters }) };
};

/** The log's through-thickness line: mean and spread of the layers' transverse shrinkage. */
const profileOf = (log: { level: string; message: string }[]) => {
  const line = log.find((l) => l.message.startsWith('transverse shrinkage through the thickness'))!.message;
  const [, mean, spread] = /mean ([\d.]+) mm, spread ([\d.e+-]+) %/.exec(line)!;
  const hinge = /hinge angle from it ([\d.e+-]+) mrad/.exec(line)![1]!;
  const reported = /transverse ([\d.]+) mm \(isotropic/.exec(log.find((l) => l.message.startsWith('distortion ('))!.message)![1]!;
  return { mean: Number(mean) / 1000, spread: Number(spread) / 100, reported: Number(reported) / 1000, hinge: Number(hinge) / 1000 };
};

/** Weld area of a single-V: the root opening times the thickness plus the two bevels over the depth t − f. */
const singleVArea = (g: Record<string, number>) => g.gap! * g.thickness! + (g.thickness! - g.root_face!) ** 2 * Math.tan(g.groove_angle! / 2);
const squareButtArea = (g: Record<string, number>) => g.gap! * g.thickness!;

/**
 * Awaits the run and checks its layers' mean shrinkage: it is the membrane's (δ_T = −∫∫ ε*_yy dA / L;
 * 4-digit log rounding) and within the factor-2 band of Spraragen & Ettinger for the weld's area.
 */
async function withinBand(run: ReturnType<typeof runCoarse>, area: (g: Record<string, number>) => number) {
  const r = await run.result;
  const g = run.geometry;
  const empirical = spraragenEttinger(area(g), g.thickness!, g.gap!);
  const p = profileOf(r.log);
  expect(Math.abs(p.mean - p.reported)).toBeLessThan(1e-7);
  expect(p.mean / empirical).toBeGreaterThan(0.5);
  expect(p.mean / empirical).toBeLessThan(2);
  return { r, p };
}

describe('transverse shrinkage of the butt welds against Spraragen & Ettinger (coarse mesh, factor 2)', () => {
  it('single-V 12 mm (the default, the front layer of a 12 mm procedure): within the band, and shrinking more at the weld face', async () => {
    // 20.8 mm² → 0.346 mm; measured 0.480 mm, +39 %.
    const { r, p } = await withinBand(runCoarse('BUTT_WELD'), singleVArea);
    // Measured spread 7.9 %: the 6 mm land below the groove stays cooler; the wings rise (3.62 mrad).
    expect(p.spread).toBeGreaterThan(0.01);
    expect(Number(r.summary.angular_distortion!.value)).toBeGreaterThan(0);
    expect(r.log.some((l) => l.level === 'warn' && l.message.includes('heated through'))).toBe(false);
  }, 60_000);

  it('single-V 5 mm (gap 1 mm, land 2 mm, one pass at 0.8 kJ/mm): within the band, and heated through', async () => {
    // 10.2 mm² → 0.458 mm; measured 0.541 mm, +18 %.
    const { r, p } = await withinBand(runCoarse('BUTT_WELD', { thickness: 0.005, gap: 0.001, root_face: 0.002 }, { voltage: 25, current: 200, travel_speed: 0.005 }), singleVArea);
    // Why the angle is ~0: every layer shrinks alike (measured spread 0.03 % coarse, 0.05 % default).
    expect(p.spread).toBeLessThan(0.01);
    expect(r.log).toEqual(expect.arrayContaining([expect.objectContaining({ level: 'warn', message: expect.stringMatching(/^angular_distortion .*: the plate is heated through/) })]));
    expect(r.summary.angular_distortion!.label).toMatch(/the plate is heated through/);
  }, 60_000);

  it('square butt 10 mm, gap 1 mm: within the band, and shrinking more at the weld face', async () => {
    // 0.25 mm; measured 0.340 mm, +36 %.
    const { r, p } = await withinBand(runCoarse('SQUARE_BUTT_WELD'), squareButtArea);
    expect(p.spread).toBeGreaterThan(0.01); // measured 7 %: not heated through, the wings rise
    // The angle is the first moment of the layers' shrinkage: the chord angle of the plate is the
    // narrow-band hinge angle times about 1 − b/B (transverse.test.ts, the band solution), b the
    // half-width over which S varies with depth (the zone above 800 °C and its edge, under 20 mm of
    // the 151 mm plate): 0.85 to 1. Measured 2.80 / 2.91 mrad (0.96).
    const angle = Number(r.summary.angular_distortion!.value);
    expect(angle).toBeGreaterThan(0);
    expect(angle / p.hinge).toBeGreaterThan(0.85);
    expect(angle / p.hinge).toBeLessThan(1.0);
    expect(r.log.some((l) => l.level === 'warn' && l.message.includes('heated through'))).toBe(false);
  }, 60_000);
});

describe('transverseShrinkageProfile on a given peak field', () => {
  // A free plate 10 mm thick, a weld band hotter on top: the layers' mean shrinkage is the membrane
  // solution's transverse shrinkage (virtual work of the uniform transverse strain state), to the
  // solver tolerance.
  const T0 = 293.15;
  const steel = { youngsModulus: 210e9, poissonRatio: 0.3, expansionCoefficient: 12e-6, yieldStress: 355e6, mechanicalMeltingTemperature: 1073.15 };
  const h = 0.01;
  const mesh = new StructuredMesh(uniformAxis({ from: 0, to: 0.2, cells: 10 }), uniformAxis({ from: 0, to: 0.1, cells: 25 }), uniformAxis({ from: 0, to: h, cells: 5 }));
  const peak = new Float64Array(mesh.cellCount);
  for (let k = 0; k < mesh.nz; k++)
    for (let j = 0; j < mesh.ny; j++)
      for (let i = 0; i < mesh.nx; i++) {
        mesh.mask[mesh.index(i, j, k)] = CELL_SOLID;
        peak[mesh.index(i, j, k)] = T0 + 1500 * Math.exp(-((mesh.yc[j]! / 0.01) ** 2)) * (0.5 + (0.5 * mesh.zc[k]!) / h);
      }
  const input = { mesh, peak, plate: { yMin: 0, yMax: 0.1, zMin: 0, zMax: h, parts: [0] }, symmetric: true, weldLineY: 0, torchSide: 1, material: steel, referenceTemperature: T0 };

  it('its thickness mean is the plate’s transverse shrinkage; the top shrinks more and the hinge angle is positive', () => {
    const profile = transverseShrinkageProfile(input);
    const d = weldingDistortion({ ...input, transverseShrinkage: true });
    const mean = profile.shrinkage.reduce((sum, s, k) => sum + s * profile.dz[k]!, 0) / h;
    expect(Math.abs(mean / d.transverseShrinkage - 1)).toBeLessThan(1e-6);
    expect(profile.shrinkage[4]!).toBeGreaterThan(profile.shrinkage[0]!);
    expect(profile.hingeAngle).toBeGreaterThan(0);
    expect(d.angularDistortion!).toBeGreaterThan(0);
  });
});
