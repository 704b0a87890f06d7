// The transverse (across-the-weld) eigenstrain of the plate model: exact states of a free plate, and
// the transverse inherent strain of the restrained bar's yielded band.
import { describe, expect, it } from 'vitest';
import { uniformAxis } from '../../thermal/mesh.js';
import { curvaturesAt, solveBending, type PlateSection } from './bending.js';
import { inherentStrain, transverseInherentStrain, type InherentStrainModel } from './inherent-strain.js';
import { solveMembrane } from './membrane.js';
import { angularDistortion, membraneShrinkage } from './plate.js';

const section: PlateSection = { youngsModulus: 210e9, poissonRatio: 0.3, thickness: 0.01 };
const grid = { xFaces: uniformAxis({ from: 0, to: 0.3, cells: 12 }), yFaces: uniformAxis({ from: -0.1, to: 0.1, cells: 10 }) };
const columns = 12 * 10;
const solver = { linearSolver: { preconditioner: 'multigrid' as const, tolerance: 1e-12 } };

describe('transverse eigenstrain on a free plate', () => {
  it('a uniform transverse eigencurvature bends the plate about x only, stress-free: w_yy = −κ, angle −κ B / 2', () => {
    const kappa = 0.02;
    const bending = solveBending({ grid, section, supports: 'free', transverseEigenCurvature: new Float64Array(columns).fill(kappa), ...solver });
    // κ* > 0 is convex towards +z: the cylinder w = −κ y²/2 is compatible, no moment anywhere (the
    // Hermite element holds it exactly).
    const c = curvaturesAt(bending, 5, 4, 0.3, 0.7);
    expect(c.wyy).toBeCloseTo(-kappa, 9);
    expect(c.wxx).toBeCloseTo(0, 9);
    const scale = (section.youngsModulus * section.thickness ** 3 * kappa) / 12;
    for (const m of [...bending.momentX, ...bending.momentY]) expect(Math.abs(m) / scale).toBeLessThan(1e-8);
    // Each wing drops by κ (B/2)²/2 over B/2: slope −κ B/4, two wings.
    expect(angularDistortion(bending, { weldLineY: 0, supports: 'free' })).toBeCloseTo((-kappa * 0.2) / 2, 10);
  });

  it('a uniform transverse eigenstrain shortens the plate across only, stress-free', () => {
    const strain = -0.001;
    const membrane = solveMembrane({ grid, section, supports: 'free', eigenStrain: new Float64Array(columns), transverseEigenStrain: new Float64Array(columns).fill(strain), ...solver });
    const shrinkage = membraneShrinkage(membrane, 'free');
    expect(shrinkage.transverse).toBeCloseTo(-strain * 0.2, 12);
    expect(shrinkage.longitudinal).toBeCloseTo(0, 12);
    const scale = section.youngsModulus * section.thickness * Math.abs(strain);
    for (const n of [...membrane.forceX, ...membrane.forceY, ...membrane.forceXY]) expect(Math.abs(n) / scale).toBeLessThan(1e-8);
  });
});

describe('a band of transverse eigenstrain along the weld (free plate, uniform along x)', () => {
  // κ*_yy = κ0 and ε*_yy = ε0 on the columns |y| < 20 mm, 0 outside: compatible states (functions of
  // y only), so the plate stays stress-free, w'' = −κ*_yy and v' = ε*_yy exactly (the Hermite and
  // bilinear elements hold the piecewise quadratic w and piecewise linear v).
  const yFaces = uniformAxis({ from: -0.1, to: 0.1, cells: 40 });
  const bandGrid = { xFaces: grid.xFaces, yFaces };
  const bandOf = (value: number) => {
    const out = new Float64Array(12 * 40);
    for (let iy = 0; iy < 40; iy++) {
      const yc = 0.5 * (yFaces[iy]! + yFaces[iy + 1]!);
      if (Math.abs(yc) < 0.02) for (let ix = 0; ix < 12; ix++) out[ix + 12 * iy] = value;
    }
    return out;
  };
  it('bends the wings by the chord angle of w = −∫∫κ*: φ = −2 κ0 (b²/2 + b (B/2 − b)) / (B/2), b = 20 mm', () => {
    const kappa = 0.5;
    const bending = solveBending({ grid: bandGrid, section, supports: 'free', transverseEigenCurvature: bandOf(kappa), ...solver });
    const [b, half] = [0.02, 0.1];
    const expected = (-2 * kappa * (b ** 2 / 2 + b * (half - b))) / half;
    expect(angularDistortion(bending, { weldLineY: 0, supports: 'free' }) / expected - 1).toBeCloseTo(0, 8);
  });

  it('shortens the plate across by −∫ε*_yy dy and not along it', () => {
    const strain = -0.01;
    const membrane = solveMembrane({ grid: bandGrid, section, supports: 'free', eigenStrain: new Float64Array(12 * 40), transverseEigenStrain: bandOf(strain), ...solver });
    const shrinkage = membraneShrinkage(membrane, 'free');
    expect(shrinkage.transverse / (-strain * 0.04) - 1).toBeCloseTo(0, 8);
    expect(Math.abs(shrinkage.longitudinal)).toBeLessThan(1e-12);
  });
});

describe('transverse inherent strain', () => {
  const model: InherentStrainModel = { youngsModulus: 210e9, expansionCoefficient: 1.4e-5, yieldStress: 355e6, mechanicalMeltingTemperature: 1073.15, referenceTemperature: 293.15 };
  const onset = 293.15 + 355e6 / 210e9 / 1.4e-5; // ≈ 414 K
  it('is zero where the bar stays elastic and brings the total to the capped thermal strain where it yielded', () => {
    expect(transverseInherentStrain(onset - 1, model)).toBe(0);
    for (const peak of [onset + 1, 600, 900, 1073.15, 1800]) {
      const total = inherentStrain(peak, model) + transverseInherentStrain(peak, model);
      expect(total).toBeCloseTo(-1.4e-5 * (Math.min(peak, 1073.15) - 293.15), 15);
      expect(transverseInherentStrain(peak, model)).toBeLessThanOrEqual(0);
    }
    expect(transverseInherentStrain(900, { ...model, restraint: 0 })).toBe(0);
  });
});
