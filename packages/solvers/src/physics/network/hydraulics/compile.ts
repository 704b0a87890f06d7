// Long file: every element kind is numbered and checked in one pass, so that all problems of a model are reported at once.
// Turns a NetworkModel (objects, ids, SI) into the arrays the hydraulic solver runs on: nodes numbered
// junctions first, then reservoirs and tanks (the fixed-grade nodes); links in model order (pipes,
// pumps, valves); patterns and curves by index. Checks the model on the way and reports every problem
// at once (NetworkModelError).

import type { ParameterIssue } from '../../../errors.js';
import { NetworkModelError } from '../errors.js';
import type { HeadlossFormula, NetworkModel, NetworkTimes, PressureDrivenDemand, ValveType } from '../model.js';
import { CFS, EPANET_VISCOSITY, FT, SI_FLOW_UNITS, pascalsPerMetre, unitSystem } from '../units.js';
import { compileRules, type CompiledRule } from '../rules/compile.js';
import { compileEnergy, type CompiledEnergy } from './energy-compile.js';
import { interpolate } from './interpolate.js';
import {
  CLOSED,
  CONST_HP,
  CSMALL_RESISTANCE,
  CVPIPE,
  DEFAULT_HTOL,
  DEFAULT_QTOL,
  DEFAULT_RQTOL,
  FCV,
  GPV,
  PCV,
  MISSING,
  OPEN,
  ACTIVE,
  PBV,
  PIPE,
  PRV,
  PSV,
  PUMP,
  TCV,
  minorLossResistance,
} from './constants.js';
import { junctionLeakage } from './leakage-setup.js';
import { fitPumpCurve, type FittedPumpCurve } from './pump-curve.js';
import { flowExponent, pipeResistance } from './resistance.js';

export interface HydraulicOptions {
  formula: HeadlossFormula;
  colebrook: boolean;
  /** Flow exponent of the pipe formula. */
  hexp: number;
  /** Emitter head-loss exponent (1 / pressure exponent). */
  qexp: number;
  /** Emitters may take inflow (false: a barrier holds their flow at or above 0). */
  emitterBackflow: boolean;
  viscosity: number;
  accuracy: number;
  maxIter: number;
  /** -1: stop when unbalanced; otherwise extra trials made without status changes. */
  extraIter: number;
  checkFreq: number;
  maxCheck: number;
  dampLimit: number;
  headErrorLimit: number;
  flowChangeLimit: number;
  htol: number;
  qtol: number;
  rqtol: number;
  demandMultiplier: number;
  /** Pressure-driven demand in heads of the fluid, m (null: demand-driven). */
  pda: { pmin: number; preq: number; pexp: number } | null;
  /** ρ·g, Pa per m of head. */
  pascalsPerMetre: number;
  specificGravity: number;
}

/** A pump: a fitted head curve, or CONST_HP (h0 = 0, r < 0, n = −1: the power form of a constant power). */
export interface CompiledPump extends Omit<FittedPumpCurve, 'type'> {
  link: number;
  type: typeof CONST_HP | FittedPumpCurve['type'];
  /** Speed pattern index (0: none). */
  pattern: number;
}

export const LOWLEVEL = 0;
export const HILEVEL = 1;
export const TIMER = 2;
export const TIMEOFDAY = 3;

export interface CompiledControl {
  link: number;
  /** Node index, or -1 for time controls. */
  node: number;
  type: typeof LOWLEVEL | typeof HILEVEL | typeof TIMER | typeof TIMEOFDAY;
  status: number;
  setting: number;
  /** Head (node controls), m. */
  grade: number;
  /** Seconds (timer) or seconds after midnight (time of day). */
  time: number;
  enabled: boolean;
}

export interface CompiledNetwork {
  nodeIds: string[];
  linkIds: string[];
  nJunctions: number;
  nNodes: number;
  nLinks: number;
  elevation: Float64Array;
  demandStart: Int32Array;
  demandBase: Float64Array;
  demandPattern: Int32Array;
  /** Emitter head-loss coefficient (h = Ke·q^qexp), 0 where there is none. */
  emitterKe: Float64Array;
  /** Pipe leakage per junction (leakage.ts): h = c_fa Q_fa² and h = c_va Q_va^(2/3) in ft and cfs; 0 where none. */
  leakCfa: Float64Array;
  leakCva: Float64Array;
  /** Fixed-grade node f (node nJunctions + f): reservoir when area is 0. */
  tankArea: Float64Array;
  tankHmin: Float64Array;
  tankHmax: Float64Array;
  tankH0: Float64Array;
  tankVmin: Float64Array;
  tankVmax: Float64Array;
  tankV0: Float64Array;
  tankCurve: ({ level: Float64Array; volume: Float64Array } | null)[];
  /** 1 where a full tank spills its inflow (EPANET 2.3's CanOverflow) instead of closing the links that fill it. */
  tankOverflow: Uint8Array;
  /** Bottom elevation of fixed-grade node f, m: levels in controls are measured from it. */
  tankBottom: Float64Array;
  reservoirPattern: Int32Array;
  linkFrom: Int32Array;
  linkTo: Int32Array;
  linkType: Uint8Array;
  diameter: Float64Array;
  length: Float64Array;
  /** Pipe roughness (H-W C, D-W m, Manning n); unused for other links. */
  roughness: Float64Array;
  /** Minor loss on a Q² basis, m per (m³/s)². */
  km: Float64Array;
  /** Pipe resistance (see resistance.ts). */
  resistance: Float64Array;
  initStatus: Uint8Array;
  initSetting: Float64Array;
  /** Pump index of a link, -1 if not a pump. */
  linkPump: Int32Array;
  /** Head-loss curve of a GPV (flow m³/s, head m). */
  gpvCurve: ({ x: Float64Array; y: Float64Array } | null)[];
  /** A PCV's valve curve (x: per cent open, y: Kv per cent of fully open); null: linear (pcv.ts). */
  pcvCurve: ({ x: Float64Array; y: Float64Array } | null)[];
  pumps: CompiledPump[];
  valveLinks: Int32Array;
  patterns: Float64Array[];
  controls: CompiledControl[];
  rules: CompiledRule[];
  energy: CompiledEnergy;
  /** Matrix edge of a link between two junctions, -1 otherwise; edges join distinct junction pairs. */
  linkEdge: Int32Array;
  edgeA: Int32Array;
  edgeB: Int32Array;
  options: HydraulicOptions;
  times: NetworkTimes;
}

const VALVE_TYPES: Record<ValveType, number> = { PRV, PSV, PBV, FCV, TCV, GPV, PCV };

// Long function: the one pass over the model's element kinds that numbers them and collects every issue before failing.
export function compileNetwork(model: NetworkModel): CompiledNetwork {
  const issues: ParameterIssue[] = [];
  const problem = (path: string, message: string) => issues.push({ path, message });

  const options = compileOptions(model, problem);
  const rhoG = options.pascalsPerMetre;

  // Patterns (index 0 is the constant pattern) and curves by id.
  const patternIndex = new Map<string, number>();
  const patterns: Float64Array[] = [Float64Array.of(1)];
  model.patterns.forEach((pattern, i) => {
    if (patternIndex.has(pattern.id)) problem(`patterns[${i}].id`, `duplicate pattern id '${pattern.id}'`);
    patternIndex.set(pattern.id, patterns.length);
    patterns.push(Float64Array.from(pattern.multipliers.length > 0 ? pattern.multipliers : [1]));
  });
  const findPattern = (id: string | undefined, path: string): number => {
    if (id === undefined || id === '') return 0;
    const index = patternIndex.get(id);
    if (index === undefined) {
      problem(path, `unknown pattern '${id}'`);
      return 0;
    }
    return index;
  };
  const defaultPattern = model.options.defaultPattern !== undefined ? (patternIndex.get(model.options.defaultPattern) ?? 0) : 0;
  const curves = new Map(model.curves.map((curve) => [curve.id, curve]));
  const findCurve = (id: string, path: string) => {
    const curve = curves.get(id);
    if (!curve) problem(path, `unknown curve '${id}'`);
    else if (curve.points.length === 0) problem(path, `curve '${id}' has no points`);
    else if (curve.points.some((p, i) => i > 0 && p[0] <= curve.points[i - 1]![0])) problem(path, `curve '${id}': x values must increase`);
    return curve;
  };

  // Nodes: junctions, then reservoirs, then tanks.
  const nJunctions = model.junctions.length;
  const nFixed = model.reservoirs.length + model.tanks.length;
  const nNodes = nJunctions + nFixed;
  const nodeIds: string[] = [];
  const nodeIndex = new Map<string, number>();
  const addNode = (id: string, list: string, i: number) => {
    if (!id) problem(`${list}[${i}].id`, 'empty id');
    if (nodeIndex.has(id)) problem(`${list}[${i}].id`, `duplicate node id '${id}'`);
    nodeIndex.set(id, nodeIds.length);
    nodeIds.push(id);
  };
  model.junctions.forEach((j, i) => addNode(j.id, 'junctions', i));
  model.reservoirs.forEach((r, i) => addNode(r.id, 'reservoirs', i));
  model.tanks.forEach((t, i) => addNode(t.id, 'tanks', i));

  const elevation = new Float64Array(nNodes);
  const demandStart = new Int32Array(nJunctions + 1);
  const demandBase: number[] = [];
  const demandPattern: number[] = [];
  const emitterKe = new Float64Array(nJunctions);
  // Paths are only spelled out for a problem: a large network has tens of thousands of elements.
  model.junctions.forEach((junction, i) => {
    elevation[i] = Number.isFinite(junction.elevation) ? junction.elevation : finite(junction.elevation, `junctions[${i}].elevation`, problem);
    // A loop, not a forEach: a callback created per junction is slow on the cold path.
    const demands = junction.demands;
    for (let d = 0; d < demands.length; d++) {
      const demand = demands[d]!;
      demandBase.push(Number.isFinite(demand.base) ? demand.base : finite(demand.base, `junctions[${i}].demands[${d}].base`, problem));
      const pattern = demand.pattern === undefined || demand.pattern === '' ? 0 : findPattern(demand.pattern, `junctions[${i}].demands[${d}].pattern`);
      demandPattern.push(demand.pattern === undefined || demand.pattern === '' ? defaultPattern : pattern);
    }
    demandStart[i + 1] = demandBase.length;
    const c = junction.emitterCoefficient ?? 0;
    if (c < 0) problem(`junctions[${i}].emitterCoefficient`, 'must not be negative');
    // q = C·pⁿ with p = ρg·h  =>  h = Ke·q^(1/n), Ke = C^(−1/n) / ρg.
    if (c > 0) emitterKe[i] = c ** -options.qexp / rhoG;
  });

  const tankArea = new Float64Array(nFixed);
  const tankHmin = new Float64Array(nFixed);
  const tankHmax = new Float64Array(nFixed);
  const tankH0 = new Float64Array(nFixed);
  const tankVmin = new Float64Array(nFixed);
  const tankVmax = new Float64Array(nFixed);
  const tankV0 = new Float64Array(nFixed);
  const tankCurve: CompiledNetwork['tankCurve'] = new Array(nFixed).fill(null);
  const tankBottom = new Float64Array(nFixed);
  const tankOverflow = new Uint8Array(nFixed);
  const reservoirPattern = new Int32Array(nFixed);
  model.reservoirs.forEach((reservoir, r) => {
    const node = nJunctions + r;
    elevation[node] = finite(reservoir.head, `reservoirs[${r}].head`, problem);
    tankH0[r] = elevation[node]!;
    tankHmin[r] = elevation[node]!;
    tankHmax[r] = elevation[node]!;
    tankBottom[r] = reservoir.tank ? finite(reservoir.tank.bottom, `reservoirs[${r}].tank.bottom`, problem) : elevation[node]!;
    reservoirPattern[r] = findPattern(reservoir.pattern, `reservoirs[${r}].pattern`);
    const curve = reservoir.tank?.volumeCurve ? findCurve(reservoir.tank.volumeCurve, `reservoirs[${r}].tank.volumeCurve`) : undefined;
    if (curve && curve.points.length > 1) {
      // A fixed head with a volume curve: EPANET compares control levels as volumes on the curve.
      const level = Float64Array.from(curve.points, (p) => p[0]);
      const volume = Float64Array.from(curve.points, (p) => p[1]);
      tankCurve[r] = { level, volume };
      const v = interpolate(level, volume, elevation[node]! - tankBottom[r]!);
      tankV0[r] = v;
      tankVmin[r] = v;
      tankVmax[r] = v;
    }
  });
  model.tanks.forEach((tank, t) => {
    const f = model.reservoirs.length + t;
    const node = nJunctions + f;
    const path = `tanks[${t}]`;
    elevation[node] = finite(tank.elevation, `${path}.elevation`, problem);
    tankBottom[f] = elevation[node]!;
    if (!(tank.diameter > 0)) problem(`${path}.diameter`, 'must be positive');
    if (!(tank.minLevel >= 0)) problem(`${path}.minLevel`, 'must not be negative');
    if (!(tank.maxLevel >= tank.minLevel)) problem(`${path}.maxLevel`, 'must be at least minLevel');
    if (!(tank.initialLevel >= tank.minLevel && tank.initialLevel <= tank.maxLevel)) problem(`${path}.initialLevel`, 'must lie between minLevel and maxLevel');
    const area = (Math.PI * tank.diameter * tank.diameter) / 4;
    tankArea[f] = area;
    tankH0[f] = elevation[node]! + tank.initialLevel;
    tankHmin[f] = elevation[node]! + tank.minLevel;
    tankHmax[f] = elevation[node]! + tank.maxLevel;
    const vmin = tank.minVolume !== undefined && tank.minVolume > 0 ? tank.minVolume : area * tank.minLevel;
    tankVmin[f] = vmin;
    tankV0[f] = vmin + area * (tank.initialLevel - tank.minLevel);
    tankVmax[f] = vmin + area * (tank.maxLevel - tank.minLevel);
    tankOverflow[f] = tank.overflow ? 1 : 0;
    if (tank.volumeCurve) {
      const curve = findCurve(tank.volumeCurve, `${path}.volumeCurve`);
      if (curve && curve.points.length > 1) {
        const level = Float64Array.from(curve.points, (p) => p[0]);
        const volume = Float64Array.from(curve.points, (p) => p[1]);
        tankCurve[f] = { level, volume };
        const n = level.length - 1;
        tankVmin[f] = interpolate(level, volume, tank.minLevel);
        tankV0[f] = interpolate(level, volume, tank.initialLevel);
        tankVmax[f] = interpolate(level, volume, tank.maxLevel);
        tankArea[f] = (volume[n]! - volume[0]!) / (level[n]! - level[0]!);
      }
    }
  });

  // Links: pipes, pumps, valves.
  const nLinks = model.pipes.length + model.pumps.length + model.valves.length;
  const linkIds: string[] = [];
  const linkIndex = new Map<string, number>();
  const linkFrom = new Int32Array(nLinks);
  const linkTo = new Int32Array(nLinks);
  const linkType = new Uint8Array(nLinks);
  const diameter = new Float64Array(nLinks);
  const length = new Float64Array(nLinks);
  const roughness = new Float64Array(nLinks);
  const km = new Float64Array(nLinks);
  const resistance = new Float64Array(nLinks);
  const initStatus = new Uint8Array(nLinks);
  const initSetting = new Float64Array(nLinks);
  const linkPump = new Int32Array(nLinks).fill(-1);
  const gpvCurve: CompiledNetwork['gpvCurve'] = new Array(nLinks).fill(null);
  const pcvCurve: CompiledNetwork['pcvCurve'] = new Array(nLinks).fill(null);
  const pumps: CompiledPump[] = [];
  const valveLinks: number[] = [];

  const addLink = (link: { id: string; from: string; to: string }, list: string, i: number): number => {
    const k = linkIds.length;
    if (!link.id) problem(`${list}[${i}].id`, 'empty id');
    if (linkIndex.has(link.id)) problem(`${list}[${i}].id`, `duplicate link id '${link.id}'`);
    linkIndex.set(link.id, k);
    linkIds.push(link.id);
    const from = nodeIndex.get(link.from);
    const to = nodeIndex.get(link.to);
    if (from === undefined) problem(`${list}[${i}].from`, `unknown node '${link.from}'`);
    if (to === undefined) problem(`${list}[${i}].to`, `unknown node '${link.to}'`);
    if (from !== undefined && from === to) problem(`${list}[${i}]`, `link '${link.id}' starts and ends at node '${link.from}'`);
    linkFrom[k] = from ?? 0;
    linkTo[k] = to ?? 0;
    return k;
  };

  model.pipes.forEach((pipe, i) => {
    const k = addLink(pipe, 'pipes', i);
    linkType[k] = pipe.status === 'cv' ? CVPIPE : PIPE;
    if (!(pipe.length > 0)) problem(`pipes[${i}].length`, 'must be positive');
    if (!(pipe.diameter > 0)) problem(`pipes[${i}].diameter`, 'must be positive');
    if (!(pipe.roughness > 0)) problem(`pipes[${i}].roughness`, 'must be positive');
    if (!(pipe.minorLoss >= 0)) problem(`pipes[${i}].minorLoss`, 'must not be negative');
    diameter[k] = pipe.diameter;
    length[k] = pipe.length;
    roughness[k] = pipe.roughness;
    km[k] = minorLossResistance(pipe.minorLoss, pipe.diameter);
    resistance[k] = pipeResistance(options.formula, pipe);
    initStatus[k] = pipe.status === 'closed' ? CLOSED : OPEN;
    initSetting[k] = pipe.roughness;
  });

  model.pumps.forEach((pump, i) => {
    const path = `pumps[${i}]`;
    const k = addLink(pump, 'pumps', i);
    linkType[k] = PUMP;
    linkPump[k] = pumps.length;
    if (!(pump.speed >= 0)) problem(`${path}.speed`, 'must not be negative');
    const closed = pump.status === 'closed' || pump.speed === 0;
    initStatus[k] = closed ? CLOSED : OPEN;
    initSetting[k] = closed ? 0 : pump.speed;
    const pattern = findPattern(pump.pattern, `${path}.pattern`);
    if (pump.headCurve !== undefined) {
      const curve = findCurve(pump.headCurve, `${path}.headCurve`);
      if (!curve) return;
      const fit = fitPumpCurve(curve.points);
      if (typeof fit === 'string') {
        problem(`${path}.headCurve`, `curve '${curve.id}': ${fit}`);
        return;
      }
      pumps.push({ link: k, pattern, ...fit });
    } else if (pump.power !== undefined && pump.power > 0) {
      // EPANET: head (ft) = 8.814·hp / Q (cfs), 1 hp = 745.7 W.
      const horsepower = pump.power / 745.7;
      pumps.push({
        link: k,
        type: CONST_HP,
        h0: 0,
        r: -8.814 * horsepower * FT * CFS,
        n: -1,
        hmax: Number.MAX_VALUE,
        qmax: Number.MAX_VALUE,
        q0: CFS,
        curveX: new Float64Array(0),
        curveY: new Float64Array(0),
        pattern,
      });
    } else {
      problem(path, `pump '${pump.id}' needs a head curve or a power`);
    }
  });

  model.valves.forEach((valve, i) => {
    const path = `valves[${i}]`;
    const k = addLink(valve, 'valves', i);
    const type = VALVE_TYPES[valve.type];
    if (type === undefined) {
      problem(`${path}.type`, `unknown valve type '${valve.type}'`);
      return;
    }
    linkType[k] = type;
    valveLinks.push(k);
    if (!(valve.diameter > 0)) problem(`${path}.diameter`, 'must be positive');
    if (!(valve.minorLoss >= 0)) problem(`${path}.minorLoss`, 'must not be negative');
    diameter[k] = valve.diameter;
    km[k] = minorLossResistance(valve.minorLoss, valve.diameter);
    resistance[k] = CSMALL_RESISTANCE;
    let setting = valve.setting;
    if (type === PRV || type === PSV || type === PBV) setting = valve.setting / rhoG;
    if (type === GPV) {
      const curve = valve.headlossCurve === undefined ? undefined : findCurve(valve.headlossCurve, `${path}.headlossCurve`);
      if (valve.headlossCurve === undefined) problem(`${path}.headlossCurve`, 'a GPV needs a head-loss curve');
      if (curve) gpvCurve[k] = { x: Float64Array.from(curve.points, (p) => p[0]), y: Float64Array.from(curve.points, (p) => p[1]) };
      setting = 1;
    } else if (!Number.isFinite(setting)) {
      problem(`${path}.setting`, 'must be a number');
    } else if (type === PCV) {
      // EPANET caps a PCV's opening at 100 %.
      setting = Math.min(setting, 100);
      const curve = valve.valveCurve === undefined ? undefined : findCurve(valve.valveCurve, `${path}.valveCurve`);
      if (curve && curve.points.length > 0) pcvCurve[k] = { x: Float64Array.from(curve.points, (p) => p[0]), y: Float64Array.from(curve.points, (p) => p[1]) };
    }
    initStatus[k] = valve.status === 'open' ? OPEN : valve.status === 'closed' ? CLOSED : type === GPV ? OPEN : ACTIVE;
    initSetting[k] = setting;
  });
  checkValvePlacement(model, nodeIndex, nJunctions, problem);

  const controls = compileControls(model, { nodeIndex, linkIndex, linkType, initSetting, elevation, tankBottom, nJunctions, rhoG }, problem);
  const flowUnits = model.units?.flow ?? 'LPS';
  const units = unitSystem(flowUnits, model.units?.pressure ?? (SI_FLOW_UNITS.has(flowUnits) ? 'METERS' : 'PSI'), options.specificGravity);
  const compiledRules = compileRules(model.rules, { nodeIndex, linkIndex, linkType, nJunctions, tankArea, units });
  for (const error of compiledRules.errors) problem('rules', `line ${error.line}: ${error.message}`);
  const { linkEdge, edgeA, edgeB } = matrixEdges(linkFrom, linkTo, nJunctions);

  // As EPANET (error 223, "not enough nodes in network"): a file without a network is no case.
  if (nNodes < 2) problem('network', `the network has ${nNodes === 0 ? 'no nodes' : 'one node'}: at least two junctions, reservoirs or tanks are needed`);
  else if (nFixed === 0) problem('network', 'the network has no reservoir or tank (no fixed-head node)');
  if (issues.length > 0) throw new NetworkModelError(issues);

  return {
    nodeIds,
    linkIds,
    nJunctions,
    nNodes,
    nLinks,
    elevation,
    demandStart,
    demandBase: new Float64Array(demandBase),
    demandPattern: new Int32Array(demandPattern),
    emitterKe,
    ...junctionLeakage(model.pipes, linkFrom, linkTo, nJunctions),
    tankArea,
    tankHmin,
    tankHmax,
    tankOverflow,
    tankH0,
    tankVmin,
    tankVmax,
    tankV0,
    tankCurve,
    tankBottom,
    reservoirPattern,
    linkFrom,
    linkTo,
    linkType,
    diameter,
    length,
    roughness,
    km,
    resistance,
    initStatus,
    initSetting,
    linkPump,
    gpvCurve,
    pcvCurve,
    pumps,
    valveLinks: Int32Array.from(valveLinks),
    patterns,
    controls,
    rules: compiledRules.rules,
    energy: compileEnergy(model, { pattern: findPattern, curve: findCurve }, problem),
    linkEdge,
    edgeA,
    edgeB,
    options,
    times: normalizeTimes(model.times),
  };
}

/** Simple controls with their node values as heads and their settings in engine units. */
function compileControls(
  model: NetworkModel,
  refs: {
    nodeIndex: Map<string, number>;
    linkIndex: Map<string, number>;
    linkType: Uint8Array;
    initSetting: Float64Array;
    elevation: Float64Array;
    tankBottom: Float64Array;
    nJunctions: number;
    rhoG: number;
  },
  problem: (path: string, message: string) => void,
): CompiledControl[] {
  const { nodeIndex, linkIndex, linkType, initSetting, elevation, tankBottom, nJunctions, rhoG } = refs;
  const controls: CompiledControl[] = [];
  model.controls.forEach((control, i) => {
    const path = `controls[${i}]`;
    const k = linkIndex.get(control.link);
    if (k === undefined) {
      problem(`${path}.link`, `unknown link '${control.link}'`);
      return;
    }
    const type = linkType[k]!;
    if (type === CVPIPE) {
      problem(`${path}.link`, `link '${control.link}' is a check valve and cannot be controlled`);
      return;
    }
    let status: number = ACTIVE;
    let setting = MISSING;
    const action = control.action;
    if (action.status !== undefined) {
      status = action.status === 'open' ? OPEN : CLOSED;
      if (type === PUMP) setting = action.status === 'open' ? 1 : 0;
      if (type === GPV) setting = initSetting[k]!;
    } else if (action.setting !== undefined && Number.isFinite(action.setting)) {
      if (type === GPV) {
        problem(`${path}.action`, 'a GPV takes open or closed only');
        return;
      }
      setting = action.setting;
      if (type === PRV || type === PSV || type === PBV) setting = action.setting / rhoG;
    } else {
      problem(`${path}.action`, 'needs a status or a setting');
      return;
    }
    if ((type === PUMP || type === PIPE) && setting !== MISSING) {
      if (setting < 0) {
        problem(`${path}.action.setting`, 'must not be negative');
        return;
      }
      status = setting === 0 ? CLOSED : OPEN;
    }
    const condition = control.condition;
    let node = -1;
    let grade = 0;
    let time = 0;
    let ctype: CompiledControl['type'];
    if (condition.kind === 'node') {
      const n = nodeIndex.get(condition.node);
      if (n === undefined) {
        problem(`${path}.condition.node`, `unknown node '${condition.node}'`);
        return;
      }
      node = n;
      ctype = condition.comparison === 'below' ? LOWLEVEL : HILEVEL;
      // Tank levels are heights above the bottom; junction values are pressures.
      grade = n >= nJunctions ? tankBottom[n - nJunctions]! + condition.value : elevation[n]! + condition.value / rhoG;
    } else if (condition.kind === 'time') {
      ctype = TIMER;
      time = Math.round(condition.time);
    } else {
      ctype = TIMEOFDAY;
      time = Math.round(condition.time) % 86400;
    }
    controls.push({ link: k, node, type: ctype, status, setting, grade, time, enabled: control.enabled });
  });

  return controls;
}

/** Matrix edges: one per distinct pair of junctions joined by a link (parallel links share one). */
function matrixEdges(linkFrom: Int32Array, linkTo: Int32Array, nJunctions: number): { linkEdge: Int32Array; edgeA: Int32Array; edgeB: Int32Array } {
  const nLinks = linkFrom.length;
  const linkEdge = new Int32Array(nLinks).fill(-1);
  const edgeA = new Int32Array(nLinks);
  const edgeB = new Int32Array(nLinks);
  // The edges of each lower-numbered junction as a linked list (a junction has a few): finding a
  // pair's edge scans that short list instead of hashing the pair.
  const firstEdge = new Int32Array(nJunctions).fill(-1);
  const nextEdge = new Int32Array(nLinks);
  const upper = new Int32Array(nLinks);
  let edges = 0;
  for (let k = 0; k < nLinks; k++) {
    const a = linkFrom[k]!;
    const b = linkTo[k]!;
    if (a >= nJunctions || b >= nJunctions || a === b) continue;
    const lo = a < b ? a : b;
    const hi = a < b ? b : a;
    let e = firstEdge[lo]!;
    while (e >= 0 && upper[e] !== hi) e = nextEdge[e]!;
    if (e < 0) {
      e = edges++;
      edgeA[e] = a;
      edgeB[e] = b;
      upper[e] = hi;
      nextEdge[e] = firstEdge[lo]!;
      firstEdge[lo] = e;
    }
    linkEdge[k] = e;
  }
  return { linkEdge, edgeA: edgeA.slice(0, edges), edgeB: edgeB.slice(0, edges) };
}

function compileOptions(model: NetworkModel, problem: (path: string, message: string) => void): HydraulicOptions {
  const o = model.options;
  const formula = o.headloss;
  if (formula !== 'H-W' && formula !== 'D-W' && formula !== 'C-M') problem('options.headloss', `unknown formula '${String(formula)}'`);
  const specificGravity = o.specificGravity ?? 1;
  if (!(specificGravity > 0)) problem('options.specificGravity', 'must be positive');
  const emitterExponent = o.emitterExponent ?? 0.5;
  if (!(emitterExponent > 0)) problem('options.emitterExponent', 'must be positive');
  const accuracy = o.accuracy ?? 0.001;
  if (!(accuracy > 0)) problem('options.accuracy', 'must be positive');
  const trials = o.trials ?? 200;
  if (!(trials >= 1)) problem('options.trials', 'must be at least 1');
  const unbalanced = o.unbalanced ?? { mode: 'stop' };
  const rhoG = pascalsPerMetre(specificGravity);
  return {
    pda: compilePressureDrivenDemand(o.pressureDrivenDemand, rhoG, problem),
    formula,
    colebrook: o.frictionFactor === 'colebrook',
    hexp: flowExponent(formula),
    qexp: 1 / emitterExponent,
    emitterBackflow: o.emitterBackflow ?? true,
    viscosity: o.viscosity ?? EPANET_VISCOSITY,
    accuracy: Math.min(Math.max(accuracy, 1e-5), 0.1),
    maxIter: Math.floor(trials),
    extraIter: unbalanced.mode === 'stop' ? -1 : Math.max(0, Math.floor(unbalanced.extraTrials)),
    checkFreq: Math.max(1, Math.floor(o.checkFrequency ?? 2)),
    maxCheck: Math.floor(o.maxCheck ?? 10),
    dampLimit: o.dampLimit ?? 0,
    headErrorLimit: o.headErrorLimit ?? 0,
    flowChangeLimit: o.flowChangeLimit ?? 0,
    htol: DEFAULT_HTOL,
    qtol: DEFAULT_QTOL,
    rqtol: DEFAULT_RQTOL,
    demandMultiplier: o.demandMultiplier ?? 1,
    pascalsPerMetre: pascalsPerMetre(specificGravity),
    specificGravity,
  };
}

/** Least gap between the minimum and required pressures, m of head (EPANET: 0.1 in the file's units). */
const PDA_MIN_DIFFERENCE = 0.1;

function compilePressureDrivenDemand(
  pda: PressureDrivenDemand | undefined,
  rhoG: number,
  problem: (path: string, message: string) => void,
): HydraulicOptions['pda'] {
  if (!pda) return null;
  const path = 'options.pressureDrivenDemand';
  const pmin = pda.minimumPressure / rhoG;
  const preq = pda.requiredPressure / rhoG;
  if (!(pmin >= 0)) problem(`${path}.minimumPressure`, 'must not be negative');
  if (!(preq - pmin >= PDA_MIN_DIFFERENCE)) problem(`${path}.requiredPressure`, `must exceed the minimum pressure by at least ${PDA_MIN_DIFFERENCE} m of head`);
  if (!(pda.exponent > 0)) problem(`${path}.exponent`, 'must be positive');
  return { pmin, preq, pexp: pda.exponent };
}

/** EPANET's adjustments: pattern and report steps default to an hour; the hydraulic step fits in both. */
export function normalizeTimes(times: NetworkTimes): NetworkTimes {
  const t = { ...times };
  for (const key of Object.keys(t) as (keyof NetworkTimes)[]) if (t[key] !== undefined) t[key] = Math.round(t[key]);
  if (t.patternStep <= 0) t.patternStep = 3600;
  if (t.reportStep <= 0) t.reportStep = t.patternStep;
  if (t.hydraulicStep <= 0) t.hydraulicStep = 3600;
  if (t.hydraulicStep > t.patternStep) t.hydraulicStep = t.patternStep;
  if (t.hydraulicStep > t.reportStep) t.hydraulicStep = t.reportStep;
  if (t.reportStart > t.duration) t.reportStart = 0;
  if (t.duration < 0) t.duration = 0;
  t.startClockTime = ((t.startClockTime % 86400) + 86400) % 86400;
  // EPANET: a tenth of the hydraulic step unless given, never more than it (integer seconds).
  if (!(t.ruleStep !== undefined && t.ruleStep > 0)) t.ruleStep = Math.trunc(t.hydraulicStep / 10);
  t.ruleStep = Math.max(1, Math.min(t.ruleStep, t.hydraulicStep));
  return t;
}

/** EPANET's rules for pressure and flow control valves (its errors 219 and 220). */
function checkValvePlacement(model: NetworkModel, nodeIndex: Map<string, number>, nJunctions: number, problem: (path: string, message: string) => void): void {
  const controlling = model.valves
    .map((valve, i) => ({ valve, i, n1: nodeIndex.get(valve.from), n2: nodeIndex.get(valve.to) }))
    .filter((v) => v.valve.type === 'PRV' || v.valve.type === 'PSV' || v.valve.type === 'FCV');
  for (const { valve, i, n1, n2 } of controlling) {
    if (n1 === undefined || n2 === undefined) continue;
    if (n1 >= nJunctions || n2 >= nJunctions) {
      problem(`valves[${i}]`, `${valve.type} '${valve.id}' cannot connect directly to a reservoir or tank`);
      continue;
    }
    for (const other of controlling) {
      if (other.i >= i || other.n1 === undefined || other.n2 === undefined) continue;
      const a = { type: other.valve.type, n1: other.n1, n2: other.n2 };
      const b = { type: valve.type, n1, n2 };
      if (conflicts(a, b) || conflicts(b, a)) {
        problem(`valves[${i}]`, `${valve.type} '${valve.id}' and ${other.valve.type} '${other.valve.id}' share nodes in a way that cannot be solved`);
      }
    }
  }
}

function conflicts(v: { type: string; n1: number; n2: number }, w: { type: string; n1: number; n2: number }): boolean {
  if (v.type === 'PRV' && w.type === 'PRV') return v.n2 === w.n2 || v.n2 === w.n1 || v.n1 === w.n2;
  if (v.type === 'PSV' && w.type === 'PSV') return v.n1 === w.n1 || v.n1 === w.n2 || v.n2 === w.n1;
  if (v.type === 'PSV' && w.type === 'PRV') return v.n1 === w.n2;
  if (v.type === 'FCV' && w.type === 'PSV') return v.n2 === w.n1;
  if (v.type === 'FCV' && w.type === 'PRV') return v.n1 === w.n2;
  return false;
}

function finite(value: number, path: string, problem: (path: string, message: string) => void): number {
  if (!Number.isFinite(value)) {
    problem(path, 'must be a finite number');
    return 0;
  }
  return value;
}
