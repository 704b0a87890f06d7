// The parameters of the four jet types (simulations.md, "jet"), read into a JetCase. Values SI. The
// types, names, ranges and defaults are the contracts' (@simforge/contracts types/jet.ts), declared once.
// Beyond the schema's per-field ranges this checks the relations between fields and names the field:
// H/D, the domain against the nozzle, the averaging radius inside the domain, the ridge inside the
// gap, the temperatures inside the fluid's property range.

import { jetHasParticles, jetHasRidge, jetParameters, jetTypes, meshSizes, parameterDefaults, type JetType, type MeshSize } from '@simforge/contracts';
import { InvalidParametersError, OutOfRangeError } from '../../../errors.js';
import { readFluid, type Fluid } from '../../../materials/index.js';
import { isPlainObject, joinPath, ParameterChecker, type PlainObject } from '../../../run/parameters.js';
import type { FlowFluid } from '../case.js';

export const JET_TYPES = jetTypes;
export { jetHasParticles, jetHasRidge, type JetType };

export const MESH_PRESETS = meshSizes;
export type JetMeshPreset = MeshSize;

/** Ambient pressure of the properties (the jet discharges into the atmosphere). */
export const AMBIENT_PRESSURE = 101_325;
/** Below this Reynolds number the automatic flow model is laminar (fully developed pipe flow). */
export const LAMINAR_REYNOLDS_LIMIT = 2300;
/** H/D accepted (Martin's correlation covers 2-12; impactors run at about 1). */
export const H_OVER_D_RANGE = { min: 0.5, max: 20 } as const;
/** The domain reaches at least this many nozzle diameters from the axis. */
export const MIN_DOMAIN_RADIUS_OVER_D = 3;
/** The ridge leaves at least this share of the nozzle diameter between its top and the nozzle. */
const MIN_GAP_OVER_D = 0.25;

export interface RidgeSpecification {
  /** The solid's cross-section [s, z] (m): s across the plate from the jet axis, z above the plate; mirrored about s = 0. */
  polygon: [number, number][];
  source: 'triangle' | 'polygon';
  /** Highest point of the polygon (m) and its widest extent from the axis (m). */
  height: number;
  halfWidth: number;
}

export interface ParticleSpecification {
  /** m */
  diameter: number;
  /** kg/m³ */
  density: number;
  /** kg of particles per kg of jet fluid. */
  massLoading: number;
  count: number;
  restitution: number;
  dispersion: 'off' | 'random_walk';
  seed: number;
  gravity: 'along_jet' | 'against_jet' | 'off';
  /** Pa, Finnie's plastic flow stress of the target. */
  targetFlowStress: number;
}

export interface JetCase {
  type: JetType;
  fluid: Fluid;
  /** Constant properties at the film temperature. */
  properties: FlowFluid;
  filmTemperature: number;
  nozzle: 'round' | 'slot';
  /** Nozzle diameter or slot width (m). */
  diameter: number;
  /** Nozzle-to-plate distance H (m). */
  distance: number;
  reynoldsNumber: number;
  /** Mean jet velocity (m/s). */
  velocity: number;
  flowInput: 'reynolds_number' | 'jet_velocity';
  jetTemperature: number;
  surfaceTemperature: number;
  domainRadius: number;
  averageRadius: number;
  flowModel: 'laminar' | 'turbulent';
  mesh: JetMeshPreset;
  ridge?: RidgeSpecification;
  particles?: ParticleSpecification;
}

/** The default case of each type: the contracts' defaults, declared once there. */
export function jetDefaults(type: JetType): PlainObject {
  return parameterDefaults(jetParameters[type]) as PlainObject;
}

const TOP_KEYS = [
  'fluid',
  'nozzle',
  'nozzle_to_plate_distance',
  'flow_input',
  'reynolds_number',
  'jet_velocity',
  'jet_temperature',
  'surface_temperature',
  'domain_radius',
  'average_radius',
  'flow_model',
  'mesh_size',
] as const;
const PARTICLE_KEYS = ['diameter', 'density', 'mass_loading', 'count', 'restitution', 'dispersion', 'seed', 'gravity', 'target_flow_stress'] as const;

/** The mean jet velocity taken when `flow_input` is `jet_velocity` and none is given (m/s; the contracts' default). */
export const DEFAULT_JET_VELOCITY = 20;

/**
 * Missing fields take the defaults (groups field by field), as the API's schema fills them in, so
 * that a command-line case may name only what differs.
 */
function withDefaults(type: JetType, given: PlainObject): PlainObject {
  const defaults = jetDefaults(type);
  const merged: PlainObject = { ...defaults, ...given };
  for (const group of ['nozzle', 'ridge', 'particles']) {
    const fallback = defaults[group];
    const value = given[group];
    if (isPlainObject(fallback) && isPlainObject(value)) merged[group] = { ...fallback, ...value };
  }
  if (merged['flow_input'] === 'jet_velocity' && merged['jet_velocity'] === undefined) merged['jet_velocity'] = DEFAULT_JET_VELOCITY;
  return merged;
}

/** Validates raw parameters of a jet type (missing ones take their defaults); throws InvalidParametersError naming every bad field. */
export function readJetCase(type: JetType, raw: unknown): JetCase {
  const checker = new ParameterChecker();
  const given = checker.object(raw, 'parameters');
  if (!given) throw new InvalidParametersError(checker.issues);
  const p = withDefaults(type, given);
  const ridgeType = jetHasRidge(type);
  const particleType = jetHasParticles(type);
  checker.noUnknownKeys(p, [...TOP_KEYS, ...(ridgeType ? ['ridge'] : []), ...(particleType ? ['particles'] : [])], '');

  const fluid = readFluid(p['fluid'] ?? 'air', 'fluid', checker);
  const nozzleObject = checker.object(p['nozzle'], 'nozzle');
  let nozzle: 'round' | 'slot' | undefined;
  let diameter: number | undefined;
  if (nozzleObject) {
    checker.noUnknownKeys(nozzleObject, ['shape', 'diameter'], 'nozzle');
    nozzle = checker.oneOf(nozzleObject['shape'] ?? (ridgeType ? 'slot' : 'round'), 'nozzle.shape', ridgeType ? (['slot'] as const) : (['round', 'slot'] as const));
    diameter = checker.number(nozzleObject['diameter'], 'nozzle.diameter', { gt: 0, unit: 'm' });
  }
  const distance = checker.number(p['nozzle_to_plate_distance'], 'nozzle_to_plate_distance', { gt: 0, unit: 'm' });
  const flowInput = checker.oneOf(p['flow_input'] ?? 'reynolds_number', 'flow_input', ['reynolds_number', 'jet_velocity'] as const);
  const givenReynolds = flowInput === 'reynolds_number' ? checker.number(p['reynolds_number'], 'reynolds_number', { gt: 0 }) : undefined;
  const givenVelocity = flowInput === 'jet_velocity' ? checker.number(p['jet_velocity'], 'jet_velocity', { gt: 0, unit: 'm/s' }) : undefined;
  const jetTemperature = checker.number(p['jet_temperature'], 'jet_temperature', { gt: 0, unit: 'K' });
  const surfaceTemperature = checker.number(p['surface_temperature'], 'surface_temperature', { gt: 0, unit: 'K' });
  const domainRadius = checker.number(p['domain_radius'], 'domain_radius', { gt: 0, unit: 'm' });
  const averageRadius = checker.number(p['average_radius'], 'average_radius', { gt: 0, unit: 'm' });
  const flowModel = checker.oneOf(p['flow_model'] ?? 'auto', 'flow_model', ['auto', 'laminar', 'turbulent'] as const);
  const mesh = checker.oneOf(p['mesh_size'] ?? 'default', 'mesh_size', MESH_PRESETS);

  if (diameter !== undefined && distance !== undefined) {
    const ratio = distance / diameter;
    if (ratio < H_OVER_D_RANGE.min || ratio > H_OVER_D_RANGE.max) {
      checker.add('nozzle_to_plate_distance', `must lie between ${H_OVER_D_RANGE.min} and ${H_OVER_D_RANGE.max} nozzle diameters (got H/D = ${fmt(ratio)})`);
    }
  }
  if (diameter !== undefined && domainRadius !== undefined && domainRadius < MIN_DOMAIN_RADIUS_OVER_D * diameter) {
    checker.add('domain_radius', `must be at least ${MIN_DOMAIN_RADIUS_OVER_D} nozzle diameters (${fmt(MIN_DOMAIN_RADIUS_OVER_D * diameter)} m; got ${domainRadius} m)`);
  }
  if (averageRadius !== undefined && domainRadius !== undefined && averageRadius > domainRadius) {
    checker.add('average_radius', `must not exceed the domain radius ${domainRadius} m (got ${averageRadius} m)`);
  }
  if (fluid) {
    for (const [path, value] of [
      ['jet_temperature', jetTemperature],
      ['surface_temperature', surfaceTemperature],
    ] as const) {
      const { min, max } = fluid.temperatureRange;
      if (value !== undefined && (value < min || value > max)) checker.add(path, `must lie within the ${fluid.label} property range ${min}-${max} K (got ${value} K)`);
    }
  }

  const ridge = ridgeType ? readRidge(p['ridge'], checker, { distance, diameter, domainRadius }) : undefined;
  const particles = particleType ? readParticles(p['particles'], checker) : undefined;

  let properties: FlowFluid | undefined;
  let filmTemperature: number | undefined;
  if (fluid && jetTemperature !== undefined && surfaceTemperature !== undefined && checker.ok) {
    filmTemperature = 0.5 * (jetTemperature + surfaceTemperature);
    try {
      const state = fluid.state(filmTemperature, AMBIENT_PRESSURE);
      properties = { density: state.density, viscosity: state.viscosity, conductivity: state.conductivity, specificHeat: state.specificHeat };
    } catch (error) {
      if (!(error instanceof OutOfRangeError)) throw error;
      checker.add('surface_temperature', `the film temperature ${fmt(filmTemperature)} K is outside the fluid model at ${AMBIENT_PRESSURE} Pa: ${error.message}`);
    }
  }
  checker.finish();

  const nu = properties!.viscosity / properties!.density;
  const velocity = givenVelocity ?? (givenReynolds! * nu) / diameter!;
  const reynoldsNumber = givenReynolds ?? (givenVelocity! * diameter!) / nu;
  const laminar = flowModel === 'laminar' || (flowModel === 'auto' && reynoldsNumber < LAMINAR_REYNOLDS_LIMIT);
  return {
    type,
    fluid: fluid!,
    properties: properties!,
    filmTemperature: filmTemperature!,
    nozzle: nozzle!,
    diameter: diameter!,
    distance: distance!,
    reynoldsNumber,
    velocity,
    flowInput: flowInput!,
    jetTemperature: jetTemperature!,
    surfaceTemperature: surfaceTemperature!,
    domainRadius: domainRadius!,
    averageRadius: averageRadius!,
    flowModel: laminar ? 'laminar' : 'turbulent',
    mesh: mesh!,
    ...(ridge ? { ridge } : {}),
    ...(particles ? { particles } : {}),
  };
}

function readRidge(raw: unknown, checker: ParameterChecker, geometry: { distance?: number; diameter?: number; domainRadius?: number }): RidgeSpecification | undefined {
  const r = checker.object(raw, 'ridge');
  if (!r) return undefined;
  checker.noUnknownKeys(r, ['height', 'apex_angle', 'polygon'], 'ridge');
  let ridge: RidgeSpecification | undefined;
  if (r['polygon'] !== undefined) ridge = readPolygon(r['polygon'], checker);
  else {
    const height = checker.number(r['height'], 'ridge.height', { gt: 0, unit: 'm' });
    const apex = checker.number(r['apex_angle'], 'ridge.apex_angle', { gt: 0, le: Math.PI * (1 + 1e-12), unit: 'rad' });
    if (height === undefined || apex === undefined) return undefined;
    // A 180° apex covers the plate: the triangle's foot lies beyond the domain.
    const far = 10 * (geometry.domainRadius ?? 1);
    const halfWidth = Math.min(height * Math.tan(Math.min(apex, Math.PI) / 2), far);
    ridge = { polygon: [[0, 0], [halfWidth, 0], [0, height]], source: 'triangle', height, halfWidth };
    if (halfWidth >= far) ridge.polygon = [[0, 0], [far, 0], [far, height], [0, height]];
  }
  if (ridge && geometry.distance !== undefined && geometry.diameter !== undefined && ridge.height > geometry.distance - MIN_GAP_OVER_D * geometry.diameter) {
    checker.add(ridge.source === 'polygon' ? 'ridge.polygon' : 'ridge.height', `must leave at least ${MIN_GAP_OVER_D} nozzle diameters below the nozzle: at most ${fmt(geometry.distance - MIN_GAP_OVER_D * geometry.diameter)} m high (got ${fmt(ridge.height)} m)`);
  }
  return ridge;
}

function readPolygon(raw: unknown, checker: ParameterChecker): RidgeSpecification | undefined {
  const path = 'ridge.polygon';
  if (!Array.isArray(raw) || raw.length < 3) {
    checker.add(path, 'must be a list of at least 3 points [s, z] in m');
    return undefined;
  }
  const points: [number, number][] = [];
  raw.forEach((point, index) => {
    if (Array.isArray(point) && point.length === 2 && point.every((c) => typeof c === 'number' && Number.isFinite(c))) points.push([point[0] as number, point[1] as number]);
    else checker.add(joinPath(path, index), 'must be a point [s, z] of two finite numbers (m)');
  });
  if (points.length !== raw.length) return undefined;
  let area = 0;
  for (let k = 0; k < points.length; k++) {
    const [a, b] = [points[k]!, points[(k + 1) % points.length]!];
    area += a[0] * b[1] - b[0] * a[1];
  }
  if (!(Math.abs(area) > 0)) {
    checker.add(path, 'must enclose a positive area');
    return undefined;
  }
  const minZ = Math.min(...points.map((q) => q[1]));
  if (minZ < -1e-9) checker.add(path, `must lie on or above the plate (z ≥ 0; lowest point z = ${fmt(minZ)} m)`);
  const height = Math.max(...points.map((q) => q[1]));
  const halfWidth = Math.max(...points.map((q) => Math.abs(q[0])));
  return { polygon: points, source: 'polygon', height, halfWidth };
}

function readParticles(raw: unknown, checker: ParameterChecker): ParticleSpecification | undefined {
  const q = checker.object(raw, 'particles');
  if (!q) return undefined;
  checker.noUnknownKeys(q, PARTICLE_KEYS, 'particles');
  const at = (key: string): string => joinPath('particles', key);
  const diameter = checker.number(q['diameter'], at('diameter'), { gt: 0, unit: 'm' });
  const density = checker.number(q['density'], at('density'), { gt: 0, unit: 'kg/m³' });
  const massLoading = checker.optionalNumber(q['mass_loading'], at('mass_loading'), 0.01, { ge: 0 });
  const count = checker.optionalNumber(q['count'], at('count'), 400, { integer: true, ge: 1, le: 20_000 });
  const restitution = checker.optionalNumber(q['restitution'], at('restitution'), 0, { ge: 0, le: 1 });
  const dispersion = checker.oneOf(q['dispersion'] ?? 'off', at('dispersion'), ['off', 'random_walk'] as const);
  const seed = checker.optionalNumber(q['seed'], at('seed'), 1, { integer: true, ge: 0, le: 2_147_483_647 });
  const gravity = checker.oneOf(q['gravity'] ?? 'along_jet', at('gravity'), ['along_jet', 'against_jet', 'off'] as const);
  const targetFlowStress = checker.optionalNumber(q['target_flow_stress'], at('target_flow_stress'), 1e9, { gt: 0, unit: 'Pa' });
  if ([diameter, density, massLoading, count, restitution, dispersion, seed, gravity, targetFlowStress].some((v) => v === undefined)) return undefined;
  return { diameter: diameter!, density: density!, massLoading: massLoading!, count: count!, restitution: restitution!, dispersion: dispersion!, seed: seed!, gravity: gravity!, targetFlowStress: targetFlowStress! };
}

function fmt(value: number): string {
  return String(Number(value.toPrecision(4)));
}
