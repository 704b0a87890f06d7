// The family-specific part of the results panel: the view the simulation's family declares in its
// manifest, and the residual history of any iterative run.
import { Suspense } from 'react';
import { Box, Skeleton } from '@mui/material';
import type { ResultsIndex } from '@simforge/contracts';
import { hasResidualHistory, manifestOf } from './manifest';
import { ResidualHistoryCard } from './shared/residuals/ResidualHistoryCard';

export function FamilyResultsView({ type, simulationId, index }: { type: string; simulationId: string; index: ResultsIndex }) {
  const View = manifestOf(type)?.results?.View;
  const residuals = hasResidualHistory(index);
  if (!View && !residuals) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {View ? (
        <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
          <View simulationId={simulationId} index={index} />
        </Suspense>
      ) : null}
      {residuals ? <ResidualHistoryCard simulationId={simulationId} runId={index.run_id} /> : null}
    </Box>
  );
}
