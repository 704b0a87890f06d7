import { useQuery } from '@tanstack/react-query';
import { HealthResponse } from '@simforge/contracts';
import { Box, Button, Card, CardContent, Chip, LinearProgress, Link, Typography } from '@mui/material';
import { ApiError, api } from '../../lib/api';
import { errorDetail } from '../../lib/errorDetail';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageHeader } from '../../components/ui/PageHeader';

const Health = HealthResponse;
type Health = HealthResponse;

/**
 * GET /utils/health-check, with the session's token when there is one: a superuser gets the details
 * (database, queue, workers), anyone else the status and version. A degraded service may answer
 * 503 with the same report: show it too.
 */
async function getHealth(): Promise<Health> {
  try {
    return Health.parse(await api.get('/utils/health-check', { auth: true }));
  } catch (error) {
    const report = error instanceof ApiError ? Health.safeParse(error.body) : null;
    if (report?.success) return report.data;
    throw error;
  }
}

/** `3 d 4 h`, `2 h 05 min`, `4 min 10 s`: how long the server has been up. */
export function formatUptime(seconds: number): string {
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  return `${m} min ${s % 60} s`;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography sx={{ width: 160, color: 'text.secondary' }}>{label}</Typography>
      <Box>{children}</Box>
    </Box>
  );
}

export function StatusScreen() {
  const health = useQuery({ queryKey: ['health'], queryFn: getHealth, retry: false, refetchInterval: 30_000 });
  return (
    <>
      <PageHeader title="Service status" actions={<Button onClick={() => void health.refetch()}>Refresh</Button>} />
      {health.isPending ? <LinearProgress aria-label="Checking the service" /> : null}
      {health.isError ? <ErrorAlert onRetry={() => void health.refetch()}>The status could not be read: {errorDetail(health.error).message}</ErrorAlert> : null}
      {health.data ? (
        <Card>
          <CardContent>
            <Row label="Status">
              <Chip size="small" label={health.data.status} color={health.data.status === 'ok' ? 'success' : 'warning'} />
            </Row>
            {health.data.database ? (
              <Row label="Database">
                <Chip size="small" label={health.data.database.ok ? 'ok' : 'unavailable'} color={health.data.database.ok ? 'success' : 'error'} />
                <Typography component="span" sx={{ ml: 1 }}>{health.data.database.kind}</Typography>
                <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                  {health.data.database.latency_ms.toFixed(1)} ms
                </Typography>
              </Row>
            ) : (
              <Row label="Details">
                <Typography color="text.secondary" data-testid="status-details-hidden">
                  The database, queue and workers are shown to administrators when they are signed in.
                </Typography>
              </Row>
            )}
            {health.data.jobs ? (
              <>
                <Row label="Simulation queue">
                  {health.data.jobs.queued} queued, {health.data.jobs.running} running
                </Row>
                <Row label="This server">
                  {health.data.jobs.this_process.executes_simulations
                    ? `executes up to ${health.data.jobs.this_process.concurrency} simulations at once`
                    : 'only queues simulations (worker processes execute them)'}
                </Row>
                <Row label="Active workers">
                  {health.data.jobs.workers.length === 0
                    ? 'none busy'
                    : health.data.jobs.workers.map((w) => (
                        <Typography key={w.id} variant="body2">
                          {w.id}: {w.running} running, last heartbeat {new Date(w.last_heartbeat).toLocaleTimeString()}
                        </Typography>
                      ))}
                </Row>
              </>
            ) : null}
            {health.data.jobs?.this_process.executes_simulations && health.data.jobs.this_process.concurrency > 0 ? (
              <Row label="Load">
                <Typography data-testid="status-load">
                  {health.data.jobs.running} of {health.data.jobs.this_process.concurrency} solver slots of this server busy ({Math.round((100 * Math.min(health.data.jobs.running, health.data.jobs.this_process.concurrency)) / health.data.jobs.this_process.concurrency)} %)
                </Typography>
              </Row>
            ) : null}
            {health.data.versions ? (
              <Row label="Versions">
                <Typography data-testid="status-versions">
                  server {health.data.versions.server} · solvers {health.data.versions.solvers} · Node.js {health.data.versions.node}
                </Typography>
              </Row>
            ) : health.data.version ? (
              <Row label="Version">{health.data.version}</Row>
            ) : null}
            {health.data.uptime_seconds !== undefined ? (
              <Row label="Uptime">
                <Typography data-testid="status-uptime">
                  {formatUptime(health.data.uptime_seconds)}
                  {health.data.started_at ? ` (since ${new Date(health.data.started_at).toLocaleString()})` : ''}
                </Typography>
              </Row>
            ) : null}
            <Row label="Machine-readable">
              <Link href="/api/v1/health">/api/v1/health</Link>
            </Row>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
