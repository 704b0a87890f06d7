import { useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, Link, MenuItem, TextField, Typography } from '@mui/material';
import { isActiveStatus, type LogLine } from '@simforge/contracts';
import { PageHeader } from '../../../components/ui/PageHeader';
import { paths } from '../../../lib/redirects';
import { StatusChip } from '../components/StatusChip';
import { LiveLog } from '../log/LiveLog';
import { mergeLogLines } from '../log/logLines';
import { downloadLog, logQuery, simulationQuery, simulationsKeys, simulationsPageQuery } from '../simulationsApi';
import { ProgressPanel } from '../view/ProgressPanel';
import { useSimulationLive } from '../view/useSimulationLive';
import { useTestStream, type ReceivedTick } from './useTestStream';

const TEST_SOURCE = 'test-stream';

/** Ticks of the test stream as log lines (time since the first tick, from the server's clock). */
export function ticksAsLog(ticks: readonly ReceivedTick[]): LogLine[] {
  if (ticks.length === 0) return [];
  const start = Date.parse(ticks[0]!.at);
  return ticks.map((tick, i) => ({
    seq: i + 1,
    t: Math.max(0, (Date.parse(tick.at) - start) / 1000),
    level: tick.remaining === 0 ? 'warn' : 'info',
    message: `tick ${tick.n} (event id ${tick.id}), ${tick.remaining} remaining${tick.connection > 1 ? `, connection #${tick.connection}` : ''}`,
  }));
}

function TestStreamLog() {
  const stream = useTestStream();
  const first = useRef(stream);
  useEffect(() => {
    first.current.connect({ seconds: 30, intervalMs: 500 });
    const close = first.current.disconnect;
    return () => close();
  }, []);
  const lines = useMemo(() => ticksAsLog(stream.ticks), [stream.ticks]);
  return (
    <LiveLog
      title="Test stream log"
      lines={lines}
      live={stream.state === 'open'}
      height={420}
      emptyText="Waiting for the first tick…"
      toolbar={
        <Button size="small" onClick={() => stream.connect({ seconds: 30, intervalMs: 500 })}>
          Restart
        </Button>
      }
    />
  );
}

function SimulationLog({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const simulation = useQuery(simulationQuery(id));
  const live = useSimulationLive(id, simulation.isSuccess);
  const runId = simulation.data?.current_run_id ?? null;
  const stored = useQuery({ ...logQuery(id, null), enabled: simulation.isSuccess });
  useEffect(() => {
    if (live.connectedAt > 0) void queryClient.invalidateQueries({ queryKey: simulationsKeys.log(id, null) });
  }, [live.connectedAt, queryClient, id]);
  const lines = useMemo(
    () => mergeLogLines(stored.data && stored.data.run_id === runId ? stored.data.lines : null, live.log.runId !== null && live.log.runId === runId ? live.log.lines.values() : null),
    [stored.data, live.log, runId],
  );
  if (!simulation.data) return <Typography color="text.secondary">{simulation.isError ? 'This simulation could not be loaded.' : 'Loading…'}</Typography>;
  const data = simulation.data;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Link component={RouterLink} to={paths.simulationView(id)} sx={{ fontWeight: 600 }}>
          {data.title}
        </Link>
        <StatusChip status={data.status} />
      </Box>
      {isActiveStatus(data.status) ? <ProgressPanel status={data.status} progress={live.progress} fallbackFraction={data.progress} residuals={live.residuals} /> : null}
      <LiveLog title="Simulation log" lines={lines} live={isActiveStatus(data.status) && live.connection === 'open'} height={420} onDownload={() => void downloadLog(data, null).catch(() => undefined)} emptyText="No log yet: run the simulation to see its solver log live." />
    </>
  );
}

/** main/simulations/log-test: the live log component, fed by the test stream or a chosen simulation's events. */
export function LogTestScreen() {
  const [params, setParams] = useSearchParams();
  const source = params.get('simulation') ?? TEST_SOURCE;
  const mine = useQuery(simulationsPageQuery('mine', { skip: 0, limit: 50, sort: '-updated_at' }));
  const options = mine.data?.data ?? [];
  return (
    <>
      <PageHeader title="Log test" subtitle="The live log as on the simulation page: auto-scroll (scroll up to pause it), filter, level colours." />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <TextField
            select
            label="Source"
            size="small"
            value={options.some((o) => o.id === source) || source === TEST_SOURCE ? source : TEST_SOURCE}
            onChange={(event) => setParams(event.target.value === TEST_SOURCE ? {} : { simulation: event.target.value }, { replace: true })}
            sx={{ minWidth: 320 }}
            helperText="A simulation's events stream, or the test stream (GET /utils/sse-test)"
          >
            <MenuItem value={TEST_SOURCE}>Test stream (a tick every 0.5 s)</MenuItem>
            {options.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.title} ({s.status})
              </MenuItem>
            ))}
          </TextField>
        </CardContent>
      </Card>
      <Card>
        <CardContent>{source === TEST_SOURCE ? <TestStreamLog /> : <SimulationLog key={source} id={source} />}</CardContent>
      </Card>
    </>
  );
}
