// The helper's side of a jet team (team.ts): the same solver built from the same options on the run's
// shared arrays, serving part 1 of each split loop until the run ends the team; in a case with
// particles, then part 1 of the particles (particles/tally.ts).

import { CommandBlock } from '../../../run/command-block.js';
import type { HelperTask } from '../../../run/helper-threads.js';
import { ReplayFieldArena } from '../../../numerics/field-arena.js';
import { FlowSolver } from '../solver.js';
import { impingingJetCase } from '../impinging-jet.js';
import { ParticleTracker } from '../particles/tracking.js';
import { PARTICLES_OP, type JetTeamData } from './team.js';

export { JET_TEAM_TASK } from './team.js';

export const jetTeamTask: HelperTask = (data) => {
  const { options, buffers, control, particles } = data as JetTeamData;
  const block = new CommandBlock(control);
  let solver: FlowSolver;
  try {
    const arena = new ReplayFieldArena(buffers);
    solver = new FlowSolver(impingingJetCase(options), undefined, { arena, twin: true });
    arena.finish();
  } catch (error) {
    block.markFailed();
    throw error;
  }
  block.markReady();
  // The particles come after the flow, on its converged fields (the same shared arrays).
  let tracker: ParticleTracker | undefined;
  block.serve((op, args, results) => {
    if (op !== PARTICLES_OP) return solver.runPart(op, args, results);
    if (!particles) throw new Error('this team has no particles');
    tracker ??= new ParticleTracker(solver, particles.tracking.geometry);
    tracker.trackPart(particles.tracking.settings, new Float64Array(particles.records), 1);
  });
  return { message() {} };
};
