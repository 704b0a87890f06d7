// The family-specific part of the results panel: the jet, melt-pool or geothermal view when the run's
// results are of that family, and the residual history of any iterative run.
import { Box } from '@mui/material';
import type { ResultsIndex } from '@simforge/contracts';
import { familyViewOf, RESIDUAL_SERIES } from './familyViews';
import { GeothermalResultsView } from './geothermal/GeothermalResultsView';
import { JetResultsView } from './jet/JetResultsView';
import { MeltPoolResultsView } from './melt-pool/MeltPoolResultsView';
import { ResidualHistoryCard } from './residuals/ResidualHistoryCard';

export function FamilyResultsView({ simulationId, index }: { simulationId: string; index: ResultsIndex }) {
  const view = familyViewOf(index);
  const residuals = index.series.some((s) => s.name === RESIDUAL_SERIES);
  if (!view && !residuals) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {view === 'jet' ? <JetResultsView simulationId={simulationId} index={index} /> : null}
      {view === 'melt-pool' ? <MeltPoolResultsView simulationId={simulationId} index={index} /> : null}
      {view === 'geothermal' ? <GeothermalResultsView simulationId={simulationId} index={index} /> : null}
      {residuals ? <ResidualHistoryCard simulationId={simulationId} runId={index.run_id} /> : null}
    </Box>
  );
}
