// Abort: the thermal core checks the run context once per time step and stops within one step.

import { describe, expect, it } from 'vitest';
import { AbortedError, RunContext } from '../../src/index.js';
import { GoldakSource, StructuredMesh, ThermalSolver, uniformAxis } from '../../src/thermal/index.js';
import { constantSolid, SYMMETRY } from './thermal-helpers.js';

function plate(): ThermalSolver {
  const mesh = new StructuredMesh(uniformAxis({ from: 0, to: 0.05, cells: 25 }), uniformAxis({ from: 0, to: 0.02, cells: 10 }), uniformAxis({ from: -0.01, to: 0, cells: 5 }));
  const torch = new GoldakSource({ power: 1000, frontLength: 2e-3, rearLength: 4e-3, halfWidth: 2e-3, depth: 2e-3, path: { start: { x: 0.005, y: 0, z: 0 }, speed: 0.005 } });
  return new ThermalSolver({ mesh, materials: [constantSolid({ conductivity: 30, density: 7850, specificHeat: 600 })], initialTemperature: 293.15, sources: [torch], boundaries: SYMMETRY }, { scheme: 'backward-euler' });
}

describe('thermal core abort', () => {
  it('stops within one step of the signal, with AbortedError', async () => {
    const controller = new AbortController();
    const solver = plate();
    let abortedAtStep = -1;
    const run = solver.run({
      endTime: 10,
      timeStep: 0.1,
      ctx: new RunContext({ signal: controller.signal }),
      onStep: (_report, s) => {
        if (s.steps === 7) {
          controller.abort();
          abortedAtStep = s.steps;
        }
      },
    });
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    expect(solver.steps).toBe(abortedAtStep);
  });

  it('honours the polled isAborted hook the same way', async () => {
    const solver = plate();
    let steps = 0;
    const run = solver.run({ endTime: 10, timeStep: 0.1, ctx: new RunContext({ isAborted: () => steps >= 3 }), onStep: () => steps++ });
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    expect(solver.steps).toBe(3);
  });

  it('reports progress and residuals through the run context', async () => {
    const solver = plate();
    const fractions: number[] = [];
    const residuals: number[] = [];
    await solver.run({ endTime: 1, timeStep: 0.1, ctx: new RunContext({ onProgress: (p) => fractions.push(p.fraction), onResiduals: (r) => residuals.push(r.values['linear']!), progressIntervalMs: 0 }) });
    expect(fractions.at(-1)).toBeCloseTo(1, 12);
    expect(residuals).toHaveLength(10);
    expect(Math.max(...residuals)).toBeLessThan(1e-10);
  });
});
