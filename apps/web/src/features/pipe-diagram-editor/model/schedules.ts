// Edits of what a network does over time: demand (and head, speed) patterns, curves (pump head, tank
// volume, GPV head loss) and simple controls. Pure functions like the element edits, so that each is
// one undo step. Renaming or deleting a pattern or a curve carries the change to the elements, quality
// sources and energy prices naming it, so that the document never points at something that is not there.
import { fromSI, toSI, type NetworkDocument } from '@simforge/contracts';
import { patternInSources } from './quality';

export type Pattern = NetworkDocument['patterns'][number];
export type Curve = NetworkDocument['curves'][number];
export type CurveKind = Curve['kind'];
export type Control = NetworkDocument['controls'][number];
export type ControlCondition = Control['condition'];

function freeId(taken: Iterable<string>, prefix: string): string {
  const used = new Set(taken);
  for (let n = 1; ; n++) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

/** `{ ...object }` without `key` (an absent optional field, not one set to undefined). */
function without<T extends object, K extends keyof T>(object: T, key: K): T {
  const { [key]: _dropped, ...rest } = object;
  return rest as T;
}

// ------------------------------------------------------------------ patterns

/** A new pattern of 24 steps at 1 (a flat day at hourly steps), PAT1, PAT2, ... */
export function addPattern(network: NetworkDocument): { network: NetworkDocument; id: string } {
  const id = freeId(
    network.patterns.map((p) => p.id),
    'PAT',
  );
  return { network: { ...network, patterns: [...network.patterns, { id, multipliers: Array.from({ length: 24 }, () => 1) }] }, id };
}

export function setPatternMultipliers(network: NetworkDocument, id: string, multipliers: number[]): NetworkDocument {
  return { ...network, patterns: network.patterns.map((p) => (p.id === id ? { ...p, multipliers } : p)) };
}

/** Renames a pattern in the junction demands, reservoirs, pumps (speed and price), quality sources, energy price and the default-pattern option naming it. */
export function renamePattern(network: NetworkDocument, from: string, to: string): NetworkDocument {
  const swap = (name: string | undefined) => (name === from ? to : name);
  return carryPattern(
    {
      ...network,
      patterns: network.patterns.map((p) => (p.id === from ? { ...p, id: to } : p)),
      junctions: network.junctions.map((j) => (j.demands.some((d) => d.pattern === from) ? { ...j, demands: j.demands.map((d) => (d.pattern === from ? { ...d, pattern: to } : d)) } : j)),
      reservoirs: network.reservoirs.map((r) => (r.pattern === from ? { ...r, pattern: to } : r)),
      pumps: network.pumps.map((p) => (p.pattern === from ? { ...p, pattern: to } : p)),
      options: network.options.defaultPattern === from ? { ...network.options, defaultPattern: swap(network.options.defaultPattern) } : network.options,
    },
    from,
    to,
  );
}

/** Removes a pattern; what used it becomes constant (the default-pattern option is EPANET's and stays). */
export function deletePattern(network: NetworkDocument, id: string): NetworkDocument {
  return carryPattern(
    {
      ...network,
      patterns: network.patterns.filter((p) => p.id !== id),
      junctions: network.junctions.map((j) => (j.demands.some((d) => d.pattern === id) ? { ...j, demands: j.demands.map((d) => (d.pattern === id ? without(d, 'pattern') : d)) } : j)),
      reservoirs: network.reservoirs.map((r) => (r.pattern === id ? without(r, 'pattern') : r)),
      pumps: network.pumps.map((p) => (p.pattern === id ? without(p, 'pattern') : p)),
    },
    id,
    undefined,
  );
}

/** A pattern renamed (to) or removed (undefined) in the quality sources and the network's and pumps' energy prices. */
function carryPattern(network: NetworkDocument, from: string, to: string | undefined): NetworkDocument {
  const swap = <T extends { pricePattern?: string }>(holder: T): T => (holder.pricePattern !== from ? holder : to === undefined ? without(holder, 'pricePattern') : { ...holder, pricePattern: to });
  const next: NetworkDocument = { ...network, pumps: network.pumps.map(swap) };
  if (network.energy) next.energy = swap(network.energy);
  const quality = patternInSources(network.quality, from, to);
  if (quality) next.quality = quality;
  return next;
}

/** The demand pattern of a junction: that of its first demand (the one the panel edits). */
export function junctionPattern(network: NetworkDocument, junctionId: string): string | undefined {
  return network.junctions.find((j) => j.id === junctionId)?.demands[0]?.pattern;
}

/** Sets (or with undefined clears) the first demand's pattern; a junction without a demand gets a zero one to carry it. */
export function setJunctionPattern(network: NetworkDocument, junctionId: string, pattern: string | undefined): NetworkDocument {
  return {
    ...network,
    junctions: network.junctions.map((j) => {
      if (j.id !== junctionId) return j;
      const [first = { base: 0 }, ...rest] = j.demands;
      return { ...j, demands: [pattern === undefined ? without(first, 'pattern') : { ...first, pattern }, ...rest] };
    }),
  };
}

/** Where each pattern is used, for the list ("3 junctions"). */
export function patternUses(network: NetworkDocument, id: string): string[] {
  return [
    ...network.junctions.filter((j) => j.demands.some((d) => d.pattern === id)).map((j) => `junction ${j.id}`),
    ...network.reservoirs.filter((r) => r.pattern === id).map((r) => `reservoir ${r.id}`),
    ...network.pumps.filter((p) => p.pattern === id || p.pricePattern === id).map((p) => `pump ${p.id}`),
    ...Object.entries(network.quality?.sources ?? {})
      .filter(([, source]) => source.pattern === id)
      .map(([node]) => `source at ${node}`),
    ...(network.energy?.pricePattern === id ? ['energy price'] : []),
  ];
}

// ------------------------------------------------------------------ curves

/** What a curve's axes mean, in the panel's units (SI in the document: m³/s, m, m³). */
export interface CurveAxes {
  x: { label: string; unit: string };
  y: { label: string; unit: string };
}

export const curveAxes: Record<CurveKind, CurveAxes> = {
  pump: { x: { label: 'Flow', unit: 'L/s' }, y: { label: 'Head', unit: 'm' } },
  volume: { x: { label: 'Level', unit: 'm' }, y: { label: 'Volume', unit: 'm³' } },
  headloss: { x: { label: 'Flow', unit: 'L/s' }, y: { label: 'Head loss', unit: 'm' } },
  // The document holds the flow in m³/s (the .inp reader converts it) and the efficiency in per cent.
  efficiency: { x: { label: 'Flow', unit: 'L/s' }, y: { label: 'Efficiency (%)', unit: '' } },
  valve: { x: { label: 'Open (%)', unit: '' }, y: { label: 'Flow coefficient (% of fully open)', unit: '' } },
  generic: { x: { label: 'X', unit: '' }, y: { label: 'Y', unit: '' } },
};

export const curveKindLabels: Record<CurveKind, string> = {
  pump: 'Pump head curve',
  volume: 'Tank volume curve',
  headloss: 'Valve head-loss curve (GPV)',
  efficiency: 'Pump efficiency curve',
  valve: 'Valve opening curve (PCV)',
  generic: 'Other (no units)',
};

/** The first points of a new curve of each kind: a pump's one design point (as new pumps get), a 10 m tank's cylinder. */
function startingPoints(kind: CurveKind): [number, number][] {
  switch (kind) {
    case 'pump':
      return [[0.01, 20]];
    case 'volume':
      return [
        [0, 0],
        [6, 6 * Math.PI * 25],
      ];
    case 'headloss':
      return [
        [0, 0],
        [0.01, 1],
      ];
    case 'valve':
      // An equal-percentage characteristic, as many globe valves have.
      return [
        [0, 0],
        [50, 15],
        [100, 100],
      ];
    case 'efficiency':
      return [
        [0.005, 50],
        [0.01, 75],
        [0.015, 60],
      ];
    default:
      return [
        [0, 0],
        [1, 1],
      ];
  }
}

export function addCurve(network: NetworkDocument, kind: CurveKind): { network: NetworkDocument; id: string } {
  const id = freeId(
    network.curves.map((c) => c.id),
    'C',
  );
  return { network: { ...network, curves: [...network.curves, { id, kind, points: startingPoints(kind) }] }, id };
}

export function setCurvePoints(network: NetworkDocument, id: string, points: [number, number][]): NetworkDocument {
  return { ...network, curves: network.curves.map((c) => (c.id === id ? { ...c, points } : c)) };
}

/** A curve's kind changed: the numbers shown stay and are read in the new kind's units. */
export function setCurveKind(network: NetworkDocument, id: string, kind: CurveKind): NetworkDocument {
  return {
    ...network,
    curves: network.curves.map((c) => {
      if (c.id !== id || c.kind === kind) return c;
      const from = curveAxes[c.kind];
      const to = curveAxes[kind];
      const points = c.points.map(([x, y]) => [toSIIn(fromSIIn(x, from.x.unit), to.x.unit), toSIIn(fromSIIn(y, from.y.unit), to.y.unit)] as [number, number]);
      return { ...c, kind, points };
    }),
  };
}

/** The elements naming a curve. */
export function curveUses(network: NetworkDocument, id: string): string[] {
  return [
    ...network.pumps.filter((p) => p.headCurve === id || p.efficiencyCurve === id).map((p) => `pump ${p.id}`),
    ...network.tanks.filter((t) => t.volumeCurve === id).map((t) => `tank ${t.id}`),
    ...network.valves.filter((v) => v.headlossCurve === id || v.valveCurve === id).map((v) => `valve ${v.id}`),
  ];
}

export function renameCurve(network: NetworkDocument, from: string, to: string): NetworkDocument {
  return {
    ...network,
    curves: network.curves.map((c) => (c.id === from ? { ...c, id: to } : c)),
    pumps: network.pumps.map((p) => (p.efficiencyCurve === from ? { ...p, efficiencyCurve: to } : p)).map((p) => (p.headCurve === from ? { ...p, headCurve: to } : p)),
    tanks: network.tanks.map((t) => (t.volumeCurve === from ? { ...t, volumeCurve: to } : t)),
    valves: network.valves.map((v) => (v.headlossCurve === from ? { ...v, headlossCurve: to } : v)).map((v) => (v.valveCurve === from ? { ...v, valveCurve: to } : v)),
  };
}

/** Removes a curve and every reference to it (a pump left without one is then named by the checks). */
export function deleteCurve(network: NetworkDocument, id: string): NetworkDocument {
  return {
    ...network,
    curves: network.curves.filter((c) => c.id !== id),
    pumps: network.pumps.map((p) => (p.efficiencyCurve === id ? without(p, 'efficiencyCurve') : p)).map((p) => (p.headCurve === id ? without(p, 'headCurve') : p)),
    tanks: network.tanks.map((t) => (t.volumeCurve === id ? without(t, 'volumeCurve') : t)),
    valves: network.valves.map((v) => (v.headlossCurve === id ? without(v, 'headlossCurve') : v)).map((v) => (v.valveCurve === id ? without(v, 'valveCurve') : v)),
  };
}

// ------------------------------------------------------------------ controls

/** A new control on the first link: closed one hour into the run (the user then picks what it should be). */
export function addControl(network: NetworkDocument): NetworkDocument | null {
  const link = network.pipes.find((p) => p.status !== 'cv') ?? network.pumps[0] ?? network.valves[0];
  if (!link) return null;
  return { ...network, controls: [...network.controls, { link: link.id, action: { status: 'closed' }, condition: { kind: 'time', time: 3600 }, enabled: true }] };
}

export function updateControl(network: NetworkDocument, index: number, control: Control): NetworkDocument {
  return { ...network, controls: network.controls.map((c, i) => (i === index ? control : c)) };
}

export function deleteControl(network: NetworkDocument, index: number): NetworkDocument {
  return { ...network, controls: network.controls.filter((_c, i) => i !== index) };
}

// ------------------------------------------------------------------ units of the panel

/** Units the contracts' unit table has no entry for: SI already, or plain numbers. */
const identityUnits = new Set(['', 'm', 'm³', 's']);

export function fromSIIn(si: number, unit: string): number {
  return identityUnits.has(unit) ? si : fromSI(si, unit);
}

export function toSIIn(value: number, unit: string): number {
  return identityUnits.has(unit) ? value : toSI(value, unit);
}
