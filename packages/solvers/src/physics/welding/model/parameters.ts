// The parameters of the ten cwm welding types (simulations.md, "cwm", "Parameters (core)") as the
// full solver reads them. The names, ranges and defaults are the contracts' schema
// (packages/contracts/src/simulations/types/welding.ts), declared once there.
//
// The cross-section: `cross_section` (a polygon section from the designer, ../geometry/custom.ts)
// when given, else the joint's parametric section from `geometry`. With a custom section the
// joint's geometry only gives the weld length (`geometry.length`, the extrusion): its other fields
// are not used, so their relations (root face ≤ thickness...) are not checked either; the joint
// type still names the case (and its EN 1011-2 category in the estimate).

import { meshSizes, parameterDefaults, weldingParameters, type MeshSize } from '@simforge/contracts';
import { InvalidParametersError } from '../../../errors.js';
import { readSolidMaterial, type SolidMaterial } from '../../../materials/solids/index.js';
import { isPlainObject, joinPath, ParameterChecker, type PlainObject } from '../../../run/parameters.js';
import { S355_TYPICAL_CHEMISTRY, type SteelChemistry } from '../analytic/hardness.js';
import { customCrossSection } from '../geometry/custom.js';
import { JOINT_GEOMETRY_FIELDS, jointCrossSection, type CrossSection, type WeldingJointType } from '../geometry/joints.js';
import { weldPoolConductivityFactor } from '../materials.js';

export const MESH_PRESETS = meshSizes;
export type MeshPreset = MeshSize;

/** The parameter names of every welding case (the contract's), shared with the estimate. */
export const TOP_LEVEL_KEYS = [
  'material',
  'custom_material',
  'process',
  'heat_source',
  'geometry',
  'cross_section',
  'preheat_temperature',
  'ambient_temperature',
  'convection_coefficient',
  'emissivity',
  'mesh_size',
  'cooling_time',
  'interpass_temperature',
  'interpass_time',
  'chemistry',
] as const;
export const CHEMISTRY_KEYS = ['C', 'Si', 'Mn', 'Cu', 'Ni', 'Cr', 'Mo', 'V', 'Nb', 'B'] as const;

/**
 * The steel chemistry of a case: the API carries mass fractions (SI, 0.0016 for 0.16 %), the
 * hardness formula takes wt-%; elements left out keep the typical S355 values.
 */
export function readChemistry(checker: ParameterChecker, given: unknown): SteelChemistry {
  const chemistry: SteelChemistry = { ...S355_TYPICAL_CHEMISTRY };
  if (given === undefined) return chemistry;
  const elements = checker.object(given, 'chemistry') ?? {};
  checker.noUnknownKeys(elements, CHEMISTRY_KEYS, 'chemistry');
  for (const element of CHEMISTRY_KEYS) {
    const value = checker.optionalNumber(elements[element], `chemistry.${element}`, S355_TYPICAL_CHEMISTRY[element] / 100, { ge: 0, le: 0.1 });
    if (value !== undefined) chemistry[element] = value * 100;
  }
  return chemistry;
}
/**
 * Interpass defaults: wait for 150 °C, at most 10 minutes. 150 °C is a common interpass limit for
 * C-Mn steels (EN 1011-2 leaves the limit to the procedure; 250 °C is a usual maximum for them), low
 * enough that every pass cools through 500 °C (its t8/5 is complete) before the next one starts.
 */
export const DEFAULT_INTERPASS = { temperature: 150 + 273.15, time: 600 } as const;

/**
 * The material of a case: a library id, `'custom'` with the properties in `custom_material` (read
 * and checked there, problems at `custom_material.density` ...), or (solver API) an object of
 * properties in `material` itself. `custom_material` is ignored for a library material.
 */
export function readWeldingMaterial(root: PlainObject, checker: ParameterChecker): { material?: SolidMaterial; id: string } {
  if (root.material === 'custom') {
    if (!isPlainObject(root.custom_material)) {
      checker.add('custom_material', "is required when material is 'custom': an object of properties (density, conductivity, specific_heat, solidus, liquidus, latent_heat, ...)");
      return { id: 'custom' };
    }
    const material = readSolidMaterial(root.custom_material, 'custom_material', checker);
    return { ...(material ? { material } : {}), id: 'custom' };
  }
  const material = readSolidMaterial(root.material ?? 'S355', 'material', checker);
  return { ...(material ? { material } : {}), id: typeof root.material === 'string' ? root.material : root.material === undefined ? 'S355' : 'custom' };
}

/** Default weld length (m) when `geometry.length` is left out (the contract's default). */
export const DEFAULT_WELD_LENGTH = 0.15;

export interface WeldingCase {
  joint: WeldingJointType;
  /** The section extruded along the weld: the joint's parametric one, or the custom one. */
  section: CrossSection;
  /** Whether `section` is a designer (custom) section rather than the joint's parametric one. */
  customSection: boolean;
  /** m, along x (travel). */
  length: number;
  material: SolidMaterial;
  materialId: string;
  /** The weld pool's liquid-conductivity factor (Marangoni stand-in, materials.ts); 1: pure conduction. */
  liquidConductivityFactor: number;
  /** V, A, -, m/s */
  voltage: number;
  current: number;
  efficiency: number;
  travelSpeed: number;
  /** Given Goldak semi-axes (m), or undefined when derived from the bead. */
  source?: { a_f: number; a_r: number; b: number; c: number };
  preheat: number;
  ambient: number;
  convection: number;
  emissivity: number;
  meshSize: MeshPreset;
  coolingTime: number;
  /**
   * Between two passes (joints with more than one weld line): the next pass starts when the hottest
   * metal has cooled to `interpassTemperature` (K; never below the preheat) or after `interpassTime`
   * (s), whichever comes first.
   */
  interpassTemperature: number;
  interpassTime: number;
  /** wt-% (the API carries mass fractions). */
  chemistry: SteelChemistry;
}

const celsius = (c: number) => c + 273.15;

/** The default case of a joint (SI): the contracts' schema defaults, declared once there. */
export function weldingDefaults(joint: WeldingJointType): PlainObject {
  return parameterDefaults(weldingParameters[joint]) as PlainObject;
}

/**
 * The section the solver meshes: `cross_section` when given (with `geometry` read for its weld
 * length only), else the joint's parametric section. Problems are added to `checker` with their
 * paths (`cross_section.parts[0].points`, `geometry.root_face`).
 */
function readSection(joint: WeldingJointType, root: PlainObject, checker: ParameterChecker): { section?: CrossSection; custom: boolean } {
  const custom = root.cross_section !== undefined;
  try {
    if (!custom) return { section: jointCrossSection(joint, root.geometry), custom };
    if (root.geometry !== undefined) {
      const geometry = checker.object(root.geometry, 'geometry') ?? {};
      checker.noUnknownKeys(geometry, JOINT_GEOMETRY_FIELDS[joint], 'geometry');
      checker.optionalNumber(geometry.length, 'geometry.length', DEFAULT_WELD_LENGTH, { gt: 0, unit: 'm' });
    }
    return { section: customCrossSection(root.cross_section, 'cross_section'), custom };
  } catch (error) {
    if (!(error instanceof InvalidParametersError)) throw error;
    checker.issues.push(...error.issues);
    return { custom };
  }
}

/**
 * The cross-section a case's solver would mesh (the estimate's preview): the same reading as
 * `readWeldingCase`, of the section alone. InvalidParametersError names the offending fields.
 */
export function readWeldingSection(joint: WeldingJointType, parameters: unknown): CrossSection {
  const checker = new ParameterChecker();
  const root: PlainObject = checker.object(parameters, '') ?? {};
  const { section } = readSection(joint, root, checker);
  checker.finish();
  return section!;
}

/** Reads and checks a welding case; every problem is reported with its field path. */
export function readWeldingCase(joint: WeldingJointType, parameters: unknown): WeldingCase {
  const checker = new ParameterChecker();
  const root: PlainObject = checker.object(parameters, '') ?? {};
  checker.noUnknownKeys(root, TOP_LEVEL_KEYS, '');
  const { material, id: materialId } = readWeldingMaterial(root, checker);
  const arc: PlainObject = isPlainObject(root.process) ? root.process : (checker.object(root.process, 'process') ?? {});
  checker.noUnknownKeys(arc, ['voltage', 'current', 'efficiency', 'travel_speed'], 'process');
  const at = (key: string) => joinPath('process', key);
  const voltage = checker.number(arc.voltage, at('voltage'), { gt: 0, unit: 'V' });
  const current = checker.number(arc.current, at('current'), { gt: 0, unit: 'A' });
  const efficiency = checker.number(arc.efficiency, at('efficiency'), { gt: 0, le: 1 });
  const travelSpeed = checker.number(arc.travel_speed, at('travel_speed'), { gt: 0, unit: 'm/s' });

  let source: WeldingCase['source'];
  if (root.heat_source !== undefined) {
    const hs = checker.object(root.heat_source, 'heat_source') ?? {};
    checker.noUnknownKeys(hs, ['mode', 'a_f', 'a_r', 'b', 'c'], 'heat_source');
    const mode = checker.oneOf(hs.mode ?? 'derived', 'heat_source.mode', ['derived', 'explicit'] as const);
    if (mode === 'explicit') {
      const axis = (key: 'a_f' | 'a_r' | 'b' | 'c') => checker.number(hs[key], `heat_source.${key}`, { gt: 0, unit: 'm' });
      const [a_f, a_r, b, c] = [axis('a_f'), axis('a_r'), axis('b'), axis('c')];
      if (a_f !== undefined && a_r !== undefined && b !== undefined && c !== undefined) source = { a_f, a_r, b, c };
    } else {
      // Semi-axes given alongside mode 'derived' are accepted (the form keeps them) but must be numbers.
      for (const key of ['a_f', 'a_r', 'b', 'c'] as const) if (hs[key] !== undefined) checker.number(hs[key], `heat_source.${key}`, { gt: 0, unit: 'm' });
    }
  }
  const preheat = checker.optionalNumber(root.preheat_temperature, 'preheat_temperature', celsius(20), { gt: 0, unit: 'K' });
  const ambient = checker.optionalNumber(root.ambient_temperature, 'ambient_temperature', celsius(20), { gt: 0, unit: 'K' });
  const convection = checker.optionalNumber(root.convection_coefficient, 'convection_coefficient', 10, { ge: 0, unit: 'W/(m²·K)' });
  const emissivity = checker.optionalNumber(root.emissivity, 'emissivity', 0.7, { ge: 0, le: 1 });
  const meshSize = checker.oneOf(root.mesh_size ?? 'default', 'mesh_size', MESH_PRESETS);
  const coolingTime = checker.optionalNumber(root.cooling_time, 'cooling_time', 60, { ge: 0, le: 36_000, unit: 's' });
  // At most 500 °C: every pass must cool through 500 °C (its t8/5) before the next one.
  const interpassTemperature = checker.optionalNumber(root.interpass_temperature, 'interpass_temperature', DEFAULT_INTERPASS.temperature, { gt: 0, le: 773.15, unit: 'K' });
  const interpassTime = checker.optionalNumber(root.interpass_time, 'interpass_time', DEFAULT_INTERPASS.time, { ge: 0, le: 36_000, unit: 's' });
  const chemistry = readChemistry(checker, root.chemistry);
  const { section, custom } = readSection(joint, root, checker);
  checker.finish();
  const givenLength = isPlainObject(root.geometry) && typeof root.geometry.length === 'number' ? root.geometry.length : DEFAULT_WELD_LENGTH;
  return {
    joint,
    section: section!,
    customSection: custom,
    length: givenLength,
    material: material!,
    materialId,
    liquidConductivityFactor: weldPoolConductivityFactor(materialId),
    voltage: voltage!,
    current: current!,
    efficiency: efficiency!,
    travelSpeed: travelSpeed!,
    ...(source ? { source } : {}),
    preheat: preheat!,
    ambient: ambient!,
    convection: convection!,
    emissivity: emissivity!,
    meshSize: meshSize!,
    coolingTime: coolingTime!,
    interpassTemperature: interpassTemperature!,
    interpassTime: interpassTime!,
    chemistry,
  };
}
