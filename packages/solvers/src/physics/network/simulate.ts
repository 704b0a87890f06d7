// Runs a network over its duration (a single balance when the duration is 0) and records every
// hydraulic step: heads, demands, flows, statuses and settings, plus warnings a user should see.

import { AbortedError } from '../../errors.js';
import { DisconnectedNetworkError, UnbalancedNetworkError, listIds } from './errors.js';
import { compileNetwork, type CompiledNetwork } from './hydraulics/compile.js';
import { CLOSED, FCV, PRV, PSV, PUMP, XFCV, XHEAD, XPRESSURE } from './hydraulics/constants.js';
import { advanceTime, applyControls, applyPatterns } from './hydraulics/extended-period.js';
import { EnergyMeter, type EnergyReport } from './hydraulics/energy.js';
import { balanceNetwork } from './hydraulics/gga.js';
import { createState, type HydraulicState } from './hydraulics/state.js';
import type { NetworkModel } from './model.js';
import { formatClock as clock } from './inp/tokens.js';
import { reachableFromSources, unconnectedJunctions } from './topology.js';

export interface HydraulicSnapshot {
  /** Seconds from the start. */
  time: number;
  iterations: number;
  relativeError: number;
  /** Head at every node, m. */
  head: Float64Array;
  /** Junctions: delivered demand (with emitters); tanks and reservoirs: net inflow; m³/s. */
  demand: Float64Array;
  /** Pressure-driven demand only: the demand each junction asks for (delivered: `demand`), m³/s. */
  fullDemand?: Float64Array;
  /** Networks with leaking pipes only: each junction's leakage (part of `demand`), m³/s. */
  leakage?: Float64Array;
  /** Link flows, m³/s (0 for closed links). */
  flow: Float64Array;
  /** Link status codes (hydraulics/constants.ts). */
  status: Uint8Array;
  /** Pump speeds and valve settings in the engine's units (heads in m, flows in m³/s). */
  setting: Float64Array;
  /** Power each pump draws, kW (0 when off), in the order of `net.pumps`. */
  pumpPower: Float64Array;
  /** Each pump's efficiency, fraction (0 when off). */
  pumpEfficiency: Float64Array;
}

export type NetworkWarningKind =
  | 'negative-pressure'
  | 'pump-cannot-deliver-head'
  | 'valve-cannot-hold-setting'
  | 'fcv-cannot-deliver-flow'
  | 'ill-conditioned-valve'
  | 'disconnected'
  | 'unbalanced'
  | 'status-cycling';

export interface NetworkWarning {
  kind: NetworkWarningKind;
  /** Node or link ids concerned. */
  ids: string[];
  /** Times (s) at which it happened. */
  times: number[];
  message: string;
}

export interface NetworkSimulation {
  net: CompiledNetwork;
  /** Every hydraulic step (the reporting steps and the intermediate ones EPANET also takes). */
  steps: HydraulicSnapshot[];
  /** Indices into `steps` of the reporting times (reportStart + k·reportStep). */
  reportSteps: number[];
  warnings: NetworkWarning[];
  /** Pumping energy and cost over the run (EPANET's energy report). */
  energy: EnergyReport;
}

export interface SimulateOptions {
  /** Called after each hydraulic step (time, duration in s). */
  onStep?(time: number, duration: number): void;
  /** Called with each hydraulic step's record as it is taken (water quality follows it on a helper). */
  onSnapshot?(step: HydraulicSnapshot): void;
  /**
   * Called as soon as the next step's time and tank levels are known, before it is solved: `head`
   * (read it at once, it is the solver's own) holds the tanks' new heads (a helper can route the
   * interval just ended while the step is solved).
   */
  onAdvance?(time: number, head: Float64Array): void;
  /** Polled in every trial of every step; true stops the run with an AbortedError. */
  shouldAbort?(): boolean;
}

export function simulateNetwork(model: NetworkModel | CompiledNetwork, options: SimulateOptions = {}): NetworkSimulation {
  const net = 'nodeIds' in model ? model : compileNetwork(model);
  const unconnected = unconnectedJunctions(net);
  if (unconnected.length > 0) throw new DisconnectedNetworkError(unconnected);

  const state = createState(net);
  const times = net.times;
  const { shouldAbort } = options;
  const checkAbort = shouldAbort
    ? () => {
        if (shouldAbort()) throw new AbortedError();
      }
    : undefined;
  const warnings = new WarningCollector(net);
  const steps: HydraulicSnapshot[] = [];
  const energy = new EnergyMeter(net);
  let nextReportTime = times.reportStep;

  for (;;) {
    applyPatterns(state);
    applyControls(state);
    const report = balanceNetwork(state, checkAbort);
    if (report.singularNode >= 0) {
      throw new UnbalancedNetworkError(
        `the hydraulic equations cannot be solved at ${clock(state.time)}: the network is ill-conditioned at node ${net.nodeIds[report.singularNode]} (check for links that isolate it or pumps and valves that cannot operate)`,
        state.time,
        report.iterations,
        report.relativeError,
      );
    }
    for (const k of report.illConditionedValves) warnings.add('ill-conditioned-valve', net.linkIds[k]!, state.time);
    if (report.statusCycling) warnings.add('status-cycling', '', state.time);
    if (!report.converged) {
      if (net.options.extraIter < 0) {
        throw new UnbalancedNetworkError(
          `the network is hydraulically unbalanced at ${clock(state.time)}: no convergence in ${net.options.maxIter} trials (relative flow change ${report.relativeError.toExponential(2)} > ${net.options.accuracy})`,
          state.time,
          report.iterations,
          report.relativeError,
        );
      }
      warnings.add('unbalanced', '', state.time);
    }
    const pumps = energy.measure(state);
    const step = snapshot(state, report.iterations, report.relativeError, pumps);
    steps.push(step);
    options.onSnapshot?.(step);
    warnings.inspect(state);
    options.onStep?.(state.time, times.duration);
    checkAbort?.();

    if (state.time >= times.duration) {
      // A steady state counts as one hour of pumping (EPANET).
      if (times.duration === 0) energy.add(state, 1);
      break;
    }
    const tstep = advanceTime(state, nextReportTime);
    energy.add(state, tstep / 3600);
    state.time += tstep;
    options.onAdvance?.(state.time, state.head);
    if (state.time >= nextReportTime) nextReportTime += times.reportStep;
  }

  const reportSteps: number[] = [];
  steps.forEach((step, index) => {
    if (step.time >= times.reportStart && (step.time - times.reportStart) % times.reportStep === 0) reportSteps.push(index);
  });
  return { net, steps, reportSteps, warnings: warnings.list(), energy: energy.report(times.duration) };
}

function snapshot(state: HydraulicState, iterations: number, relativeError: number, pumps: { power: Float64Array; efficiency: Float64Array }): HydraulicSnapshot {
  // slice() copies natively; TypedArray.from goes through the iterator protocol, slow before tier-up.
  const flow = state.flow.slice();
  const status = state.status;
  for (let k = 0; k < flow.length; k++) if (status[k]! <= CLOSED) flow[k] = 0;
  return {
    time: state.time,
    iterations,
    relativeError,
    head: state.head.slice(),
    demand: state.nodeDemand.slice(),
    ...(state.net.options.pda ? { fullDemand: state.fullDemand.slice() } : {}),
    ...(state.leaking.length > 0 ? { leakage: state.leakageFlow.slice() } : {}),
    flow,
    status: status.slice(),
    setting: state.setting.slice(),
    pumpPower: pumps.power.slice(),
    pumpEfficiency: pumps.efficiency.slice(),
  };
}

const WARNING_TEXT: Record<NetworkWarningKind, string> = {
  'negative-pressure': 'negative pressure at junction(s)',
  'pump-cannot-deliver-head': 'pump(s) cannot deliver the head required (closed)',
  'valve-cannot-hold-setting': 'pressure valve(s) cannot hold their setting (fully open)',
  'fcv-cannot-deliver-flow': 'flow control valve(s) cannot deliver their flow (fully open)',
  'ill-conditioned-valve': 'control valve(s) made the equations unsolvable and were opened',
  disconnected: 'junction(s) with demand cut off from every reservoir and tank by closed links',
  unbalanced: 'hydraulic balance not reached within the trials (results kept, UNBALANCED CONTINUE)',
  'status-cycling': 'flows balanced but pump, valve or check-valve statuses kept changing until the trials ran out (the system may be unstable)',
};

/** Collects warnings by kind, with the ids and times involved. */
class WarningCollector {
  private readonly byKind = new Map<NetworkWarningKind, { ids: Set<string>; times: number[] }>();

  /** 1 for the junctions already in the negative-pressure warning. */
  private readonly lowSeen: Uint8Array;
  /** The closed links (1) at the last inspection, and the nodes reached from the sources then. */
  private closedBefore: Uint8Array | undefined;
  private reached: Uint8Array | undefined;

  constructor(private readonly net: CompiledNetwork) {
    this.lowSeen = new Uint8Array(net.nJunctions);
  }

  add(kind: NetworkWarningKind, id: string, time: number): void {
    const entry = this.entry(kind, time);
    if (id) entry.ids.add(id);
  }

  /** The kind's record, with `time` noted. */
  private entry(kind: NetworkWarningKind, time: number): { ids: Set<string>; times: number[] } {
    let entry = this.byKind.get(kind);
    if (!entry) {
      entry = { ids: new Set(), times: [] };
      this.byKind.set(kind, entry);
    }
    if (entry.times[entry.times.length - 1] !== time) entry.times.push(time);
    return entry;
  }

  inspect(state: HydraulicState): void {
    const net = this.net;
    const htol = net.options.htol;
    const { head } = state;
    const { elevation, nJunctions } = net;
    // One look-up for the kind, not one call per junction, and each id added once (a per-junction
    // flag, not a string hash per low junction per step): a network can be low everywhere.
    const lowSeen = this.lowSeen;
    let low: Set<string> | undefined;
    for (let i = 0; i < nJunctions; i++) {
      if (head[i]! < elevation[i]! - htol) {
        low ??= this.entry('negative-pressure', state.time).ids;
        if (lowSeen[i] === 0) {
          lowSeen[i] = 1;
          low.add(net.nodeIds[i]!);
        }
      }
    }
    let closed = 0;
    // Whether the closed links are those of the last search: then so is what it reached.
    let sameClosed = this.closedBefore !== undefined;
    const closedBefore = (this.closedBefore ??= new Uint8Array(net.nLinks));
    for (let k = 0; k < net.nLinks; k++) {
      const status = state.status[k]!;
      const type = net.linkType[k]!;
      const isClosed = status <= CLOSED ? 1 : 0;
      closed += isClosed;
      if (closedBefore[k] !== isClosed) {
        closedBefore[k] = isClosed;
        sameClosed = false;
      }
      if (type === PUMP && status === XHEAD) this.add('pump-cannot-deliver-head', net.linkIds[k]!, state.time);
      if ((type === PRV || type === PSV) && status === XPRESSURE) this.add('valve-cannot-hold-setting', net.linkIds[k]!, state.time);
      if (type === FCV && status === XFCV) this.add('fcv-cannot-deliver-flow', net.linkIds[k]!, state.time);
    }
    // With no link closed every junction is reached: the run starts only when all are connected.
    if (closed === 0) return;
    // A breadth-first search per step was a tenth of a run's hydraulics when some link stays closed.
    if (!sameClosed || this.reached === undefined) this.reached = reachableFromSources(net, state.status);
    const reached = this.reached;
    for (let i = 0; i < net.nJunctions; i++) {
      if (!reached[i] && state.demandFlow[i] !== 0) this.add('disconnected', net.nodeIds[i]!, state.time);
    }
  }

  list(): NetworkWarning[] {
    return [...this.byKind].map(([kind, { ids, times }]) => {
      const idList = [...ids];
      const when = times.length === 1 ? `at ${clock(times[0]!)}` : `at ${times.length} time steps from ${clock(times[0]!)} to ${clock(times[times.length - 1]!)}`;
      const what = idList.length > 0 ? `${WARNING_TEXT[kind]}: ${listIds(idList)}` : WARNING_TEXT[kind];
      return { kind, ids: idList, times, message: `${what} ${when}` };
    });
  }
}
