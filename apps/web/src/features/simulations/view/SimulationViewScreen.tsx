import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Breadcrumbs, Button, Card, CardContent, Chip, CircularProgress, LinearProgress, Link, Tooltip, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiContentCopy, mdiDeleteOutline, mdiFileSearchOutline, mdiPencilOutline, mdiPlay, mdiStop } from '@mdi/js';
import { isActiveStatus, networkSimulationTypes, type Simulation } from '@simforge/contracts';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { ApiError } from '../../../lib/api';
import { errorDetail } from '../../../lib/errorDetail';
import { formatDateTime } from '../../../lib/time';
import { useUnitSystem } from '../../../lib/unitSystems';
import { useAuth } from '../../../lib/useAuth';
import { paths } from '../../../lib/redirects';
import { StatusChip } from '../components/StatusChip';
import { familyLabel, typeLabel } from '../labels';
import { editPath } from '../createPaths';
import { LiveLog } from '../log/LiveLog';
import { mergeLogLines } from '../log/logLines';
import { downloadLog, logQuery, runsQuery, simulationQuery, simulationsKeys } from '../simulationsApi';
import { runLabel, type SimulationAction } from '../status';
import { useSimulationActions } from '../useSimulationActions';
import { ErrorPanel } from './ErrorPanel';
import { ParametersList } from './ParametersList';
import { ProgressPanel } from './ProgressPanel';
import { ResultsPanel } from './ResultsPanel';
import { RunHistory } from './RunHistory';
import { RunWarnings } from './RunWarnings';
import { useSimulationSlots } from '../slots';
import { SummaryCards } from './SummaryCards';
import { useSimulationLive, type SimulationLive } from './useSimulationLive';
import { QueryError } from '../../../components/ui/QueryError';

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 422);
}

export function SimulationNotFound({ backTo = paths.simulationsAll, backLabel = 'Back to my simulations' }: { backTo?: string; backLabel?: string }) {
  return (
    <Box sx={{ py: 6, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
      <Box sx={{ color: 'text.disabled' }}>
        <Icon path={mdiFileSearchOutline} size={2.5} aria-hidden />
      </Box>
      <Typography variant="h1">Simulation not found</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        It does not exist, was deleted, or belongs to someone else.
      </Typography>
      <Button variant="contained" component={RouterLink} to={backTo}>
        {backLabel}
      </Button>
    </Box>
  );
}

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h3" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}

function HeaderButton({ action, busy, children, ...props }: { action: SimulationAction; busy: SimulationAction | null; icon: string; disabled: boolean; onClick?: () => void; variant?: 'contained' | 'outlined' | 'text'; color?: 'primary' | 'warning' | 'error' | 'inherit'; children: ReactNode }) {
  return (
    <Button
      variant={props.variant ?? 'outlined'}
      color={props.color ?? 'primary'}
      disabled={props.disabled || busy !== null}
      onClick={props.onClick}
      startIcon={busy === action ? <CircularProgress size={16} color="inherit" aria-hidden /> : <Icon path={props.icon} size={0.8} aria-hidden />}
    >
      {children}
    </Button>
  );
}

function ConnectionChip({ live }: { live: SimulationLive }) {
  const label = live.connection === 'open' ? 'Live' : live.connection === 'closed' ? 'Offline' : 'Connecting…';
  const color = live.connection === 'open' ? 'success' : live.connection === 'closed' ? 'default' : 'warning';
  return (
    <Tooltip title="Status, progress and log arrive as server-sent events">
      <Chip size="small" variant="outlined" color={color} label={label} data-connection={live.connection} />
    </Tooltip>
  );
}

function Details({ simulation }: { simulation: Simulation }) {
  const rows: [string, ReactNode][] = [
    ['Type', `${typeLabel(simulation.type)} (${simulation.type})`],
    ['Family', familyLabel(simulation.family)],
    ['Owner', simulation.owner_email],
    ['Created', formatDateTime(simulation.created_at)],
    ['Updated', formatDateTime(simulation.updated_at)],
    ['Started', formatDateTime(simulation.started_at)],
    ['Finished', formatDateTime(simulation.finished_at)],
    ['Solver', simulation.solver_version ?? '—'],
    ['Revision', String(simulation.revision)],
    ['Id', <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12 }}>{simulation.id}</Box>],
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

// Long function: a React component whose hooks and handlers share its state; most of its length is markup.
function Loaded({ simulation, live }: { simulation: Simulation; live: SimulationLive }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { profile } = useAuth();
  const { ExportMenu, CompareWithButton, CompareRunsButton, VerificationReportLink, UnitSystemSwitch, NetworkResultsView } = useSimulationSlots();
  const actions = useSimulationActions(simulation, {
    onCloned: (copy) => navigate(paths.simulationView(copy.id)),
    onDeleted: () => navigate(paths.simulationsAll),
  });
  const { allowed, busy } = actions;
  // The display helpers read the active unit system; subscribing here re-renders every card, table
  // and plot of the page at once when it is switched.
  useUnitSystem();
  const runs = useQuery(runsQuery(simulation.id));
  const [selectedRunId, setSelectedRunId] = useState<string | null>(null);
  const targetRunId = selectedRunId ?? simulation.current_run_id;
  const storedLog = useQuery({ ...logQuery(simulation.id, selectedRunId), enabled: targetRunId !== null });
  const [downloading, setDownloading] = useState(false);
  const active = isActiveStatus(simulation.status);

  // A (re)connected stream starts at "now": the stored log closes any gap before it.
  useEffect(() => {
    if (live.connectedAt > 0) void queryClient.invalidateQueries({ queryKey: simulationsKeys.log(simulation.id, null) });
  }, [live.connectedAt, queryClient, simulation.id]);

  const lines = useMemo(
    () =>
      mergeLogLines(
        storedLog.data && storedLog.data.run_id === targetRunId ? storedLog.data.lines : null,
        live.log.runId !== null && live.log.runId === targetRunId ? live.log.lines.values() : null,
      ),
    [storedLog.data, live.log, targetRunId],
  );
  // The warnings panel sits beside the key results, which are the current run's: it reads the
  // current run's log even while an earlier run's log is shown below (same query when following).
  const completedRunId = simulation.status === 'completed' ? simulation.current_run_id : null;
  const currentLog = useQuery({ ...logQuery(simulation.id, null), enabled: completedRunId !== null });
  const completedRunLines = useMemo(
    () =>
      completedRunId === null
        ? []
        : mergeLogLines(
            currentLog.data && currentLog.data.run_id === completedRunId ? currentLog.data.lines : null,
            live.log.runId === completedRunId ? live.log.lines.values() : null,
          ),
    [currentLog.data, live.log, completedRunId],
  );
  const runList = runs.data?.data ?? [];
  const shownRun = runList.find((r) => r.id === targetRunId) ?? null;
  const following = selectedRunId === null || selectedRunId === simulation.current_run_id;
  const selectedRun = selectedRunId ? runList.find((r) => r.id === selectedRunId) : null;

  return (
    <>
      <Breadcrumbs sx={{ mb: 1 }}>
        <Link component={RouterLink} to={profile?.is_superuser && profile.id !== simulation.owner_id ? paths.adminSimulations : paths.simulationsAll} underline="hover" color="inherit">
          {profile?.is_superuser && profile.id !== simulation.owner_id ? 'All simulations' : 'My simulations'}
        </Link>
        <Typography color="text.primary" noWrap sx={{ maxWidth: 360 }}>
          {simulation.title}
        </Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, alignItems: { xs: 'flex-start', md: 'flex-start' }, gap: 2, mb: 3 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="h1" sx={{ wordBreak: 'break-word' }}>
              {simulation.title}
            </Typography>
            <StatusChip status={simulation.status} size="medium" testId="simulation-status" />
            <ConnectionChip live={live} />
          </Box>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {typeLabel(simulation.type)} · <Box component="span" sx={{ fontFamily: 'monospace' }}>{simulation.type}</Box> · {familyLabel(simulation.family)} · <VerificationReportLink type={simulation.type} />
          </Typography>
          {simulation.description ? <Typography sx={{ mt: 1, maxWidth: 800, whiteSpace: 'pre-wrap' }}>{simulation.description}</Typography> : null}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <UnitSystemSwitch />
          {allowed.abort ? (
            <HeaderButton action="abort" busy={busy} icon={mdiStop} disabled={false} variant="contained" color="warning" onClick={() => void actions.abort()}>
              Abort
            </HeaderButton>
          ) : (
            <HeaderButton action="run" busy={busy} icon={mdiPlay} disabled={!allowed.run} variant="contained" onClick={() => void actions.run()}>
              {runLabel(simulation.status)}
            </HeaderButton>
          )}
          {allowed.edit ? (
            <Button variant="outlined" component={RouterLink} to={editPath(simulation)} startIcon={<Icon path={mdiPencilOutline} size={0.8} aria-hidden />}>
              Edit
            </Button>
          ) : (
            <Tooltip title="A queued or running simulation cannot be edited">
              <span>
                <Button variant="outlined" disabled startIcon={<Icon path={mdiPencilOutline} size={0.8} aria-hidden />}>
                  Edit
                </Button>
              </span>
            </Tooltip>
          )}
          <ExportMenu simulation={simulation} runId={selectedRunId} />
          <CompareWithButton simulation={simulation} runId={targetRunId} />
          <HeaderButton action="clone" busy={busy} icon={mdiContentCopy} disabled={!allowed.clone} onClick={() => void actions.clone()}>
            Clone
          </HeaderButton>
          <HeaderButton action="delete" busy={busy} icon={mdiDeleteOutline} disabled={!allowed.delete} color="error" onClick={actions.requestDelete}>
            Delete
          </HeaderButton>
        </Box>
      </Box>
      {actions.dialog}

      {simulation.status === 'failed' && simulation.error ? <ErrorPanel error={simulation.error} /> : null}
      {simulation.status === 'aborted' ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          The last run was aborted{simulation.finished_at ? ` at ${formatDateTime(simulation.finished_at)}` : ''}. Its log is kept; run again for results.
        </Alert>
      ) : null}
      {active ? <ProgressPanel status={simulation.status} progress={live.progress?.runId === simulation.current_run_id ? live.progress : null} fallbackFraction={simulation.progress} residuals={live.residuals?.runId === simulation.current_run_id ? live.residuals : null} /> : null}
      <RunWarnings key={completedRunId ?? 'none'} lines={completedRunLines} />

      <Section title="Key results">
        {simulation.summary && Object.keys(simulation.summary).length > 0 ? (
          <SummaryCards type={simulation.type} summary={simulation.summary} />
        ) : (
          <Typography color="text.secondary">
            {active ? 'Results appear when the run completes.' : simulation.status === 'draft' ? 'Not run yet: run the simulation to see its results.' : 'No results from the last run.'}
          </Typography>
        )}
      </Section>

      {simulation.status === 'completed' && simulation.current_run_id ? (
        <Section title="Plots">
          {networkSimulationTypes.includes(simulation.type) && typeof simulation.parameters['inp'] === 'string' ? (
            <Box sx={{ mb: 2 }}>
              <Suspense fallback={<LinearProgress aria-label="Loading the network view" />}>
                <NetworkResultsView simulationId={simulation.id} documentKey={`${simulation.current_run_id}:${simulation.revision}`} />
              </Suspense>
            </Box>
          ) : null}
          <ResultsPanel simulationId={simulation.id} type={simulation.type} runId={null} />
        </Section>
      ) : null}

      <Card sx={{ mb: 3 }}>
        <CardContent>
          <LiveLog
            title={shownRun ? `Log of run #${shownRun.number}` : 'Log'}
            lines={lines}
            live={following && active && live.connection === 'open'}
            downloading={downloading}
            emptyText={targetRunId === null ? 'No run yet: the solver log appears here while it runs.' : storedLog.isPending ? 'Loading the log…' : 'No log lines yet.'}
            onDownload={() => {
              setDownloading(true);
              downloadLog(simulation, shownRun)
                .catch(() => undefined)
                .finally(() => setDownloading(false));
            }}
            toolbar={
              !following ? (
                <Button size="small" onClick={() => setSelectedRunId(null)}>
                  Follow current run
                </Button>
              ) : null
            }
          />
          {selectedRun?.error ? (
            <Box sx={{ mt: 2 }}>
              <ErrorPanel error={selectedRun.error} title={`Run #${selectedRun.number} failed`} />
            </Box>
          ) : null}
        </CardContent>
      </Card>

      <Section title="Run history" actions={<CompareRunsButton simulationId={simulation.id} runs={runList} />}>
        <Card>
          {runs.isPending ? <LinearProgress aria-label="Loading runs" /> : null}
          <QueryError query={runs} />
          {runs.data ? (
            <Box sx={{ p: runList.length ? 0 : 2 }}>
              <RunHistory type={simulation.type} runs={runList} selectedRunId={targetRunId} currentRunId={simulation.current_run_id} onSelect={(run) => setSelectedRunId(run.id === simulation.current_run_id ? null : run.id)} />
            </Box>
          ) : null}
        </Card>
      </Section>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
        <Section title="Parameters">
          <Card>
            <CardContent>
              <ParametersList type={simulation.type} parameters={simulation.parameters} />
            </CardContent>
          </Card>
        </Section>
        <Section title="Details">
          <Card>
            <CardContent>
              <Details simulation={simulation} />
            </CardContent>
          </Card>
        </Section>
      </Box>
    </>
  );
}

/** main/simulations/view/{id}: one simulation, live. */
export function SimulationViewScreen({ id }: { id: string }) {
  const simulation = useQuery(simulationQuery(id));
  const live = useSimulationLive(id, simulation.data !== undefined);
  if (simulation.data) return <Loaded simulation={simulation.data} live={live} />;
  if (simulation.isPending) return <LinearProgress aria-label="Loading simulation" />;
  if (isNotFound(simulation.error)) return <SimulationNotFound />;
  return <ErrorAlert onRetry={() => void simulation.refetch()}>{errorDetail(simulation.error).message}</ErrorAlert>;
}
