import { useQuery } from '@tanstack/react-query';
import { HealthResponse } from '@simforge/contracts';
import { Box, Button, Card, CardContent, Chip, LinearProgress, Typography } from '@mui/material';
import { ApiError, api } from '../../lib/api';
import { errorDetail } from '../../lib/errorDetail';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageHeader } from '../../components/ui/PageHeader';

const Health = HealthResponse;
type Health = HealthResponse;

/** GET /utils/health-check. A degraded service may answer 503 with the same report: show it too. */
async function getHealth(): Promise<Health> {
  try {
    return Health.parse(await api.get('/utils/health-check'));
  } catch (error) {
    const report = error instanceof ApiError ? Health.safeParse(error.body) : null;
    if (report?.success) return report.data;
    throw error;
  }
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
            <Row label="Database">
              <Chip size="small" label={health.data.database.ok ? 'ok' : 'unavailable'} color={health.data.database.ok ? 'success' : 'error'} />
              {health.data.database.kind ? <Typography component="span" sx={{ ml: 1 }}>{health.data.database.kind}</Typography> : null}
              {health.data.database.latency_ms !== undefined ? (
                <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                  {health.data.database.latency_ms.toFixed(1)} ms
                </Typography>
              ) : null}
            </Row>
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
            {health.data.version ? <Row label="Version">{health.data.version}</Row> : null}
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
