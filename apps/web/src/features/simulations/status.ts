// What each status looks like and what can be done in it (the product decisions, "Simulations"; the rules
// themselves are the contracts': canRun, canAbort, canEdit).
import { canAbort, canEdit, canRun, isActiveStatus, type SimulationStatus } from '@simforge/contracts';

export type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

export const statusMeta: Record<SimulationStatus, { label: string; color: ChipColor; description: string }> = {
  draft: { label: 'Draft', color: 'default', description: 'Created, not run yet (or parameters changed since the last run).' },
  queued: { label: 'Queued', color: 'info', description: 'Waiting for a free solver.' },
  running: { label: 'Running', color: 'primary', description: 'The solver is working.' },
  completed: { label: 'Completed', color: 'success', description: 'The last run finished; its results are shown.' },
  failed: { label: 'Failed', color: 'error', description: 'The last run stopped with an error.' },
  aborting: { label: 'Aborting', color: 'warning', description: 'Stopping the solver.' },
  aborted: { label: 'Aborted', color: 'secondary', description: 'The last run was stopped by a user.' },
};

export type SimulationAction = 'run' | 'abort' | 'edit' | 'clone' | 'delete';

export interface AllowedActions {
  run: boolean;
  abort: boolean;
  edit: boolean;
  clone: boolean;
  delete: boolean;
}

/** Which buttons are enabled in a status: run and edit when nothing is in flight, abort while queued or running. */
export function allowedActions(status: SimulationStatus): AllowedActions {
  return {
    run: canRun(status),
    abort: canAbort(status),
    edit: canEdit(status),
    clone: true,
    // The server aborts a running simulation first; only a stop already under way is waited for.
    delete: status !== 'aborting',
  };
}

/** A run is in flight: the screen follows it live. */
export const isLive = (status: SimulationStatus) => isActiveStatus(status);

/** The label of the Run button: a finished simulation runs again. */
export function runLabel(status: SimulationStatus): string {
  return status === 'draft' ? 'Run' : 'Run again';
}
