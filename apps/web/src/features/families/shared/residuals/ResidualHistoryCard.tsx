// The residual history of a finished iterative run (the stored `residuals` series) on a log scale.
import { lazy, Suspense, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import { ErrorAlert } from '../../../../components/ui/ErrorAlert';
import { errorDetail } from '../../../../lib/errorDetail';
import { seriesCsv } from '../../../simulations/plots/seriesOption';
import { ResultCardHeader } from '../../../simulations/results/ResultCardHeader';
import { seriesQuery } from '../../../simulations/simulationsApi';
import { historyFromSeries, latestResiduals, RESIDUAL_SERIES, residualSpec } from './residualHistory';
import { formatNumber } from '../../../../lib/displayUnits';

const XYChart = lazy(() => import('../charts/XYChart'));

export function ResidualHistoryCard({ simulationId, runId }: { simulationId: string; runId: string }) {
  const series = useQuery(seriesQuery(simulationId, RESIDUAL_SERIES, runId));
  const points = useMemo(() => (series.data ? historyFromSeries(series.data) : null), [series.data]);
  const spec = useMemo(() => (points ? residualSpec(points) : null), [points]);
  const last = points ? latestResiduals(points) : null;
  return (
    <Card component="figure" sx={{ m: 0 }} aria-label="Residual history">
      <CardContent sx={{ pb: '12px !important' }}>
        <ResultCardHeader label="Residual history" csv={series.data ? () => seriesCsv(series.data) : null} filename="residuals.csv" />
        {series.isError ? <ErrorAlert onRetry={() => void series.refetch()}>{errorDetail(series.error).message}</ErrorAlert> : null}
        {spec ? (
          <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
            <XYChart spec={spec} label="Residual history plot" height={300} />
          </Suspense>
        ) : series.isPending ? (
          <Skeleton variant="rounded" height={300} />
        ) : null}
        {last ? (
          <Typography variant="caption" color="text.secondary" component="p" data-testid="residual-final">
            Iteration {last.iteration}:{' '}
            {Object.entries(last.values)
              .map(([name, value]) => `${name} ${formatNumber(value, 3)}`)
              .join(', ')}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
