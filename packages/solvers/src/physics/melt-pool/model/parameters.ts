// The parameters of the four melt-pool types (simulations.md, "melt-pool", "Parameters (core)") as the
// solver reads them. The types, names and defaults are the contracts' schema
// (packages/contracts/src/simulations/types/melt-pool.ts), declared once there.

import { meltPoolHasPlasma, meltPoolIsFlexible, meltPoolParameters, meltPoolTypes, meshSizes, parameterDefaults, type MeltPoolType, type MeshSize } from '@simforge/contracts';
import { readSolidMaterial, type SolidMaterial } from '../../../materials/solids/index.js';
import { isPlainObject, ParameterChecker, type PlainObject } from '../../../run/parameters.js';

export const MELT_POOL_TYPES = meltPoolTypes;
export type { MeltPoolType };
export const MESH_PRESETS = meshSizes;
export type MeshPreset = MeshSize;
export const PLATE_SUPPORTS = ['free', 'simply_supported', 'clamped'] as const;
export type PlateSupport = (typeof PLATE_SUPPORTS)[number];

export const hasPlasma = meltPoolHasPlasma;
export const isFlexible = meltPoolIsFlexible;

export interface LaserInput {
  /** W */
  power: number;
  /** 1/e² radius, m */
  spotRadius: number;
  absorptivity: number;
  /** m/s */
  scanSpeed: number;
  /** m */
  trackLength: number;
}

export interface PlasmaInput {
  /** A, V */
  current: number;
  voltage: number;
  efficiency: number;
  /** 1/e² radius, m */
  radius: number;
  /** m along the track, positive ahead of the laser */
  offset: number;
}

export interface MeltPoolCase {
  type: MeltPoolType;
  material: SolidMaterial;
  materialId: string;
  laser: LaserInput;
  /** Undefined for the laser-only types. */
  plasma?: PlasmaInput;
  plate: { thickness: number; width: number; length: number; support?: PlateSupport };
  /** K */
  preheat: number;
  /**
   * Liquid conductivity multipliers (Marangoni): along the surface (x and y) and in depth (z). The
   * approach, a raised liquid conductivity standing in for the convection a conduction model lacks,
   * goes back to Goldak et al. 1986 (Metall. Trans. B 17:587-600; cited so by Autodesk Netfabb's
   * *MRNG card documentation); the anisotropic form follows Lampa et al. 1997 / Safdar et al. 2013
   * [RECALLED]. The defaults, 2.5 in every direction, are chosen once for all alloys against the
   * bead-on-plate study (bead-on-plate.verify.test.ts; docs/adr/0009-melt-pool-marangoni-enhancement.md).
   */
  marangoni: { inPlane: number; depth: number };
  meshSize: MeshPreset;
}

/** The default case of a type (SI): the contracts' schema defaults, declared once there. */
export function meltPoolDefaults(type: MeltPoolType): PlainObject {
  return parameterDefaults(meltPoolParameters[type]) as PlainObject;
}

function group(checker: ParameterChecker, root: PlainObject, key: string, keys: readonly string[]): PlainObject {
  const value = root[key];
  const obj = isPlainObject(value) ? value : (checker.object(value, key) ?? {});
  checker.noUnknownKeys(obj, keys, key);
  return obj;
}

/** Reads and checks a melt-pool case; every problem is reported with its field path. */
export function readMeltPoolCase(type: MeltPoolType, parameters: unknown): MeltPoolCase {
  const checker = new ParameterChecker();
  const root: PlainObject = checker.object(parameters, '') ?? {};
  const plasmaType = hasPlasma(type);
  const flexible = isFlexible(type);
  checker.noUnknownKeys(root, ['material', 'laser', ...(plasmaType ? ['plasma'] : []), 'plate', 'preheat_temperature', 'marangoni', 'mesh_size'], '');
  const material = readSolidMaterial(root.material ?? '316L', 'material', checker);

  const l = group(checker, root, 'laser', ['power', 'spot_radius', 'absorptivity', 'scan_speed', 'track_length']);
  const power = checker.number(l.power, 'laser.power', { gt: 0, unit: 'W' });
  const spotRadius = checker.number(l.spot_radius, 'laser.spot_radius', { gt: 0, unit: 'm' });
  const absorptivity = checker.number(l.absorptivity, 'laser.absorptivity', { gt: 0, le: 1 });
  const scanSpeed = checker.number(l.scan_speed, 'laser.scan_speed', { gt: 0, unit: 'm/s' });
  const trackLength = checker.number(l.track_length, 'laser.track_length', { gt: 0, unit: 'm' });

  let plasma: PlasmaInput | undefined;
  if (plasmaType) {
    const p = group(checker, root, 'plasma', ['current', 'voltage', 'efficiency', 'radius', 'offset']);
    const current = checker.number(p.current, 'plasma.current', { ge: 0, unit: 'A' });
    const voltage = checker.number(p.voltage, 'plasma.voltage', { ge: 0, unit: 'V' });
    const efficiency = checker.number(p.efficiency, 'plasma.efficiency', { ge: 0, le: 1 });
    const radius = checker.number(p.radius, 'plasma.radius', { gt: 0, unit: 'm' });
    const offset = checker.number(p.offset, 'plasma.offset', { unit: 'm' });
    if (current !== undefined && voltage !== undefined && efficiency !== undefined && radius !== undefined && offset !== undefined) plasma = { current, voltage, efficiency, radius, offset };
  }

  const pl = group(checker, root, 'plate', ['thickness', 'width', 'length', ...(flexible ? ['support'] : [])]);
  const thickness = checker.number(pl.thickness, 'plate.thickness', { gt: 0, unit: 'm' });
  const width = checker.number(pl.width, 'plate.width', { gt: 0, unit: 'm' });
  const length = checker.number(pl.length, 'plate.length', { gt: 0, unit: 'm' });
  const support = flexible ? checker.oneOf(pl.support ?? 'simply_supported', 'plate.support', PLATE_SUPPORTS) : undefined;
  if (length !== undefined && trackLength !== undefined && trackLength > length) checker.add('laser.track_length', `must not exceed the plate length (${length} m)`);
  if (width !== undefined && spotRadius !== undefined && width < 4 * spotRadius) checker.add('plate.width', `must be at least 4 spot radii (${4 * spotRadius} m)`);

  const preheat = checker.optionalNumber(root.preheat_temperature, 'preheat_temperature', 293.15, { gt: 0, unit: 'K' });
  if (material && preheat !== undefined && preheat >= material.solidus) checker.add('preheat_temperature', `must be below the solidus (${material.solidus} K)`);
  let marangoni = { inPlane: 2.5, depth: 2.5 };
  if (root.marangoni !== undefined) {
    const mg = group(checker, root, 'marangoni', ['in_plane_factor', 'depth_factor']);
    const inPlane = checker.optionalNumber(mg.in_plane_factor, 'marangoni.in_plane_factor', 2.5, { ge: 1, le: 100 });
    const depth = checker.optionalNumber(mg.depth_factor, 'marangoni.depth_factor', 2.5, { ge: 1, le: 100 });
    if (inPlane !== undefined && depth !== undefined) marangoni = { inPlane, depth };
  }
  const meshSize = checker.oneOf(root.mesh_size ?? 'default', 'mesh_size', MESH_PRESETS);
  checker.finish();
  return {
    type,
    material: material!,
    materialId: typeof root.material === 'string' ? root.material : root.material === undefined ? '316L' : 'custom',
    laser: { power: power!, spotRadius: spotRadius!, absorptivity: absorptivity!, scanSpeed: scanSpeed!, trackLength: trackLength! },
    ...(plasma ? { plasma } : {}),
    plate: { thickness: thickness!, width: width!, length: length!, ...(support ? { support } : {}) },
    preheat: preheat!,
    marangoni,
    meshSize: meshSize!,
  };
}
