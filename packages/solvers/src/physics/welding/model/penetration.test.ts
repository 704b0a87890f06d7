// Penetration is read the way the fusion width is: the solidus crossing interpolated between cell
// centres (measure.ts, penetrationDepth), not at the face of the deepest fused cell. A bead on a
// thick plate (SQUARE_BUTT_WELD with zero gap: no bead) has Rosenthal's axisymmetric field about the
// weld line, so its fusion depth equals its fusion half-width (Rosenthal 1946: T depends on ξ and
// R = √(ξ² + y² + z²) only). Constant properties k 30, ρ 7850, c 600, no latent heat, no surface
// losses: Rosenthal's fusion half-width at 1500 °C is 4.716 mm (analytic/rosenthal.ts). Read at the
// cell faces the depth was 3.875 mm on the coarse mesh (small source) and exactly 4.000 mm on the
// default mesh (derived source), while the interpolated width was 4.66 and 4.26 mm.

import { describe, expect, it } from 'vitest';
import { solve } from '../../../run/solve.js';
import { thickPlateFusionHalfWidth } from '../analytic/rosenthal.js';
import { ROSENTHAL_BEAD, ROSENTHAL_SOLIDUS, rosenthalBeadOnPlate } from '../../../../test/rosenthal-bead.js';
import { penetrationDepth } from './measure.js';
import { StructuredMesh } from '../../../thermal/index.js';

const beadOnPlate = rosenthalBeadOnPlate;
const rosenthalDepth = thickPlateFusionHalfWidth(ROSENTHAL_BEAD, ROSENTHAL_SOLIDUS);

describe('penetration depth: interpolated like the width', () => {
  it('a small source on the coarse mesh: depth within 3 % of Rosenthal and equal to the half-width', async () => {
    const result = await solve({ type: 'SQUARE_BUTT_WELD', parameters: beadOnPlate('coarse', { mode: 'explicit', a_f: 0.001, a_r: 0.001, b: 0.001, c: 0.001 }) });
    const depth = Number(result.summary.penetration_depth!.value);
    const halfWidth = Number(result.summary.fusion_zone_width!.value) / 2;
    // The spec's tolerance for the fusion width against Rosenthal (3 %); measured 4.664 mm (−1.1 %).
    expect(rosenthalDepth).toBeCloseTo(0.004716, 5);
    expect(Math.abs(depth / rosenthalDepth - 1)).toBeLessThan(0.03);
    // Both read by linear interpolation between cell centres of the same graded mesh.
    expect(Math.abs(depth / halfWidth - 1)).toBeLessThan(0.01);
  }, 30_000);

  it('the derived source on the default mesh: depth equal to the half-width, not a cell face', async () => {
    const result = await solve({ type: 'SQUARE_BUTT_WELD', parameters: beadOnPlate('default', { mode: 'derived' }) });
    const depth = Number(result.summary.penetration_depth!.value);
    const halfWidth = Number(result.summary.fusion_zone_width!.value) / 2;
    expect(Math.abs(depth / halfWidth - 1)).toBeLessThan(0.01);
  }, 30_000);

  it('interpolates between a fused cell and its unfused neighbour along the axis; stops at a face without metal', () => {
    // Three cells of 1 mm down from the surface (z 3 → 0), the torch pointing down from z = 3 mm.
    const mesh = new StructuredMesh(Float64Array.from([0, 1]), Float64Array.from([0, 0.001]), Float64Array.from([0, 0.001, 0.002, 0.003]));
    const plan = { axis: [0, -1] as [number, number], centre: [0.0005, 0.003] as [number, number] };
    // Peaks 2000, 1750, 1600 K from the top: the solidus 1700 K is crossed a third of the way from the
    // centre at 1.5 mm depth to the one at 2.5 mm.
    const peaks = [1600, 1750, 2000];
    expect(penetrationDepth(mesh, plan, (_, iz) => peaks[iz]!, 1700)).toBeCloseTo(0.0015 + 0.001 / 3, 12);
    // The bottom cell is not metal: the fused middle cell ends at its face, 2 mm deep.
    expect(penetrationDepth(mesh, plan, (_, iz) => (iz === 0 ? Number.NaN : peaks[iz]!), 1700)).toBeCloseTo(0.002, 12);
    // The middle cell is the pass's own bead, laid down molten: fused to its lower face at least.
    expect(penetrationDepth(mesh, plan, (_, iz) => peaks[iz]!, 1700, (_, iz) => iz === 1)).toBeCloseTo(0.002, 12);
    // Everything fused down to the bottom face: the full 3 mm.
    expect(penetrationDepth(mesh, plan, () => 2000, 1700)).toBeCloseTo(0.003, 12);
  });
});
