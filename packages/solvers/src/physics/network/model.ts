// The pipe-network model in SI units: what a user draws in the editor or imports from an EPANET
// `.inp` file. Lengths, elevations, heads and levels in m, diameters in m, flows in m³/s, pressures in
// Pa, times in s, power in W. Identifiers are EPANET-style strings, unique among nodes and among links.

import { emptyNetworkDocument } from '@simforge/contracts';
import type { FlowUnits, PressureUnits } from './units.js';

export type HeadlossFormula = 'H-W' | 'D-W' | 'C-M';
/** Darcy–Weisbach friction factor: EPANET's Swamee–Jain (with its laminar and transition laws) or Colebrook. */
export type FrictionFactorMethod = 'swamee-jain' | 'colebrook';

export interface NetworkOptions {
  /** Head-loss formula for every pipe (EPANET: HEADLOSS). Default H-W. */
  headloss: HeadlossFormula;
  /** Friction factor for D-W (default 'swamee-jain', EPANET's). */
  frictionFactor?: FrictionFactorMethod;
  /** Kinematic viscosity, m²/s (default EPANET's 1.1e-5 ft²/s = 1.022e-6 m²/s). */
  viscosity?: number;
  /** Specific gravity of the fluid (default 1): pressure = ρ·g·(head − elevation), ρ = 1000·SG. */
  specificGravity?: number;
  /** Maximum Newton trials per hydraulic step (default 200). */
  trials?: number;
  /** Convergence: Σ|ΔQ| / Σ|Q| below this value (default 0.001, EPANET's ACCURACY). */
  accuracy?: number;
  /** What to do when a step does not converge in `trials`: stop with an error, or continue `extraTrials` more. */
  unbalanced?: { mode: 'stop' } | { mode: 'continue'; extraTrials: number };
  /** Pattern applied to demands that name none (EPANET applies pattern "1" when it exists). */
  defaultPattern?: string;
  /** Multiplier on all demands (default 1). */
  demandMultiplier?: number;
  /** Emitter pressure exponent (default 0.5). */
  emitterExponent?: number;
  /** Whether an emitter takes water in where the pressure is negative (EPANET 2.3's BACKFLOW ALLOWED; default true). */
  emitterBackflow?: boolean;
  /** Status checks on pumps, CVs and links to tanks every `checkFrequency` trials up to `maxCheck` (2, 10). */
  checkFrequency?: number;
  maxCheck?: number;
  /** Relative error below which valve statuses are checked and updates damped to 60 % (0: off). */
  dampLimit?: number;
  /** Extra convergence limits (0: not used): largest head-loss error, m, and largest flow change, m³/s. */
  headErrorLimit?: number;
  flowChangeLimit?: number;
  /**
   * Pressure-driven demand (EPANET's DEMAND MODEL PDA; absent: demand-driven). A junction delivers
   * its full demand at or above `requiredPressure`, nothing at or below `minimumPressure`, and
   * D·((p − pmin) / (preq − pmin))^exponent between. Pressures in Pa.
   */
  pressureDrivenDemand?: PressureDrivenDemand;
}

export interface PressureDrivenDemand {
  minimumPressure: number;
  requiredPressure: number;
  exponent: number;
}

/** A water-quality source at a node (EPANET's [SOURCES]). */
export interface QualitySource {
  /**
   * 'concen': the concentration of the node's external inflow (a negative demand, or a reservoir or
   * tank's outflow); 'mass': mass added per minute; 'setpoint': the outflow raised to the strength;
   * 'flowpaced': the strength added to the outflow's concentration.
   */
  type: 'concen' | 'mass' | 'setpoint' | 'flowpaced';
  /** Concentration (quality units) or mass per minute. */
  strength: number;
  pattern?: string;
}

export type TankMixingModel = 'mixed' | '2comp' | 'fifo' | 'lifo';

/**
 * Water quality (EPANET's QUALITY option and its [QUALITY], [SOURCES], [REACTIONS] and [MIXING]
 * sections), in one place. Concentrations are in the chemical's units (for example mg/L), ages in
 * hours, traces in per cent. Reaction coefficients are per day: bulk in (concentration)^(1−n)/day,
 * wall in m/day (first order) or mass/m²/day (zero order).
 */
export interface NetworkQuality {
  parameter: 'none' | 'chemical' | 'age' | 'trace';
  chemical?: string;
  units?: string;
  traceNode?: string;
  /** Molecular diffusivity, m²/s (default chlorine's, 1.3e-8 ft²/s). */
  diffusivity?: number;
  /** Smallest change of quality kept as a new segment (default 0.01 in quality units). */
  tolerance?: number;
  bulkOrder?: number;
  wallOrder?: 0 | 1;
  tankOrder?: number;
  globalBulk?: number;
  globalWall?: number;
  /** Limiting concentration of bulk reactions (0: none). */
  limitingConcentration?: number;
  /** Wall coefficient from roughness (H-W: F/C, D-W: F/|ln(e/D)|, C-M: F·n) where a pipe has none. */
  roughnessCorrelation?: number;
  /** By node id: initial quality, source. */
  initial?: Record<string, number>;
  sources?: Record<string, QualitySource>;
  /** By pipe id (bulk, wall) and tank id (bulk). */
  bulk?: Record<string, number>;
  wall?: Record<string, number>;
  /** By tank id; `fraction` is the mixing zone's share of the volume (2comp). */
  mixing?: Record<string, { model: TankMixingModel; fraction?: number }>;
}

/** EPANET's [ENERGY] section: what pumping costs. */
export interface NetworkEnergy {
  /** Efficiency of pumps without an efficiency curve, % (default 75). */
  efficiency?: number;
  /** Price of energy per kWh (default 0) and its time pattern. */
  price?: number;
  pricePattern?: string;
  /** Charge per kW of the largest total pumping power of the run (default 0). */
  demandCharge?: number;
}

export interface NetworkTimes {
  /** Length of the extended-period run, s (0: a single steady state). */
  duration: number;
  hydraulicStep: number;
  patternStep: number;
  patternStart: number;
  reportStep: number;
  reportStart: number;
  /** Clock time of day at t = 0, s after midnight. */
  startClockTime: number;
  /** Interval at which rule-based controls are checked, s (default: 1/10 of the hydraulic step). */
  ruleStep?: number;
  /** Water-quality step, s (default: 1/10 of the hydraulic step). */
  qualityStep?: number;
}

export interface Demand {
  /** Base demand, m³/s (negative: inflow). */
  base: number;
  pattern?: string;
  category?: string;
}

export interface Point2 {
  x: number;
  y: number;
}

export interface Junction {
  id: string;
  elevation: number;
  demands: Demand[];
  /** Emitter discharge coefficient C in q = C·pⁿ (q m³/s, p Pa, n = options.emitterExponent). */
  emitterCoefficient?: number;
  position?: Point2;
}

export interface Reservoir {
  id: string;
  /** Total head, m. */
  head: number;
  /** Multiplies the head over time. */
  pattern?: string;
  /**
   * A tank of diameter 0 read from an .inp file: EPANET holds its head fixed but still measures
   * levels in controls from its bottom and, with a volume curve, compares them as volumes.
   */
  tank?: { bottom: number; volumeCurve?: string };
  position?: Point2;
}

export interface Tank {
  id: string;
  /** Bottom elevation, m; levels are measured from it. */
  elevation: number;
  initialLevel: number;
  minLevel: number;
  maxLevel: number;
  diameter: number;
  /** Volume at the minimum level, m³ (default: cylinder volume to minLevel). */
  minVolume?: number;
  /** Volume curve id (x: level m, y: volume m³), replaces the cylinder. */
  volumeCurve?: string;
  /** A full tank spills what flows in (EPANET 2.3's Overflow YES) instead of closing its inflow. */
  overflow?: boolean;
  position?: Point2;
}

export type PipeStatus = 'open' | 'closed' | 'cv';

export interface Pipe {
  id: string;
  from: string;
  to: string;
  length: number;
  diameter: number;
  /** H-W: C factor; D-W: absolute roughness, m; C-M: Manning n. */
  roughness: number;
  /** Minor loss coefficient K (head loss K·v²/2g). */
  minorLoss: number;
  /** 'cv': check valve, flow only from `from` to `to`. */
  status: PipeStatus;
  /**
   * Leakage (EPANET 2.3 [LEAKAGE], FAVAD): leak area, mm² per 100 m of pipe, and its growth with the
   * pressure head, mm² per m of head per 100 m (hydraulics/leakage.ts).
   */
  leakArea?: number;
  leakExpansion?: number;
  vertices?: Point2[];
}

export interface Pump {
  id: string;
  from: string;
  to: string;
  /** Head curve id (x: flow m³/s, y: head m); one point, three points from zero flow, or a multi-point curve. */
  headCurve?: string;
  /** Constant power, W (when there is no head curve). */
  power?: number;
  /** Relative speed (default 1). */
  speed: number;
  /** Speed pattern (multipliers are speeds; 0 stops the pump). */
  pattern?: string;
  status: 'open' | 'closed';
  /** Efficiency curve (x: flow m³/s at speed 1, y: efficiency %); otherwise the network's efficiency. */
  efficiencyCurve?: string;
  /** Price of energy per kWh for this pump (0 or absent: the network's price) and its time pattern. */
  energyPrice?: number;
  pricePattern?: string;
  vertices?: Point2[];
}

export type ValveType = 'PRV' | 'PSV' | 'PBV' | 'FCV' | 'TCV' | 'GPV' | 'PCV';

export interface Valve {
  id: string;
  from: string;
  to: string;
  type: ValveType;
  diameter: number;
  /**
   * PRV, PSV: pressure setting, Pa; PBV: pressure drop, Pa; FCV: flow, m³/s; TCV: loss coefficient;
   * PCV (EPANET 2.3's positional control valve): per cent open, at most 100; GPV: unused (see headlossCurve).
   */
  setting: number;
  /** Head-loss curve id of a GPV (x: flow m³/s, y: head loss m). */
  headlossCurve?: string;
  /** A PCV's valve curve id (x: per cent open, y: flow coefficient Kv as a per cent of fully open); absent: Kv ∝ opening. */
  valveCurve?: string;
  minorLoss: number;
  /** 'active': controlled by its setting; 'open' / 'closed': status fixed. */
  status: 'active' | 'open' | 'closed';
  vertices?: Point2[];
}

export interface Pattern {
  id: string;
  multipliers: number[];
}

export type CurveKind = 'pump' | 'efficiency' | 'volume' | 'headloss' | 'valve' | 'generic';

export interface Curve {
  id: string;
  kind: CurveKind;
  /** [x, y] pairs in SI (pump: m³/s, m; volume: m, m³; head loss: m³/s, m). */
  points: [number, number][];
}

/** What a control does to its link: a status, or a numerical setting (pump speed, valve setting in SI). */
export interface ControlAction {
  status?: 'open' | 'closed';
  setting?: number;
}

export type ControlCondition =
  /** A tank level (m above its bottom) or junction pressure (Pa) above or below a value. */
  | { kind: 'node'; node: string; comparison: 'above' | 'below'; value: number }
  /** Elapsed time since the start, s. */
  | { kind: 'time'; time: number }
  /** Time of day, s after midnight. */
  | { kind: 'clocktime'; time: number };

export interface SimpleControl {
  link: string;
  action: ControlAction;
  condition: ControlCondition;
  enabled: boolean;
}

export interface NetworkModel {
  title: string[];
  /** Units the user works in; `.inp` export writes them (default LPS and METERS). */
  units?: { flow: FlowUnits; pressure: PressureUnits };
  options: NetworkOptions;
  times: NetworkTimes;
  junctions: Junction[];
  reservoirs: Reservoir[];
  tanks: Tank[];
  pipes: Pipe[];
  pumps: Pump[];
  valves: Valve[];
  patterns: Pattern[];
  curves: Curve[];
  controls: SimpleControl[];
  /**
   * Rule-based controls as EPANET writes them in [RULES] (RULE / IF / AND / OR / THEN / ELSE /
   * PRIORITY), values in the units of `units` (rules/parse.ts).
   */
  rules?: string;
  energy?: NetworkEnergy;
  quality?: NetworkQuality;
}

/**
 * An empty network with EPANET's default options, to build on: the editor's empty document (one
 * definition of the defaults), without its display units (a model without them means LPS and metres).
 */
export function emptyNetwork(): NetworkModel {
  const { units: _units, ...network } = emptyNetworkDocument();
  return network;
}
