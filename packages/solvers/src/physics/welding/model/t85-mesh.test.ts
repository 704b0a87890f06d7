// t8/5 across the mesh presets. It is read in the weld metal at the pass's bead centroid, a fixed point
// of the section, its cycle interpolated bilinearly between cell centres (measure.ts), whether or not
// base metal fused. The rule it replaces read the base-metal cell at the fusion boundary (or the hottest
// base-metal cell when none fused), a cell that moves with the mesh: single-V 10 mm 9.23 / 9.10 /
// 8.01 s coarse / default / fine, fillet on a corner 3.93 / 3.71 / 3.08 s.
//
// Expected agreement, 6 %: the cooling curve at a fixed point converges non-monotonically with the mesh;
// on the earlier 10 mm single-V at (0.25, 5) mm, 8.23 / 8.49 / 8.07 s (coarse / default / fine, 1.5 /
// 1 / 0.5 mm cells, Δt 1 / 0.6 / 0.3 s), a spread of 5.2 % of which halving the default Δt removes half.
// Here 60 mm plates (npm test); the full-size presets are in t85-mesh.verify.test.ts.
// The default single-V is the 12 mm plate of its procedure (contracts' weldingProcessDefaults): at
// 60 mm 14.79 / 14.92 s coarse / default, +0.9 % (the 5 mm plate before it: 20.88 / 21.30 s, +2.0 %).

import { describe, expect, it } from 'vitest';
import { parameterDefaults, solve } from '../../../run/solve.js';
import { coolingTime } from '../../../thermal/index.js';

const T85_MESH_TOLERANCE = 0.06;

function singleV(mesh: 'coarse' | 'default' | 'fine', length: number, cooling: number): Record<string, unknown> {
  const p = parameterDefaults('BUTT_WELD') as Record<string, unknown> & { geometry: Record<string, number> };
  p.geometry.length = length;
  p.mesh_size = mesh;
  p.cooling_time = cooling;
  return p;
}

describe('single-V butt weld t8/5 (60 mm): coarse and default meshes', () => {
  it('agree within 6 %, read in the weld metal at the same point, the cycle published being the one measured', async () => {
    const [coarse, fine] = [await solve({ type: 'BUTT_WELD', parameters: singleV('coarse', 0.06, 40) }), await solve({ type: 'BUTT_WELD', parameters: singleV('default', 0.06, 40) })];
    const t85 = [coarse, fine].map((r) => Number(r.summary.t8_5!.value));
    expect(Math.abs(t85[1]! / t85[0]! - 1)).toBeLessThan(T85_MESH_TOLERANCE); // measured +0.9 % (14.79 / 14.92 s)
    for (const result of [coarse, fine]) {
      expect(result.summary.t8_5!.label).toMatch(/in the weld metal at the bead's centroid/);
      const probe = result.series.thermal_cycles!.y.find((s) => s.name === 'fusion_line')!;
      // The bead's centroid: y 0 (the symmetry plane), z 10 mm (a third of the 6 mm V below the top), whatever the mesh.
      expect(probe.label).toMatch(/bead's centroid.*\(y 0\.00 mm, z 10\.00 mm\)/);
      expect(coolingTime(result.series.thermal_cycles!.x.values, probe.values)).toBeCloseTo(Number(result.summary.t8_5!.value), 9);
    }
  }, 60_000);
});

// The fillet on a corner (6 mm legs; centroid 2 mm off both plate faces): at 60 mm 7.72 / 7.60 s coarse /
// default (−1.5 %) at the default arc of the horizontal fillets (1.13 kJ/mm, parameters.ts); at the
// earlier 0.8 kJ/mm 3.18 / 3.20 s (+0.7 %; 3.59 / 3.48 s before the t8/5 step limit of solver.ts). The
// band held for coarse vs default only: full size at 0.8 kJ/mm 3.25 / 3.30 / 2.99 s coarse / default /
// fine (10 %; 17 % before the limit), the rest from the pass time step (t85-mesh.verify.test.ts).
function joint(type: string, mesh: 'coarse' | 'default', length: number): Record<string, unknown> {
  const p = parameterDefaults(type) as Record<string, unknown> & { geometry: Record<string, number> };
  p.geometry.length = length;
  p.mesh_size = mesh;
  p.cooling_time = 40;
  return p;
}

describe('fillet on a corner t8/5 (60 mm): coarse and default meshes', () => {
  it('agree within 6 %, read at the bead centroid whatever the mesh, the fusion_line cycle being the one measured', async () => {
    const runs = [await solve({ type: 'FILLET_ON_CORNER_WELD', parameters: joint('FILLET_ON_CORNER_WELD', 'coarse', 0.06) }), await solve({ type: 'FILLET_ON_CORNER_WELD', parameters: joint('FILLET_ON_CORNER_WELD', 'default', 0.06) })];
    const t85 = runs.map((r) => Number(r.summary.t8_5!.value));
    (globalThis as { console?: { info(m: string): void } }).console?.info(`fillet 60 mm t8/5 coarse / default: ${t85.map((t) => t.toFixed(3)).join(' / ')} s`);
    expect(Math.abs(t85[1]! / t85[0]! - 1)).toBeLessThan(T85_MESH_TOLERANCE);
    for (const result of runs) {
      // Corner root at (10, 10) mm, legs 6 mm: the bead's area centroid is (12, 12) mm.
      expect(result.summary.t8_5!.label).toMatch(/in the weld metal at the bead's centroid \(y 12\.00 mm, z 12\.00 mm/);
      const probe = result.series.thermal_cycles!.y.find((s) => s.name === 'fusion_line')!;
      expect(probe.label).toMatch(/bead's centroid.*\(y 12\.00 mm, z 12\.00 mm\)/);
      expect(coolingTime(result.series.thermal_cycles!.x.values, probe.values)).toBeCloseTo(Number(result.summary.t8_5!.value), 9);
    }
  }, 120_000);

  it('the 800-500 °C cooling at the read point is resolved by at least 20 steps (the t8/5 step limit in solver.ts)', async () => {
    // Without the limit the default pass step (0.6 s) gives ≈ 6 samples over a ≈ 3 s t8/5.
    const result = await solve({ type: 'FILLET_ON_CORNER_WELD', parameters: joint('FILLET_ON_CORNER_WELD', 'default', 0.06) });
    const probe = result.series.thermal_cycles!.y.find((s) => s.name === 'fusion_line')!;
    const peakAt = probe.values.indexOf(Math.max(...probe.values));
    const inside = probe.values.slice(peakAt).filter((T) => T < 1073.15 && T > 773.15).length;
    (globalThis as { console?: { info(m: string): void } }).console?.info(`fillet 60 mm default: ${inside} samples in 800-500 °C, t8/5 ${Number(result.summary.t8_5!.value).toFixed(3)} s`);
    expect(inside).toBeGreaterThanOrEqual(19);
    expect(result.log.some((l) => /steps shortened by the t8\/5 step limit/.test(l.message) && !/^0 /.test(l.message))).toBe(true);
  }, 60_000);

  it('a joint whose base metal fuses (square butt) is read at the bead centroid too, not at the fusion-boundary cell', async () => {
    const result = await solve({ type: 'SQUARE_BUTT_WELD', parameters: joint('SQUARE_BUTT_WELD', 'coarse', 0.06) });
    expect(result.summary.t8_5!.label).toMatch(/in the weld metal at the bead's centroid \(y 0\.00 mm, z 5\.00 mm\)/);
    expect(result.summary.t8_5!.label).not.toMatch(/no base metal fused/);
    const probe = result.series.thermal_cycles!.y.find((s) => s.name === 'fusion_line')!;
    expect(coolingTime(result.series.thermal_cycles!.x.values, probe.values)).toBeCloseTo(Number(result.summary.t8_5!.value), 9);
    // The cell rule read 7.60 s on the fusion boundary's top cell, 8.36 s here: the log keeps both.
    expect(result.log.some((l) => /at the bead's centroid; .* at the base-metal cell at the fusion boundary/.test(l.message))).toBe(true);
  }, 60_000);
});
