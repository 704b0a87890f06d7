// The live residual plot (log scale) on the view page while an iterative run streams residuals.
import { lazy, Suspense, useMemo } from 'react';
import { Box, Skeleton, Typography } from '@mui/material';
import type { LiveResiduals } from '../../../simulations/view/useSimulationLive';
import { residualSpec } from './residualHistory';
import { useResidualHistory } from './useResidualHistory';

const XYChart = lazy(() => import('../charts/XYChart'));

export function LiveResidualPlot({ residuals }: { residuals: LiveResiduals | null }) {
  const history = useResidualHistory(residuals);
  const spec = useMemo(() => residualSpec(history.points), [history]);
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
