import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Box, Button, Card, CardContent, Chip, LinearProgress, Typography } from '@mui/material';
import { ApiError, api } from '../../lib/api';
import { errorDetail } from '../../lib/errorDetail';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageHeader } from '../../components/ui/PageHeader';

const Health = z.object({
  status: z.string(),
  database: z.object({ ok: z.boolean(), kind: z.string().optional(), latency_ms: z.number().optional() }),
  version: z.string().optional(),
});
type Health = z.infer<typeof Health>;

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
            {health.data.version ? <Row label="Version">{health.data.version}</Row> : null}
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
