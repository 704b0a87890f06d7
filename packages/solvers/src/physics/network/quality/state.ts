// The water-quality engine's state in EPANET's own units (ft, ft³, cfs, s; a chemical's mass per ft³,
// ages in hours, traces in per cent), so that every step repeats EPANET 2.3's arithmetic
// (quality.c, qualroute.c, qualreact.c). Pipes and tanks hold chains of volume segments, each of
// uniform quality, the first one at the downstream end (a tank's outlet): segments.ts.

import type { CompiledNetwork } from '../hydraulics/compile.js';
import type { NetworkQuality, TankMixingModel } from '../model.js';
import { CFS, FT } from '../units.js';
import type { SegmentPool } from './segments.js';

export const CHEMICAL = 1;
export const AGE = 2;
export const TRACE = 3;

/** Litres per ft³: concentrations in mass/L become mass/ft³ inside (EPANET's LperFT3). */
export const LITRES_PER_FT3 = 28.317;

export interface QualitySourceData {
  type: 'concen' | 'mass' | 'setpoint' | 'flowpaced';
  /** Strength in internal units (mass/ft³, or mass/s for 'mass'). */
  strength: number;
  pattern: number;
}

/** Quality data resolved against the compiled network, in internal units. */
export interface CompiledQuality {
  parameter: typeof CHEMICAL | typeof AGE | typeof TRACE;
  /** Internal per displayed unit of quality (28.317 for a chemical, 1 otherwise). */
  scale: number;
  traceNode: number;
  /** Schmidt number ν/D (0: no mass-transfer limit). */
  schmidt: number;
  /** schmidt ** 0.333, the Notter–Sleicher factor (computed once). */
  schmidtFactor: number;
  diffusivity: number;
  viscosity: number;
  tolerance: number;
  bulkOrder: number;
  wallOrder: number;
  tankOrder: number;
  limit: number;
  /** Factors of the bulk rates of order n (EPANET's Bucf, Tucf). */
  bulkFactor: number;
  tankFactor: number;
  /** Per link (pipes only): bulk 1/s, wall ft/s (order 1) or mass/ft²/s (order 0). */
  kb: Float64Array;
  kw: Float64Array;
  /** Per fixed-grade node. */
  tankKb: Float64Array;
  mixing: TankMixingModel[];
  mixFraction: Float64Array;
  /** Per node: initial quality (internal), source. */
  initial: Float64Array;
  sources: (QualitySourceData | null)[];
  /** 1 where a node has a source of non-zero strength (transport's fast path skips the others' source step). */
  hasSource: Uint8Array;
  /** The links that are pipes (the only links that hold water for reactions). */
  pipes: Int32Array;
  /** Link length and diameter, ft; tank volumes, ft³. */
  length: Float64Array;
  diameter: Float64Array;
  tankVmax: Float64Array;
  tankV0: Float64Array;
  qualityStep: number;
}

/** Tables of one hydraulic step the quality engine reads (EPANET's hydraulics file). */
export interface HydraulicRecord {
  time: number;
  /** cfs; 0 for closed links. */
  flow: Float64Array;
  /** |flow| of open links, 0 for closed ones (EPANET's LINKFLOW), cfs. */
  absFlow: Float64Array;
  /** Junction outflow, fixed-grade net inflow, cfs. */
  demand: Float64Array;
  status: Uint8Array;
}

export interface QualityState {
  net: CompiledNetwork;
  q: CompiledQuality;
  nodeQual: Float64Array;
  /** Current quality of each tank (what leaves it). */
  tankC: Float64Array;
  tankV: Float64Array;
  /** Chains of pipes (link index) and tanks (nLinks + fixed-grade index). */
  segments: SegmentPool;
  flowDir: Int8Array;
  /** Wall rate coefficient of the step (EPANET's Rc). */
  rc: Float64Array;
  /** Per pipe, the first-order decay rate of the interval (bulk + wall), NaN where the general laws apply. */
  linearRate: Float64Array;
  /** Per chain (links, then tanks): the pipe's linearRate, NaN for every other chain. */
  chainRate: Float64Array;
  /** Every pipe decays at its linearRate this interval: reactions sweep the segment pool in order. */
  allLinear: boolean;
  /** Links at each node (EPANET's adjacency lists, in their order): adjLink[adjStart[n] .. adjStart[n + 1]). */
  adjStart: Int32Array;
  adjLink: Int32Array;
  adjNode: Int32Array;
  record: HydraulicRecord;
  /** Start of the hydraulic interval being routed, s (sources' patterns). */
  time: number;
  sourceQual: number;
  reactive: boolean;
  /** The current hydraulic interval's routing (transport.ts planTransport). */
  plan: TransportPlan;
  /** The WebAssembly block the pool, the qualities and the plan live in, where the module runs (routing-wasm.ts). */
  routing: { load(interval: { record: HydraulicRecord }): void; transport(dt: number): void } | undefined;
}

export const qualityParameter = (quality: NetworkQuality | undefined): CompiledQuality['parameter'] | 0 =>
  !quality || quality.parameter === 'none' ? 0 : quality.parameter === 'age' ? AGE : quality.parameter === 'trace' ? TRACE : CHEMICAL;

export const toFeet = (m: number) => m / FT;
export const toCubicFeet = (m3: number) => m3 / CFS;

/**
 * What the quality steps of one hydraulic interval share (flows are constant over it): for each node
 * in flow order, its links carrying water in and out and its outflow rate. transport() then walks
 * flat arrays instead of every node's adjacency with its direction tests.
 */
export interface TransportPlan {
  /** Nodes in topological order of the flow. */
  order: Int32Array;
  /** Links flowing into order[j]: inLink[inStart[j] .. inStart[j + 1]) (zero flows left out). */
  inStart: Int32Array;
  inLink: Int32Array;
  outStart: Int32Array;
  outLink: Int32Array;
  /** Flow leaving order[j] through its links and its demand, cfs. */
  outRate: Float64Array;
}

export function emptyTransportPlan(nNodes: number, nLinks: number): TransportPlan {
  return { order: new Int32Array(nNodes), inStart: new Int32Array(nNodes + 1), inLink: new Int32Array(nLinks), outStart: new Int32Array(nNodes + 1), outLink: new Int32Array(nLinks), outRate: new Float64Array(nNodes) };
}
