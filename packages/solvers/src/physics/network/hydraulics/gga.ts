// One hydraulic balance by the global gradient algorithm (Todini & Pilati 1988), run as EPANET's
// hydsolve: assemble and solve the head equations, update flows from the new heads, check statuses,
// and repeat until the relative flow change Σ|ΔQ| / Σ|Q| falls below the accuracy with no status
// change left.

import type { AbortCheck } from '../../../run/types.js';
import { CFS } from '../units.js';
import { assembleHeadEquations, emitterHeadloss, headlossCoefficients } from './coefficients.js';
import { ACTIVE, CBIG_RESISTANCE, CLOSED, CONST_HP, FCV, PRV, PSV, PUMP, XFCV, XPRESSURE } from './constants.js';
import { reachableFromSources } from '../topology.js';
import { leakageConverged, updateLeakageFlows } from './leakage.js';
import { demandsConverged, updateDemandFlows } from './pressure-driven-demand.js';
import type { HydraulicState } from './state.js';
import { linkStatus, pressureControls, valveStatus } from './status.js';

export interface BalanceReport {
  iterations: number;
  relativeError: number;
  converged: boolean;
  /** The flows converged but link statuses kept changing until the trials ran out. */
  statusCycling: boolean;
  /** Node at which the head equations could not be solved (matrix not positive definite), or -1. */
  singularNode: number;
  /** Control valves fixed open because they made the equations unsolvable. */
  illConditionedValves: number[];
}

/** `checkAbort`: polled every trial (a sparse factorisation; a large network's step can take many). */
export function balanceNetwork(state: HydraulicState, checkAbort?: AbortCheck): BalanceReport {
  const net = state.net;
  const options = net.options;
  const nJ = net.nJunctions;
  const system = state.system;
  let nextCheck = options.checkFreq;
  state.relaxFactor = 1;
  const maxTrials = options.maxIter + (options.extraIter > 0 ? options.extraIter : 0);
  let iteration = 1;
  let relativeError = 0;
  let converged = false;
  let singularNode = -1;
  const illConditionedValves: number[] = [];
  let pivotFloor: Float64Array | undefined;

  while (iteration <= maxTrials) {
    checkAbort?.();
    headlossCoefficients(state);
    assembleHeadEquations(state);
    let failed = system.solve(pivotFloor);
    if (failed >= 0) {
      const valve = fixBadValve(state, failed);
      if (valve >= 0) {
        illConditionedValves.push(valve);
        continue;
      }
      pivotFloor = cutOffPivots(state, failed);
      if (pivotFloor) failed = system.solve(pivotFloor);
    }
    if (failed >= 0) {
      singularNode = failed;
      break;
    }
    // Arrays in locals: two property loads per junction are slow while the first balance is interpreted.
    const head = state.head;
    const solution = system.rhs;
    for (let i = 0; i < nJ; i++) head[i] = solution[i]!;
    const change = newFlows(state);
    relativeError = change.relativeError;

    state.relaxFactor = 1;
    let valveChange = false;
    if (options.dampLimit > 0) {
      if (relativeError <= options.dampLimit) {
        state.relaxFactor = 0.6;
        valveChange = valveStatus(state);
      }
    } else {
      valveChange = valveStatus(state);
    }

    if (hasConverged(state, relativeError, change.maxFlowChange)) {
      converged = true;
      if (iteration > options.maxIter) break;
      let statusChange = valveChange;
      if (linkStatus(state)) statusChange = true;
      if (pressureControls(state)) statusChange = true;
      if (!statusChange) break;
      converged = false;
      nextCheck = iteration + options.checkFreq;
    } else if (iteration <= options.maxCheck && iteration === nextCheck) {
      linkStatus(state);
      nextCheck += options.checkFreq;
    }
    iteration++;
  }
  // Converged flows whose statuses kept changing until the trials ran out: balanced but unstable.
  const statusCycling = !converged && singularNode < 0 && relativeError <= options.accuracy;
  converged = singularNode < 0 && relativeError <= options.accuracy;

  // Junction outflow: the demand delivered, the emitters' and the leaks' (EPANET's NodeDemand).
  const { nodeDemand, demandFlow, emitterFlow, leakageFlow } = state;
  for (let i = 0; i < nJ; i++) nodeDemand[i] = demandFlow[i]! + emitterFlow[i]! + leakageFlow[i]!;
  return { iterations: Math.min(iteration, maxTrials), relativeError, converged, statusCycling, singularNode, illConditionedValves };
}

/**
 * Where the factorisation failed at a junction that no open link joins to a reservoir or tank, the
 * pivots of all such junctions floored at a closed link's conductance; otherwise undefined. In exact
 * arithmetic those junctions hang on the closed links' conductance 1/CBIG and the matrix is positive
 * definite; eliminated among open links of conductance up to 10⁷ times larger, the last pivot is lost
 * to rounding (EPANET's own elimination may keep it or not: its Anytown network keeps it, heads of
 * −10²⁵ ft). Their heads mean nothing; the run's warning names them (`disconnected`).
 */
function cutOffPivots(state: HydraulicState, failed: number): Float64Array | undefined {
  const net = state.net;
  if (failed >= net.nJunctions) return undefined;
  const reached = reachableFromSources(net, state.status);
  if (reached[failed]) return undefined;
  const floor = new Float64Array(net.nJunctions);
  for (let i = 0; i < net.nJunctions; i++) if (!reached[i]) floor[i] = 1 / CBIG_RESISTANCE;
  return floor;
}

/** New link and emitter flows from the new heads; returns Σ|ΔQ| / Σ|Q| and the largest |ΔQ|. */
function newFlows(state: HydraulicState): { relativeError: number; maxFlowChange: number } {
  const net = state.net;
  const nJ = net.nJunctions;
  const { head, flow, p, y, nodeDemand } = state;
  const relax = state.relaxFactor;
  let qsum = 0;
  let dqsum = 0;
  let maxFlowChange = 0;
  for (let n = nJ; n < net.nNodes; n++) nodeDemand[n] = 0;
  // The arrays in locals: a property load per link is slow while this runs interpreted.
  const { nLinks, linkFrom, linkTo, linkType } = net;
  const status = state.status;
  for (let k = 0; k < nLinks; k++) {
    const n1 = linkFrom[k]!;
    const n2 = linkTo[k]!;
    let dq = (y[k]! - p[k]! * (head[n1]! - head[n2]!)) * relax;
    if (linkType[k] === PUMP && net.pumps[net.linkPump[k]!]!.type === CONST_HP && dq > flow[k]!) dq = flow[k]! / 2;
    flow[k]! -= dq;
    qsum += Math.abs(flow[k]!);
    dqsum += Math.abs(dq);
    maxFlowChange = Math.max(maxFlowChange, Math.abs(dq));
    if (status[k]! > CLOSED) {
      if (n1 >= nJ) nodeDemand[n1]! -= flow[k]!;
      if (n2 >= nJ) nodeDemand[n2]! += flow[k]!;
    }
  }
  for (let i = 0; i < nJ; i++) {
    if (net.emitterKe[i] === 0) continue;
    const { hloss, hgrad } = emitterHeadloss(state, i);
    const dq = ((hloss - (head[i]! - net.elevation[i]!)) / hgrad) * relax;
    state.emitterFlow[i]! -= dq;
    qsum += Math.abs(state.emitterFlow[i]!);
    dqsum += Math.abs(dq);
    maxFlowChange = Math.max(maxFlowChange, Math.abs(dq));
  }
  const sums = { qsum, dqsum, maxFlowChange };
  updateDemandFlows(state, sums);
  updateLeakageFlows(state, sums);
  ({ qsum, dqsum, maxFlowChange } = sums);
  // EPANET compares the total flow with the accuracy in cfs.
  const relativeError = qsum / CFS > net.options.accuracy ? dqsum / qsum : dqsum / CFS;
  return { relativeError, maxFlowChange };
}

function hasConverged(state: HydraulicState, relativeError: number, maxFlowChange: number): boolean {
  const options = state.net.options;
  if (relativeError > options.accuracy) return false;
  if (options.flowChangeLimit > 0 && maxFlowChange > options.flowChangeLimit) return false;
  if (options.headErrorLimit > 0 && maxHeadError(state) > options.headErrorLimit) return false;
  if (!leakageConverged(state)) return false;
  return demandsConverged(state);
}

/** Largest mismatch between a link's head loss at its flow and the head difference across it. */
function maxHeadError(state: HydraulicState): number {
  const net = state.net;
  headlossCoefficients(state);
  let largest = 0;
  for (let k = 0; k < net.nLinks; k++) {
    if (state.status[k]! <= CLOSED || state.p[k] === 0) continue;
    const dh = state.head[net.linkFrom[k]!]! - state.head[net.linkTo[k]!]!;
    largest = Math.max(largest, Math.abs(dh - state.y[k]! / state.p[k]!));
  }
  return largest;
}

/** If node n belongs to an active control valve, fixes that valve open and returns its link. */
function fixBadValve(state: HydraulicState, n: number): number {
  const net = state.net;
  for (const k of net.valveLinks) {
    if (net.linkFrom[k] !== n && net.linkTo[k] !== n) continue;
    const type = net.linkType[k]!;
    if ((type === PRV || type === PSV || type === FCV) && state.status[k] === ACTIVE) {
      state.status[k] = type === FCV ? XFCV : XPRESSURE;
      return k;
    }
    return -1;
  }
  return -1;
}
