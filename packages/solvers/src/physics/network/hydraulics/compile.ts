// Turns a NetworkModel (objects, ids, SI) into the arrays the hydraulic solver runs on: nodes numbered
// junctions first, then reservoirs and tanks (the fixed-grade nodes); links in model order (pipes,
// pumps, valves); patterns and curves by index. Checks the model on the way and reports every problem
// at once (NetworkModelError). The nodes are read in compile-nodes.ts, the links in compile-links.ts.

import type { ParameterIssue } from '../../../errors.js';
import { NetworkModelError } from '../errors.js';
import type { HeadlossFormula, NetworkModel, NetworkTimes, PressureDrivenDemand } from '../model.js';
import { EPANET_VISCOSITY, SI_FLOW_UNITS, pascalsPerMetre, unitSystem } from '../units.js';
import { compileRules, type CompiledRule } from '../rules/compile.js';
import { compileEnergy, type CompiledEnergy } from './energy-compile.js';
import {
  CLOSED,
  CVPIPE,
  DEFAULT_HTOL,
  DEFAULT_QTOL,
  DEFAULT_RQTOL,
  GPV,
  MISSING,
  OPEN,
  ACTIVE,
  PBV,
  PIPE,
  PRV,
  PSV,
  PUMP,
} from './constants.js';
import { junctionLeakage } from './leakage-setup.js';
import { compileLinks, type CompiledPump } from './compile-links.js';
import { compileNodes } from './compile-nodes.js';
import { flowExponent } from './resistance.js';

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

export type { CompiledPump } from './compile-links.js';

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

export function compileNetwork(model: NetworkModel): CompiledNetwork {
  const issues: ParameterIssue[] = [];
  const problem = (path: string, message: string) => issues.push({ path, message });

  const options = compileOptions(model, problem);
  const rhoG = options.pascalsPerMetre;

  const { patterns, findPattern, defaultPattern, findCurve } = compileSchedules(model, problem);
  const nodes = compileNodes(model, { problem, findPattern, findCurve, defaultPattern, rhoG, qexp: options.qexp });
  const { nodeIndex, nJunctions, nFixed, nNodes, elevation, tankBottom, tankArea } = nodes;
  const links = compileLinks(model, { problem, nodeIndex, findPattern, findCurve, rhoG, formula: options.formula });
  const { linkIndex, linkFrom, linkTo, linkType, initSetting } = links;
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
    nodeIds: nodes.nodeIds,
    linkIds: links.linkIds,
    nJunctions,
    nNodes: nodes.nNodes,
    nLinks: links.nLinks,
    elevation,
    demandStart: nodes.demandStart,
    demandBase: nodes.demandBase,
    demandPattern: nodes.demandPattern,
    emitterKe: nodes.emitterKe,
    ...junctionLeakage(model.pipes, linkFrom, linkTo, nJunctions),
    tankArea,
    tankHmin: nodes.tankHmin,
    tankHmax: nodes.tankHmax,
    tankOverflow: nodes.tankOverflow,
    tankH0: nodes.tankH0,
    tankVmin: nodes.tankVmin,
    tankVmax: nodes.tankVmax,
    tankV0: nodes.tankV0,
    tankCurve: nodes.tankCurve,
    tankBottom,
    reservoirPattern: nodes.reservoirPattern,
    linkFrom,
    linkTo,
    linkType,
    diameter: links.diameter,
    length: links.length,
    roughness: links.roughness,
    km: links.km,
    resistance: links.resistance,
    initStatus: links.initStatus,
    initSetting,
    linkPump: links.linkPump,
    gpvCurve: links.gpvCurve,
    pcvCurve: links.pcvCurve,
    pumps: links.pumps,
    valveLinks: links.valveLinks,
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

/** Patterns (index 0 is the constant pattern) and curves by id, each looked up with its problem reported. */
function compileSchedules(model: NetworkModel, problem: (path: string, message: string) => void) {
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
  return { patterns, findPattern, defaultPattern, findCurve };
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
