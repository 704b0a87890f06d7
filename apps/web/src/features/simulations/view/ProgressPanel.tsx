import { Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import type { SimulationStatus } from '@simforge/contracts';
import { formatDuration } from '../../../lib/displayUnits';
import type { LiveProgress, LiveResiduals } from './useSimulationLive';
import { useSimulationSlots } from '../slots';
import { residualsLine } from './residualsLine';

/** The live progress of a queued or running run: bar, percentage, estimated time left, phase, latest residuals. */
export function ProgressPanel({ status, progress, fallbackFraction, residuals }: { status: SimulationStatus; progress: LiveProgress | null; fallbackFraction: number; residuals: LiveResiduals | null }) {
  const { LiveResidualPlot } = useSimulationSlots();
  const fraction = Math.max(0, Math.min(1, progress?.fraction ?? fallbackFraction));
  const percent = Math.round(fraction * 100);
  const waiting = status === 'queued';
  const stopping = status === 'aborting';
  const headline = waiting ? 'Queued: waiting for a free solver' : stopping ? 'Aborting: stopping the solver' : `Running: ${percent} %`;
  return (
    <Card sx={{ mb: 3, borderColor: stopping ? 'warning.main' : 'primary.light' }}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2, mb: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{headline}</Typography>
          {!waiting && !stopping && progress?.etaSeconds !== null && progress?.etaSeconds !== undefined ? (
            <Typography color="text.secondary" data-testid="eta">
              ETA {formatDuration(progress.etaSeconds)}
            </Typography>
          ) : null}
          {progress?.phase && !waiting ? <Typography color="text.secondary">Phase: {progress.phase}</Typography> : null}
          {residuals && !waiting ? (
            <Typography color="text.secondary" variant="body2" sx={{ fontFamily: 'monospace' }}>
              {residualsLine(residuals)}
            </Typography>
          ) : null}
        </Box>
        <LinearProgress
          variant={waiting || stopping ? 'indeterminate' : 'determinate'}
          value={percent}
          color={stopping ? 'warning' : 'primary'}
          aria-label="Simulation progress"
          sx={{ height: 10, borderRadius: 5 }}
        />
        {!waiting ? <LiveResidualPlot residuals={residuals} /> : null}
      </CardContent>
    </Card>
  );
}
