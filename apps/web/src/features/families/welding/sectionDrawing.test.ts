import { describe, expect, it } from 'vitest';
import { CANVAS, dimensionsOf, layoutDrawing, mapping, previewToMm, viewWindow } from './sectionDrawing';
import { singleVPreview } from './weldingFixtures';

const geometry = { thickness: 0.01, width: 0.075, gap: 0.001, groove_angle: Math.PI / 3, root_face: 0.002 };

describe('cross-section drawing', () => {
  it('converts the preview to mm and frames the joint or the whole section', () => {
    const section = previewToMm(singleVPreview(geometry));
    expect(section.parts[0]!.points[0]).toEqual([-75.5, 0]);
    expect(section.weldLines).toEqual([{ point: [0, 10], direction: [0, -1] }]);
    expect(viewWindow(section, 'whole')).toEqual({ minY: -75.5, maxY: 75.5, minZ: 0, maxZ: 10 });
    // The bead is 2 × 5.12 mm wide: 1.5 bead sizes of plate on each side, the plates' whole thickness.
    const half = 0.5 + 8 * Math.tan(Math.PI / 6);
    const joint = viewWindow(section, 'joint');
    expect(joint.minZ).toBe(0);
    expect(joint.maxZ).toBe(10);
    expect(joint.maxY).toBeCloseTo(half + 1.5 * 2 * half, 5);
    expect(joint.minY).toBeCloseTo(-joint.maxY, 12);
    const map = mapping(joint);
    expect(map.x(joint.minY)).toBeGreaterThanOrEqual(CANVAS.left);
    expect(map.x(joint.maxY)).toBeLessThanOrEqual(CANVAS.width - CANVAS.right + 1e-9);
    expect(map.y(10)).toBeLessThan(map.y(0));
  });

  it('dimensions a single-V joint with its thickness, gap and groove angle; a custom section with its overall size', () => {
    const section = previewToMm(singleVPreview(geometry));
    const frame = viewWindow(section, 'joint');
    const dims = dimensionsOf('BUTT_WELD', section, geometry, false, frame);
    expect(dims.map((d) => [d.name, d.label])).toEqual([
      ['thickness', '10 mm'],
      ['gap', 'gap 1 mm'],
      ['groove_angle', '60°'],
    ]);
    const angle = dims.find((d) => d.kind === 'angle')!;
    expect(angle).toMatchObject({ startDeg: 60, endDeg: 120 });
    expect(dimensionsOf('BUTT_WELD', section, undefined, true, frame).map((d) => d.label)).toEqual(['151 mm', '10 mm']);
  });

  it('keeps the labels clear of the torch arrows and of each other', () => {
    const section = previewToMm(singleVPreview(geometry));
    const frame = viewWindow(section, 'joint');
    const map = mapping(frame);
    const layout = layoutDrawing(section, dimensionsOf('BUTT_WELD', section, geometry, false, frame), map);
    expect(layout.torches).toHaveLength(1);
    const torch = layout.torches[0]!;
    expect(torch.tip).toEqual([map.x(0), map.y(10)]);
    expect(torch.tail[1]).toBeLessThan(torch.tip[1]);
    const labels = [torch.label!, ...layout.dimensions.map((d) => d.label)];
    expect(labels.map((l) => l.text)).toEqual(['Torch', '10 mm', 'gap 1 mm', '60°']);
    // The angle label is not on the torch's vertical line.
    const angle = layout.dimensions.find((d) => d.name === 'groove_angle')!.label;
    expect(Math.abs(angle.x - torch.tip[0])).toBeGreaterThan(8);
    for (const label of labels) {
      expect(label.x).toBeGreaterThan(0);
      expect(label.x).toBeLessThan(CANVAS.width);
      expect(label.y).toBeGreaterThan(0);
      expect(label.y).toBeLessThan(CANVAS.height);
    }
  });
});
