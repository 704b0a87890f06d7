import { Link as RouterLink } from 'react-router';
import { Button } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiCompareHorizontal } from '@mdi/js';
import type { SimulationRun } from '@simforge/contracts';
import { COMPARE_PATH, compareUrl } from './compareModel';

/** Most runs put side by side from one click; more can be added on the comparison page. */
export const MAX_RUNS_FROM_HISTORY = 4;

/** "Compare runs" on a simulation's run history: its latest finished runs (up to four) side by side. */
export function CompareRunsButton({ simulationId, runs }: { simulationId: string; runs: readonly SimulationRun[] }) {
  const finished = runs.filter((r) => r.status === 'completed');
  const chosen = (finished.length >= 2 ? finished : runs).slice(0, MAX_RUNS_FROM_HISTORY);
  if (chosen.length < 2) return null;
  return (
    <Button size="small" component={RouterLink} to={compareUrl(chosen.map((r) => ({ simulationId, runId: r.id })))} startIcon={<Icon path={mdiCompareHorizontal} size={0.8} aria-hidden />}>
      Compare runs
    </Button>
  );
}

/** "Compare runs" on the list: the comparison page, where runs of any of my simulations are picked. */
export function CompareLinkButton() {
  return (
    <Button component={RouterLink} to={COMPARE_PATH} startIcon={<Icon path={mdiCompareHorizontal} size={0.8} aria-hidden />}>
      Compare runs
    </Button>
  );
}
