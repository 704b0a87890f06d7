import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiCompareHorizontal } from '@mdi/js';
import type { Simulation, SimulationRun } from '@simforge/contracts';
import { simulationsPageQuery } from '../simulations/simulationsApi';
import { compareUrl, type RunRef } from './compareModel';

/** Most runs put side by side from one click; more can be added on the comparison page. */
export const MAX_RUNS_FROM_HISTORY = 4;
/** Other simulations of the type offered by "Compare with…" (the comparison page finds any). */
export const COMPARE_WITH_CANDIDATES = 10;

const compareIcon = <Icon path={mdiCompareHorizontal} size={0.8} aria-hidden />;

/** "Compare runs" on a simulation's run history: its latest finished runs (up to four) side by side. */
export function CompareRunsButton({ simulationId, runs }: { simulationId: string; runs: readonly SimulationRun[] }) {
  const finished = runs.filter((r) => r.status === 'completed');
  const chosen = (finished.length >= 2 ? finished : runs).slice(0, MAX_RUNS_FROM_HISTORY);
  if (chosen.length < 2) return null;
  return (
    <Button size="small" component={RouterLink} to={compareUrl(chosen.map((r) => ({ simulationId, runId: r.id })))} startIcon={compareIcon}>
      Compare runs
    </Button>
  );
}

/**
 * A listed simulation's run as the comparison refers to it: pinned to its current run, so the shared
 * address keeps showing the same runs after either simulation runs again.
 */
export function currentRunRef(simulation: Pick<Simulation, 'id' | 'current_run_id'>): RunRef {
  return { simulationId: simulation.id, runId: simulation.current_run_id };
}

/**
 * "Compare (n)" on the list: the runs of the ticked rows side by side; needs two. Rows of different
 * types may be ticked: the comparison page says what is not comparable.
 */
export function CompareSelectedButton({ selected }: { selected: readonly Simulation[] }) {
  const types = new Set(selected.map((s) => s.type));
  const title = selected.length < 2 ? 'Tick two or more simulations to compare their current runs' : types.size > 1 ? 'The ticked simulations are of different types: the comparison will warn' : '';
  return (
    <Tooltip title={title}>
      <span>
        <Button variant="outlined" component={RouterLink} to={compareUrl(selected.map(currentRunRef))} disabled={selected.length < 2} startIcon={compareIcon} data-selected={selected.length}>
          Compare ({selected.length})
        </Button>
      </span>
    </Tooltip>
  );
}

/**
 * "Compare with…" on a simulation's page: the run shown beside the current run of another of the
 * user's simulations of the same type, or the comparison page with this run, to add any others.
 */
export function CompareWithButton({ simulation, runId }: { simulation: Simulation; runId: string | null }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const others = useQuery({ ...simulationsPageQuery('mine', { skip: 0, limit: COMPARE_WITH_CANDIDATES + 1, sort: '-updated_at', type: simulation.type }), enabled: anchor !== null });
  const candidates = (others.data?.data ?? []).filter((s) => s.id !== simulation.id && s.current_run_id !== null).slice(0, COMPARE_WITH_CANDIDATES);
  const self: RunRef = { simulationId: simulation.id, runId };
  const close = () => setAnchor(null);
  return (
    <>
      <Button variant="outlined" startIcon={compareIcon} disabled={runId === null} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" aria-expanded={anchor !== null}>
        Compare with…
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close} slotProps={{ list: { 'aria-label': 'Compare with' } }}>
        {others.isPending ? <MenuItem disabled>Loading your simulations…</MenuItem> : null}
        {others.isError ? <MenuItem disabled>Your simulations could not be listed.</MenuItem> : null}
        {others.data && candidates.length === 0 ? <MenuItem disabled>No other simulation of this type has run yet.</MenuItem> : null}
        {candidates.map((other) => (
          <MenuItem key={other.id} component={RouterLink} to={compareUrl([self, currentRunRef(other)])} onClick={close}>
            <ListItemText primary={other.title} secondary="Current run" />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem component={RouterLink} to={compareUrl([self])} onClick={close}>
          Choose runs on the comparison page…
        </MenuItem>
      </Menu>
    </>
  );
}
