// The hydraulic state carried from one Newton trial and one time step to the next.

import { SymmetricSystem } from '../../../numerics/sparse/symmetric-system.js';
import { CFS, FT } from '../units.js';
import type { CompiledNetwork } from './compile.js';
import { leakingJunctions } from './leakage-setup.js';
import { CLOSED, PUMP, QZERO, PRV, PSV, FCV, MISSING, GPV, ACTIVE, CONST_HP } from './constants.js';

export interface HydraulicState {
  net: CompiledNetwork;
  /** Heads at all nodes, m. */
  head: Float64Array;
  /** Link flows, m³/s (positive from `from` to `to`). */
  flow: Float64Array;
  status: Uint8Array;
  /** Pump speed, valve setting (SI head or flow), MISSING for a valve with fixed status. */
  setting: Float64Array;
  /** Demand delivered now at each junction (its full demand unless pressure-driven), m³/s. */
  demandFlow: Float64Array;
  /** Demand of the current pattern period at each junction, m³/s. */
  fullDemand: Float64Array;
  /** Sum of the positive demands of the current pattern period, m³/s. */
  systemDemand: number;
  emitterFlow: Float64Array;
  /** The junctions that leak (leakage.ts), their iterated fixed- and variable-area leakage (cfs, EPANET's units) and its sum, m³/s. */
  leaking: Int32Array;
  leakQfa: Float64Array;
  leakQva: Float64Array;
  leakageFlow: Float64Array;
  /** Junctions: outflow (demand + emitter + leakage) after a solve; tanks and reservoirs: net inflow. */
  nodeDemand: Float64Array;
  /** 1 / head-loss gradient and head loss / gradient per link (EPANET's P and Y). */
  p: Float64Array;
  y: Float64Array;
  /** Flow excess at each node while assembling. */
  xflow: Float64Array;
  /** Tank volumes, m³ (index f of the fixed-grade nodes; unused for reservoirs). */
  tankVolume: Float64Array;
  relaxFactor: number;
  system: SymmetricSystem;
  /** Current time, s. */
  time: number;
}

export function createState(net: CompiledNetwork): HydraulicState {
  const nFixed = net.nNodes - net.nJunctions;
  // EPANET starts the leakage flows when the hydraulics open, not at every initialisation.
  const { leaking, qfa, qva } = leakingJunctions(net.leakCfa, net.leakCva);
  const state: HydraulicState = {
    net,
    head: new Float64Array(net.nNodes),
    flow: new Float64Array(net.nLinks),
    status: new Uint8Array(net.nLinks),
    setting: new Float64Array(net.nLinks),
    demandFlow: new Float64Array(net.nJunctions),
    fullDemand: new Float64Array(net.nJunctions),
    systemDemand: 0,
    emitterFlow: new Float64Array(net.nJunctions),
    leaking,
    leakQfa: qfa,
    leakQva: qva,
    leakageFlow: new Float64Array(net.nJunctions),
    nodeDemand: new Float64Array(net.nNodes),
    p: new Float64Array(net.nLinks),
    y: new Float64Array(net.nLinks),
    xflow: new Float64Array(net.nNodes),
    tankVolume: new Float64Array(nFixed),
    relaxFactor: 1,
    system: new SymmetricSystem(net.nJunctions, net.edgeA, net.edgeB),
    time: 0,
  };
  initializeState(state);
  return state;
}

/** EPANET's inithyd: tanks at their initial levels, links at their initial status, setting and flow. */
export function initializeState(state: HydraulicState): void {
  const net = state.net;
  const nJ = net.nJunctions;
  for (let f = 0; f < net.nNodes - nJ; f++) {
    state.tankVolume[f] = net.tankV0[f]!;
    state.head[nJ + f] = net.tankH0[f]!;
    state.nodeDemand[nJ + f] = 0;
  }
  for (let i = 0; i < nJ; i++) {
    state.head[i] = net.elevation[i]!;
    state.demandFlow[i] = 0;
    state.fullDemand[i] = 0;
    state.emitterFlow[i] = net.emitterKe[i]! > 0 ? CFS : 0; // EPANET starts emitters at 1 cfs
    state.leakageFlow[i] = 0;
  }
  const { status, setting, flow } = state;
  for (let k = 0; k < net.nLinks; k++) {
    const type = net.linkType[k]!;
    status[k] = net.initStatus[k]!;
    setting[k] = net.initSetting[k]!;
    if (type > PUMP && type !== GPV && net.initStatus[k] !== ACTIVE) setting[k] = MISSING;
    if ((type === PRV || type === PSV || type === FCV) && setting[k] !== MISSING) status[k] = ACTIVE;
    // initialLinkFlow inlined for pipes: tens of thousands of calls are slow before tier-up.
    if (status[k]! <= CLOSED) flow[k] = QZERO;
    else if (type === PUMP) initialLinkFlow(state, k);
    else flow[k] = ((Math.PI * net.diameter[k]! ** 2) / 4) * FT;
  }
  state.time = 0;
}

/** Closed: zero; pump: its design flow times the speed; other links: a velocity of 1 ft/s. */
export function initialLinkFlow(state: HydraulicState, k: number): void {
  const net = state.net;
  if (state.status[k] === CLOSED) state.flow[k] = QZERO;
  else if (net.linkType[k] === PUMP) state.flow[k] = state.setting[k]! * net.pumps[net.linkPump[k]!]!.q0;
  else state.flow[k] = ((Math.PI * net.diameter[k]! ** 2) / 4) * FT;
}

/** A constant-power pump that re-opens restarts from its initial flow. */
export function resetPumpFlow(state: HydraulicState, k: number): void {
  const pump = state.net.pumps[state.net.linkPump[k]!]!;
  if (pump.type === CONST_HP) state.flow[k] = pump.q0;
}
