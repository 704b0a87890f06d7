// The jet types' run: named phases over one state.
//   mesh       the flow case (grid, boundaries, ridge) of the JetCase
//   flow       the steady RANS solution (residual events every iteration, progress by residual)
//   particles  one-way Lagrangian tracking through the converged field (particle types)
//   results    summary, series along the target, fields

import type { RunContext } from '../../../run/context.js';
import { runPhases, type Phase } from '../../../run/context.js';
import type { SolverOutput } from '../../../run/types.js';
import type { FlowGrid } from '../grid/grid.js';
import { FlowSolver } from '../solver.js';
import { SharedFieldArena } from '../../../numerics/field-arena.js';
import { JetTeam } from '../threads/team.js';
import { jetTracking, trackParticles } from '../particles/phase.js';
import { jetFlowOptions } from './flow-case.js';
import { impingingJetCase } from '../impinging-jet.js';
import type { JetCase } from './parameters.js';
import { jetOutput } from './results.js';
import type { JetRun } from './run.js';
import { raisedAbovePlate } from './target.js';

export type { JetRun } from './run.js';

const fmt = (value: number, digits = 4): string => String(Number(value.toPrecision(digits)));

const meshPhase: Phase<JetRun> = {
  name: 'mesh',
  weight: 1,
  run(run, ctx) {
    const { jet } = run;
    // A run may come with its flow case (studies: another ridge grid, wall treatment or steps); a
    // helper thread can build only the product's own (from the jet, plain data), so only that splits.
    const options = run.flowCase === undefined ? jetFlowOptions(jet) : undefined;
    run.flowCase ??= impingingJetCase(options!);
    ctx.checkAbort();
    const helpers = options ? ctx.helpers : undefined;
    const arena = helpers ? SharedFieldArena.create() : undefined;
    run.solver = new FlowSolver(run.flowCase, ctx.checkAbort, { arena });
    if (helpers && arena) run.team = JetTeam.start(helpers, options!, arena.buffers, jet.particles ? jetTracking(jet) : undefined);
    const grid = run.solver.grid;
    ctx.info(
      `${jet.nozzle === 'round' ? 'round nozzle, axisymmetric' : 'slot nozzle, planar'}: D = ${fmt(jet.diameter)} m, H/D = ${fmt(jet.distance / jet.diameter)}, Re = ${fmt(jet.reynoldsNumber, 6)}, U = ${fmt(jet.velocity)} m/s, ` +
        `${jet.flowModel === 'laminar' ? 'laminar' : 'k-ω SST (Kato–Launder production)'}; ${jet.fluid.label} at the film temperature ${fmt(jet.filmTemperature)} K`,
    );
    // On a σ grid the reference rows are the flat case's: beyond the ridge's foot they are the cells.
    const plate = `first cell at the plate ${fmt(grid.x.width[grid.nx]!)} m`;
    const faces = grid.mesh ? raisedWallCells(grid, jet.distance) : undefined;
    ctx.info(
      `mesh '${jet.mesh}': ${grid.nx} × ${grid.ny} = ${grid.cellCount} cells, ` +
        (faces
          ? `terrain-following (σ) grid over the ridge, no blocked cells: ${plate}, on the ridge's ${faces.count} faces ${fmt(faces.min, 3)}–${fmt(faces.max, 3)} m (normal to the face)`
          : `${plate}${run.solver.solid ? `, ${run.solver.solid.solidCount} blocked cells in the ridge (${run.solver.solid.count} wall faces)` : ''}`),
    );
    if (run.flowCase.ridgeGrid?.kind === 'blocked') ctx.info(`the ridge has no terrain-following grid (${run.flowCase.ridgeGrid.reason}): blocked cells`);
    if (jet.ridge?.source === 'triangle' && jet.ridge.halfWidth >= jet.domainRadius) ctx.info('the ridge is wider than the domain (apex angle near 180°): a layer over the whole plate');
  },
};

/**
 * The first cells over the raised part of a σ grid's xmax wall: their height normal to the wall face,
 * n̂·(m_wall − m_inner) with m the midpoints of the cell's wall face and of the x-face opposite it.
 */
function raisedWallCells(grid: FlowGrid, plateX: number): { count: number; min: number; max: number } | undefined {
  const { nx, ny } = grid;
  const { cornerX, cornerY } = grid.mesh!;
  const C = nx + 1;
  let [count, min, max] = [0, Infinity, 0];
  for (let j = 1; j <= ny; j++) {
    const [a, b] = [nx + C * (j - 1), nx + C * j];
    const wallX = 0.5 * (cornerX[a]! + cornerX[b]!);
    if (!raisedAbovePlate(plateX, wallX)) continue;
    const [tx, ty] = [cornerX[b]! - cornerX[a]!, cornerY[b]! - cornerY[a]!];
    const length = Math.hypot(tx, ty);
    const dx = wallX - 0.5 * (cornerX[a - 1]! + cornerX[b - 1]!);
    const dy = 0.5 * (cornerY[a]! + cornerY[b]!) - 0.5 * (cornerY[a - 1]! + cornerY[b - 1]!);
    const height = Math.abs(ty * dx - tx * dy) / length;
    [count, min, max] = [count + 1, Math.min(min, height), Math.max(max, height)];
  }
  return count > 0 ? { count, min, max } : undefined;
}

const flowPhase: Phase<JetRun> = {
  name: 'flow',
  weight: 20,
  async run(run, ctx) {
    const started = ctx.elapsedSeconds;
    const { team } = run;
    if (team) {
      const ready = team.waitReady(ctx.checkAbort);
      ctx.info(ready ? 'flow on 2 threads (a helper thread takes half the rows of each split loop; the results are those of one thread)' : 'flow on 1 thread (the helper thread could not start)');
      if (ready) run.solver!.useTeam(team, () => ctx.helperGranted());
    } else if (ctx.threads > 1) ctx.info('flow on 1 thread (no helper thread can be had here)');
    let solution;
    try {
      solution = await run.solver!.run({ ctx });
    } finally {
      run.solver!.useTeam(undefined);
      // A helper that served the flow flies half the particles next (particlesPhase).
      if (!run.jet.particles || !team?.particleSplit()) {
        team?.stop();
        run.team = undefined;
      }
    }
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
    const { team } = run;
    try {
      const split = team && ctx.helperGranted() ? team.particleSplit() : undefined;
      run.particles = await trackParticles({ jet: run.jet, solver: run.solver!, ctx, split });
    } finally {
      team?.stop();
      run.team = undefined;
    }
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
  return (await runJet({ jet }, ctx)).output!;
}

/** The phases over a run: its jet, and its flow case when one is given (else the product's). */
export async function runJet(run: JetRun, ctx: RunContext): Promise<JetRun> {
  try {
    await runPhases(ctx, run, run.jet.particles ? [meshPhase, flowPhase, particlesPhase, resultsPhase] : [meshPhase, flowPhase, resultsPhase]);
  } finally {
    // A run stopped before its flow phase ended its helper.
    run.team?.stop(true);
    run.team = undefined;
  }
  return run;
}
