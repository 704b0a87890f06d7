import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Typography } from '@mui/material';
import type { Simulation } from '@simforge/contracts';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { abortSimulation, cloneSimulation, deleteSimulation, refreshAfterChange, runSimulation } from './simulationsApi';
import { allowedActions, type AllowedActions, type SimulationAction } from './status';

export interface SimulationActions {
  allowed: AllowedActions;
  /** The action under way, if any (its button shows busy; the others wait). */
  busy: SimulationAction | null;
  run: () => Promise<void>;
  abort: () => Promise<void>;
  clone: () => Promise<void>;
  /** Opens the confirmation; the simulation is deleted when the user confirms. */
  requestDelete: () => void;
  /** The confirmation dialog: render it once beside the buttons. */
  dialog: ReactNode;
}

/**
 * The row and header actions of a simulation: each announces itself (notifications), is tracked
 * (analytics), refreshes the lists and this simulation, and never throws (the notice says why).
 */
export function useSimulationActions(
  simulation: Simulation,
  callbacks: { onCloned?: (copy: Simulation) => void; onDeleted?: () => void } = {},
): SimulationActions {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<SimulationAction | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function perform(action: SimulationAction, work: () => Promise<void>) {
    if (busy) return;
    setBusy(action);
    try {
      await work();
    } catch {
      // Already announced with the API's detail; the screen stays as it is.
      await queryClient.invalidateQueries({ queryKey: ['simulations', 'one', simulation.id] });
    } finally {
      setBusy(null);
    }
  }

  const allowed = allowedActions(simulation.status);

  return {
    allowed,
    busy,
    run: () => perform('run', async () => refreshAfterChange(queryClient, await runSimulation(simulation))),
    abort: () => perform('abort', async () => refreshAfterChange(queryClient, await abortSimulation(simulation))),
    clone: () =>
      perform('clone', async () => {
        const copy = await cloneSimulation(simulation);
        refreshAfterChange(queryClient);
        callbacks.onCloned?.(copy);
      }),
    requestDelete: () => setConfirming(true),
    dialog: (
      <ConfirmDialog
        open={confirming}
        title="Delete simulation?"
        confirmLabel="Delete"
        destructive
        busy={busy === 'delete'}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void perform('delete', async () => {
            await deleteSimulation(simulation);
            setConfirming(false);
            refreshAfterChange(queryClient, null, simulation.id);
            callbacks.onDeleted?.();
          }).finally(() => setConfirming(false))
        }
      >
        <Typography component="span">
          <strong>{simulation.title}</strong> and all its runs, logs and results will be deleted.
          {allowed.abort ? ' The running solver is aborted first.' : ''} This cannot be undone.
        </Typography>
      </ConfirmDialog>
    ),
  };
}
