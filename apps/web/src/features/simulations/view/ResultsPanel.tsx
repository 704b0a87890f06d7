import { lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Skeleton, Typography } from '@mui/material';
import { isNetworkElementResult, type ScalarResult, type SeriesIndexEntry } from '@simforge/contracts';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { errorDetail } from '../../../lib/errorDetail';
import { seriesCsv } from '../plots/seriesOption';
import { FieldCard, isoLinesFromSummary } from '../results/FieldCard';
import { ResultCard } from '../results/ResultCard';
import { resultsQuery, seriesQuery } from '../simulationsApi';
import { useSimulationSlots } from '../slots';

const SeriesChart = lazy(() => import('../plots/SeriesChart'));


function SeriesCard({ simulationId, runId, entry, summary }: { simulationId: string; runId: string; entry: SeriesIndexEntry; summary: Record<string, ScalarResult> }) {
  const series = useQuery(seriesQuery(simulationId, entry.name, runId));
  return (
    <ResultCard
      name={entry.label}
      csv={series.data ? () => seriesCsv(series.data) : null}
      filename={`${entry.name}.csv`}
      query={series}
      height={300}
      drawing={series.data ? <SeriesChart series={series.data} label={`${entry.label} plot`} summary={summary} /> : null}
    />
  );
}

/** The plots of the current completed run (each series lazily: the index first, then each one's values). */
export function ResultsPanel({ simulationId, type, runId }: { simulationId: string; type: string; runId: string | null }) {
  const results = useQuery(resultsQuery(simulationId, runId));
  const { familyResults } = useSimulationSlots();
  if (results.isPending) return <Skeleton variant="rounded" height={200} />;
  if (results.isError) return <ErrorAlert onRetry={() => void results.refetch()}>{errorDetail(results.error).message}</ErrorAlert>;
  // A network's per-element series and tables belong to the network view, not to one card each.
  // The simulation's family view (jet, melt pool, geothermal store) and the residual history draw their own results.
  const claims = familyResults.claimsOf(type, results.data);
  const series = results.data.series.filter((entry) => !isNetworkElementResult(entry.name) && !claims?.('series', entry.name));
  const fields = results.data.fields.filter((meta) => !isNetworkElementResult(meta.name) && !claims?.('fields', meta.name));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <familyResults.View type={type} simulationId={simulationId} index={results.data} />
      {series.length === 0 && fields.length === 0 && !claims ? <Typography color="text.secondary">This run produced no series or fields.</Typography> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        {series.map((entry) => (
          <SeriesCard key={entry.name} simulationId={simulationId} runId={results.data.run_id} entry={entry} summary={results.data.summary} />
        ))}
      </Box>
      {fields.length > 0 ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: 'repeat(2, minmax(0, 1fr))' } }}>
          {fields.map((meta) => (
            <FieldCard key={meta.name} simulationId={simulationId} runId={results.data.run_id} meta={meta} isoLines={isoLinesFromSummary(meta.unit, results.data.summary)} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
