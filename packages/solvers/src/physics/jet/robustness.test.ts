// Conservation, determinism and the solver's behaviour at its limits: heat-flux and fixed-temperature
// walls close the energy balance (the constant-flux wall heats the stream by exactly q L / (ṁ c_p));
// the converged solution does not depend on the under-relaxation (Rhie–Chow with Majumdar's term);
// diverging runs throw DivergedError instead of returning NaN; aborts and bad boundaries are reported.

import { describe, expect, it } from 'vitest';
import { AbortedError, DivergedError, InvalidParametersError } from '../../errors.js';
import { clusteredAxis, FlowSolver, solveFlow, uniformAxis, type FlowCase } from './index.js';

const CP = 1000;
const FLUX = 500; // W/m² into the fluid
const LENGTH = 4;

function heatedChannel(numerics: FlowCase['numerics'] = {}): FlowCase {
  return {
    grid: { geometry: 'planar', xFaces: uniformAxis({ from: 0, to: LENGTH, cells: 24 }), yFaces: clusteredAxis({ from: 0, to: 1, cells: 16, ratio: 1.15 }) },
    fluid: { density: 1, viscosity: 0.05, conductivity: 0.05 * CP, specificHeat: CP },
    boundaries: {
      xmin: { kind: 'inlet', velocity: { profile: 'uniform', mean: 1 }, temperature: 300 },
      xmax: { kind: 'outlet' },
      ymin: { kind: 'wall', thermal: { kind: 'heat-flux', value: FLUX } },
      ymax: { kind: 'wall', thermal: { kind: 'temperature', value: 320 } },
    },
    reference: { length: 1, velocity: 1, temperature: 300 },
    numerics: { tolerance: 1e-8, maxIterations: 3000, ...numerics },
  };
}

describe('flow solver conservation and robustness', () => {
  it('closes the energy balance of a channel with a heat-flux wall and a fixed-temperature wall', async () => {
    const solution = await solveFlow(heatedChannel());
    expect(solution.converged).toBe(true);
    const { energy, mass } = solution.balances;
    expect(Math.abs(mass.relativeImbalance)).toBeLessThan(1e-12);
    // Σ|r| ≤ tolerance · ṁ c_p ΔT (ΔT ≤ 20 K + the flux wall's rise): relative to the wall heat.
    expect(Math.abs(energy.relativeImbalance)).toBeLessThan((2 * 1e-8 * mass.inflow * CP * 40) / Math.abs(energy.wall));
    const fluxWall = solution.walls.find((w) => w.side === 'ymin')!;
    const heatIn = fluxWall.heatFlux.reduce((sum, q, m) => sum + q * fluxWall.area[m]!, 0);
    expect(heatIn).toBeCloseTo(FLUX * LENGTH, 9);
  }, 60_000);

  it('converges to the same solution whatever the velocity under-relaxation', async () => {
    const slow = await solveFlow(heatedChannel({ relaxation: { velocity: 0.5 }, tolerance: 1e-10, maxIterations: 5000 }));
    const fast = await solveFlow(heatedChannel({ relaxation: { velocity: 0.9 }, tolerance: 1e-10, maxIterations: 5000 }));
    expect(slow.converged && fast.converged).toBe(true);
    let difference = 0;
    for (let c = 0; c < slow.fields.u.length; c++) difference = Math.max(difference, Math.abs(slow.fields.u[c]! - fast.fields.u[c]!));
    expect(difference).toBeLessThan(1e-7);
  }, 60_000);

  it('is deterministic', async () => {
    const a = await solveFlow({ ...heatedChannel(), numerics: { maxIterations: 40, tolerance: 1e-12 } });
    const b = await solveFlow({ ...heatedChannel(), numerics: { maxIterations: 40, tolerance: 1e-12 } });
    expect(a.converged).toBe(false);
    expect(Array.from(a.fields.p)).toEqual(Array.from(b.fields.p));
    expect(Array.from(a.fields.T)).toEqual(Array.from(b.fields.T));
  }, 60_000);

  it('stops a diverging run with DivergedError', async () => {
    // Plain SIMPLE without any under-relaxation is unstable.
    const run = solveFlow(heatedChannel({ coupling: 'simple', relaxation: { velocity: 1, pressure: 1 } }));
    await expect(run).rejects.toBeInstanceOf(DivergedError);
    await expect(run).rejects.toThrow(/diverged/);
  }, 60_000);

  it('stops within one iteration of an abort', async () => {
    const signal = { aborted: false };
    let iterations = 0;
    const run = solveFlow(heatedChannel(), {
      signal,
      onResidual: (report) => {
        iterations = report.iteration;
        if (report.iteration === 3) signal.aborted = true;
      },
    });
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    expect(iterations).toBe(3);
  }, 60_000);

  it('rejects boundaries that leave part of a side without a condition, and non-physical data', () => {
    const flowCase = heatedChannel();
    flowCase.boundaries.xmin = [{ from: 0, to: 0.5, condition: { kind: 'wall' } }];
    expect(() => new FlowSolver(flowCase)).toThrow(InvalidParametersError);
    expect(() => new FlowSolver({ ...heatedChannel(), fluid: { ...heatedChannel().fluid, viscosity: -1 } })).toThrow(/fluid\.viscosity/);
    expect(() => new FlowSolver(heatedChannel({ relaxation: { velocity: 1.5 } }))).toThrow(/relaxation\.velocity/);
  });
});
