// The nodes of a NetworkModel numbered and turned into arrays (compile.ts): junctions first, then
// reservoirs and tanks (the fixed-grade nodes), with their demands, emitters, levels and volumes, in SI.
// Every problem is reported through `problem` and the reading goes on, so that all are named at once.

import type { Curve, NetworkModel } from '../model.js';
import { interpolate } from './interpolate.js';

/** What the nodes read from the rest of the model: the patterns and curves by id, ρg and the emitter exponent. */
export interface NodeReferences {
  problem: (path: string, message: string) => void;
  findPattern(id: string | undefined, path: string): number;
  findCurve(id: string, path: string): Curve | undefined;
  defaultPattern: number;
  /** ρ·g, Pa per m of head. */
  rhoG: number;
  /** Emitter head-loss exponent (1 / pressure exponent). */
  qexp: number;
}

// Long function: every node kind's fields checked in one pass, in the model's order, so that the problems come in that order.
export function compileNodes(model: NetworkModel, refs: NodeReferences) {
  const { problem, findPattern, findCurve, defaultPattern, rhoG } = refs;
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
    if (c > 0) emitterKe[i] = c ** -refs.qexp / rhoG;
  });

  const tankArea = new Float64Array(nFixed);
  const tankHmin = new Float64Array(nFixed);
  const tankHmax = new Float64Array(nFixed);
  const tankH0 = new Float64Array(nFixed);
  const tankVmin = new Float64Array(nFixed);
  const tankVmax = new Float64Array(nFixed);
  const tankV0 = new Float64Array(nFixed);
  const tankCurve: ({ level: Float64Array; volume: Float64Array } | null)[] = new Array(nFixed).fill(null);
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
  return {
    nodeIds,
    nodeIndex,
    nJunctions,
    nFixed,
    nNodes,
    elevation,
    demandStart,
    demandBase: new Float64Array(demandBase),
    demandPattern: new Int32Array(demandPattern),
    emitterKe,
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
  };
}

function finite(value: number, path: string, problem: (path: string, message: string) => void): number {
  if (!Number.isFinite(value)) {
    problem(path, 'must be a finite number');
    return 0;
  }
  return value;
}
