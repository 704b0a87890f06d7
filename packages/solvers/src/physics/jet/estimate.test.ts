// The jet run-time estimate against measured CPU seconds of the presets (bench/jet-defaults.ts). The band
// is the spread of the measurement itself: the default ridge on blocked cells took 40 s of CPU in one
// measurement and 49.7 s in another (same grid, same 1 754 iterations; the shared
// machine's load), a ratio of 1.24, so an estimate within a factor 1.3 of each measured preset is as good
// as one measurement predicts another.

import { describe, expect, it } from 'vitest';
import { estimateJet, expectedJetRuntime, jetCellCount } from './estimate.js';
import { MAX_OUTER_ITERATIONS } from './impinging-jet.js';
import { jetDefaults, readJetCase, type JetType } from './model/parameters.js';

const MEASURED: readonly { type: JetType; mesh: 'coarse' | 'default' | 'fine'; cells: number; cpuSeconds: number }[] = [
  // Turbulent, at 0.9 / 0.8 under-relaxation, one run each on a quiet 2-core machine (480 / 776 / 710
  // iterations flat, 602 / 971 / 871 on the ridge's σ grid; cells on σ are the reference axes' nx × ny).
  { type: 'JET_IMPINGING_SURFACE', mesh: 'coarse', cells: 2400, cpuSeconds: 2.6 },
  { type: 'JET_IMPINGING_SURFACE', mesh: 'default', cells: 5332, cpuSeconds: 6.9 },
  { type: 'JET_IMPINGING_SURFACE', mesh: 'fine', cells: 12_093, cpuSeconds: 12.4 },
  { type: 'JET_IMPINGING_RIDGE', mesh: 'coarse', cells: 2976, cpuSeconds: 3.4 },
  { type: 'JET_IMPINGING_RIDGE', mesh: 'default', cells: 9176, cpuSeconds: 15.5 },
  { type: 'JET_IMPINGING_RIDGE', mesh: 'fine', cells: 22_446, cpuSeconds: 40.0 },
];

describe('expected run time of the jet types', () => {
  it.each(MEASURED)('$type $mesh: within a factor 1.3 of the measured $cpuSeconds s', ({ type, mesh, cells, cpuSeconds }) => {
    const jet = readJetCase(type, { ...jetDefaults(type), mesh_size: mesh });
    expect(jetCellCount(jet)).toBe(cells);
    const ratio = expectedJetRuntime(jet) / cpuSeconds;
    expect(ratio).toBeGreaterThan(1 / 1.3);
    expect(ratio).toBeLessThan(1.3);
  });
});

describe('a wider domain adds slow outer flow', () => {
  const ridge = (domain_radius: number, mesh_size = 'default') => readJetCase('JET_IMPINGING_RIDGE', { ...jetDefaults('JET_IMPINGING_RIDGE'), domain_radius, mesh_size });

  it('plans more iterations per cell beyond the presets\' 8 D (measured coarse, 32 D: flat 860 against 480 at 8 D)', () => {
    const perCell = (jet: ReturnType<typeof ridge>) => expectedJetRuntime(jet) / jetCellCount(jet);
    const [near, far] = [ridge(0.16), ridge(0.64)];
    // (N_far / N_near)^¼ from the cells, × 4^¼ from the domain.
    expect(perCell(far) / perCell(near)).toBeCloseTo((jetCellCount(far) / jetCellCount(near)) ** 0.25 * 4 ** 0.25, 6);
  });

  it('a 10 m domain on the fine mesh is planned at the iteration limit, not extrapolated below it', () => {
    const jet = ridge(10, 'fine');
    expect(expectedJetRuntime(jet)).toBeCloseTo(1.72e-6 * jetCellCount(jet) * MAX_OUTER_ITERATIONS, 6);
  });
});

describe('the estimate of a ridge says which grid the simulation gives it', () => {
  const ridge = (apexDegrees: number) =>
    estimateJet(readJetCase('JET_IMPINGING_RIDGE', { ...jetDefaults('JET_IMPINGING_RIDGE'), ridge: { height: 0.01, apex_angle: (apexDegrees * Math.PI) / 180 } })).results['ridge_grid']!;

  it('the default 90° apex and a 50° one: the terrain-following grid; a 40° apex (70° faces): the staircase, and why', () => {
    expect(ridge(90).value).toBe('terrain-following, faces wall-resolved');
    expect(ridge(50).value).toBe('terrain-following, faces wall-resolved');
    expect(ridge(40).value).toBe('staircase, faces under-resolved');
    expect(ridge(40).label).toContain('(a face is steeper (70.0°) than 65°; the terrain-following grid takes faces up to 65°)');
  });

  it('a flat-plate case has no such line', () => {
    expect(estimateJet(readJetCase('JET_IMPINGING_SURFACE', jetDefaults('JET_IMPINGING_SURFACE'))).results['ridge_grid']).toBeUndefined();
  });
});
