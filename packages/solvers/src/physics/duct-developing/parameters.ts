// The parameters of the developing-duct model (simulations.md, "pipe": CIRCULAR_PIPE and
// CIRCULAR_ANNULUS), all SI, and their validation into a DevelopingFlowProblem plus numerics.
// Properties are constant, taken at the inlet state.

import { InvalidParametersError } from '../../errors.js';
import type { Fluid, FluidState } from '../../materials/fluid.js';
import { checkFluidTemperature, readFluid } from '../../materials/index.js';
import { ParameterChecker, isPlainObject, joinPath, type PlainObject } from '../../run/parameters.js';
import { FLOW_INPUT_KEYS, inletVolumeFlowRate, readDuctInlet, readInletState, type DuctInletParameters, type FlowSpecification } from '../duct-1d/flow-input.js';
import { circularPipeDefaults, MAX_RELATIVE_ROUGHNESS } from '../duct-1d/parameters.js';
import { LAMINAR_REYNOLDS_LIMIT } from '../duct-1d/regime.js';
import { crossSectionArea, hydraulicDiameter, type DuctShape } from './grid.js';
import {
  DEFAULT_TURBULENT_RADIAL_CELLS,
  defaultDevelopingFlowNumerics,
  type DevelopingFlowNumerics,
  type DevelopingFlowProblem,
  type FlowModel,
  type WallThermal,
} from './problem.js';

export type DuctKind = 'pipe' | 'annulus';
export type HeatedWall = 'inner' | 'outer' | 'both';
export type FlowModelChoice = 'auto' | FlowModel;

export interface DevelopingDuctParameters extends DuctInletParameters {
  /** 'water', 'air' or {density, specific_heat, viscosity, conductivity}. */
  fluid: unknown;
  /** Pipe: inside diameter, m. */
  diameter?: number;
  /** Annulus: outside diameter of the inner tube and inside diameter of the outer tube, m. */
  inner_diameter?: number;
  outer_diameter?: number;
  /** m */
  length: number;
  /** Default {condition: 'adiabatic'}; heat flux positive into the fluid; `heated_wall` for annuli (default 'inner'; the other wall is adiabatic). */
  wall?: { condition: 'adiabatic' | 'temperature' | 'heat_flux'; temperature?: number; heat_flux?: number; heated_wall?: HeatedWall };
  /** Annulus, instead of `wall`: each wall's own condition (default adiabatic). */
  inner_wall?: { condition: 'adiabatic' | 'temperature' | 'heat_flux'; temperature?: number; heat_flux?: number };
  outer_wall?: { condition: 'adiabatic' | 'temperature' | 'heat_flux'; temperature?: number; heat_flux?: number };
  /** Positions (m) of the velocity and temperature profiles (default: 1, 2, 5, 10, 20, 50 and 100 % of the length). */
  stations?: number[];
  /** 'auto' (default): laminar up to Re = 2300, the eddy-viscosity model above. */
  flow_model?: FlowModelChoice;
  /** Numerical settings; every key optional (see DevelopingFlowNumerics). */
  numerics?: {
    radial_cells?: number;
    wall_clustering?: number | 'auto';
    wall_y_plus?: number;
    first_step?: number;
    step_growth?: number;
    max_step_fraction?: number;
    axial_scheme?: 'bdf1' | 'bdf2';
    picard_iterations?: number;
    convection?: 'central' | 'hybrid';
    turbulent_prandtl?: number;
  };
}

const COMMON_KEYS = ['fluid', 'length', 'roughness', ...FLOW_INPUT_KEYS, 'inlet_temperature', 'inlet_pressure', 'elevation_change', 'wall', 'stations', 'flow_model', 'numerics'] as const;
export const PIPE_PARAMETER_KEYS = ['diameter', ...COMMON_KEYS] as const;
export const ANNULUS_PARAMETER_KEYS = ['inner_diameter', 'outer_diameter', ...COMMON_KEYS, 'inner_wall', 'outer_wall'] as const;
export const WALL_KEYS = ['condition', 'temperature', 'heat_flux', 'heated_wall'] as const;
export const NUMERICS_KEYS = [
  'radial_cells',
  'wall_clustering',
  'wall_y_plus',
  'first_step',
  'step_growth',
  'max_step_fraction',
  'axial_scheme',
  'picard_iterations',
  'convection',
  'turbulent_prandtl',
] as const;

export const MAX_STATIONS = 50;
export const MAX_RADIAL_CELLS = 2000;

/** The 1-D model's default case (water at 20 °C, 1 L/s through a 50 mm pipe 10 m long, wall at 60 °C), without its march's segments. */
export const developingPipeDefaults: DevelopingDuctParameters = (() => {
  const { n_segments: _segments, wall, ...pipe } = circularPipeDefaults;
  return { ...pipe, wall: { condition: wall.condition, temperature: wall.temperature } };
})();

/** Water at 20 °C, 1 L/s through a 25/50 mm annulus 5 m long, inner tube at 60 °C, outer adiabatic. */
export const developingAnnulusDefaults: DevelopingDuctParameters = {
  fluid: 'water',
  inner_diameter: 0.025,
  outer_diameter: 0.05,
  length: 5,
  roughness: 0,
  flow_rate: 1e-3,
  inlet_temperature: 293.15,
  inlet_pressure: 2e5,
  elevation_change: 0,
  wall: { condition: 'temperature', temperature: 333.15, heated_wall: 'inner' },
};

export interface DevelopingDuctCase {
  kind: DuctKind;
  problem: DevelopingFlowProblem;
  numerics: DevelopingFlowNumerics;
  fluid: Fluid;
  inletState: FluidState;
  inletPressure: number;
  elevationChange: number;
  /** Volume flow rate at the inlet state, m³/s. */
  flowRate: number;
  /** How the flow was given. */
  flowInput: FlowSpecification;
  flowModelChoice: FlowModelChoice;
  heatedWall: HeatedWall;
}

function readShape(checker: ParameterChecker, p: PlainObject, kind: DuctKind): DuctShape | undefined {
  if (kind === 'pipe') {
    const diameter = checker.number(p['diameter'], 'diameter', { gt: 0, unit: 'm' });
    return diameter === undefined ? undefined : { kind: 'pipe', radius: diameter / 2 };
  }
  const inner = checker.number(p['inner_diameter'], 'inner_diameter', { gt: 0, unit: 'm' });
  const outer = checker.number(p['outer_diameter'], 'outer_diameter', { gt: 0, unit: 'm' });
  if (inner === undefined || outer === undefined) return undefined;
  if (!(inner < outer)) {
    checker.add('inner_diameter', `must be smaller than outer_diameter (${inner} m >= ${outer} m)`);
    return undefined;
  }
  if (!(inner / outer <= 0.999)) {
    checker.add('inner_diameter', `leaves a gap too thin for the radial grid (inner/outer = ${inner / outer} > 0.999)`);
    return undefined;
  }
  return { kind: 'annulus', innerRadius: inner / 2, outerRadius: outer / 2 };
}

interface WallSetting {
  thermal: WallThermal;
  heatedWall: HeatedWall;
}

function readWall(checker: ParameterChecker, raw: unknown, kind: DuctKind, fluid: Fluid | undefined): WallSetting | undefined {
  if (raw === undefined) return { thermal: { condition: 'adiabatic' }, heatedWall: 'inner' };
  const w = checker.object(raw, 'wall');
  if (!w) return undefined;
  checker.noUnknownKeys(w, kind === 'annulus' ? WALL_KEYS : WALL_KEYS.filter((k) => k !== 'heated_wall'), 'wall');
  const condition = checker.oneOf(w['condition'], 'wall.condition', ['adiabatic', 'temperature', 'heat_flux'] as const);
  let heatedWall: HeatedWall | undefined = 'inner';
  if (kind === 'annulus' && w['heated_wall'] !== undefined) heatedWall = checker.oneOf(w['heated_wall'], 'wall.heated_wall', ['inner', 'outer', 'both'] as const);
  const setting = readWallThermal(checker, w, condition, fluid);
  return setting && heatedWall ? { thermal: setting, heatedWall } : undefined;
}

function readWallThermal(checker: ParameterChecker, w: PlainObject, condition: WallThermal['condition'] | undefined, fluid: Fluid | undefined, path = 'wall'): WallThermal | undefined {
  if (condition === 'adiabatic') return { condition };
  if (condition === 'temperature') {
    const temperature = checker.number(w['temperature'], joinPath(path, 'temperature'), { gt: 0, unit: 'K' });
    if (temperature === undefined) return undefined;
    if (fluid) checkFluidTemperature(checker, fluid, temperature, joinPath(path, 'temperature'));
    return { condition, temperature };
  }
  if (condition === 'heat_flux') {
    const heatFlux = checker.number(w['heat_flux'], joinPath(path, 'heat_flux'), { unit: 'W/m²' });
    return heatFlux === undefined ? undefined : { condition, heatFlux };
  }
  return undefined;
}

const ONE_WALL_KEYS = ['condition', 'temperature', 'heat_flux'] as const;

/** An annulus wall given on its own (`inner_wall`, `outer_wall`); missing: adiabatic. */
function readOneWall(checker: ParameterChecker, raw: unknown, path: 'inner_wall' | 'outer_wall', fluid: Fluid | undefined): WallThermal | undefined {
  if (raw === undefined) return { condition: 'adiabatic' };
  const w = checker.object(raw, path);
  if (!w) return undefined;
  checker.noUnknownKeys(w, ONE_WALL_KEYS, path);
  const condition = checker.oneOf(w['condition'], joinPath(path, 'condition'), ['adiabatic', 'temperature', 'heat_flux'] as const);
  return readWallThermal(checker, w, condition, fluid, path);
}

interface Walls {
  walls: DevelopingFlowProblem['walls'];
  heatedWall: HeatedWall;
}

/** The walls of the duct: `wall` (with `heated_wall` for an annulus) or, for an annulus, `inner_wall` and `outer_wall`. */
function readWalls(checker: ParameterChecker, p: PlainObject, kind: DuctKind, fluid: Fluid | undefined): Walls | undefined {
  const perWall = kind === 'annulus' && (p['inner_wall'] !== undefined || p['outer_wall'] !== undefined);
  if (!perWall) {
    const wall = readWall(checker, p['wall'], kind, fluid);
    return wall ? { walls: wallsFor(kind, wall), heatedWall: wall.heatedWall } : undefined;
  }
  if (p['wall'] !== undefined) {
    checker.add('wall', 'give either wall (one condition, on the heated_wall) or inner_wall and outer_wall, not both');
    return undefined;
  }
  const inner = readOneWall(checker, p['inner_wall'], 'inner_wall', fluid);
  const outer = readOneWall(checker, p['outer_wall'], 'outer_wall', fluid);
  if (!inner || !outer) return undefined;
  const innerHeated = inner.condition !== 'adiabatic';
  const outerHeated = outer.condition !== 'adiabatic';
  return { walls: { inner, outer }, heatedWall: innerHeated && outerHeated ? 'both' : outerHeated ? 'outer' : 'inner' };
}

function readStations(checker: ParameterChecker, raw: unknown, length: number | undefined): number[] | undefined {
  if (raw === undefined) return length === undefined ? undefined : [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1].map((f) => f * length);
  if (!Array.isArray(raw)) {
    checker.add('stations', 'must be an array of positions (m)');
    return undefined;
  }
  if (raw.length > MAX_STATIONS) checker.add('stations', `may hold at most ${MAX_STATIONS} positions (got ${raw.length})`);
  const stations: number[] = [];
  raw.forEach((value, i) => {
    const x = checker.number(value, joinPath('stations', i), { gt: 0, unit: 'm' });
    if (x === undefined) return;
    if (length !== undefined && x > length) checker.add(joinPath('stations', i), `must lie within the duct (at most ${length} m, got ${x} m)`);
    stations.push(x);
  });
  return [...new Set(stations)].sort((a, b) => a - b);
}

function readNumerics(checker: ParameterChecker, raw: unknown): Partial<DevelopingFlowNumerics> & { turbulentPrandtl?: number } {
  if (raw === undefined) return {};
  if (!isPlainObject(raw)) {
    checker.add('numerics', 'must be an object');
    return {};
  }
  checker.noUnknownKeys(raw, NUMERICS_KEYS, 'numerics');
  const result: Partial<DevelopingFlowNumerics> & { turbulentPrandtl?: number } = {};
  const path = (key: string): string => joinPath('numerics', key);
  if (raw['radial_cells'] !== undefined) {
    const cells = checker.number(raw['radial_cells'], path('radial_cells'), { integer: true, ge: 8, le: MAX_RADIAL_CELLS });
    if (cells !== undefined) result.radialCells = cells;
  }
  if (raw['wall_clustering'] !== undefined) {
    if (raw['wall_clustering'] === 'auto') result.wallClustering = 'auto';
    else {
      const beta = checker.number(raw['wall_clustering'], path('wall_clustering'), { ge: 0, le: 20 });
      if (beta !== undefined) result.wallClustering = beta;
    }
  }
  const optional = (key: string, rule: Parameters<ParameterChecker['number']>[2], set: (value: number) => void): void => {
    if (raw[key] === undefined) return;
    const value = checker.number(raw[key], path(key), rule);
    if (value !== undefined) set(value);
  };
  optional('wall_y_plus', { gt: 0, le: 5 }, (v) => (result.wallYPlus = v));
  optional('first_step', { gt: 0, le: 1 }, (v) => (result.firstStep = v));
  optional('step_growth', { ge: 1, le: 1.5 }, (v) => (result.stepGrowth = v));
  optional('max_step_fraction', { gt: 0, le: 0.5 }, (v) => (result.maxStepFraction = v));
  optional('picard_iterations', { integer: true, ge: 1, le: 10 }, (v) => (result.picardIterations = v));
  optional('turbulent_prandtl', { ge: 0.5, le: 1.5 }, (v) => (result.turbulentPrandtl = v));
  if (raw['axial_scheme'] !== undefined) {
    const scheme = checker.oneOf(raw['axial_scheme'], path('axial_scheme'), ['bdf1', 'bdf2'] as const);
    if (scheme) result.axialScheme = scheme;
  }
  if (raw['convection'] !== undefined) {
    const scheme = checker.oneOf(raw['convection'], path('convection'), ['central', 'hybrid'] as const);
    if (scheme) result.convection = scheme;
  }
  return result;
}

function wallsFor(kind: DuctKind, wall: WallSetting): DevelopingFlowProblem['walls'] {
  const adiabatic: WallThermal = { condition: 'adiabatic' };
  if (kind === 'pipe') return { inner: adiabatic, outer: wall.thermal };
  return {
    inner: wall.heatedWall === 'outer' ? adiabatic : wall.thermal,
    outer: wall.heatedWall === 'inner' ? adiabatic : wall.thermal,
  };
}

/** Validates raw parameters; throws InvalidParametersError naming every bad field. */
export function readDevelopingDuctCase(raw: unknown, kind: DuctKind): DevelopingDuctCase {
  const checker = new ParameterChecker();
  const p = checker.object(raw, 'parameters');
  if (!p) throw new InvalidParametersError(checker.issues);
  checker.noUnknownKeys(p, kind === 'pipe' ? PIPE_PARAMETER_KEYS : ANNULUS_PARAMETER_KEYS, '');
  const fluid = readFluid(p['fluid'], 'fluid', checker);
  const shape = readShape(checker, p, kind);
  const length = checker.number(p['length'], 'length', { gt: 0, unit: 'm' });
  const { roughness, flowInput, inletTemperature, inletPressure, elevationChange } = readDuctInlet(checker, p);
  const walls = readWalls(checker, p, kind, fluid);
  const stations = readStations(checker, p['stations'], length);
  const flowModelChoice = p['flow_model'] === undefined ? 'auto' : checker.oneOf(p['flow_model'], 'flow_model', ['auto', 'laminar', 'turbulent'] as const);
  const numerics = readNumerics(checker, p['numerics']);

  if (shape && roughness !== undefined && roughness / hydraulicDiameter(shape) > MAX_RELATIVE_ROUGHNESS) {
    checker.add('roughness', `must be at most ${MAX_RELATIVE_ROUGHNESS} × the hydraulic diameter (got roughness/D_h = ${roughness / hydraulicDiameter(shape)})`);
  }
  if (length !== undefined && elevationChange !== undefined && Math.abs(elevationChange) > length) {
    checker.add('elevation_change', `cannot exceed the duct length in magnitude (|${elevationChange}| m > ${length} m)`);
  }
  if (fluid && inletTemperature !== undefined) checkFluidTemperature(checker, fluid, inletTemperature, 'inlet_temperature');
  const inletState = readInletState(checker, fluid, inletTemperature, inletPressure);
  checker.finish();

  const state = inletState!;
  const flowRate = inletVolumeFlowRate(flowInput!, state, crossSectionArea(shape!), hydraulicDiameter(shape!));
  const massFlowRate = state.density * flowRate;
  const reynolds = (massFlowRate * hydraulicDiameter(shape!)) / (crossSectionArea(shape!) * state.viscosity);
  const flowModel: FlowModel = flowModelChoice === 'auto' || flowModelChoice === undefined ? (reynolds <= LAMINAR_REYNOLDS_LIMIT ? 'laminar' : 'turbulent') : flowModelChoice;
  const { turbulentPrandtl, ...rest } = numerics;
  const resolvedNumerics: DevelopingFlowNumerics = {
    ...defaultDevelopingFlowNumerics,
    radialCells: flowModel === 'turbulent' ? DEFAULT_TURBULENT_RADIAL_CELLS : defaultDevelopingFlowNumerics.radialCells,
    ...rest,
    turbulence: { ...defaultDevelopingFlowNumerics.turbulence, ...(turbulentPrandtl === undefined ? {} : { turbulentPrandtl }) },
  };
  return {
    kind,
    problem: {
      shape: shape!,
      length: length!,
      massFlowRate,
      properties: { density: state.density, viscosity: state.viscosity, conductivity: state.conductivity, specificHeat: state.specificHeat },
      inletTemperature: inletTemperature!,
      flowModel,
      roughness: roughness!,
      walls: walls!.walls,
      stations: stations!,
    },
    numerics: resolvedNumerics,
    fluid: fluid!,
    inletState: state,
    inletPressure: inletPressure!,
    elevationChange: elevationChange!,
    flowRate,
    flowInput: flowInput!,
    flowModelChoice: flowModelChoice ?? 'auto',
    heatedWall: walls!.heatedWall,
  };
}
