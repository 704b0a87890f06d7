// Finnie's erosion (erosion.ts) against the closed form of OpenFOAM's ParticleErosion with its
// defaults ψ = 2, K = 2 and no c: Q = M V²/(4 p) · f(α).

import { describe, expect, it } from 'vitest';
import { finnieAngleFunction, finnieVolumePerMass } from './erosion.js';

describe('Finnie erosion', () => {
  it('removes M V²/(4 p) · (1/3) cos²α above tan α = 1/3 (45°: M V²/(24 p))', () => {
    // 100 m/s on a 1 GPa target: 1e4 / 24e9 m³ per kg.
    expect(finnieVolumePerMass({ speed: 100, angle: Math.PI / 4, flowStress: 1e9 })).toBeCloseTo(1e4 / 24e9, 20);
    expect(finnieVolumePerMass({ speed: 100, angle: Math.PI / 2, flowStress: 1e9 })).toBeCloseTo(0, 20);
  });

  it('is continuous where the branches meet (tan α = 1/3: f = 0.3) and peaks at α = ½ atan(2/3)', () => {
    const switchAngle = Math.atan(1 / 3);
    expect(finnieAngleFunction(switchAngle * (1 - 1e-12))).toBeCloseTo(0.3, 10);
    expect(finnieAngleFunction(switchAngle * (1 + 1e-12))).toBeCloseTo(0.3, 10);
    // df/dα = 2 cos 2α − 3 sin 2α = 0 on the low-angle branch.
    const peak = 0.5 * Math.atan(2 / 3);
    const f = finnieAngleFunction(peak);
    for (const delta of [-1e-3, 1e-3, -0.1, 0.1, 0.3]) expect(finnieAngleFunction(peak + delta)).toBeLessThan(f);
    expect(f).toBeCloseTo(Math.sin(2 * peak) - 3 * Math.sin(peak) ** 2, 14);
  });
});
