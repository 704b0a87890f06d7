// Heat carried by the flows of a network with heat loss to the ground (district heating), on the
// hydraulic steps of a simulation. Along a pipe the temperature relaxes towards the ground
// temperature with the steady solution of  ṁ·c_p·dT/dx = −U·π·D·(T − T_ground):
//   T_out = T_ground + (T_in − T_ground)·exp(−U·π·D·L / (ṁ·c_p));
// pumps and valves carry heat unchanged; a junction mixes its inflows (flow-weighted); a tank is a
// fully mixed volume integrated over time. Transit times are neglected (quasi-steady per step).
// Temperatures in K.

import { NetworkModelError } from '../errors.js';
import { PIPE, CVPIPE, CLOSED } from '../hydraulics/constants.js';
import type { NetworkSimulation } from '../simulate.js';

export interface HeatParameters {
  /** Temperature of the water leaving each reservoir, K (by id; `default` for the others). */
  supplyTemperature: Record<string, number> & { default: number };
  /** Undisturbed ground temperature around the pipes, K. */
  groundTemperature: number;
  /** Heat transfer coefficient pipe water → ground per unit inner wall area, W/(m²·K). */
  heatTransferCoefficient: number;
  /** Per-pipe coefficients replacing the default, W/(m²·K). */
  pipeHeatTransferCoefficient?: Record<string, number>;
  /** Temperature of water injected at junctions with negative demand, K (default: the default supply). */
  injectionTemperature?: number;
  /** Initial temperature of the tanks, K (default: the default supply). */
  initialTankTemperature?: number;
  /** Specific heat and density of the water (defaults 4186 J/(kg·K), 1000 kg/m³ times the specific gravity). */
  specificHeat?: number;
  density?: number;
}

export interface HeatStep {
  time: number;
  /** Node temperatures, K (nodes without inflow sit at the ground temperature). */
  nodeTemperature: Float64Array;
  /** Temperature at the downstream end of each link, K. */
  linkOutletTemperature: Float64Array;
  /** Heat lost to the ground by all pipes, W. */
  heatLoss: number;
  /** Heat delivered with the junction demands and into tanks (above the ground temperature), W. */
  heatDelivered: number;
  /** Heat entering from reservoirs, tanks and injections (above the ground temperature), W. */
  heatSupplied: number;
}

const FLOW_EPSILON = 1e-12;

// Long function: the segment transport of one hydraulic step (advect, mix at nodes, lose heat) on shared arrays.
export function simulateHeat(sim: NetworkSimulation, parameters: HeatParameters): HeatStep[] {
  const net = sim.net;
  const nJ = net.nJunctions;
  const cp = parameters.specificHeat ?? 4186;
  const rho = parameters.density ?? 1000 * net.options.specificGravity;
  const tGround = parameters.groundTemperature;
  const supplyDefault = parameters.supplyTemperature.default;
  const injection = parameters.injectionTemperature ?? supplyDefault;
  const issues = [];
  for (const [id, value] of Object.entries(parameters.supplyTemperature)) if (!(value > 0)) issues.push({ path: `heat.supplyTemperature.${id}`, message: 'must be a positive temperature in K' });
  if (!(tGround > 0)) issues.push({ path: 'heat.groundTemperature', message: 'must be a positive temperature in K' });
  if (!(parameters.heatTransferCoefficient >= 0)) issues.push({ path: 'heat.heatTransferCoefficient', message: 'must not be negative' });
  if (issues.length > 0) throw new NetworkModelError(issues);

  // U·π·D·L of each pipe, W/K.
  const conductance = new Float64Array(net.nLinks);
  for (let k = 0; k < net.nLinks; k++) {
    const type = net.linkType[k]!;
    if (type !== PIPE && type !== CVPIPE) continue;
    const u = parameters.pipeHeatTransferCoefficient?.[net.linkIds[k]!] ?? parameters.heatTransferCoefficient;
    conductance[k] = u * Math.PI * net.diameter[k]! * net.length[k]!;
  }
  const tankTemperature = new Float64Array(net.nNodes - nJ).fill(parameters.initialTankTemperature ?? supplyDefault);
  const tankVolume = Float64Array.from(net.tankV0);

  // Links entering each node, rebuilt per step from the flow directions.
  const steps: HeatStep[] = [];
  for (let s = 0; s < sim.steps.length; s++) {
    const step = sim.steps[s]!;
    const upstream = new Int32Array(net.nLinks);
    const downstream = new Int32Array(net.nLinks);
    const inflowCount = new Int32Array(net.nNodes);
    const active: number[] = [];
    for (let k = 0; k < net.nLinks; k++) {
      const q = step.flow[k]!;
      if (step.status[k]! <= CLOSED || Math.abs(q) <= FLOW_EPSILON) continue;
      upstream[k] = q > 0 ? net.linkFrom[k]! : net.linkTo[k]!;
      downstream[k] = q > 0 ? net.linkTo[k]! : net.linkFrom[k]!;
      active.push(k);
      inflowCount[downstream[k]!]!++;
    }
    const outgoing: number[][] = Array.from({ length: net.nNodes }, () => []);
    const incoming: number[][] = Array.from({ length: net.nNodes }, () => []);
    for (const k of active) {
      outgoing[upstream[k]!]!.push(k);
      incoming[downstream[k]!]!.push(k);
    }

    const nodeTemperature = new Float64Array(net.nNodes).fill(tGround);
    const linkOutlet = new Float64Array(net.nLinks).fill(tGround);
    const known = new Uint8Array(net.nNodes);
    const queue: number[] = [];
    // Fixed-grade nodes supply their own temperature to the links leaving them.
    for (let n = nJ; n < net.nNodes; n++) {
      const f = n - nJ;
      nodeTemperature[n] = net.tankArea[f] === 0 ? (parameters.supplyTemperature[net.nodeIds[n]!] ?? supplyDefault) : tankTemperature[f]!;
      known[n] = 1;
      queue.push(n);
    }
    const settleJunction = (i: number, allowUnknown = false): void => {
      let flow = 0;
      let heat = 0;
      for (const k of incoming[i]!) {
        if (!allowUnknown && !known[upstream[k]!]) continue;
        const q = Math.abs(step.flow[k]!);
        flow += q;
        heat += q * linkOutlet[k]!;
      }
      const demand = step.demand[i]!;
      if (demand < 0) {
        flow += -demand;
        heat += -demand * injection;
      }
      nodeTemperature[i] = flow > FLOW_EPSILON ? heat / flow : tGround;
      known[i] = 1;
    };
    // Junctions: mix once every inflow is known (Kahn's order on the flow directions).
    const remaining = Int32Array.from(inflowCount);
    for (let i = 0; i < nJ; i++) {
      if (remaining[i] === 0) {
        settleJunction(i);
        queue.push(i);
      }
    }
    const pass = (n: number) => {
      for (const k of outgoing[n]!) {
        linkOutlet[k] = outletTemperature(k, nodeTemperature[n]!, Math.abs(step.flow[k]!));
        const d = downstream[k]!;
        if (d < nJ && --remaining[d]! === 0) {
          settleJunction(d);
          queue.push(d);
        }
      }
    };
    for (let head = 0; head < queue.length; head++) pass(queue[head]!);
    // Junctions on a directed loop (a pump recirculating water): settle by fixed-point sweeps.
    const unsettled = [];
    for (let i = 0; i < nJ; i++) if (!known[i]) unsettled.push(i);
    for (let sweep = 0; sweep < 200 && unsettled.length > 0; sweep++) {
      let change = 0;
      for (const i of unsettled) {
        const before = nodeTemperature[i]!;
        settleJunction(i, true);
        change = Math.max(change, Math.abs(nodeTemperature[i]! - before));
        for (const k of outgoing[i]!) linkOutlet[k] = outletTemperature(k, nodeTemperature[i]!, Math.abs(step.flow[k]!));
      }
      if (change < 1e-10) break;
    }

    // Balance of the step.
    let heatLoss = 0;
    let heatSupplied = 0;
    let heatDelivered = 0;
    for (const k of active) {
      const m = rho * Math.abs(step.flow[k]!);
      heatLoss += m * cp * (nodeTemperature[upstream[k]!]! - linkOutlet[k]!);
      if (upstream[k]! >= nJ) heatSupplied += m * cp * (nodeTemperature[upstream[k]!]! - tGround);
      if (downstream[k]! >= nJ) heatDelivered += m * cp * (linkOutlet[k]! - tGround);
    }
    for (let i = 0; i < nJ; i++) {
      const demand = step.demand[i]!;
      if (demand > 0) heatDelivered += rho * demand * cp * (nodeTemperature[i]! - tGround);
      else heatSupplied += rho * -demand * cp * (injection - tGround);
    }
    steps.push({ time: step.time, nodeTemperature, linkOutletTemperature: linkOutlet, heatLoss, heatDelivered, heatSupplied });

    // Tanks: fully mixed volumes over the step to the next time.
    const next = sim.steps[s + 1];
    if (next) {
      const dt = next.time - step.time;
      for (let f = 0; f < net.nNodes - nJ; f++) {
        if (net.tankArea[f] === 0) continue;
        const n = nJ + f;
        let volumeIn = 0;
        let energyIn = 0;
        for (const k of incoming[n]!) {
          volumeIn += Math.abs(step.flow[k]!) * dt;
          energyIn += Math.abs(step.flow[k]!) * dt * linkOutlet[k]!;
        }
        let volumeOut = 0;
        for (const k of outgoing[n]!) volumeOut += Math.abs(step.flow[k]!) * dt;
        const v = tankVolume[f]!;
        const newVolume = Math.max(v + volumeIn - volumeOut, 1e-9);
        tankTemperature[f] = (v * tankTemperature[f]! + energyIn - volumeOut * tankTemperature[f]!) / newVolume;
        tankVolume[f] = newVolume;
      }
    }

  }
  return steps;

  function outletTemperature(k: number, inlet: number, q: number): number {
    const g = conductance[k]!;
    if (g === 0) return inlet;
    return tGround + (inlet - tGround) * Math.exp(-g / (rho * q * cp));
  }
}
