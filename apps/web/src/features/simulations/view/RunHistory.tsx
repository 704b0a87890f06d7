import { Box, Button, Table, TableBody, TableCell, TableContainer, TableRow, Tooltip, Typography } from '@mui/material';
import type { SimulationRun } from '@simforge/contracts';
import { formatDuration, formatWithUnit } from '../../../lib/displayUnits';
import { formatDateTime, secondsBetween } from '../../../lib/time';
import { StatusChip } from '../components/StatusChip';
import { keyResults } from '../summaryOrder';
import { TableHeadings } from '../../../components/ui/TableHeadings';

/** The run's execution time: summed over its attempts (a run is executed again when its process stops). */
function duration(run: SimulationRun, now: number): string {
  if (run.started_at && !run.finished_at) {
    const thisAttempt = secondsBetween(run.started_at, new Date(now).toISOString());
    return `${formatDuration(thisAttempt === null ? null : (run.duration_seconds ?? 0) + thisAttempt)} so far`;
  }
  if (run.duration_seconds !== null) return formatDuration(run.duration_seconds);
  return '—';
}

/** Every run with its status, timing and key results; choosing one shows its log. */
export function RunHistory({ type, runs, selectedRunId, currentRunId, onSelect }: { type: string; runs: readonly SimulationRun[]; selectedRunId: string | null; currentRunId: string | null; onSelect: (run: SimulationRun) => void }) {
  const now = Date.now();
  if (runs.length === 0) return <Typography color="text.secondary">No runs yet. Run the simulation to record its first run.</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Run history">
        <TableHeadings columns={['Run', 'Status', 'Started', 'Duration', 'Key results', 'Solver', { label: 'Log', align: 'right' }]} />
        <TableBody>
          {runs.map((run) => {
            const selected = run.id === selectedRunId;
            return (
              <TableRow key={run.id} hover selected={selected} data-run-number={run.number} onClick={() => onSelect(run)} sx={{ cursor: 'pointer' }}>
                <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  #{run.number}
                  {run.id === currentRunId ? (
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      current
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <StatusChip status={run.status} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.started_at ?? run.queued_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{duration(run, now)}</TableCell>
                <TableCell>
                  {run.summary ? (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}>
                      {keyResults(type, run.summary).map(([key, result]) => (
                        <Tooltip key={key} title={result.label}>
                          <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                            <Typography component="span" variant="caption" color="text.secondary">
                              {key.replace(/_/g, ' ')}{' '}
                            </Typography>
                            {formatWithUnit(result.value, result.unit)}
                          </Typography>
                        </Tooltip>
                      ))}
                    </Box>
                  ) : run.error ? (
                    <Typography variant="body2" color="error.main" noWrap title={run.error.message} sx={{ maxWidth: 320 }}>
                      {run.error.code}: {run.error.message}
                    </Typography>
                  ) : (
                    <Typography variant="caption" color="text.secondary">
                      —
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Typography variant="caption" color="text.secondary">
                    {run.solver_version ?? '—'}
                  </Typography>
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    variant={selected ? 'contained' : 'text'}
                    aria-pressed={selected}
                    aria-label={`Show log of run ${run.number}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(run);
                    }}
                  >
                    {selected ? 'Shown' : 'Show'}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
