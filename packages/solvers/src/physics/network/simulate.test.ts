// The engine on its own: closed-form head losses, mass conservation, errors for networks that cannot
// be solved (naming the nodes), warnings, and the result shapes of simulations.md.

import { describe, expect, it } from 'vitest';
import { AbortedError } from '../../errors.js';
import { DisconnectedNetworkError, NetworkModelError, UnbalancedNetworkError } from './errors.js';
import { colebrookWhite, swameeJain } from './hydraulics/friction.js';
import { fitPumpCurve } from './hydraulics/pump-curve.js';
import { emptyNetwork, type NetworkModel } from './model.js';
import { networkResultSeries, networkSummary } from './results.js';
import { simulateNetwork } from './simulate.js';
import { parseInp } from './inp/parse.js';
import { generateNetwork } from '../../../test/networks.js';
import { EPANET_GRAVITY, EPANET_VISCOSITY } from './units.js';

/** Reservoir R (head 50 m) -> pipe P -> junction J (elevation 0) with a demand. */
function singlePipe(options: { headloss: 'H-W' | 'D-W'; roughness: number; diameter: number; demand: number; minorLoss?: number }): NetworkModel {
  const model = emptyNetwork();
  model.options = { headloss: options.headloss, accuracy: 1e-5 };
  model.reservoirs.push({ id: 'R', head: 50 });
  model.junctions.push({ id: 'J', elevation: 0, demands: [{ base: options.demand }] });
  model.pipes.push({ id: 'P', from: 'R', to: 'J', length: 1000, diameter: options.diameter, roughness: options.roughness, minorLoss: options.minorLoss ?? 0, status: 'open' });
  return model;
}

function headAt(model: NetworkModel, id: string): number {
  const sim = simulateNetwork(model);
  return sim.steps[0]!.head[sim.net.nodeIds.indexOf(id)]!;
}

describe('head loss of a single pipe', () => {
  it('Hazen–Williams: h = 10.67·L·Q^1.852 / (C^1.852·D^4.871) plus the minor loss', () => {
    const q = 0.02;
    const d = 0.15;
    const model = singlePipe({ headloss: 'H-W', roughness: 120, diameter: d, demand: q, minorLoss: 3 });
    const friction = (10.667 * 1000 * q ** 1.852) / (120 ** 1.852 * d ** 4.871);
    const velocity = q / ((Math.PI * d * d) / 4);
    const minor = (3 * velocity ** 2) / (2 * EPANET_GRAVITY);
    expect(50 - headAt(model, 'J')).toBeCloseTo(friction + minor, 2);
  });

  it('Darcy–Weisbach with the Swamee–Jain friction factor, and with Colebrook as an option', () => {
    const q = 0.03;
    const d = 0.2;
    const e = 0.5e-3;
    const area = (Math.PI * d * d) / 4;
    const velocity = q / area;
    const reynolds = (velocity * d) / EPANET_VISCOSITY;
    const sj = 0.25 / Math.log10(e / d / 3.7 + 5.74 / reynolds ** 0.9) ** 2;
    const model = singlePipe({ headloss: 'D-W', roughness: e, diameter: d, demand: q });
    expect(50 - headAt(model, 'J')).toBeCloseTo(((sj * 1000) / d) * (velocity ** 2 / (2 * EPANET_GRAVITY)), 6);
    // Colebrook–White: 1/√f = −2·log10(e/3.7D + 2.51/(Re·√f)).
    const cw = colebrookWhite(reynolds, e / d).f;
    expect(1 / Math.sqrt(cw)).toBeCloseTo(-2 * Math.log10(e / d / 3.7 + 2.51 / (reynolds * Math.sqrt(cw))), 12);
    model.options.frictionFactor = 'colebrook';
    expect(50 - headAt(model, 'J')).toBeCloseTo(((cw * 1000) / d) * (velocity ** 2 / (2 * EPANET_GRAVITY)), 6);
  });

  it('laminar flow follows Hagen–Poiseuille (f = 64/Re)', () => {
    const d = 0.1;
    const q = 1e-5; // Re ≈ 125
    const model = singlePipe({ headloss: 'D-W', roughness: 1e-4, diameter: d, demand: q });
    const velocity = q / ((Math.PI * d * d) / 4);
    const hagenPoiseuille = (32 * EPANET_VISCOSITY * 1000 * velocity) / (EPANET_GRAVITY * d * d);
    expect(50 - headAt(model, 'J')).toBeCloseTo(hagenPoiseuille, 9);
  });
});

describe('friction factor and pump curves', () => {
  it('the transition polynomial joins 64/Re at Re = 2000 and Swamee–Jain at Re = 4000', () => {
    const s = EPANET_VISCOSITY * 0.1;
    const qAt = (re: number) => (re * Math.PI * s) / 4;
    expect(swameeJain(qAt(2000), 1e-3, s).f).toBeCloseTo(0.032, 12);
    const below = swameeJain(qAt(4000) * (1 - 1e-9), 1e-3, s).f;
    const above = swameeJain(qAt(4000) * (1 + 1e-9), 1e-3, s).f;
    expect(below).toBeCloseTo(above, 7);
  });

  it('Swamee–Jain stays within 3 % of Colebrook–White for Re 1e4–1e7', () => {
    for (const re of [1e4, 1e5, 1e6, 1e7]) {
      for (const e of [0, 1e-5, 1e-3, 1e-2]) {
        const s = 1e-6;
        const q = (re * Math.PI * s) / 4;
        const sj = swameeJain(q, e, s).f;
        const cw = colebrookWhite(re, e).f;
        expect(Math.abs(sj / cw - 1)).toBeLessThan(0.03);
      }
    }
  });

  it('a one-point curve becomes h = 4/3·H1 − b·Q² through (Q1, H1) and (2·Q1, 0)', () => {
    const fit = fitPumpCurve([[0.05, 40]]);
    if (typeof fit === 'string') throw new Error(fit);
    const head = (q: number) => -fit.h0 - fit.r * q ** fit.n;
    expect(head(0)).toBeCloseTo(1.33334 * 40, 9);
    expect(head(0.05)).toBeCloseTo(40, 9);
    expect(head(0.1)).toBeCloseTo(0, 9);
    expect(fit.n).toBeCloseTo(2, 4);
    expect(typeof fitPumpCurve([[0, 40], [0.05, 45], [0.1, 10]])).toBe('string');
  });
});

describe('conservation', () => {
  it('every junction balances its demand and every tank integrates its inflow', () => {
    // Without control valves: an active PRV, PSV or FCV balances its node with the flows of the
    // previous trial, so there continuity holds only to the convergence tolerance (as in EPANET).
    const sim = simulateNetwork(generateNetwork({ seed: 2, rows: 4, cols: 5, headloss: 'H-W', flowUnits: 'LPS', hours: 24, devices: false }));
    const net = sim.net;
    for (const step of sim.steps) {
      const excess = new Float64Array(net.nNodes);
      for (let k = 0; k < net.nLinks; k++) {
        excess[net.linkFrom[k]!]! -= step.flow[k]!;
        excess[net.linkTo[k]!]! += step.flow[k]!;
      }
      let total = 0;
      for (let i = 0; i < net.nJunctions; i++) total += Math.abs(step.demand[i]!);
      for (let i = 0; i < net.nJunctions; i++) expect(Math.abs(excess[i]! - step.demand[i]!)).toBeLessThan(1e-12 * total);
    }
    const t = net.nodeIds.indexOf('T1');
    const f = t - net.nJunctions;
    let volume = net.tankV0[f]!;
    for (let s = 0; s + 1 < sim.steps.length; s++) {
      const step = sim.steps[s]!;
      volume += step.demand[t]! * (sim.steps[s + 1]!.time - step.time);
      const level = sim.steps[s + 1]!.head[t]! - net.tankHmin[f]!;
      expect(level * net.tankArea[f]! + net.tankVmin[f]!).toBeCloseTo(volume, 6);
    }
  });
});

describe('networks that cannot be solved', () => {
  it('junctions joined to no reservoir or tank give an error naming them', () => {
    const model = singlePipe({ headloss: 'H-W', roughness: 100, diameter: 0.1, demand: 0.001 });
    model.junctions.push({ id: 'island-a', elevation: 0, demands: [{ base: 0.001 }] }, { id: 'island-b', elevation: 0, demands: [] });
    model.pipes.push({ id: 'IP', from: 'island-a', to: 'island-b', length: 10, diameter: 0.1, roughness: 100, minorLoss: 0, status: 'open' });
    expect(() => simulateNetwork(model)).toThrow(DisconnectedNetworkError);
    try {
      simulateNetwork(model);
    } catch (error) {
      expect((error as DisconnectedNetworkError).nodeIds).toEqual(['island-a', 'island-b']);
      expect((error as Error).message).toContain('island-a, island-b');
      expect((error as DisconnectedNetworkError).code).toBe('INVALID_PARAMETERS');
    }
  });

  it('a network without a reservoir or tank, and broken references, are reported together', () => {
    const model = emptyNetwork();
    model.junctions.push({ id: 'A', elevation: 0, demands: [] });
    model.pipes.push({ id: 'P', from: 'A', to: 'B', length: -1, diameter: 0.1, roughness: 100, minorLoss: 0, status: 'open' });
    try {
      simulateNetwork(model);
      throw new Error('expected an error');
    } catch (error) {
      expect(error).toBeInstanceOf(NetworkModelError);
      const paths = (error as NetworkModelError).issues.map((issue) => issue.path);
      expect(paths).toEqual(['pipes[0].to', 'pipes[0].length', 'network']);
    }
  });

  it('pressure valves next to a reservoir are refused, as in EPANET', () => {
    const model = singlePipe({ headloss: 'H-W', roughness: 100, diameter: 0.1, demand: 0.001 });
    model.valves.push({ id: 'V', from: 'R', to: 'J', type: 'PRV', diameter: 0.1, setting: 1e5, minorLoss: 0, status: 'active' });
    expect(() => simulateNetwork(model)).toThrow(/PRV 'V' cannot connect directly to a reservoir or tank/);
  });

  it('an unbalanced step stops the run (UNBALANCED STOP) or continues with a warning', () => {
    const model = generateNetwork({ seed: 1, rows: 4, cols: 4, headloss: 'H-W', flowUnits: 'LPS', hours: 2, devices: false });
    model.options.trials = 1;
    expect(() => simulateNetwork(model)).toThrow(UnbalancedNetworkError);
    model.options.unbalanced = { mode: 'continue', extraTrials: 0 };
    const sim = simulateNetwork(model);
    expect(sim.warnings.find((w) => w.kind === 'unbalanced')!.times).toEqual([0, 3600, 7200]);
    expect(networkSummary(sim).unbalanced.value).toBe(3);
  });
});

describe('warnings and results', () => {
  it('reports negative pressures and junctions cut off by closed links, naming them', () => {
    const model = singlePipe({ headloss: 'H-W', roughness: 100, diameter: 0.1, demand: 0.001 });
    model.junctions.push({ id: 'high', elevation: 80, demands: [{ base: 0.001 }] }, { id: 'cut', elevation: 0, demands: [{ base: 0.001 }] });
    model.pipes.push(
      { id: 'up', from: 'J', to: 'high', length: 100, diameter: 0.1, roughness: 100, minorLoss: 0, status: 'open' },
      { id: 'shut', from: 'J', to: 'cut', length: 100, diameter: 0.1, roughness: 100, minorLoss: 0, status: 'closed' },
    );
    const sim = simulateNetwork(model);
    const kinds = Object.fromEntries(sim.warnings.map((w) => [w.kind, w.ids]));
    expect(kinds['negative-pressure']).toEqual(['high', 'cut']);
    expect(kinds['disconnected']).toEqual(['cut']);
    expect(sim.warnings.find((w) => w.kind === 'disconnected')!.message).toContain('cut');
  });

  it('gives per-node and per-link series in SI and the summary keys', () => {
    const model = generateNetwork({ seed: 1, rows: 3, cols: 3, headloss: 'H-W', flowUnits: 'LPS', hours: 3, devices: false });
    const sim = simulateNetwork(model);
    const series = networkResultSeries(sim);
    expect(series.times).toEqual([0, 3600, 7200, 10800]);
    const j = series.nodes['J1_1']!;
    const i = sim.net.nodeIds.indexOf('J1_1');
    expect(j.pressure[0]).toBeCloseTo((j.head[0]! - sim.net.elevation[i]!) * 9806.65, 6);
    expect(series.nodes['R1']!.pressure).toEqual([0, 0, 0, 0]);
    const pipe = series.links['P1']!;
    const k = sim.net.linkIds.indexOf('P1');
    expect(pipe.velocity[0]).toBeCloseTo(Math.abs(pipe.flow[0]!) / ((Math.PI * sim.net.diameter[k]! ** 2) / 4), 12);
    expect(pipe.status[0]).toBe('open');
    expect(series.links['PU1']!.headloss[0]).toBeLessThan(0);
    const summary = networkSummary(sim);
    expect(Object.keys(summary)).toEqual(['min_pressure', 'max_velocity', 'total_demand', 'iterations', 'unbalanced']);
    expect(summary.min_pressure.unit).toBe('Pa');
    expect(summary.total_demand.value).toBeGreaterThan(0);
  });

  it('stops when asked to', () => {
    const model = generateNetwork({ seed: 1, rows: 3, cols: 3, headloss: 'H-W', flowUnits: 'LPS', hours: 24, devices: false });
    let steps = 0;
    expect(() => simulateNetwork(model, { onStep: () => steps++, shouldAbort: () => steps >= 3 })).toThrow(AbortedError);
    expect(steps).toBe(3);
  });
});

/** A 20 × 20 grid of 1.5 m mains 2 m long fed only by two tanks that start at their minimum level. */
function emptyTankGrid(): string {
  const size = 20;
  const lines = ['[JUNCTIONS]'];
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) lines.push(` J${r}_${c} ${10 + r + c} ${1 + ((r * 7 + c * 3) % 5)}`);
  lines.push('[TANKS]', ' T1 50 2 2 10 20 0', ' T2 45 1 1 10 20 0', '[PIPES]', ' PT1 T1 J0_0 100 300 120 0 Open', ` PT2 T2 J${size - 1}_${size - 1} 100 300 120 0 Open`);
  let k = 0;
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++) {
      if (c + 1 < size) lines.push(` P${++k} J${r}_${c} J${r}_${c + 1} 2 1500 140 0 Open`);
      if (r + 1 < size) lines.push(` P${++k} J${r}_${c} J${r + 1}_${c} 2 1500 140 0 Open`);
    }
  lines.push('[TIMES]', ' Duration 1:00', ' Hydraulic Timestep 1:00', '[OPTIONS]', ' Units LPS', ' Headloss H-W', ' Unbalanced Continue 10', '[END]', '');
  return lines.join('\n');
}

describe('junctions cut off from every source', () => {
  it('run on with a warning when rounding loses their last pivot (empty tanks, no pump), as EPANET carries them through closed links', () => {
    // Both tanks are empty, so the links from them are closed and the 400 junctions hang on those
    // links' conductance (10⁻⁸ ft/cfs) while the mains between them conduct up to 10⁷: eliminating
    // them loses the last pivot to rounding. This file stopped the run ("cannot be solved") before.
    const sim = simulateNetwork(parseInp(emptyTankGrid()).network);
    expect(sim.steps).toHaveLength(2);
    const disconnected = sim.warnings.find((w) => w.kind === 'disconnected');
    expect(disconnected?.ids).toHaveLength(400);
    for (const step of sim.steps) expect(Array.from(step.head).every(Number.isFinite)).toBe(true);
  });
});
