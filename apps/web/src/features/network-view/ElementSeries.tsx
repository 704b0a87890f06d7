// A clicked element over the run: its stored series (fetched by name) or, for a run that kept none,
// the coloured table's column. A chip per quantity gives its value at the slider's time with its unit
// and chooses whether it is plotted (plottedSeries.ts says why not all at once).
import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Chip, Skeleton } from '@mui/material';
import type { Series } from '@simforge/contracts';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { formatWithUnit } from '../../lib/displayUnits';
import { errorDetail } from '../../lib/errorDetail';
import { useUnitSystem } from '../../lib/unitSystems';
import { seriesQuery } from '../simulations/simulationsApi';
import { plottedAxes, timeIndex, toggledAxes, viewedSeries, withAxes } from './plottedSeries';
import type { MapSelection } from './NetworkMap';

const SeriesChart = lazy(() => import('../simulations/plots/SeriesChart'));

export interface ElementSeriesProps {
  simulationId: string;
  runId: string;
  selection: MapSelection;
  /** Whether the run kept per-element series (else `fallback` is shown). */
  hasSeries: boolean;
  fallback: Series | null;
  /** The axis of the coloured quantity, plotted until others are chosen. */
  coloured: string;
  /** The slider's reporting time, s. */
  time: number;
}

export function ElementSeries({ simulationId, runId, selection, hasSeries, fallback, coloured, time }: ElementSeriesProps) {
  const series = useQuery({ ...seriesQuery(simulationId, `${selection.elements}:${selection.id}`, runId), enabled: hasSeries });
  const [chosen, setChosen] = useState<string[] | null>(null);
  // The chips' units follow the user's unit system (formatWithUnit reads it).
  useUnitSystem();
  const raw = hasSeries ? series.data : fallback;
  const shown = useMemo(() => (raw ? viewedSeries(raw) : null), [raw]);
  // One object while the choice holds: the chart redraws when what it plots changes, not with the slider.
  const plot = useMemo(() => (shown ? withAxes(shown, plottedAxes(shown, chosen, coloured)) : null), [shown, chosen, coloured]);
  if (hasSeries && series.isError) return <ErrorAlert onRetry={() => void series.refetch()}>{errorDetail(series.error).message}</ErrorAlert>;
  if (!shown || !plot) return <Skeleton variant="rounded" height={260} />;
  const plotted = plot.y.map((axis) => axis.name);
  const at = timeIndex(shown, time);
  const toggle = (name: string) => setChosen(toggledAxes(shown, plotted, name));
  return (
    <>
      <Box role="group" aria-label="Quantities to plot" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}>
        {shown.y.map((axis) => {
          const on = plotted.includes(axis.name);
          const value = axis.values[at];
          return (
            <Chip
              key={axis.name}
              size="small"
              label={`${axis.label}: ${value === undefined ? '—' : formatWithUnit(value, axis.unit)}`}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              aria-pressed={on}
              onClick={() => toggle(axis.name)}
            />
          );
        })}
      </Box>
      <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
        <SeriesChart series={plot} height={260} label={`${shown.label} over time`} />
      </Suspense>
    </>
  );
}
