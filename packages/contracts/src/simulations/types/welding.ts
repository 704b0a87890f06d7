// The ten cwm welding types (simulations.md, "cwm", "Parameters (core)"): one schema per joint,
// sharing everything but `geometry`, which holds exactly the fields that joint uses. Values SI
// (m, rad, K, m/s, V, A); the form shows mm, °, °C, mm/s. The parameter names are the solver's
// (@simforge/solvers physics/welding: JOINT_GEOMETRY_FIELDS, estimate.ts).
//
// Per-field ranges are physical ones; the relations between fields (root face ≤ thickness, bevel
// inside the plate width, leg length fitting the joint, overlap < width, pipe wall < radius) are
// checked by the solver's geometry builder, which names the offending field.
//
// `cross_section` (optional) is a section drawn in the polygon designer; it replaces the joint's
// parametric one (see `weldingCrossSection`). The form leaves it to its widget (describeForm: custom).

import { z } from 'zod';
import { simulationTypesByFamily } from '../../catalogue.js';
import { validationMessages as m } from '../../validation.js';
import { customParameter, enumParameter, numberParameter, parameterGroup, parameterObject } from '../parameters.js';
import { alloyOption, meshSizeParameter } from './shared-fields.js';

/** The cwm family's types, as the specification's table lists them. */
export const weldingJointTypes = simulationTypesByFamily.cwm;
export type WeldingJointType = (typeof weldingJointTypes)[number];

export const weldingGeometryFieldNames = [
  'thickness',
  'thickness_2',
  'width',
  'length',
  'gap',
  'groove_angle',
  'root_face',
  'leg_length',
  'overlap',
  'pipe_outer_diameter',
  'pipe_wall_thickness',
] as const;
export type WeldingGeometryField = (typeof weldingGeometryFieldNames)[number];

/** The geometry fields of each joint, exactly (the solver's JOINT_GEOMETRY_FIELDS is this table). */
export const weldingGeometryFields: Readonly<Record<WeldingJointType, readonly WeldingGeometryField[]>> = {
  SQUARE_BUTT_WELD: ['thickness', 'width', 'length', 'gap'],
  FILLET_ON_CORNER_WELD: ['thickness', 'thickness_2', 'width', 'length', 'leg_length'],
  OUTSIDE_FILLET_ON_CORNER_WELD: ['thickness', 'thickness_2', 'width', 'length', 'leg_length'],
  SINGLE_FILLET_LAP_JOINT: ['thickness', 'thickness_2', 'width', 'length', 'overlap', 'leg_length'],
  DOUBLE_FILLET_LAP_JOINT: ['thickness', 'thickness_2', 'width', 'length', 'overlap', 'leg_length'],
  T_JOINT_FILLET_WELD: ['thickness', 'thickness_2', 'width', 'length', 'leg_length'],
  BUTT_WELD: ['thickness', 'width', 'length', 'gap', 'groove_angle', 'root_face'],
  TEE_JOINT_WELD: ['thickness', 'thickness_2', 'width', 'length', 'gap', 'groove_angle', 'root_face'],
  DOUBLE_V_BUTT_WELD: ['thickness', 'width', 'length', 'gap', 'groove_angle', 'root_face'],
  PIPE_TO_PLATE_FILLET_WELD: ['thickness', 'width', 'length', 'pipe_outer_diameter', 'pipe_wall_thickness', 'leg_length'],
};

const degrees = (d: number) => (d * Math.PI) / 180;
const length = (label: string, minMm: number, maxMm: number, defaultMm: number, description?: string, visibleWhen?: { field: string; equals: string }) =>
  numberParameter({
    label,
    quantity: 'length',
    unit: 'm',
    displayUnit: 'mm',
    min: minMm / 1000,
    max: maxMm / 1000,
    default: defaultMm / 1000,
    step: 0.1,
    ...(description ? { description } : {}),
    ...(visibleWhen ? { visibleWhen } : {}),
  });

/**
 * The arc of each joint's default (V, A, m/s; efficiency 0.8 for all: EN 1011-1's value for MIG/MAG),
 * declared here once and read by the solver's defaults; each a published CO2 procedure with a 1.2 mm
 * wire, the mid values of the row's ranges. The model welds one arc for all passes of a joint: a row
 * that gives front and back passes different speeds is welded at its front (first) pass's.
 *
 * - The horizontal fillets (FILLET_ON_CORNER_WELD, the lap joints, T_JOINT_FILLET_WELD,
 *   PIPE_TO_PLATE_FILLET_WELD: a 6 mm leg on 10 mm plates): Daihen OTC, CPTX-I 400 instruction
 *   manual, §9.5.1 "CO2 welding conditions (for reference only)", table (1) "Example welding
 *   conditions of horizontal fillet", row plate 9.0 mm, leg 6.0–7.0 mm: 280–300 A, 29–32 V, 35–40
 *   cm/min; 290 A, 30.5 V, 6.25 mm/s, 1.13 kJ/mm net. The 10 mm plate lies between that row and the
 *   12 mm one (leg 7–8 mm); the leg size sets the procedure. The earlier default, 25 V, 200 A, 5 mm/s
 *   (0.8 kJ/mm net), left the fusion line at the bead/base interface (fillet-fusion.test.ts).
 * - OUTSIDE_FILLET_ON_CORNER_WELD: the same row. Its section welds the same 6 mm-leg bead between a
 *   vertical and a horizontal face with the torch at 45° (the horizontal position of that table).
 * - SQUARE_BUTT_WELD (10 mm, gap 1 mm): Daihen OTC, CPVE-400 instruction manual, §9, table (3)
 *   "Example welding conditions of I shape butt without backing plate", row plate 9.0 mm, gap
 *   1.2–1.5 mm, two layers (front 1, back 1): 320–340 A, 32–34 V, 45–55 cm/min; 330 A, 33 V, 8.33
 *   mm/s, 1.05 kJ/mm net. The model welds the front pass only (one weld line); on the coarse mesh it
 *   already fuses the full 10 mm.
 * - DOUBLE_V_BUTT_WELD and TEE_JOINT_WELD (10 mm, the K preparation is a double groove on the web)
 *   and BUTT_WELD (single-V, 12 mm, 60°, gap 0, root face 6 mm): the same manual, table (4)
 *   "Example welding conditions of single and double grooves", its thinnest row, plate 12 mm, gap
 *   0–0.5 mm, root face 4–6 mm, two layers: front 300–350 A, 32–35 V, 30–40 cm/min, back the same at
 *   45–50 cm/min; 325 A, 33.5 V, 5.83 mm/s, 1.49 kJ/mm net. The table's bevel-shape column is a
 *   drawing the text copy does not carry: the double-V and the tee take the row as the double groove
 *   nearest their 10 mm plate (the earlier 0.8 kJ/mm left the tee's web unfused, hottest web cell next
 *   to the bead 1205 °C, coarse; joint-defaults-fusion.test.ts); the single-V takes it as it stands,
 *   with the 60° included angle of a single-V preparation, the closed root and the widest land of the
 *   row: the model welds the front layer, which fuses both groove faces down to the land on every
 *   mesh (groove-fusion.test.ts; the land is the back layer's). A 0.5 mm gap would be filled with
 *   filler down to the plate's back in the model's section, laid molten, which the fine mesh resolves
 *   and reads as a 12 mm penetration while the land's walls stay unfused (coldest 1183 K).
 */
const horizontalFillet = { voltage: 30.5, current: 290, travel_speed: 0.00625 };
const doubleGroove = { voltage: 33.5, current: 325, travel_speed: 0.35 / 60 };
export const weldingProcessDefaults: Readonly<Record<WeldingJointType, Readonly<{ voltage: number; current: number; travel_speed: number }>>> = {
  FILLET_ON_CORNER_WELD: horizontalFillet,
  SINGLE_FILLET_LAP_JOINT: horizontalFillet,
  DOUBLE_FILLET_LAP_JOINT: horizontalFillet,
  T_JOINT_FILLET_WELD: horizontalFillet,
  PIPE_TO_PLATE_FILLET_WELD: horizontalFillet,
  OUTSIDE_FILLET_ON_CORNER_WELD: horizontalFillet,
  SQUARE_BUTT_WELD: { voltage: 33, current: 330, travel_speed: 0.5 / 60 },
  DOUBLE_V_BUTT_WELD: doubleGroove,
  BUTT_WELD: doubleGroove,
  TEE_JOINT_WELD: doubleGroove,
};

/** Labels and descriptions that depend on the joint (what "thickness_2" or "width" is). */
function geometryField(joint: WeldingJointType, field: WeldingGeometryField) {
  const tee = joint === 'T_JOINT_FILLET_WELD' || joint === 'TEE_JOINT_WELD';
  const corner = joint === 'FILLET_ON_CORNER_WELD' || joint === 'OUTSIDE_FILLET_ON_CORNER_WELD';
  const lap = joint === 'SINGLE_FILLET_LAP_JOINT' || joint === 'DOUBLE_FILLET_LAP_JOINT';
  switch (field) {
    case 'thickness':
      return length(tee ? 'Flange thickness' : lap ? 'Lower plate thickness' : corner ? 'Horizontal plate thickness' : 'Plate thickness', 1, 100, joint === 'BUTT_WELD' ? 12 : 10);
    case 'thickness_2':
      return length(tee ? 'Web thickness' : lap ? 'Upper plate thickness' : 'Upright plate thickness', 1, 100, 10);
    case 'width':
      return length(
        'Plate width',
        10,
        500,
        75,
        joint === 'PIPE_TO_PLATE_FILLET_WELD'
          ? 'Plate width beyond the pipe on each side; also the height of the pipe stub.'
          : tee || corner
            ? 'Width of each plate from the joint; also the height of the web or upright plate.'
            : 'Width of each plate, measured from the joint.',
      );
    case 'length':
      return length('Weld length', 20, 2000, 150, 'Length of the part along the weld.');
    case 'gap':
      // The single-V's row (12 mm, see weldingProcessDefaults) gives gap 0–0.5 mm and root face 4–6 mm.
      return length('Root gap', 0, 10, joint === 'BUTT_WELD' ? 0 : 1);
    case 'groove_angle':
      return joint === 'TEE_JOINT_WELD'
        ? numberParameter({
            label: 'Bevel angle',
            quantity: 'angle',
            unit: 'rad',
            displayUnit: '°',
            min: degrees(20),
            max: degrees(70),
            default: degrees(45),
            step: 1,
            description: 'Web bevelled on both faces (K preparation): angle between each bevel face and the flange surface.',
          })
        : numberParameter({
            label: 'Groove angle',
            quantity: 'angle',
            unit: 'rad',
            displayUnit: '°',
            min: degrees(20),
            max: degrees(120),
            default: degrees(60),
            step: 1,
            description: 'Included angle of the V; each plate is bevelled by half of it.',
          });
    case 'root_face':
      return length('Root face', 0, 50, joint === 'BUTT_WELD' ? 6 : 2, joint === 'TEE_JOINT_WELD' ? 'Unbevelled land at the web end; at most the web thickness.' : 'Unbevelled land at the root; at most the plate thickness.');
    case 'leg_length':
      return length('Fillet leg length', 1, 30, 6, 'Equal legs; the fillet face is flat (45°).');
    case 'overlap':
      return length('Overlap', 5, 490, 30, 'Length over which the plates overlap; less than the plate width minus the leg length.');
    case 'pipe_outer_diameter':
      return length('Pipe outer diameter', 10, 2000, 114.3);
    case 'pipe_wall_thickness':
      return length('Pipe wall thickness', 1, 50, 6, 'Less than half the outer diameter.');
  }
}

function geometryGroup(joint: WeldingJointType) {
  const shape = Object.fromEntries(weldingGeometryFields[joint].map((field) => [field, geometryField(joint, field)]));
  return parameterGroup(
    {
      label: 'Joint geometry',
      description:
        joint === 'PIPE_TO_PLATE_FILLET_WELD' ? 'Section through the pipe axis (a planar simplification of the circumferential weld).' : 'Cross-section of the joint, extruded along the weld.',
    },
    shape as Record<WeldingGeometryField, ReturnType<typeof length>>,
  );
}

// --- the custom (designer) cross-section ------------------------------------------------------

/** Limits of a designed section: enough for any joint, small enough to check quickly. */
export const crossSectionLimits = { maxParts: 50, maxPointsPerPart: 1000, maxWeldLines: 10, maxCoordinate: 5 } as const;

const pointMessage = `This field must be a point [y, z] in m, each coordinate within ±${crossSectionLimits.maxCoordinate} m`;
const coordinate = z.number({ error: pointMessage }).min(-crossSectionLimits.maxCoordinate, { error: pointMessage }).max(crossSectionLimits.maxCoordinate, { error: pointMessage });
const point = z.tuple([coordinate, coordinate], { error: pointMessage });

const crossSectionPart = z.strictObject(
  {
    points: z
      .array(point, { error: 'This field must be a list of [y, z] points in m' })
      .min(3, { error: 'This field needs at least 3 points' })
      .max(crossSectionLimits.maxPointsPerPart, { error: `At most ${crossSectionLimits.maxPointsPerPart} points` }),
    filler: z.boolean({ error: 'This field must be true (weld bead) or false (base metal)' }),
  },
  { error: m.invalid },
);

const weldLine = z.strictObject(
  {
    point,
    torch_direction: z.tuple([z.number({ error: m.invalid }), z.number({ error: m.invalid })], { error: 'This field must be a direction [dy, dz]' }),
  },
  { error: m.invalid },
);

/**
 * The cross-section as the polygon designer draws it (metres, y across the weld, z up): parts, each a
 * closed ring of points and whether it is filler (the bead) or base metal, and optionally the weld
 * lines (where the torch aims and its axis, from the torch into the joint; by default straight down
 * onto the top of the bead). The shape is checked here; the solver checks the polygons (simple,
 * positive area, not overlapping, one base-metal part at least) and names the part
 * (`cross_section.parts[0].points`). When given it replaces the joint's parametric section; the
 * joint's `geometry.length` still sets the weld length (the extrusion).
 */
export const weldingCrossSection = z.strictObject(
  {
    parts: z
      .array(crossSectionPart, { error: 'This field must be a list of parts {points, filler}' })
      .min(1, { error: m.required })
      .max(crossSectionLimits.maxParts, { error: `At most ${crossSectionLimits.maxParts} parts` }),
    weld_lines: z
      .array(weldLine, { error: 'This field must be a list of {point, torch_direction}' })
      .min(1, { error: m.required })
      .max(crossSectionLimits.maxWeldLines, { error: `At most ${crossSectionLimits.maxWeldLines} weld lines` })
      .optional(),
  },
  { error: 'This field must be an object {parts, weld_lines}' },
);
export type WeldingCrossSection = z.infer<typeof weldingCrossSection>;

const crossSectionParameter = () =>
  customParameter(
    {
      label: 'Custom cross-section',
      widget: 'cross_section',
      description: "A section drawn in the cross-section designer; replaces the joint's parametric section (the weld length still applies).",
    },
    weldingCrossSection,
  );

const temperature = (label: string, minC: number, maxC: number, defaultC: number, description?: string) =>
  numberParameter({
    label,
    quantity: 'temperature',
    unit: 'K',
    displayUnit: '°C',
    min: minC + 273.15,
    max: maxC + 273.15,
    default: defaultC + 273.15,
    step: 1,
    ...(description ? { description } : {}),
  });

/** Mass fractions (SI), shown in %; the defaults are a typical S355 analysis, not a specification. */
const massFraction = (label: string, maxPercent: number, defaultPercent: number) =>
  numberParameter({ label, quantity: 'dimensionless', unit: '', displayUnit: '%', min: 0, max: maxPercent / 100, default: defaultPercent / 100, step: 0.001 });

const explicitSource = { field: 'mode', equals: 'explicit' };

/** A property in SI shown as it is (no display unit of its own in the unit table): the unit is in the label. */
/**
 * The user's own solid (material 'custom'): constant properties, the melting range and the
 * mechanical properties the distortion needs, and the boiling point the run's peak is checked
 * against (optional in the solver's API). The defaults are a plain carbon steel in constants, close
 * to the S355 library's mean values; the boiling point is pure iron's at 1 atm, 3134 K (CRC Handbook
 * of Chemistry and Physics) [RECALLED], the S355 library's value. Liquidus above solidus is checked
 * by the solver (custom_material.liquidus).
 */
function customMaterialGroup() {
  return parameterGroup(
    { label: 'Custom material', description: 'Constant properties (SI) used when Material is Custom.', visibleWhen: { field: 'material', equals: ['custom'] } },
    {
      density: numberParameter({ label: 'Density', quantity: 'density', unit: 'kg/m³', displayUnit: 'kg/m³', min: 100, max: 25_000, default: 7850, step: 1 }),
      conductivity: numberParameter({ label: 'Thermal conductivity', quantity: 'thermal_conductivity', unit: 'W/(m·K)', displayUnit: 'W/(m·K)', min: 0.1, max: 500, default: 40, step: 0.1 }),
      specific_heat: numberParameter({ label: 'Specific heat', quantity: 'specific_heat', unit: 'J/(kg·K)', displayUnit: 'J/(kg·K)', min: 50, max: 5000, default: 600, step: 1 }),
      solidus: temperature('Solidus', 200, 3500, 1480),
      liquidus: temperature('Liquidus', 200, 3500, 1520, 'Above the solidus.'),
      latent_heat: numberParameter({ label: 'Latent heat of fusion', quantity: 'specific_energy', unit: 'J/kg', displayUnit: 'kJ/kg', min: 0, max: 2e6, default: 270_000, step: 1 }),
      boiling_point: temperature('Boiling point', 300, 6000, 2861, 'Above the liquidus; the run warns when its peak temperature exceeds it (the default: pure iron).'),
      youngs_modulus: numberParameter({ label: "Young's modulus", quantity: 'pressure', unit: 'Pa', displayUnit: 'MPa', min: 1e9, max: 1e12, default: 210e9, step: 1000, description: 'Room temperature; for the distortion.' }),
      poisson_ratio: numberParameter({ label: "Poisson's ratio", quantity: 'dimensionless', unit: '', displayUnit: '', min: 0, max: 0.49, default: 0.3, step: 0.01 }),
      thermal_expansion: numberParameter({ label: 'Thermal expansion coefficient', quantity: 'thermal_expansion', unit: '1/K', displayUnit: 'µm/(m·K)', min: 1e-7, max: 1e-4, default: 1.4e-5, step: 0.1, description: 'Mean (secant) value from room temperature to about 600 °C; for the distortion.' }),
      yield_strength: numberParameter({ label: 'Yield strength', quantity: 'pressure', unit: 'Pa', displayUnit: 'MPa', min: 1e6, max: 5e9, default: 355e6, step: 1, description: 'Room temperature; for the distortion.' }),
    },
  );
}

// Long function: the welding schema's fields, declared once in the order of the form.
function weldingSchema(joint: WeldingJointType) {
  return parameterObject({
    material: enumParameter({
      label: 'Material',
      options: [
        alloyOption('S355', 'EN 1993-1-2 properties'),
        alloyOption('316L'),
        alloyOption('AA6061'),
        alloyOption('Ti6Al4V'),
        alloyOption('IN625'),
        { value: 'custom', label: 'Custom material (properties below)' },
      ],
      default: 'S355',
      description: 'Temperature-dependent properties from the cited library, with solidus, liquidus and latent heat; or your own constant properties.',
    }),
    custom_material: customMaterialGroup(),
    process: parameterGroup(
      { label: 'Process' },
      {
        voltage: numberParameter({ label: 'Arc voltage', quantity: 'electric_potential', unit: 'V', displayUnit: 'V', min: 5, max: 60, default: weldingProcessDefaults[joint].voltage, step: 0.1 }),
        current: numberParameter({ label: 'Welding current', quantity: 'electric_current', unit: 'A', displayUnit: 'A', min: 10, max: 1000, default: weldingProcessDefaults[joint].current, step: 1 }),
        efficiency: numberParameter({
          label: 'Arc efficiency',
          quantity: 'dimensionless',
          unit: '',
          displayUnit: '',
          min: 0.5,
          max: 1,
          default: 0.8,
          step: 0.01,
          description: 'Share of the arc power entering the part (EN 1011-1: 0.6 TIG, 0.8 MIG/MAG and MMA, 1.0 submerged arc).',
        }),
        travel_speed: numberParameter({ label: 'Travel speed', quantity: 'velocity', unit: 'm/s', displayUnit: 'mm/s', min: 0.0005, max: 0.05, default: weldingProcessDefaults[joint].travel_speed, step: 0.1 }),
      },
    ),
    heat_source: parameterGroup(
      { label: 'Heat source (Goldak double ellipsoid)', advanced: true },
      {
        mode: enumParameter({
          label: 'Source size',
          options: [
            { value: 'derived', label: 'Derived from the bead size' },
            { value: 'explicit', label: 'Given semi-axes' },
          ],
          default: 'derived',
        }),
        a_f: length('Front semi-axis a_f', 0.5, 50, 4, undefined, explicitSource),
        a_r: length('Rear semi-axis a_r', 0.5, 100, 8, undefined, explicitSource),
        b: length('Half-width b', 0.5, 50, 4, undefined, explicitSource),
        c: length('Depth c', 0.5, 50, 3, undefined, explicitSource),
      },
    ),
    geometry: geometryGroup(joint),
    cross_section: crossSectionParameter(),
    preheat_temperature: temperature('Preheat temperature', -20, 400, 20, 'Initial temperature of the part.'),
    ambient_temperature: temperature('Ambient temperature', -20, 60, 20),
    convection_coefficient: numberParameter({
      label: 'Convection coefficient',
      quantity: 'heat_transfer_coefficient',
      unit: 'W/(m²·K)',
      displayUnit: 'W/(m²·K)',
      min: 0,
      max: 500,
      default: 10,
      step: 1,
      description: 'On every free face; about 5-25 in still air.',
    }),
    emissivity: numberParameter({ label: 'Emissivity', quantity: 'dimensionless', unit: '', displayUnit: '', min: 0, max: 1, default: 0.7, step: 0.01 }),
    mesh_size: meshSizeParameter(),
    cooling_time: numberParameter({
      label: 'Cooling time',
      quantity: 'time',
      unit: 's',
      displayUnit: 's',
      min: 0,
      max: 3600,
      default: 60,
      step: 1,
      description: 'Simulated time after the torch leaves the part (after the last pass).',
    }),
    interpass_temperature: temperature(
      'Interpass temperature',
      -20,
      400,
      150,
      'Joints with two weld lines (double-V, tee, double fillet, pipe to plate) are welded in two passes: the next pass starts when the hottest metal has cooled to this temperature (never below the preheat), or after the interpass time.',
    ),
    interpass_time: numberParameter({
      label: 'Longest interpass wait',
      quantity: 'time',
      unit: 's',
      displayUnit: 's',
      min: 0,
      max: 3600,
      default: 600,
      step: 1,
      description: 'The next pass starts at the latest after this wait, even if the part is still above the interpass temperature.',
    }),
    chemistry: parameterGroup(
      {
        label: 'Steel chemistry',
        advanced: true,
        description: 'For the maximum HAZ hardness of ferritic steel (Düren formula). Defaults: a typical S355 analysis, not a specification; use the mill certificate.',
        visibleWhen: { field: 'material', equals: ['S355'] },
      },
      {
        C: massFraction('Carbon (C)', 1, 0.16),
        Si: massFraction('Silicon (Si)', 2, 0.25),
        Mn: massFraction('Manganese (Mn)', 3, 1.4),
        Cu: massFraction('Copper (Cu)', 2, 0.05),
        Ni: massFraction('Nickel (Ni)', 10, 0.05),
        Cr: massFraction('Chromium (Cr)', 10, 0.05),
        Mo: massFraction('Molybdenum (Mo)', 2, 0.01),
        V: massFraction('Vanadium (V)', 0.5, 0.005),
        Nb: massFraction('Niobium (Nb)', 0.2, 0.02),
        B: massFraction('Boron (B)', 0.01, 0),
      },
    ),
  });
}

export const weldingParameters: Readonly<Record<WeldingJointType, ReturnType<typeof weldingSchema>>> = Object.fromEntries(
  weldingJointTypes.map((joint) => [joint, weldingSchema(joint)]),
) as Record<WeldingJointType, ReturnType<typeof weldingSchema>>;

export type WeldingParameters = z.infer<ReturnType<typeof weldingSchema>>;
