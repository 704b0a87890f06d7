// A designer (custom) cross-section as welding input: read instead of the joint's parametric
// section, its problems named by path, the estimate and the source placement working on it.

import { describe, expect, it } from 'vitest';
import { refusalIssues } from '../../../../test/helpers.js';
import { estimate, solve } from '../../../run/solve.js';
import { estimateWelding } from '../estimate.js';
import { jointCrossSection } from '../geometry/joints.js';
import { readWeldingCase, readWeldingSection, weldingDefaults } from './parameters.js';
import { planSource } from './solver.js';

const mm = (points: [number, number][]) => points.map(([y, z]) => [y / 1000, z / 1000]);

/** A single-V butt joint drawn by hand: 8 mm plates, an asymmetric bead (the left bevel steeper). */
const drawnV = {
  parts: [
    { points: mm([[-30, 0], [-1, 0], [-1, 2], [-3, 8], [-30, 8]]), filler: false },
    { points: mm([[1, 0], [30, 0], [30, 8], [5, 8], [1, 2]]), filler: false },
    { points: mm([[-1, 0], [1, 0], [1, 2], [5, 8], [-3, 8], [-1, 2]]), filler: true },
  ],
};

describe('welding: custom cross-section parameter', () => {
  it('reads the drawn section instead of the parametric one; the joint geometry gives the weld length only', () => {
    // root_face > thickness would be refused for the parametric section; with a custom one it is not used.
    const parameters = { ...weldingDefaults('BUTT_WELD'), geometry: { ...(weldingDefaults('BUTT_WELD').geometry as object), root_face: 0.02, length: 0.08 }, cross_section: drawnV };
    const c = readWeldingCase('BUTT_WELD', parameters);
    expect(c.customSection).toBe(true);
    expect(c.length).toBe(0.08);
    expect(c.section.plates).toHaveLength(2);
    expect(c.section.fillers).toHaveLength(1);
    expect(c.section.bounds).toEqual({ yMin: -0.03, yMax: 0.03, zMin: 0, zMax: 0.008 });
    // The default weld line: straight down onto the middle of the bead's top edge.
    expect(c.section.weldLines).toEqual([{ point: [0.001, 0.008], torchDirection: [0, -1] }]);
    expect(readWeldingSection('BUTT_WELD', parameters)).toEqual(c.section);
    // No half-section symmetry for a drawn section, even of a butt joint.
    expect(planSource(c).symmetric).toBe(false);
  });

  it('keeps given weld lines (torch axis normalised) and the parametric section when no custom one is given', () => {
    const withLine = { ...weldingDefaults('T_JOINT_FILLET_WELD'), cross_section: { ...drawnV, weld_lines: [{ point: [0, 0.008], torch_direction: [-1, -1] }] } };
    const line = readWeldingCase('T_JOINT_FILLET_WELD', withLine).section.weldLines[0]!;
    expect(line.torchDirection[0]).toBeCloseTo(-Math.SQRT1_2, 12);
    expect(line.torchDirection[1]).toBeCloseTo(-Math.SQRT1_2, 12);
    const parametric = readWeldingCase('BUTT_WELD', weldingDefaults('BUTT_WELD'));
    expect(parametric.customSection).toBe(false);
    expect(parametric.section).toEqual(jointCrossSection('BUTT_WELD', weldingDefaults('BUTT_WELD').geometry));
  });

  it('names the offending part of a bad section, and still checks the weld length', () => {
    const bowTie = { parts: [{ points: [[0, 0], [0.01, 0.01], [0.01, 0], [0, 0.01]], filler: false }] };
    expect(refusalIssues(() => readWeldingCase('BUTT_WELD', { ...weldingDefaults('BUTT_WELD'), cross_section: bowTie }))).toEqual({
      'cross_section.parts[0].points': 'must not intersect itself (edges cross, touch or repeat a point)',
    });
    expect(refusalIssues(() => readWeldingSection('BUTT_WELD', { ...weldingDefaults('BUTT_WELD'), cross_section: { parts: [drawnV.parts[2]] } }))).toEqual({
      'cross_section.parts': 'needs at least one base-metal part (filler: false)',
    });
    const badLength = { ...weldingDefaults('BUTT_WELD'), geometry: { length: -1, wire: 2 }, cross_section: drawnV };
    expect(refusalIssues(() => readWeldingCase('BUTT_WELD', badLength))).toEqual({ 'geometry.length': 'must be > 0 m (got -1 m)', 'geometry.wire': expect.any(String) });
    // Through the registry (what the server calls), the same path.
    expect(refusalIssues(() => estimate('BUTT_WELD', { ...weldingDefaults('BUTT_WELD'), cross_section: bowTie }))).toHaveProperty(['cross_section.parts[0].points']);
  });

  it('estimates with the thinnest drawn plate as d, and gives the run time of every mesh preset', () => {
    const parametric = estimateWelding('BUTT_WELD', weldingDefaults('BUTT_WELD'));
    expect(parametric.model).toContain('d 12.0 mm vs'); // the 12 mm default single-V (contracts' welding.ts)
    expect(parametric.expected_runtime_seconds_by_mesh).toEqual({ coarse: 5, default: 15, fine: 180 });
    expect(parametric.expected_runtime_seconds).toBe(15);
    const custom = estimateWelding('BUTT_WELD', { ...weldingDefaults('BUTT_WELD'), mesh_size: 'fine', cross_section: drawnV });
    expect(custom.model).toContain('d 8.00 mm (thinnest plate of the custom section)');
    expect(custom.expected_runtime_seconds).toBe(180);
    expect(custom.results.heat_input!.value).toBeCloseTo((0.8 * 33.5 * 325) / (0.35 / 60), 6); // the default arc, 1.49 kJ/mm
  });

  it('a drawn section runs through the full solver (coarse, short)', async () => {
    const parameters = {
      ...weldingDefaults('BUTT_WELD'),
      geometry: { ...(weldingDefaults('BUTT_WELD').geometry as object), length: 0.04 },
      mesh_size: 'coarse',
      cooling_time: 10,
      cross_section: drawnV,
    };
    const result = await solve({ type: 'BUTT_WELD', parameters });
    expect(result.log.some((l) => l.message.includes('1 bead polygon(s)'))).toBe(true);
    expect(result.summary.peak_temperature!.value).toBeGreaterThan(1700);
  }, 60_000);
});
