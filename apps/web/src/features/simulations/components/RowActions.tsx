import { Link as RouterLink } from 'react-router';
import { Box, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiContentCopy, mdiDeleteOutline, mdiPencilOutline, mdiPlay, mdiStop } from '@mdi/js';
import type { Simulation } from '@simforge/contracts';
import { useSimulationActions } from '../useSimulationActions';
import type { SimulationAction } from '../status';

function ActionButton({ label, icon, action, busy, disabled, color, onClick }: { label: string; icon: string; action: SimulationAction; busy: SimulationAction | null; disabled: boolean; color?: 'primary' | 'error' | 'warning'; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} disabled={disabled || busy !== null} color={color} onClick={onClick}>
          {busy === action ? <CircularProgress size={18} aria-hidden /> : <Icon path={icon} size={0.85} aria-hidden />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** Run, abort, edit, clone and delete as compact icon buttons of a table row (named for assistive tech). */
export function RowActions({ simulation, editTo }: { simulation: Simulation; editTo: string }) {
  const actions = useSimulationActions(simulation);
  const { allowed, busy } = actions;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.25 }}>
      {allowed.abort ? (
        <ActionButton label="Abort" icon={mdiStop} action="abort" busy={busy} disabled={false} color="warning" onClick={() => void actions.abort()} />
      ) : (
        <ActionButton label="Run" icon={mdiPlay} action="run" busy={busy} disabled={!allowed.run} color="primary" onClick={() => void actions.run()} />
      )}
      <Tooltip title="Edit">
        <span>
          {allowed.edit ? (
            <IconButton size="small" aria-label="Edit" component={RouterLink} to={editTo}>
              <Icon path={mdiPencilOutline} size={0.85} aria-hidden />
            </IconButton>
          ) : (
            <IconButton size="small" aria-label="Edit" disabled>
              <Icon path={mdiPencilOutline} size={0.85} aria-hidden />
            </IconButton>
          )}
        </span>
      </Tooltip>
      <ActionButton label="Clone" icon={mdiContentCopy} action="clone" busy={busy} disabled={!allowed.clone} onClick={() => void actions.clone()} />
      <ActionButton label="Delete" icon={mdiDeleteOutline} action="delete" busy={busy} disabled={!allowed.delete} color="error" onClick={actions.requestDelete} />
      {actions.dialog}
    </Box>
  );
}
