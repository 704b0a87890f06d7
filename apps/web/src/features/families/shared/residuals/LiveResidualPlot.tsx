// The live residual plot (log scale) on the view page while an iterative run streams residuals.
// The chart is redrawn at most once a second (a redraw rebuilds its SVG: at the stream's rate it
// kept the browser busy for the whole run); the count in the caption follows every batch.
import { lazy, Suspense, useMemo } from 'react';
import { Box, Skeleton, Typography } from '@mui/material';
import type { LiveResiduals } from '../../../simulations/view/useSimulationLive';
import { useThrottled } from '../../../../lib/useThrottled';
import { residualSpec } from './residualHistory';
import { useResidualHistory } from './useResidualHistory';

const XYChart = lazy(() => import('../charts/XYChart'));

/** The live chart's shortest interval between redraws. */
export const CHART_INTERVAL_MS = 1000;

export function LiveResidualPlot({ residuals }: { residuals: LiveResiduals | null }) {
  const history = useResidualHistory(residuals);
  const drawn = useThrottled(history, CHART_INTERVAL_MS);
  const spec = useMemo(() => residualSpec(drawn.points), [drawn]);
  if (history.points.length === 0) return null;
  return (
    <Box component="figure" aria-label="Live residuals" sx={{ m: 0, mt: 2 }}>
      <Typography variant="subtitle2" component="figcaption">
        Residuals (live, log scale) · {history.points.length} iteration{history.points.length === 1 ? '' : 's'} received
      </Typography>
      <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
        <XYChart spec={spec} label="Live residual plot" height={260} />
      </Suspense>
    </Box>
  );
}
