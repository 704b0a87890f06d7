import { describe, expect, it } from 'vitest';
import { refusalIssues } from '../../../../test/helpers.js';
import { JOINT_GEOMETRY_FIELDS, jointCrossSection, WELDING_JOINT_TYPES, type JointGeometry, type WeldingJointType } from './joints.js';
import { area, isCounterClockwise, isSelfIntersecting, mirrorY, polygonsOverlap, type Polygon } from './polygon.js';

const deg = (d: number) => (d * Math.PI) / 180;
const base: JointGeometry = {
  thickness: 0.01,
  thickness_2: 0.008,
  width: 0.05,
  length: 0.1,
  gap: 0.002,
  groove_angle: deg(60),
  root_face: 0.002,
  leg_length: 0.006,
  overlap: 0.02,
  pipe_outer_diameter: 0.06,
  pipe_wall_thickness: 0.005,
};

function geometryOf(joint: WeldingJointType, overrides: Partial<JointGeometry> = {}) {
  const all = { ...base, ...overrides };
  return Object.fromEntries(JOINT_GEOMETRY_FIELDS[joint].map((f) => [f, all[f]]));
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const fillerArea = (joint: WeldingJointType, overrides: Partial<JointGeometry> = {}) => sum(jointCrossSection(joint, geometryOf(joint, overrides)).fillers.map(area));

describe('joint cross-sections: bead areas against hand formulas', () => {
  const { thickness: t, thickness_2: t2, gap: g, groove_angle: a, root_face: f, leg_length: leg } = base;
  const cases: [WeldingJointType, number][] = [
    ['SQUARE_BUTT_WELD', g * t],
    ['BUTT_WELD', g * t + (t - f) ** 2 * Math.tan(a / 2)],
    ['DOUBLE_V_BUTT_WELD', g * t + ((t - f) ** 2 / 2) * Math.tan(a / 2)],
    ['TEE_JOINT_WELD', g * t2 + ((t2 - f) / 2) ** 2 * Math.tan(a)],
    ['T_JOINT_FILLET_WELD', leg ** 2 / 2],
    ['FILLET_ON_CORNER_WELD', leg ** 2 / 2],
    ['OUTSIDE_FILLET_ON_CORNER_WELD', leg ** 2 / 2],
    ['SINGLE_FILLET_LAP_JOINT', leg ** 2 / 2],
    ['DOUBLE_FILLET_LAP_JOINT', leg ** 2],
    ['PIPE_TO_PLATE_FILLET_WELD', leg ** 2],
  ];
  it.each(cases)('%s', (joint, expected) => {
    expect(fillerArea(joint)).toBeCloseTo(expected, 15);
    expect(Math.abs(fillerArea(joint) - expected) / expected).toBeLessThan(1e-12);
  });

  it('V grooves without gap or root face, and the square butt without gap (autogenous)', () => {
    expect(fillerArea('BUTT_WELD', { gap: 0 })).toBeCloseTo((t - f) ** 2 * Math.tan(a / 2), 15);
    expect(fillerArea('BUTT_WELD', { gap: 0, root_face: 0 })).toBeCloseTo(t ** 2 * Math.tan(a / 2), 15);
    expect(fillerArea('DOUBLE_V_BUTT_WELD', { gap: 0, root_face: 0 })).toBeCloseTo((t ** 2 / 2) * Math.tan(a / 2), 15);
    expect(fillerArea('TEE_JOINT_WELD', { gap: 0 })).toBeCloseTo(((t2 - f) / 2) ** 2 * Math.tan(a), 15);
    expect(jointCrossSection('SQUARE_BUTT_WELD', geometryOf('SQUARE_BUTT_WELD', { gap: 0 })).fillers).toEqual([]);
  });

  it('plates lose exactly the groove: single V plates = 2 w t - (t - f)² tan(α/2)', () => {
    const s = jointCrossSection('BUTT_WELD', geometryOf('BUTT_WELD'));
    expect(sum(s.plates.map(area))).toBeCloseTo(2 * base.width * t - (t - f) ** 2 * Math.tan(a / 2), 15);
  });
});

describe('joint cross-sections: shape invariants', () => {
  const variants: Partial<JointGeometry>[] = [{}, { gap: 0 }, { root_face: 0 }, { gap: 0, root_face: 0 }];
  for (const joint of WELDING_JOINT_TYPES) {
    it(`${joint}: simple counter-clockwise polygons that do not overlap, unit torch axes, box around all`, () => {
      for (const variant of variants) {
        const s = jointCrossSection(joint, geometryOf(joint, variant));
        const all = [...s.plates, ...s.fillers];
        for (const p of all) {
          expect(isSelfIntersecting(p)).toBe(false);
          expect(isCounterClockwise(p)).toBe(true);
        }
        for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) expect(polygonsOverlap(all[i]!, all[j]!)).toBe(false);
        expect(s.weldLines.length).toBeGreaterThan(0);
        for (const line of s.weldLines) {
          expect(Math.hypot(...line.torchDirection)).toBeCloseTo(1, 14);
          expect(line.point[0]).toBeGreaterThanOrEqual(s.bounds.yMin);
          expect(line.point[0]).toBeLessThanOrEqual(s.bounds.yMax);
        }
        for (const [y, z] of all.flat()) {
          expect(y >= s.bounds.yMin && y <= s.bounds.yMax && z >= s.bounds.zMin && z <= s.bounds.zMax).toBe(true);
        }
      }
    });
  }

  const sameRing = (p: Polygon, q: Polygon) => {
    const key = (r: Polygon) =>
      r
        .map(([y, z]) => `${(y + 0).toFixed(12)},${z.toFixed(12)}`)
        .sort()
        .join(' ');
    return key(p) === key(q);
  };
  it.each(['SQUARE_BUTT_WELD', 'BUTT_WELD', 'DOUBLE_V_BUTT_WELD', 'TEE_JOINT_WELD', 'PIPE_TO_PLATE_FILLET_WELD'] as const)('%s is symmetric about y = 0', (joint) => {
    const s = jointCrossSection(joint, geometryOf(joint));
    for (const group of [s.plates, s.fillers]) {
      for (const p of group) expect(group.some((q) => sameRing(mirrorY(p), q))).toBe(true);
    }
  });

  it('fillets: the torch bisects the legs at 45°; grooves: vertical torch', () => {
    for (const joint of ['T_JOINT_FILLET_WELD', 'FILLET_ON_CORNER_WELD', 'OUTSIDE_FILLET_ON_CORNER_WELD', 'SINGLE_FILLET_LAP_JOINT', 'DOUBLE_FILLET_LAP_JOINT', 'PIPE_TO_PLATE_FILLET_WELD'] as const) {
      for (const line of jointCrossSection(joint, geometryOf(joint)).weldLines) {
        expect(Math.abs(line.torchDirection[0])).toBeCloseTo(Math.SQRT1_2, 14);
        expect(Math.abs(line.torchDirection[1])).toBeCloseTo(Math.SQRT1_2, 14);
      }
    }
    expect(jointCrossSection('BUTT_WELD', geometryOf('BUTT_WELD')).weldLines).toEqual([{ point: [0, 0.01], torchDirection: [0, -1] }]);
  });
});

describe('joint cross-sections: invalid geometry is refused with the field named', () => {
  const refuse = (joint: WeldingJointType, geometry: Record<string, unknown>): Record<string, string> => refusalIssues(() => jointCrossSection(joint, geometry));

  it('root face thicker than the plate, negative gap, groove angle out of range', () => {
    expect(refuse('BUTT_WELD', geometryOf('BUTT_WELD', { root_face: 0.012 }))).toEqual({ 'geometry.root_face': 'must be <= the thickness, 10 mm (got 12 mm)' });
    expect(refuse('BUTT_WELD', geometryOf('BUTT_WELD', { gap: -0.001 }))['geometry.gap']).toMatch(/must be >= 0/);
    expect(refuse('BUTT_WELD', geometryOf('BUTT_WELD', { groove_angle: deg(170) }))['geometry.groove_angle']).toMatch(/must be < 150°/);
    expect(refuse('BUTT_WELD', geometryOf('BUTT_WELD', { groove_angle: 0 }))['geometry.groove_angle']).toMatch(/must be > 0/);
    expect(refuse('TEE_JOINT_WELD', geometryOf('TEE_JOINT_WELD', { root_face: 0.009 }))['geometry.root_face']).toMatch(/web thickness/);
  });

  it('missing fields, fields of another joint, pieces that do not fit', () => {
    expect(refuse('SQUARE_BUTT_WELD', { width: 0.05 })).toEqual({ 'geometry.thickness': 'is required', 'geometry.gap': 'is required' });
    expect(Object.keys(refuse('SQUARE_BUTT_WELD', { ...geometryOf('SQUARE_BUTT_WELD'), leg_length: 0.005 }))).toEqual(['geometry.leg_length']);
    expect(refuse('BUTT_WELD', geometryOf('BUTT_WELD', { width: 0.003 }))['geometry.width']).toMatch(/bevel/);
    expect(refuse('OUTSIDE_FILLET_ON_CORNER_WELD', geometryOf('OUTSIDE_FILLET_ON_CORNER_WELD', { leg_length: 0.009 }))['geometry.leg_length']).toMatch(/thinner plate, 8 mm/);
    expect(refuse('SINGLE_FILLET_LAP_JOINT', geometryOf('SINGLE_FILLET_LAP_JOINT', { overlap: 0.06 }))['geometry.overlap']).toMatch(/< the width/);
    expect(refuse('PIPE_TO_PLATE_FILLET_WELD', geometryOf('PIPE_TO_PLATE_FILLET_WELD', { pipe_wall_thickness: 0.03 }))['geometry.pipe_wall_thickness']).toMatch(/half the outer diameter/);
    expect(refuse('BUTT_WELD', geometryOf('BUTT_WELD', { gap: 0, root_face: 0.01 }))['geometry.gap']).toMatch(/nothing to fill/);
  });
});
