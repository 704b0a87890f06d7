// The pipe network as a JSON document (issue 6): what the diagram editors draw and what the server's
// conversion endpoints turn into and out of an EPANET `.inp` text. It is the solver's NetworkModel
// (packages/solvers physics/network/model.ts) field for field, in SI (m, m³/s, Pa, s, W), so that the
// server converts with the solvers' own parser and writer and nothing is parsed twice. The `.inp`
// text stays the simulation's parameter on the wire; the document is the editor's working copy.
//
// The results of a network run carry, beside the per-element series, compact tables (fields of shape
// [reporting times, elements]) whose columns follow `networkNodeIds` / `networkLinkIds` of this
// document: junctions, reservoirs, tanks; pipes, pumps, valves (the engine's own order).

import { z } from 'zod';
import { MAX_INP_LENGTH } from './pipe-network.js';

const id = z.string().min(1, { error: 'An id is required' }).regex(/^[^;"\n\r]+$/, { error: 'No semicolons, quotes or line breaks' });
const finite = z.number().refine(Number.isFinite, { error: 'This field must be a number' });
const nonNegative = finite.refine((x) => x >= 0, { error: 'This field must be 0 or more' });
const positive = finite.refine((x) => x > 0, { error: 'This field must be more than 0' });
const point = z.object({ x: finite, y: finite });

export const flowUnitNames = ['CFS', 'GPM', 'MGD', 'IMGD', 'AFD', 'LPS', 'LPM', 'MLD', 'CMH', 'CMD', 'CMS'] as const;
export const pressureUnitNames = ['PSI', 'KPA', 'METERS', 'BAR', 'FEET'] as const;
export const valveTypes = ['PRV', 'PSV', 'PBV', 'FCV', 'TCV', 'GPV', 'PCV'] as const;
export type ValveTypeName = (typeof valveTypes)[number];

export const NetworkJunction = z.object({
  id,
  elevation: finite,
  demands: z.array(z.object({ base: finite, pattern: z.string().optional(), category: z.string().optional() })),
  emitterCoefficient: nonNegative.optional(),
  position: point.optional(),
});
export const NetworkReservoir = z.object({
  id,
  head: finite,
  pattern: z.string().optional(),
  /** A zero-diameter tank of an .inp file: its bottom elevation, m, and volume curve. */
  tank: z.object({ bottom: finite, volumeCurve: z.string().optional() }).optional(),
  position: point.optional(),
});
export const NetworkTank = z.object({
  id,
  elevation: finite,
  initialLevel: nonNegative,
  minLevel: nonNegative,
  maxLevel: nonNegative,
  diameter: positive,
  minVolume: nonNegative.optional(),
  volumeCurve: z.string().optional(),
  /** Whether the tank spills when full instead of closing its inflow (EPANET 2.3's Overflow; absent: no). */
  overflow: z.boolean().optional(),
  position: point.optional(),
});
const linkEnds = { id, from: id, to: id, vertices: z.array(point).optional() };
export const NetworkPipe = z.object({
  ...linkEnds,
  length: positive,
  diameter: positive,
  roughness: positive,
  minorLoss: nonNegative,
  status: z.enum(['open', 'closed', 'cv']),
  /**
   * Pipe leakage (EPANET 2.3 [LEAKAGE], the FAVAD law Q = 0.6 √(2g) (A₀ + m h) √h): the leak area
   * A₀, mm² per 100 m of pipe, and its growth m with the pressure head, mm² per m of head per 100 m.
   */
  leakArea: nonNegative.optional(),
  leakExpansion: nonNegative.optional(),
});
export const NetworkPump = z.object({
  ...linkEnds,
  headCurve: z.string().optional(),
  power: positive.optional(),
  speed: nonNegative,
  pattern: z.string().optional(),
  status: z.enum(['open', 'closed']),
  /** Efficiency curve (flow m³/s at speed 1, efficiency %), price per kWh and its pattern. */
  efficiencyCurve: z.string().optional(),
  energyPrice: nonNegative.optional(),
  pricePattern: z.string().optional(),
});
export const NetworkValve = z.object({
  ...linkEnds,
  type: z.enum(valveTypes),
  diameter: positive,
  setting: finite,
  headlossCurve: z.string().optional(),
  /** A PCV's curve: flow coefficient as a per cent of fully open against per cent open (absent: linear). */
  valveCurve: z.string().optional(),
  minorLoss: nonNegative,
  status: z.enum(['active', 'open', 'closed']),
});
const condition = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('node'), node: id, comparison: z.enum(['above', 'below']), value: finite }),
  z.object({ kind: z.literal('time'), time: nonNegative }),
  z.object({ kind: z.literal('clocktime'), time: nonNegative }),
]);

export const NetworkDocument = z.object({
  title: z.array(z.string()),
  units: z.object({ flow: z.enum(flowUnitNames), pressure: z.enum(pressureUnitNames) }).optional(),
  options: z
    .object({
      headloss: z.enum(['H-W', 'D-W', 'C-M']),
      frictionFactor: z.enum(['swamee-jain', 'colebrook']).optional(),
      viscosity: positive.optional(),
      specificGravity: positive.optional(),
      trials: positive.optional(),
      accuracy: positive.optional(),
      unbalanced: z.union([z.object({ mode: z.literal('stop') }), z.object({ mode: z.literal('continue'), extraTrials: nonNegative })]).optional(),
      defaultPattern: z.string().optional(),
      demandMultiplier: nonNegative.optional(),
      emitterExponent: positive.optional(),
      /** Whether emitters may take water in at negative pressure (EPANET 2.3's BACKFLOW ALLOWED; absent: yes). */
      emitterBackflow: z.boolean().optional(),
      checkFrequency: positive.optional(),
      maxCheck: positive.optional(),
      dampLimit: nonNegative.optional(),
      headErrorLimit: nonNegative.optional(),
      flowChangeLimit: nonNegative.optional(),
      /** Pressure-driven demand (EPANET's PDA): pressures in Pa; absent: demand-driven. */
      pressureDrivenDemand: z.object({ minimumPressure: nonNegative, requiredPressure: positive, exponent: positive }).optional(),
    })
    .strict(),
  times: z.object({
    duration: nonNegative,
    hydraulicStep: positive,
    patternStep: positive,
    patternStart: nonNegative,
    reportStep: positive,
    reportStart: nonNegative,
    startClockTime: nonNegative,
    ruleStep: positive.optional(),
    qualityStep: positive.optional(),
  }),
  junctions: z.array(NetworkJunction),
  reservoirs: z.array(NetworkReservoir),
  tanks: z.array(NetworkTank),
  pipes: z.array(NetworkPipe),
  pumps: z.array(NetworkPump),
  valves: z.array(NetworkValve),
  patterns: z.array(z.object({ id, multipliers: z.array(finite) })),
  curves: z.array(z.object({ id, kind: z.enum(['pump', 'efficiency', 'volume', 'headloss', 'valve', 'generic']), points: z.array(z.tuple([finite, finite])) })),
  /** EPANET's [ENERGY]: default efficiency %, price per kWh and its pattern, demand charge per kW. */
  energy: z
    .object({ efficiency: positive.optional(), price: nonNegative.optional(), pricePattern: z.string().optional(), demandCharge: nonNegative.optional() })
    .strict()
    .optional(),
  /** Water quality: what is simulated, reactions, sources, tank mixing (solvers' NetworkQuality). */
  quality: z
    .object({
      parameter: z.enum(['none', 'chemical', 'age', 'trace']),
      chemical: z.string().optional(),
      units: z.string().optional(),
      traceNode: z.string().optional(),
      diffusivity: nonNegative.optional(),
      tolerance: nonNegative.optional(),
      bulkOrder: finite.optional(),
      wallOrder: z.union([z.literal(0), z.literal(1)]).optional(),
      tankOrder: finite.optional(),
      globalBulk: finite.optional(),
      globalWall: finite.optional(),
      limitingConcentration: nonNegative.optional(),
      roughnessCorrelation: finite.optional(),
      initial: z.record(z.string(), nonNegative).optional(),
      sources: z.record(z.string(), z.object({ type: z.enum(['concen', 'mass', 'setpoint', 'flowpaced']), strength: finite, pattern: z.string().optional() })).optional(),
      bulk: z.record(z.string(), finite).optional(),
      wall: z.record(z.string(), finite).optional(),
      mixing: z.record(z.string(), z.object({ model: z.enum(['mixed', '2comp', 'fifo', 'lifo']), fraction: positive.optional() })).optional(),
    })
    .strict()
    .optional(),
  /** Rule-based controls as EPANET's [RULES] text, values in the document's units. */
  rules: z.string().max(MAX_INP_LENGTH).optional(),
  controls: z.array(
    z.object({
      link: id,
      action: z.object({ status: z.enum(['open', 'closed']).optional(), setting: finite.optional() }),
      condition,
      enabled: z.boolean(),
    }),
  ),
});
export type NetworkDocument = z.infer<typeof NetworkDocument>;
export type NetworkJunction = z.infer<typeof NetworkJunction>;
export type NetworkReservoir = z.infer<typeof NetworkReservoir>;
export type NetworkTank = z.infer<typeof NetworkTank>;
export type NetworkPipe = z.infer<typeof NetworkPipe>;
export type NetworkPump = z.infer<typeof NetworkPump>;
export type NetworkValve = z.infer<typeof NetworkValve>;

/** An empty document with EPANET's defaults (LPS and metres, Hazen-Williams, a steady state). */
export function emptyNetworkDocument(): NetworkDocument {
  return {
    title: [],
    units: { flow: 'LPS', pressure: 'METERS' },
    options: { headloss: 'H-W' },
    times: { duration: 0, hydraulicStep: 3600, patternStep: 3600, patternStart: 0, reportStep: 3600, reportStart: 0, startClockTime: 0 },
    junctions: [],
    reservoirs: [],
    tanks: [],
    pipes: [],
    pumps: [],
    valves: [],
    patterns: [],
    curves: [],
    controls: [],
  };
}

/** Node ids in the engine's order (junctions, reservoirs, tanks): the columns of the node tables. */
export function networkNodeIds(network: Pick<NetworkDocument, 'junctions' | 'reservoirs' | 'tanks'>): string[] {
  return [...network.junctions, ...network.reservoirs, ...network.tanks].map((node) => node.id);
}

/** Link ids in the engine's order (pipes, pumps, valves): the columns of the link tables. */
export function networkLinkIds(network: Pick<NetworkDocument, 'pipes' | 'pumps' | 'valves'>): string[] {
  return [...network.pipes, ...network.pumps, ...network.valves].map((link) => link.id);
}

// ------------------------------------------------------------------ conversion endpoints

/** POST /networks/from-inp: an `.inp` text in, the document and what the file holds that is not used. */
export const InpToNetworkRequest = z.object({ inp: z.string().min(1, { error: 'This field is required' }).max(MAX_INP_LENGTH, { error: `At most ${MAX_INP_LENGTH} characters` }) });
export type InpToNetworkRequest = z.infer<typeof InpToNetworkRequest>;
export const InpWarningItem = z.object({ line: z.number().int(), section: z.string(), message: z.string() });
export const InpToNetworkResponse = z.object({ network: NetworkDocument, warnings: z.array(InpWarningItem) });
export type InpToNetworkResponse = z.infer<typeof InpToNetworkResponse>;

/** POST /networks/to-inp: a document in, the `.inp` text and what the file cannot carry. */
export const NetworkToInpRequest = z.object({ network: NetworkDocument });
export type NetworkToInpRequest = z.infer<typeof NetworkToInpRequest>;
export const NetworkToInpResponse = z.object({ inp: z.string(), warnings: z.array(z.string()) });
export type NetworkToInpResponse = z.infer<typeof NetworkToInpResponse>;

// ------------------------------------------------------------------ results

/** What a network table holds; `unit: null` when the unit (and the label) come with the field. */
export interface NetworkTableEntry {
  elements: 'node' | 'link';
  /** The name of the same quantity's axis on the element series (`node:<id>`, `link:<id>`). */
  quantity: string;
  unit: string | null;
  label: string;
}

/**
 * The compact per-element tables of a network run (field name -> which elements and what), in the
 * order the network view offers them. Water quality has no fixed unit or name: a run reports a
 * chemical in mg/L or µg/L, water age in s or a trace in %, and names the chemical ("Chlorine at the
 * nodes"), so those two take unit and label from the field.
 */
export const networkTables = {
  network_node_pressure: { elements: 'node', quantity: 'pressure', unit: 'Pa', label: 'Pressure' },
  network_link_flow: { elements: 'link', quantity: 'flow', unit: 'm³/s', label: 'Flow' },
  network_link_velocity: { elements: 'link', quantity: 'velocity', unit: 'm/s', label: 'Velocity' },
  network_node_head: { elements: 'node', quantity: 'head', unit: 'm', label: 'Hydraulic head' },
  network_node_demand: { elements: 'node', quantity: 'demand', unit: 'm³/s', label: 'Demand' },
  network_node_leakage: { elements: 'node', quantity: 'leakage', unit: 'm³/s', label: 'Pipe leakage' },
  network_link_headloss: { elements: 'link', quantity: 'headloss', unit: 'm', label: 'Head loss' },
  network_node_temperature: { elements: 'node', quantity: 'temperature', unit: 'K', label: 'Temperature' },
  network_node_quality: { elements: 'node', quantity: 'quality', unit: null, label: 'Water quality at the nodes' },
  network_link_quality: { elements: 'link', quantity: 'quality', unit: null, label: 'Water quality in the links' },
} as const satisfies Record<string, NetworkTableEntry>;
export type NetworkTableName = keyof typeof networkTables;

export function isNetworkTable(name: string): name is NetworkTableName {
  return Object.hasOwn(networkTables, name);
}

/** A pump's energy results in a network run's summary: `pump_energy:<pump id>:<metric>` (EPANET's energy report). */
export const pumpEnergyMetrics = ['utilisation', 'average_efficiency', 'energy_per_volume', 'average_power', 'peak_power', 'cost_per_day'] as const;
export type PumpEnergyMetric = (typeof pumpEnergyMetrics)[number];

/** The pump and metric of a per-pump energy key, else null. Pump ids may hold colons: the metric is after the last. */
export function pumpEnergyKey(name: string): { pump: string; metric: PumpEnergyMetric } | null {
  const prefix = 'pump_energy:';
  if (!name.startsWith(prefix)) return null;
  const rest = name.slice(prefix.length);
  const cut = rest.lastIndexOf(':');
  const metric = rest.slice(cut + 1);
  if (cut <= 0 || !(pumpEnergyMetrics as readonly string[]).includes(metric)) return null;
  return { pump: rest.slice(0, cut), metric: metric as PumpEnergyMetric };
}

/** Types whose results are drawn by the network view (same engine and result shape). */
export const networkSimulationTypes: readonly string[] = ['PIPE_NETWORK', 'PIPE_NETWORK_2'];

/** A network run's per-element series (`node:<id>`, `link:<id>`): fetched by name, not listed in the results index. */
export function isNetworkElementSeries(name: string): boolean {
  return name.startsWith('node:') || name.startsWith('link:');
}

/**
 * Results the network view shows and the generic results leave out: per-element series and tables
 * (results panel) and each pump's energy figures (key results; the view's energy table has them).
 */
export function isNetworkElementResult(name: string): boolean {
  return isNetworkElementSeries(name) || isNetworkTable(name) || pumpEnergyKey(name) !== null;
}

// ------------------------------------------------------------------ the example

/** L/s as EPANET reads them (28.317 L/s per ft³/s, not 28.3168), so the document equals the file's import. */
const epanetLps = (litresPerSecond: number) => (litresPerSecond / 28.317) * 0.3048 ** 3;

/** `exampleNetworkInp` as a document (what /networks/from-inp answers for it; a server test checks the two agree). */
export function exampleNetworkDocument(): NetworkDocument {
  const pipe = (id: string, from: string, to: string, length: number, diameterMm: number) => ({ id, from, to, length, diameter: diameterMm / 1000, roughness: 120, minorLoss: 0, status: 'open' as const });
  const junction = (id: string, elevation: number, litresPerSecond: number, x: number, y: number) => ({
    id,
    elevation,
    demands: litresPerSecond > 0 ? [{ base: epanetLps(litresPerSecond), pattern: 'DAILY' }] : [],
    position: { x, y },
  });
  return {
    title: ['SimForge example network: a reservoir and a tank supply a looped district', 'Units L/s and m; 24-hour extended period with a daily demand pattern'],
    units: { flow: 'LPS', pressure: 'METERS' },
    options: { headloss: 'H-W', defaultPattern: '1', accuracy: 0.001, trials: 40 },
    times: { duration: 86_400, hydraulicStep: 3600, patternStep: 3600, patternStart: 0, reportStep: 3600, reportStart: 0, startClockTime: 0 },
    junctions: [junction('J1', 25, 0, 300, 500), junction('J2', 22, 3, 600, 650), junction('J3', 18, 2.5, 900, 650), junction('J4', 20, 4, 600, 350), junction('J5', 15, 2, 900, 350), junction('J6', 17, 3.5, 1000, 500)],
    reservoirs: [{ id: 'R1', head: 57, position: { x: 0, y: 500 } }],
    tanks: [{ id: 'T1', elevation: 52, initialLevel: 3, minLevel: 0.5, maxLevel: 6, diameter: 12, position: { x: 600, y: 100 } }],
    pipes: [
      pipe('P1', 'R1', 'J1', 800, 200),
      pipe('P2', 'J1', 'J2', 400, 200),
      pipe('P3', 'J2', 'J3', 350, 150),
      pipe('P4', 'J1', 'J4', 450, 200),
      pipe('P5', 'J4', 'J5', 300, 150),
      pipe('P6', 'J3', 'J5', 400, 100),
      pipe('P7', 'J2', 'J6', 500, 100),
      pipe('P8', 'J5', 'J6', 350, 100),
      pipe('P9', 'T1', 'J4', 250, 200),
    ],
    pumps: [],
    valves: [],
    patterns: [{ id: 'DAILY', multipliers: [0.5, 0.4, 0.4, 0.4, 0.5, 0.7, 1.1, 1.5, 1.4, 1.2, 1.1, 1.0, 1.1, 1.0, 0.9, 0.9, 1.0, 1.2, 1.5, 1.6, 1.3, 1.0, 0.8, 0.6] }],
    curves: [],
    controls: [],
  };
}
