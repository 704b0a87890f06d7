// A family's run over the thermal solver (welding, melt pools): its phases, then the solver's
// helper thread ended whatever happened (a failed or aborted run too), so no worker outlives a run.
import { runPhases, type Phase, type RunContext } from '../run/context.js';
import type { ThermalSolver } from './solver.js';

export async function runThermalPhases<State extends { solver?: ThermalSolver }>(ctx: RunContext, state: State, phases: readonly Phase<State>[]): Promise<void> {
  try {
    await runPhases(ctx, state, phases);
  } finally {
    state.solver?.release();
  }
}
