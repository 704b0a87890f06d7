// The dashboard's figures from GET /dashboard/stats: usage per family and compute time this month,
// the queue (length and wait), and the outcomes of the last runs.
import { Link as RouterLink } from 'react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Box, Link, List, ListItem, Skeleton, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { DashboardStats, familyLabels, type SimulationFamily, type SimulationStatus } from '@simforge/contracts';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { api } from '../../lib/api';
import { formatDuration } from '../../lib/displayUnits';
import { errorDetail } from '../../lib/errorDetail';
import { formatRelative } from '../../lib/time';
import { paths } from '../../lib/redirects';
import { StatusChip } from '../simulations/components/StatusChip';
import { typeLabel } from '../simulations/labels';
import { DashboardCard } from './DashboardCard';
import { TableHeadings } from '../../components/ui/TableHeadings';

export const dashboardStatsQuery = queryOptions({
  queryKey: ['dashboard', 'stats'],
  queryFn: async ({ signal }) => DashboardStats.parse(await api.get('/dashboard/stats', { auth: true, signal })),
  refetchInterval: 10_000,
});

const familyName = (family: string) => familyLabels[family as SimulationFamily] ?? family;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.4rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

export function UsagePanels() {
  const stats = useQuery(dashboardStatsQuery);
  if (stats.isError) return <ErrorAlert onRetry={() => void stats.refetch()}>The usage figures could not be read: {errorDetail(stats.error).message}</ErrorAlert>;
  const data = stats.data;
  const month = data ? new Date(data.month_start).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }) : '';
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, minmax(0, 1fr))' }, mb: 3 }}>
      <DashboardCard label="Usage by family" title={<>Usage {month ? `in ${month}` : ''}</>}>
        {data ? (
          <>
            <Figure label="Compute time this month" value={formatDuration(data.compute_seconds_this_month)} testId="compute-this-month" />
            <Table size="small" aria-label="Runs per family this month">
              <TableHeadings columns={['Family', { label: 'Simulations', align: 'right' }, { label: 'Runs', align: 'right' }, { label: 'Failed', align: 'right' }, { label: 'Compute', align: 'right' }]} />
              <TableBody>
                {data.families.map((f) => (
                  <TableRow key={f.family} data-family={f.family}>
                    <TableCell>{familyName(f.family)}</TableCell>
                    <TableCell align="right">{f.simulations}</TableCell>
                    <TableCell align="right">{f.runs_this_month}</TableCell>
                    <TableCell align="right">{f.failed_this_month}</TableCell>
                    <TableCell align="right">{f.compute_seconds_this_month > 0 ? formatDuration(f.compute_seconds_this_month) : '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        ) : (
          <Skeleton variant="rounded" height={160} />
        )}
      </DashboardCard>
      <DashboardCard label="Queue">
        {data ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1.5 }}>
            <Figure label="Waiting (all users)" value={String(data.queue.queued)} testId="queue-queued" />
            <Figure label="Running" value={String(data.queue.running)} testId="queue-running" />
            <Figure label="Mine waiting" value={String(data.queue.mine_queued)} testId="queue-mine" />
            <Figure label="Mean wait (24 h)" value={data.queue.mean_wait_seconds === null ? '—' : formatDuration(data.queue.mean_wait_seconds)} testId="queue-mean-wait" />
            <Figure label="Longest waiting now" value={data.queue.longest_wait_seconds === null ? '—' : formatDuration(data.queue.longest_wait_seconds)} testId="queue-longest-wait" />
          </Box>
        ) : (
          <Skeleton variant="rounded" height={160} />
        )}
      </DashboardCard>
      <DashboardCard label="Last runs">
        {data && data.recent_runs.length === 0 ? <Typography color="text.secondary">No finished runs yet.</Typography> : null}
        {!data ? <Skeleton variant="rounded" height={160} /> : null}
        <List dense disablePadding>
          {data?.recent_runs.map((run) => (
            <ListItem key={run.run_id} disableGutters divider sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Link component={RouterLink} to={paths.simulationView(run.simulation_id)} noWrap sx={{ fontWeight: 600, display: 'block' }}>
                  {run.title} #{run.number}
                </Link>
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {typeLabel(run.type)}
                  {run.duration_seconds !== null ? ` · ${formatDuration(run.duration_seconds)}` : ''}
                  {run.finished_at ? ` · ${formatRelative(run.finished_at)}` : ''}
                  {run.error_code ? ` · ${run.error_code}` : ''}
                </Typography>
              </Box>
              <StatusChip status={run.status as SimulationStatus} />
            </ListItem>
          ))}
        </List>
      </DashboardCard>
    </Box>
  );
}
