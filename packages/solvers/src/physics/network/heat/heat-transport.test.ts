// Heat transport with heat loss to the ground: the exponential decay along a pipe, flow-weighted
// mixing, and the energy balance of every step (supplied = delivered + lost).

import { describe, expect, it } from 'vitest';
import { emptyNetwork, type NetworkModel } from '../model.js';
import { networkResultSeries } from '../results.js';
import { simulateNetwork } from '../simulate.js';
import { generateNetwork } from '../../../../test/networks.js';
import { simulateHeat } from './heat-transport.js';

const CP = 4186;
const RHO = 1000;

function pipeNetwork(): NetworkModel {
  const model = emptyNetwork();
  model.options.accuracy = 1e-5;
  model.reservoirs.push({ id: 'hot', head: 60 }, { id: 'cold', head: 58 });
  model.junctions.push({ id: 'J', elevation: 0, demands: [{ base: 0.004 }] });
  model.pipes.push(
    { id: 'P1', from: 'hot', to: 'J', length: 1500, diameter: 0.1, roughness: 120, minorLoss: 0, status: 'open' },
    { id: 'P2', from: 'cold', to: 'J', length: 800, diameter: 0.08, roughness: 120, minorLoss: 0, status: 'open' },
  );
  return model;
}

describe('heat transport along pipes', () => {
  it('decays exponentially towards the ground temperature along a pipe', () => {
    const model = pipeNetwork();
    model.reservoirs.pop();
    model.pipes.pop();
    const sim = simulateNetwork(model);
    const heat = simulateHeat(sim, { supplyTemperature: { default: 353.15 }, groundTemperature: 283.15, heatTransferCoefficient: 2 });
    const q = 0.004;
    const expected = 283.15 + (353.15 - 283.15) * Math.exp((-2 * Math.PI * 0.1 * 1500) / (RHO * q * CP));
    expect(heat[0]!.nodeTemperature[0]).toBeCloseTo(expected, 10);
    expect(networkResultSeries(sim, { heat }).nodes['J']!.temperature).toEqual([heat[0]!.nodeTemperature[0]]);
  });

  it('mixes inflows in proportion to their flows', () => {
    const sim = simulateNetwork(pipeNetwork());
    const heat = simulateHeat(sim, { supplyTemperature: { default: 283.15, hot: 363.15, cold: 303.15 }, groundTemperature: 283.15, heatTransferCoefficient: 0 });
    const q1 = sim.steps[0]!.flow[0]!;
    const q2 = sim.steps[0]!.flow[1]!;
    expect(q1).toBeGreaterThan(0);
    expect(q2).toBeGreaterThan(0);
    expect(heat[0]!.nodeTemperature[0]).toBeCloseTo((q1 * 363.15 + q2 * 303.15) / (q1 + q2), 10);
  });

  it('closes the energy balance at every step of a looped network over 24 h', () => {
    const sim = simulateNetwork(generateNetwork({ seed: 6, rows: 6, cols: 6, headloss: 'H-W', flowUnits: 'LPS', hours: 24, devices: true }));
    const heat = simulateHeat(sim, { supplyTemperature: { default: 353.15, R2: 343.15 }, groundTemperature: 281.15, heatTransferCoefficient: 1.5, initialTankTemperature: 333.15 });
    expect(heat).toHaveLength(sim.steps.length);
    const net = sim.net;
    heat.forEach((step, s) => {
      expect(step.heatLoss).toBeGreaterThan(0);
      // Mixing conserves enthalpy exactly; what is left is the hydraulic mass residual (at active
      // control valves continuity holds to the convergence tolerance) carried at up to 72 K.
      const flows = sim.steps[s]!;
      let residual = 0;
      const excess = new Float64Array(net.nNodes);
      for (let k = 0; k < net.nLinks; k++) {
        excess[net.linkFrom[k]!]! -= flows.flow[k]!;
        excess[net.linkTo[k]!]! += flows.flow[k]!;
      }
      for (let i = 0; i < net.nJunctions; i++) residual += Math.abs(excess[i]! - flows.demand[i]!);
      const allowance = RHO * CP * 72 * residual + 1e-9 * step.heatSupplied;
      expect(Math.abs(step.heatSupplied - step.heatDelivered - step.heatLoss)).toBeLessThan(allowance);
      for (const t of step.nodeTemperature) {
        expect(t).toBeGreaterThanOrEqual(281.15 - 1e-9);
        expect(t).toBeLessThanOrEqual(353.15 + 1e-9);
      }
    });
  });
});
