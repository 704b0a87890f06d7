// The helper's side of a jet team (team.ts): the same solver built from the same options on the run's
// shared arrays, serving part 1 of each split loop until the run ends the team.

import { CommandBlock } from '../../../run/command-block.js';
import type { HelperTask } from '../../../run/helper-threads.js';
import { ReplayFieldArena } from '../../../numerics/field-arena.js';
import { FlowSolver } from '../solver.js';
import { impingingJetCase } from '../impinging-jet.js';
import type { JetTeamData } from './team.js';

export { JET_TEAM_TASK } from './team.js';

export const jetTeamTask: HelperTask = (data) => {
  const { options, buffers, control } = data as JetTeamData;
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
  block.serve((op, args, results) => solver.runPart(op, args, results));
  return { message() {} };
};
