// Multi-pass welds: the bead shared out between the weld lines, the passes run in sequence with an
// interpass wait, the energy ledger across passes, mirror symmetry of a double-V, and a repeated
// pass on a cooled plate reproducing the first one's t8/5.

import { describe, expect, it } from 'vitest';
import { s355 } from '../../../materials/solids/index.js';
import { parameterDefaults, solve } from '../../../run/solve.js';
import { jointCrossSection } from '../geometry/joints.js';
import { area } from '../geometry/polygon.js';
import { readWeldingCase, readWeldingSection, weldingDefaults } from './parameters.js';
import { planPasses, splitFillers } from './plan.js';
import { MESH_PRESET_SIZES } from './solver.js';

const CELSIUS = 273.15;
type Parameters = Record<string, unknown> & { geometry: Record<string, number> };

/** The joint's defaults, coarse, 60 mm long, `coolingTime` s of cooling after the last pass. */
function shortCase(type: string, coolingTime: number): Parameters {
  const p = parameterDefaults(type) as Parameters;
  // The arc at which the figures below were measured (0.8 kJ/mm), whatever the joint's default arc.
  p.process = { voltage: 25, current: 200, efficiency: 0.8, travel_speed: 0.005 };
  p.geometry.length = 0.06;
  p.mesh_size = 'coarse';
  p.cooling_time = coolingTime;
  return p;
}

/** A short case with 40 s of cooling; a strong convection so that a low interpass temperature is reached in about 100 s. */
function cooledCase(type: string, interpassC: number): Parameters {
  const p = shortCase(type, 40);
  p.convection_coefficient = 500;
  p.interpass_temperature = interpassC + CELSIUS;
  return p;
}
const value = (summary: Record<string, { value: unknown }>, key: string) => Number(summary[key]!.value);

describe('the bead shared out between the passes', () => {
  it('splits a double-V groove with a gap at mid-thickness, keeping its area', () => {
    const section = jointCrossSection('DOUBLE_V_BUTT_WELD', weldingDefaults('DOUBLE_V_BUTT_WELD').geometry);
    expect(section.fillers).toHaveLength(1);
    const [top, bottom] = splitFillers(section.fillers, section.weldLines);
    const areaOf = (ps: readonly (readonly (readonly [number, number])[])[]) => ps.reduce((s, p) => s + area(p), 0);
    expect(areaOf(top!) + areaOf(bottom!)).toBeCloseTo(area(section.fillers[0]!), 15);
    expect(areaOf(top!)).toBeCloseTo(areaOf(bottom!), 15);
    for (const p of top!) for (const [, z] of p) expect(z).toBeGreaterThanOrEqual(0.005 - 1e-15);
    for (const p of bottom!) for (const [, z] of p) expect(z).toBeLessThanOrEqual(0.005 + 1e-15);
  });

  it('gives each fillet its own bead, and a weld line repeated at the same point none', () => {
    const c = readWeldingCase('DOUBLE_FILLET_LAP_JOINT', weldingDefaults('DOUBLE_FILLET_LAP_JOINT'));
    const [first, second] = planPasses(c);
    expect(first!.passFillers).toHaveLength(1);
    expect(second!.passFillers).toHaveLength(1);
    expect(area(first!.passFillers[0]!)).toBeCloseTo(0.006 ** 2 / 2, 12);
    // The second fillet hangs under the upper plate: its torch points up, its source centre is on the face.
    expect(second!.axis[1]).toBeGreaterThan(0);
    const line = { point: [0, 0.01] as const, torchDirection: [0, -1] as const };
    const bead = [[[-0.002, 0.008], [0.002, 0.008], [0.002, 0.01], [-0.002, 0.01]] as [number, number][]];
    const [once, again] = splitFillers(bead, [line, line]);
    expect(once).toHaveLength(1);
    expect(again).toEqual([]);
  });
});

describe('the passes and the estimate preview', () => {
  it.each(['DOUBLE_V_BUTT_WELD', 'TEE_JOINT_WELD', 'DOUBLE_FILLET_LAP_JOINT', 'PIPE_TO_PLATE_FILLET_WELD'] as const)(
    '%s: one pass per weld line of the preview, in its order, sharing out exactly its bead',
    (joint) => {
      const preview = readWeldingSection(joint, weldingDefaults(joint));
      const passes = planPasses(readWeldingCase(joint, weldingDefaults(joint)));
      expect(preview.weldLines).toHaveLength(2);
      expect(passes.map((p) => p.weldLine)).toEqual(preview.weldLines);
      const beads = passes.map((p) => p.passFillers.reduce((sum, f) => sum + area(f), 0));
      const total = preview.fillers.reduce((sum, f) => sum + area(f), 0);
      expect(beads[0]! + beads[1]!).toBeCloseTo(total, 15);
      // Mirror-image joints: both passes get the same bead.
      expect(beads[0]!).toBeCloseTo(beads[1]!, 15);
    },
  );
});

describe('two passes', () => {
  it('run in sequence after the interpass wait with the energy ledger closed across them (double-V)', async () => {
    const parameters = shortCase('DOUBLE_V_BUTT_WELD', 40);
    const result = await solve({ type: 'DOUBLE_V_BUTT_WELD', parameters });
    const s = result.summary;
    // The ledger closes over both passes and the wait between them (the spec's 0.5 %).
    expect(Math.abs(value(s, 'energy_balance_error'))).toBeLessThan(0.005);
    // Each pass puts in the same heat: the discretised Goldak source carries its power within 1 %
    // on either face of the symmetric section, and the beads are mirror images.
    const [e1, e2] = [value(s, 'pass_1_energy_input'), value(s, 'pass_2_energy_input')];
    expect(e1).toBeGreaterThan(0);
    expect(Math.abs(e2 / e1 - 1)).toBeLessThan(0.01);
    const ledger = result.series.energy_ledger!;
    const at = (name: string) => ledger.y.find((y) => y.name === name)!.values;
    const n = ledger.x.values.length - 1;
    // Half section (symmetry plane): the ledger is of the half; the pass figures are of the whole part.
    expect(2 * (at('source_in')[n]! + at('bead_deposited')[n]! - at('bead_deposited')[0]!)).toBeCloseTo(e1 + e2, 6);
    // The second pass starts once the hottest metal has cooled to the interpass temperature (150 °C by default).
    expect(value(s, 'pass_1_start_temperature')).toBe(293.15);
    expect(value(s, 'pass_2_start_temperature')).toBeLessThanOrEqual(150 + CELSIUS);
    expect(value(s, 'pass_2_start_temperature')).toBeGreaterThan(140 + CELSIUS);
    expect(result.log.some((l) => /pass 1: interpass temperature 150 °C reached after/.test(l.message))).toBe(true);
    // The whole weld: the widest fusion zone, the shortest t8/5 (the hardest HAZ).
    expect(value(s, 'fusion_zone_width')).toBe(Math.max(value(s, 'pass_1_fusion_zone_width'), value(s, 'pass_2_fusion_zone_width')));
    expect(value(s, 't8_5')).toBe(Math.min(value(s, 'pass_1_t8_5'), value(s, 'pass_2_t8_5')));
    // Pass 2 starts hotter (at the interpass temperature): it cools more slowly.
    expect(value(s, 'pass_2_t8_5')).toBeGreaterThan(value(s, 'pass_1_t8_5'));
    // Each pass fills its half of the groove: fused to mid-thickness from its own face.
    expect(value(s, 'pass_1_penetration_depth')).toBeCloseTo(0.005, 6);
    expect(value(s, 'pass_2_penetration_depth')).toBeCloseTo(0.005, 6);
  }, 60_000);

  it('a symmetric double-V gives mirror-symmetric fusion zones once the part has cooled between the passes', async () => {
    const result = await solve({ type: 'DOUBLE_V_BUTT_WELD', parameters: cooledCase('DOUBLE_V_BUTT_WELD', 25) });
    const s = result.summary;
    const h = MESH_PRESET_SIZES.coarse.h;
    // Not identical: pass 1 welds with the back groove still empty, pass 2 with the front one filled.
    // Measured on the coarse mesh: 6.26 and 6.19 mm wide, both 5 mm deep.
    expect(Math.abs(value(s, 'pass_1_fusion_zone_width') - value(s, 'pass_2_fusion_zone_width'))).toBeLessThan(h / 4);
    expect(Math.abs(value(s, 'pass_1_penetration_depth') - value(s, 'pass_2_penetration_depth'))).toBeLessThan(h / 4);
    // The fused cells of the cross-section mirrored about mid-thickness: they differ at most by one
    // cell along the boundary (every mismatch has a fused mirror cell next to it).
    const field = result.fields.peak_temperature_cross_section!;
    const [ny, nz] = field.shape as [number, number];
    const z = field.grid.axes[1]!.values;
    for (let iz = 0; iz < nz; iz++) expect(z[iz]! + z[nz - 1 - iz]!).toBeCloseTo(0.01, 12);
    const fused = (iy: number, iz: number) => iy >= 0 && iy < ny && iz >= 0 && iz < nz && field.values[iy * nz + iz]! >= s355.solidus;
    let count = 0;
    for (let iy = 0; iy < ny; iy++)
      for (let iz = 0; iz < nz; iz++) {
        if (fused(iy, iz)) count++;
        if (fused(iy, iz) === fused(iy, nz - 1 - iz)) continue;
        const m = nz - 1 - iz;
        const neighbour = [fused(iy - 1, m), fused(iy + 1, m), fused(iy, m - 1), fused(iy, m + 1)];
        expect(fused(iy, iz) ? neighbour.some(Boolean) : true).toBe(true);
      }
    expect(count).toBeGreaterThan(10);
  }, 60_000);

  it('a second pass at the same place on a cooled plate reproduces the first pass t8/5', async () => {
    // A bead on a plate (no filler) welded twice along the same line.
    const parameters = cooledCase('SQUARE_BUTT_WELD', 25);
    const line = { point: [0, 0.008], torch_direction: [0, -1] };
    parameters.cross_section = {
      parts: [{ points: [[-0.06, 0], [0.06, 0], [0.06, 0.008], [-0.06, 0.008]], filler: false }],
      weld_lines: [line, line],
    };
    const result = await solve({ type: 'SQUARE_BUTT_WELD', parameters });
    const s = result.summary;
    const start = value(s, 'pass_2_start_temperature') - CELSIUS;
    expect(start).toBeLessThanOrEqual(25);
    // Tolerance: the largest sensitivity of t8/5 to the initial temperature (the thin-plate form,
    // t8/5 ∝ 1/(500 − T0)² − 1/(800 − T0)², EN 1011-2 / Rosenthal) for the plate at most
    // (start − 20) K above the preheat; the pass steps are the same, so the sampling cancels.
    const thin = (t0: number) => 1 / (500 - t0) ** 2 - 1 / (800 - t0) ** 2;
    const tolerance = thin(start) / thin(20) - 1;
    expect(tolerance).toBeLessThan(0.03);
    const [a, b] = [value(s, 'pass_1_t8_5'), value(s, 'pass_2_t8_5')];
    expect(Math.abs(b / a - 1)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(value(s, 'pass_2_fusion_zone_width') - value(s, 'pass_1_fusion_zone_width'))).toBeLessThan(MESH_PRESET_SIZES.coarse.h / 4);
  }, 60_000);

  it('waits at most the longest interpass wait and says so', async () => {
    const parameters = shortCase('DOUBLE_V_BUTT_WELD', 20);
    parameters.interpass_time = 30;
    const result = await solve({ type: 'DOUBLE_V_BUTT_WELD', parameters });
    expect(result.log.some((l) => l.level === 'warn' && /pass 1: after the longest interpass wait \(30 s\) the hottest metal is still at/.test(l.message))).toBe(true);
    expect(value(result.summary, 'pass_2_start_temperature')).toBeGreaterThan(150 + CELSIUS);
    const cycle = result.series.thermal_cycles!;
    expect(cycle.y.map((y) => y.name)).toEqual(expect.arrayContaining(['fusion_line', 'fusion_line_pass_2']));
  }, 60_000);
});
