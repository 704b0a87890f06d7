import { describe, expect, it } from 'vitest';
import { refusalIssues } from '../../../../test/helpers.js';
import { customCrossSection } from './custom.js';
import { area, isCounterClockwise } from './polygon.js';

const plate = (y0: number, y1: number) => ({
  points: [
    [y0, 0],
    [y1, 0],
    [y1, 0.01],
    [y0, 0.01],
  ],
  filler: false,
});

const issues = (value: unknown): Record<string, string> => refusalIssues(() => customCrossSection(value));

describe('custom (designer) cross-sections', () => {
  it('accepts plates and a bead in either drawing direction, closed or not, and aims the torch at the top of the bead', () => {
    const bead = {
      points: [
        [0.004, 0.01],
        [0, 0],
        [-0.004, 0.01],
        [0.004, 0.01],
      ],
      filler: true,
    }; // clockwise, explicitly closed
    const s = customCrossSection({
      parts: [
        {
          points: [
            [-0.05, 0],
            [0, 0],
            [-0.004, 0.01],
            [-0.05, 0.01],
          ],
          filler: false,
        },
        {
          points: [
            [0, 0],
            [0.05, 0],
            [0.05, 0.01],
            [0.004, 0.01],
          ],
          filler: false,
        },
        bead,
      ],
    });
    expect(s.fillers).toHaveLength(1);
    expect(s.fillers[0]).toHaveLength(3);
    expect(isCounterClockwise(s.fillers[0]!)).toBe(true);
    expect(area(s.fillers[0]!)).toBeCloseTo(0.5 * 0.008 * 0.01, 15);
    expect(s.weldLines).toEqual([{ point: [0, 0.01], torchDirection: [0, -1] }]);
    expect(s.bounds).toEqual({ yMin: -0.05, yMax: 0.05, zMin: 0, zMax: 0.01 });
  });

  it('takes given weld lines and normalises the torch axis', () => {
    const s = customCrossSection({ parts: [plate(0, 0.05)], weld_lines: [{ point: [0.025, 0.01], torch_direction: [0, -2] }] });
    expect(s.weldLines).toEqual([{ point: [0.025, 0.01], torchDirection: [0, -1] }]);
  });

  it('refuses open, self-intersecting, degenerate and overlapping parts, and sections without base metal', () => {
    expect(issues({ parts: [{ points: [[0, 0], [1, 0]], filler: false }] })).toEqual({ 'cross_section.parts[0].points': 'needs at least 3 distinct points to close a polygon (got 2)' });
    expect(issues({ parts: [{ points: [[0, 0], [0.01, 0.01], [0.01, 0], [0, 0.01]], filler: false }] })['cross_section.parts[0].points']).toMatch(/must not intersect itself/);
    expect(issues({ parts: [{ points: [[0, 0], [0.01, 0], [0.02, 0]], filler: false }] })['cross_section.parts[0].points']).toMatch(/intersect itself|positive area/);
    expect(issues({ parts: [plate(0, 0.05), plate(0.04, 0.08)] })).toEqual({ 'cross_section.parts[1].points': 'overlaps part 0' });
    expect(issues({ parts: [{ ...plate(0, 0.05), filler: true }] })).toEqual({ 'cross_section.parts': 'needs at least one base-metal part (filler: false)' });
    expect(issues({ parts: [{ points: [[0, 0], [0, 'x'], [1, 1]], filler: false }] })).toEqual({ 'cross_section.parts[0].points[1]': 'must be a pair of finite numbers [y, z] in m' });
    expect(issues({})).toHaveProperty(['cross_section.parts']);
  });
});
