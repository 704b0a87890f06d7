// The links of a NetworkModel numbered and turned into arrays (compile.ts): pipes, then pumps, then
// valves, in the model's order, with their ends as node numbers and their settings in engine units.
// Every problem is reported through `problem` and the reading goes on, so that all are named at once.

import type { Curve, HeadlossFormula, NetworkModel, ValveType } from '../model.js';
import { CFS, FT } from '../units.js';
import { ACTIVE, CLOSED, CONST_HP, CSMALL_RESISTANCE, CVPIPE, FCV, GPV, OPEN, PBV, PCV, PIPE, PRV, PSV, PUMP, TCV, minorLossResistance } from './constants.js';
import { fitPumpCurve, type FittedPumpCurve } from './pump-curve.js';
import { pipeResistance } from './resistance.js';

/** A pump: a fitted head curve, or CONST_HP (h0 = 0, r < 0, n = −1: the power form of a constant power). */
export interface CompiledPump extends Omit<FittedPumpCurve, 'type'> {
  link: number;
  type: typeof CONST_HP | FittedPumpCurve['type'];
  /** Speed pattern index (0: none). */
  pattern: number;
}

const VALVE_TYPES: Record<ValveType, number> = { PRV, PSV, PBV, FCV, TCV, GPV, PCV };

/** What the links read from the rest of the model: the nodes and the patterns and curves by id, ρg, the head-loss formula. */
export interface LinkReferences {
  problem: (path: string, message: string) => void;
  nodeIndex: Map<string, number>;
  findPattern(id: string | undefined, path: string): number;
  findCurve(id: string, path: string): Curve | undefined;
  /** ρ·g, Pa per m of head. */
  rhoG: number;
  formula: HeadlossFormula;
}

// Long function: every link kind's fields checked in one pass, in the model's order, so that the problems come in that order.
export function compileLinks(model: NetworkModel, refs: LinkReferences) {
  const { problem, nodeIndex, findPattern, findCurve, rhoG } = refs;
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
  const gpvCurve: ({ x: Float64Array; y: Float64Array } | null)[] = new Array(nLinks).fill(null);
  const pcvCurve: ({ x: Float64Array; y: Float64Array } | null)[] = new Array(nLinks).fill(null);
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
    resistance[k] = pipeResistance(refs.formula, pipe);
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
  return {
    nLinks,
    linkIds,
    linkIndex,
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
  };
}
