import { describe, expect, it } from 'vitest';
import { InvalidParametersError } from '../../errors.js';
import { en1011T85TwoD } from './analytic/en1011.js';
import { durenMaxHazHardness, S355_TYPICAL_CHEMISTRY } from './analytic/hardness.js';
import { thickPlateFusionHalfWidth, thinPlateFusionHalfWidth, thinPlateT85 } from './analytic/rosenthal.js';
import { estimateWelding, INSIDE_CORNER_FILLETS } from './estimate.js';
import { JOINT_GEOMETRY_FIELDS, WELDING_JOINT_TYPES, type WeldingJointType } from './geometry/joints.js';
import { REPRESENTATIVE_SOLIDS } from './materials.js';

const all: Record<string, number> = {
  thickness: 0.01,
  thickness_2: 0.01,
  width: 0.1,
  length: 0.2,
  gap: 0.001,
  groove_angle: Math.PI / 3,
  root_face: 0.002,
  leg_length: 0.006,
  overlap: 0.03,
  pipe_outer_diameter: 0.1,
  pipe_wall_thickness: 0.005,
};
const caseFor = (joint: WeldingJointType, overrides: Record<string, unknown> = {}) => ({
  material: 'S355',
  process: { voltage: 25, current: 200, efficiency: 0.8, travel_speed: 0.005 },
  geometry: Object.fromEntries(JOINT_GEOMETRY_FIELDS[joint].map((f) => [f, all[f]])),
  preheat_temperature: 293.15,
  ambient_temperature: 293.15,
  convection_coefficient: 10,
  emissivity: 0.7,
  mesh_size: 'default',
  cooling_time: 60,
  ...overrides,
});

describe('welding fast estimate', () => {
  // Its speed is measured by the benchmark (npm run bench), not here.
  it.each(WELDING_JOINT_TYPES)('%s: every result, a named model, validity and run time', (joint) => {
    const e = estimateWelding(joint, caseFor(joint));
    // What the estimate shows previews the solve (estimate.ts says why): no peak temperature; the
    // width only with the torch straight down (the butt joints); no t8/5 or hardness for a fillet in
    // an inside corner.
    const cooling = INSIDE_CORNER_FILLETS.has(joint) ? [] : ['t8_5'];
    const width = ['SQUARE_BUTT_WELD', 'BUTT_WELD', 'DOUBLE_V_BUTT_WELD'].includes(joint) ? ['fusion_zone_width'] : [];
    const hardness = INSIDE_CORNER_FILLETS.has(joint) ? [] : ['max_haz_hardness'];
    expect(Object.keys(e.results)).toEqual(['heat_input', ...cooling, ...width, ...hardness]);
    for (const r of Object.values(e.results)) expect(Number.isFinite(r.value)).toBe(true);
    expect(e.model).toMatch(/^metamodel_estimate_v2: Rosenthal thin plate/);
    expect(e.validity.length).toBeGreaterThan(0);
    // Two weld lines: two passes, twice the run time.
    const passes = ['DOUBLE_V_BUTT_WELD', 'TEE_JOINT_WELD', 'DOUBLE_FILLET_LAP_JOINT', 'PIPE_TO_PLATE_FILLET_WELD'].includes(joint) ? 2 : 1;
    expect(e.expected_runtime_seconds).toBe(15 * passes);
  });

  it('10 mm S355 butt weld, 0.8 kJ/mm: thin plate (d_t 13.1 mm), EN 1011-2 2-D t8/5 with F2 0.9, Düren hardness at that t8/5', () => {
    const e = estimateWelding('BUTT_WELD', caseFor('BUTT_WELD'));
    expect(e.results.heat_input!.value).toBeCloseTo(800_000, 6);
    const t85 = en1011T85TwoD({ heatInputKJPerMm: 0.8, thicknessMm: 10, preheatC: 20, f2: 0.9 });
    expect(e.results.t8_5!.value).toBeCloseTo(t85, 10);
    expect(t85).toBeCloseTo(6.545, 3); // 4.214e8 · 0.64/100 · 2.696613e-6 · 0.9
    expect(e.model).toContain('13.1 mm');
    // Its 10.24 mm groove top (2 · 8 mm · tan 30° + the 1 mm gap) is wider than Rosenthal's 4.3 mm pool: the bead fuses across it.
    expect(e.results.fusion_zone_width!.value).toBeCloseTo(2 * 8e-3 * Math.tan(Math.PI / 6) + 1e-3, 12);
    expect(e.results.fusion_zone_width!.label).toMatch(/at least the groove's top width 10.2 mm/);
    const s355 = REPRESENTATIVE_SOLIDS.S355;
    const plate = { power: 4000, travelSpeed: 0.005, conductivity: s355.conductivity, density: s355.density, specificHeat: s355.specificHeat, initialTemperature: 293.15, thickness: 0.01 };
    const square = estimateWelding('SQUARE_BUTT_WELD', caseFor('SQUARE_BUTT_WELD'));
    expect(square.results.fusion_zone_width!.value).toBeCloseTo(2 * thinPlateFusionHalfWidth(plate, s355.solidus), 12);
    expect(e.results.max_haz_hardness!.value).toBeCloseTo(durenMaxHazHardness(S355_TYPICAL_CHEMISTRY, t85).hardness, 10);
    expect(e.inside_validity).toBe(true);
  });

  it('a 40 mm plate is thick (3-D heat flow, point source); an outside corner fillet takes F3 0.67', () => {
    const e = estimateWelding('OUTSIDE_FILLET_ON_CORNER_WELD', caseFor('OUTSIDE_FILLET_ON_CORNER_WELD', { geometry: { ...caseFor('OUTSIDE_FILLET_ON_CORNER_WELD').geometry, thickness: 0.04, thickness_2: 0.04 } }));
    expect(e.model).toMatch(/Rosenthal thick plate/);
    expect(e.results.t8_5!.value).toBeCloseTo((6700 - 100) * 0.8 * (1 / 480 - 1 / 780) * 0.67, 10);
    const square = estimateWelding('SQUARE_BUTT_WELD', caseFor('SQUARE_BUTT_WELD', { geometry: { ...caseFor('SQUARE_BUTT_WELD').geometry, thickness: 0.04 } }));
    const s355 = REPRESENTATIVE_SOLIDS.S355;
    const source = { power: 4000, travelSpeed: 0.005, conductivity: s355.conductivity, density: s355.density, specificHeat: s355.specificHeat, initialTemperature: 293.15 };
    expect(square.results.fusion_zone_width!.value).toBeCloseTo(2 * thickPlateFusionHalfWidth(source, s355.solidus), 12);
  });

  it('a T-joint fillet shows no t8/5, hardness or width, and says why', () => {
    const e = estimateWelding('T_JOINT_FILLET_WELD', caseFor('T_JOINT_FILLET_WELD'));
    expect(e.results.t8_5).toBeUndefined();
    expect(e.results.max_haz_hardness).toBeUndefined();
    expect(e.results.fusion_zone_width).toBeUndefined();
    expect(e.model).toMatch(/fusion width not shown/);
    expect(e.model).toMatch(/t8\/5 and HAZ hardness not shown for a fillet in an inside corner/);
  });

  it('non-ferritic alloys: Rosenthal t8/5, no HAZ hardness; preheat and mesh preset taken into account', () => {
    const e = estimateWelding('SQUARE_BUTT_WELD', caseFor('SQUARE_BUTT_WELD', { material: '316L', mesh_size: 'fine' }));
    expect(e.results.max_haz_hardness).toBeUndefined();
    const ss = REPRESENTATIVE_SOLIDS['316L'];
    expect(e.results.t8_5!.value).toBeCloseTo(thinPlateT85({ power: 4000, travelSpeed: 0.005, conductivity: ss.conductivity, density: ss.density, specificHeat: ss.specificHeat, initialTemperature: 293.15, thickness: 0.01 }), 10);
    expect(e.expected_runtime_seconds).toBe(180);
    const cold = estimateWelding('BUTT_WELD', caseFor('BUTT_WELD'));
    const warm = estimateWelding('BUTT_WELD', caseFor('BUTT_WELD', { preheat_temperature: 423.15 }));
    expect(warm.results.t8_5!.value).toBeGreaterThan(cold.results.t8_5!.value as number);
    expect(warm.results.max_haz_hardness!.value).toBeLessThan(cold.results.max_haz_hardness!.value as number);
  });

  it('reports inputs outside the validity ranges', () => {
    const e = estimateWelding('BUTT_WELD', caseFor('BUTT_WELD', { chemistry: { C: 0.003 } }));
    expect(e.inside_validity).toBe(false);
    expect(e.validity.find((v) => v.quantity === 'carbon_content')).toMatchObject({ inside: false });
    expect(e.validity.find((v) => v.quantity === 'carbon_content')!.value).toBeCloseTo(0.3, 12); // mass fraction 0.003 = 0.3 wt-%
  });

  it('refuses bad parameters with their paths', () => {
    try {
      estimateWelding('BUTT_WELD', { ...caseFor('BUTT_WELD'), process: { voltage: 25, current: 200, efficiency: 1.5 }, geometry: { ...caseFor('BUTT_WELD').geometry, root_face: 0.02 } });
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidParametersError);
      expect((error as InvalidParametersError).issues.map((i) => i.path).sort()).toEqual(['geometry.root_face', 'process.efficiency', 'process.travel_speed']);
    }
    expect(() => estimateWelding('CIRCULAR_PIPE', {})).toThrow(/welding types/);
  });
});
