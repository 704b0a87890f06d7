// The stratified tank against the tanks-in-series solution (issue 6), second-order convergence of the
// Crank-Nicolson step, the energy ledger of a step with every port open, and the buoyancy mixing.

import { describe, expect, it } from 'vitest';
import { StratifiedTank, type TankPorts } from './tank.js';
import { DEFAULT_MAX_EXCHANGE_NUMBER } from './numerics.js';

/**
 * Tanks in series: N mixed nodes of total mass M at T_init, fed from the bottom at T_in with ṁ from
 * t = 0. The top node's temperature (the outlet) is
 *   T_out = T_in + (T_init - T_in) e^{-τ} Σ_{k<N} τ^k / k!,   τ = N ṁ t / M.
 */
function tanksInSeries(options: { nodes: number; mass: number; massFlow: number; initial: number; inlet: number; time: number }): number {
  const tau = (options.nodes * options.massFlow * options.time) / options.mass;
  let term = 1;
  let sum = 1;
  for (let k = 1; k < options.nodes; k++) {
    term *= tau / k;
    sum += term;
  }
  return options.inlet + (options.initial - options.inlet) * Math.exp(-tau) * sum;
}

const M = 1000;
const FLOW = 0.5;
const T_INIT = 353.15;
const T_IN = 293.15;
const SPECIFIC_HEAT = 4180;

/** A 1000 kg tank (1 m high, D chosen for 1000 kg of ρ = 1000 water), adiabatic, no conduction. */
function verificationTank(nodes: number): StratifiedTank {
  const diameter = Math.sqrt(4 / Math.PI);
  return new StratifiedTank({ height: 1, diameter, nodes }, { density: 1000, specificHeat: SPECIFIC_HEAT, conductivity: 0 }, { coefficient: 0, ambientTemperature: 293.15 }, T_INIT);
}

const discharge: TankPorts = { chargeFlow: 0, chargeBlend: 0, chargeSourceTemperature: 0, loadFlow: FLOW, returnTemperature: T_IN };

/** Largest |T_top - exact| over 4 mean residence times (M/ṁ = 2000 s) with steps of dt. */
function maxError(nodes: number, dt: number): number {
  const tank = verificationTank(nodes);
  let worst = 0;
  const end = (4 * M) / FLOW;
  for (let t = 0; t < end - 1e-9; t += dt) {
    tank.step(dt, discharge);
    tank.mixInvertedNodes();
    const exact = tanksInSeries({ nodes, mass: M, massFlow: FLOW, initial: T_INIT, inlet: T_IN, time: t + dt });
    worst = Math.max(worst, Math.abs(tank.topTemperature - exact));
  }
  return worst;
}

describe('tanks-in-series discharge (M 1000 kg, ṁ 0.5 kg/s, 80 → 20 °C)', () => {
  it.each([1, 5, 30])('N = %i: the outlet follows the exact solution within 0.2 K with the plant’s step rule', (nodes) => {
    const tank = verificationTank(nodes);
    // The plant's rule: every node's exchange number ṁ Δt / m_node at most DEFAULT_MAX_EXCHANGE_NUMBER.
    const dt = tank.stableStep(0, FLOW, DEFAULT_MAX_EXCHANGE_NUMBER);
    expect(dt).toBeCloseTo((DEFAULT_MAX_EXCHANGE_NUMBER * M) / (nodes * FLOW), 9);
    expect(maxError(nodes, dt)).toBeLessThan(0.2);
  });

  it('converges at second order in the step (Crank-Nicolson)', () => {
    const errors = [100, 50, 25].map((dt) => maxError(5, dt));
    for (let k = 1; k < errors.length; k++) {
      const order = Math.log2(errors[k - 1]! / errors[k]!);
      expect(order).toBeGreaterThan(1.9);
      expect(order).toBeLessThan(2.1);
    }
  });
});

describe('each term against its exact solution', () => {
  const fluid = { density: 1000, specificHeat: SPECIFIC_HEAT, conductivity: 0 };
  const closed: TankPorts = { chargeFlow: 0, chargeBlend: 0, chargeSourceTemperature: 0, loadFlow: 0, returnTemperature: 0 };

  it('conduction: the first cosine mode of the N-node column decays as exp(-λ t), λ = (2K/C)(1 - cos(π/N)) (to the Crank-Nicolson error)', () => {
    const nodes = 10;
    const tank = new StratifiedTank({ height: 1, diameter: 0.1, nodes }, { ...fluid, conductivity: 50 }, { coefficient: 0, ambientTemperature: 0 }, 0);
    // Cold at the bottom, warm at the top (stable: no mixing).
    const mode = (i: number) => -Math.cos((Math.PI * (i + 0.5)) / nodes);
    for (let i = 0; i < nodes; i++) tank.temperatures[i] = 330 + 10 * mode(i);
    const lambda = ((2 * tank.conductance) / tank.nodeCapacity) * (1 - Math.cos(Math.PI / nodes));
    const dt = 0.05 / lambda;
    for (let k = 0; k < 20; k++) tank.step(dt, closed);
    const amplitude = 10 * Math.exp(-lambda * 20 * dt);
    // Crank-Nicolson's amplification (1 - λΔt/2)/(1 + λΔt/2) per step: relative error ≈ (λΔt)³/12 per step.
    for (let i = 0; i < nodes; i++) expect(Math.abs(tank.temperatures[i]! - (330 + amplitude * mode(i)))).toBeLessThan(10 * 20 * (0.05 ** 3 / 12) * 1.1);
  });

  it('loss: each node relaxes to the ambient as exp(-UA t / (m c))', () => {
    const tank = new StratifiedTank({ height: 2, diameter: 1, nodes: 1 }, fluid, { coefficient: 2, ambientTemperature: 283.15 }, 353.15);
    const rate = tank.lossConductance[0]! / tank.nodeCapacity;
    expect(tank.lossConductance[0]).toBeCloseTo(2 * (Math.PI * 1 * 2 + 2 * (Math.PI / 4)), 12);
    const dt = 0.1 / rate;
    for (let k = 0; k < 30; k++) tank.step(dt, closed);
    expect(Math.abs(tank.temperatures[0]! - (283.15 + 70 * Math.exp(-rate * 30 * dt)))).toBeLessThan(70 * 30 * (0.1 ** 3 / 12));
  });

  it('charging: every node satisfies its own balance with the exchanger outlet tied to the bottom node (the rank-one correction)', () => {
    const nodes = 6;
    const tank = new StratifiedTank({ height: 6, diameter: 2, nodes }, fluid, { coefficient: 0, ambientTemperature: 0 }, Array.from({ length: nodes }, (_, i) => 320 + 4 * i));
    const ports: TankPorts = { chargeFlow: 4, chargeBlend: 0.7, chargeSourceTemperature: 358.15, loadFlow: 0, returnTemperature: 0 };
    const old = Float64Array.from(tank.temperatures);
    const dt = 120;
    tank.step(dt, ports);
    const T = tank.temperatures;
    const avg = (i: number) => 0.5 * (T[i]! + old[i]!);
    const flow = SPECIFIC_HEAT * ports.chargeFlow;
    const inlet = (1 - ports.chargeBlend) * avg(0) + ports.chargeBlend * ports.chargeSourceTemperature;
    for (let i = 0; i < nodes; i++) {
      // Downward flow: node i takes from the node above (the top from the exchanger) and gives to the one below (the bottom to the exchanger).
      const above = i === nodes - 1 ? inlet : avg(i + 1);
      const balance = flow * (above - avg(i));
      expect(Math.abs((tank.nodeCapacity * (T[i]! - old[i]!)) / dt - balance) / flow).toBeLessThan(1e-9);
    }
  });
});

describe('one step with every port open', () => {
  it('closes the energy ledger to round-off: Σ m c ΔT = Δt (charged - delivered - lost)', () => {
    const tank = new StratifiedTank({ height: 10, diameter: 5, nodes: 12 }, { density: 980, specificHeat: 4190, conductivity: 0.6 }, { coefficient: 0.5, ambientTemperature: 283.15 }, Array.from({ length: 12 }, (_, i) => 313.15 + 3 * i));
    for (const [chargeFlow, loadFlow] of [
      [8, 3],
      [3, 8],
      [5, 0],
    ] as const) {
      const before = tank.energy(273.15);
      const dt = 300;
      const fluxes = tank.step(dt, { chargeFlow, chargeBlend: 0.8, chargeSourceTemperature: 358.15, loadFlow, returnTemperature: 313.15 });
      const after = tank.energy(273.15);
      const expected = dt * (fluxes.charged - fluxes.delivered - fluxes.lost);
      expect(Math.abs(after - before - expected) / Math.abs(expected)).toBeLessThan(1e-11);
      const mixedBefore = tank.energy(273.15);
      tank.mixInvertedNodes();
      expect(Math.abs(tank.energy(273.15) - mixedBefore) / Math.abs(expected)).toBeLessThan(1e-11);
    }
  });
});

describe('buoyancy mixing', () => {
  it('mixes an inverted run into its mean and leaves a stable column alone', () => {
    const tank = verificationTank(5);
    tank.temperatures.set([300, 320, 310, 330, 340]);
    expect(tank.mixInvertedNodes()).toBe(2);
    expect([...tank.temperatures]).toEqual([300, 315, 315, 330, 340]);
    expect(tank.mixInvertedNodes()).toBe(0);
  });

  it('a hot node at the bottom rises through every cooler node above it', () => {
    const tank = verificationTank(4);
    tank.temperatures.set([360, 300, 310, 350]);
    tank.mixInvertedNodes();
    // 360 mixes with 300 (330), then with 310 (323.33); 323.33 < 350 stops there.
    expect(tank.temperatures[0]).toBeCloseTo(323.3333333333, 9);
    expect(tank.temperatures[2]).toBeCloseTo(323.3333333333, 9);
    expect(tank.temperatures[3]).toBe(350);
  });
});
