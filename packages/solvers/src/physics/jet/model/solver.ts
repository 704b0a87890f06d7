// The jet types' run: named phases over one state.
//   mesh       the flow case (grid, boundaries, ridge) of the JetCase
//   flow       the steady RANS solution (residual events every iteration, progress by residual)
//   particles  one-way Lagrangian tracking through the converged field (particle types)
//   results    summary, series along the target, fields

import type { RunContext } from '../../../run/context.js';
import { runPhases, type Phase } from '../../../run/context.js';
import type { SolverOutput } from '../../../run/types.js';
import type { FlowCase } from '../case.js';
import type { FlowSolution } from '../post.js';
import { FlowSolver } from '../solver.js';
import { trackParticles, type ParticleResult } from '../particles/tracking.js';
import { jetFlowCase } from './flow-case.js';
import type { JetCase } from './parameters.js';
import { jetOutput } from './results.js';

export interface JetRun {
  jet: JetCase;
  flowCase?: FlowCase;
  solver?: FlowSolver;
  solution?: FlowSolution;
  particles?: ParticleResult;
  output?: SolverOutput;
}

const fmt = (value: number, digits = 4): string => String(Number(value.toPrecision(digits)));

const meshPhase: Phase<JetRun> = {
  name: 'mesh',
  weight: 1,
  run(run, ctx) {
    const { jet } = run;
    run.flowCase = jetFlowCase(jet);
    run.solver = new FlowSolver(run.flowCase);
    const grid = run.solver.grid;
    ctx.info(
      `${jet.nozzle === 'round' ? 'round nozzle, axisymmetric' : 'slot nozzle, planar'}: D = ${fmt(jet.diameter)} m, H/D = ${fmt(jet.distance / jet.diameter)}, Re = ${fmt(jet.reynoldsNumber, 6)}, U = ${fmt(jet.velocity)} m/s, ` +
        `${jet.flowModel === 'laminar' ? 'laminar' : 'k-ω SST (Kato–Launder production)'}; ${jet.fluid.label} at the film temperature ${fmt(jet.filmTemperature)} K`,
    );
    ctx.info(`mesh '${jet.mesh}': ${grid.nx} × ${grid.ny} = ${grid.cellCount} cells, first cell at the plate ${fmt(grid.x.width[grid.nx]!)} m${run.solver.solid ? `, ${run.solver.solid.solidCount} blocked cells in the ridge (${run.solver.solid.count} wall faces)` : ''}`);
    if (jet.ridge?.source === 'triangle' && jet.ridge.halfWidth >= jet.domainRadius) ctx.info('the ridge is wider than the domain (apex angle near 180°): a layer over the whole plate');
  },
};

const flowPhase: Phase<JetRun> = {
  name: 'flow',
  weight: 20,
  async run(run, ctx) {
    const started = ctx.elapsedSeconds;
    const solution = await run.solver!.run({ ctx });
    run.solution = solution;
    const seconds = Math.max(ctx.elapsedSeconds - started, 1e-9);
    const updates = run.solver!.grid.cellCount * solution.iterations;
    ctx.info(`flow: ${solution.iterations} iterations in ${fmt(seconds, 3)} s, ${(updates / seconds).toExponential(2)} cell updates/s`);
    const { mass, energy } = solution.balances;
    ctx.info(`balances: mass imbalance ${mass.relativeImbalance.toExponential(2)} of the inflow, energy ${energy.relativeImbalance.toExponential(2)} of the wall heat`);
    if (!solution.converged) ctx.warn(`the flow did not converge within ${solution.iterations} iterations: the results are those of the last iteration`);
  },
};

const particlesPhase: Phase<JetRun> = {
  name: 'particles',
  weight: 3,
  async run(run, ctx) {
    run.particles = await trackParticles({ jet: run.jet, solver: run.solver!, ctx });
  },
};

const resultsPhase: Phase<JetRun> = {
  name: 'results',
  weight: 1,
  run(run, ctx) {
    run.output = jetOutput(run, ctx);
  },
};

export async function solveJet(jet: JetCase, ctx: RunContext): Promise<SolverOutput> {
  const run: JetRun = { jet };
  await runPhases(ctx, run, jet.particles ? [meshPhase, flowPhase, particlesPhase, resultsPhase] : [meshPhase, flowPhase, resultsPhase]);
  return run.output!;
}
