// The residual history of a finished iterative run (the stored `residuals` series) on a log scale.
import { lazy, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Typography } from '@mui/material';
import { seriesCsv } from '../../../simulations/plots/seriesOption';
import { ResultCard } from '../../../simulations/results/ResultCard';
import { seriesQuery } from '../../../simulations/simulationsApi';
import { residualsLine } from '../../../simulations/view/residualsLine';
import { historyFromSeries, latestResiduals, RESIDUAL_SERIES, residualSpec } from './residualHistory';

const XYChart = lazy(() => import('../charts/XYChart'));

export function ResidualHistoryCard({ simulationId, runId }: { simulationId: string; runId: string }) {
  const series = useQuery(seriesQuery(simulationId, RESIDUAL_SERIES, runId));
  const points = useMemo(() => (series.data ? historyFromSeries(series.data) : null), [series.data]);
  const spec = useMemo(() => (points ? residualSpec(points) : null), [points]);
  const last = points ? latestResiduals(points) : null;
  return (
    <ResultCard name="Residual history" csv={series.data ? () => seriesCsv(series.data) : null} filename="residuals.csv" query={series} height={300} drawing={spec ? <XYChart spec={spec} label="Residual history plot" height={300} /> : null}>
      {last ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="residual-final">
          {residualsLine(last)}
        </Typography>
      ) : null}
    </ResultCard>
  );
}
