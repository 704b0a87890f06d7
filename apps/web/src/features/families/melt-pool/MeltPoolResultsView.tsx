// The melt pool's view (issue 5, "Web"): pool dimensions as cards, top, cross-section and
// longitudinal temperature maps with the melt-pool outline and colour bar, and the G–R map with the
// columnar / equiaxed regions, and the deflection shape warped in 3-D. The thermal history and the 2-D
// deflection maps stay with the generic cards.
import { lazy, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Card, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { ResultsIndex } from '@simforge/contracts';
import { seriesCsv } from '../../simulations/plots/seriesOption';
import { FieldCard } from '../../simulations/results/FieldCard';
import { arrayMeta, fieldCsv, toGrid } from '../../simulations/results/fieldData';
import { optionalFieldQuery } from '../shared/fieldQueries';
import { ResultCard } from '../../simulations/results/ResultCard';
import { seriesQuery } from '../../simulations/simulationsApi';
import { SummaryFigure } from '../../simulations/view/SummaryCards';
import { DEFLECTION_KEYS, laserScaleUnit, meltPoolOutlines, pickSummary, POOL_DIMENSION_KEYS, SOLIDIFICATION_KEYS } from './meltPoolResults';
import { displayValue } from '../../../lib/displayUnits';
import { HUNT_CONSTANTS, solidificationSpec } from './solidificationMap';

const XYChart = lazy(() => import('../shared/charts/XYChart'));
const DeflectionSurface3D = lazy(() => import('./DeflectionSurface3D'));

const DEFLECTIONS = [
  { name: 'plate_deflection', label: 'Residual' },
  { name: 'plate_deflection_transient', label: 'End of the track' },
] as const;

function DeflectionCard({ simulationId, index }: { simulationId: string; index: ResultsIndex }) {
  const available = DEFLECTIONS.filter((d) => index.fields.some((f) => f.name === d.name));
  const [shown, setShown] = useState<string>(available[0]?.name ?? 'plate_deflection');
  const meta = index.fields.find((f) => f.name === shown);
  const field = useQuery(optionalFieldQuery(simulationId, meta, index.run_id));
  const grid = useMemo(() => (field.data ? toGrid(arrayMeta(field.data), field.data.values) : null), [field.data]);
  if (available.length === 0) return null;
  return (
    <ResultCard
      name="Deflection shape"
      caption="Deflection shape (3-D, heights exaggerated)"
      csv={grid ? () => fieldCsv(grid) : null}
      filename={`${shown}.csv`}
      query={field}
      pending={!grid}
      height={380}
      drawing={grid ? <DeflectionSurface3D grid={grid} label={`${meta?.label ?? 'Deflection'} 3-D view`} /> : null}
      controls={
        <ToggleButtonGroup size="small" exclusive value={shown} onChange={(_, v: string | null) => v && setShown(v)} aria-label="Deflection shown" sx={{ mb: 1 }}>
          {available.map((d) => (
            <ToggleButton key={d.name} value={d.name}>
              {d.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    />
  );
}

const MAPS = ['top_temperature', 'cross_section_temperature', 'longitudinal_temperature'] as const;

function SolidificationMapCard({ simulationId, index }: { simulationId: string; index: ResultsIndex }) {
  const series = useQuery(seriesQuery(simulationId, 'solidification_map', index.run_id));
  // The run names the alloy whose Hunt constants classify its map; without them no regions are drawn.
  const regions = index.summary.solidification_regions;
  const constants = regions ? HUNT_CONSTANTS[String(regions.value)] : undefined;
  const spec = useMemo(() => (series.data ? solidificationSpec(series.data, constants) : null), [series.data, constants]);
  return (
    <ResultCard
      name="Solidification map"
      caption="Solidification map (G–R)"
      csv={series.data ? () => seriesCsv(series.data) : null}
      filename="solidification_map.csv"
      query={series}
      height={360}
      drawing={spec ? <XYChart spec={spec} label="Solidification map plot" height={360} /> : null}
    >
      {constants && regions ? (
        <Typography variant="caption" component="p" sx={{ fontWeight: 600 }} data-testid="solidification-regions">
          {regions.label}: Hunt's columnar-to-equiaxed criterion with the constants of {constants.source}
        </Typography>
      ) : (
        <Typography variant="caption" component="p" sx={{ fontWeight: 600 }} data-testid="solidification-regions">
          No columnar/equiaxed classification: the constants of Hunt's criterion for this alloy are not in the library.
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="p">
        Points: G and R on the trailing liquidus isotherm (solver).{constants ? ' Solid lines: fully columnar below the lower line, fully equiaxed above the upper one, mixed between.' : ''} Grey dashed: constant cooling rate G·R, a decade apart (labelled where they leave the map on the right).
      </Typography>
    </ResultCard>
  );
}

/** A key result at laser scale: lengths below a millimetre in µm (the pool is 10–1000 µm). */
function PoolCard({ name, result }: { name: string; result: ResultsIndex['summary'][string] }) {
  const unit = laserScaleUnit(result);
  const shown = displayValue(result.value, result.unit, unit ? { unit } : {});
  return (
    <Card sx={{ p: 1.75, display: 'flex', flexDirection: 'column', gap: 0.5, minHeight: 92 }} data-summary-key={name} aria-label={result.label}>
      <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.3 }}>
        {result.label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, mt: 'auto' }} title={typeof result.value === 'number' ? `${shown.si} (SI) · ${name}` : name}>
        <SummaryFigure shown={shown} />
      </Box>
    </Card>
  );
}

function CardRow({ title, entries }: { title: string; entries: [string, ResultsIndex['summary'][string]][] }) {
  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}>
        {entries.map(([key, result]) => (
          <PoolCard key={key} name={key} result={result} />
        ))}
      </Box>
    </Box>
  );
}

export function MeltPoolResultsView({ simulationId, index }: { simulationId: string; index: ResultsIndex }) {
  const maps = MAPS.map((name) => index.fields.find((f) => f.name === name)).filter((f) => f !== undefined);
  const hasMap = index.series.some((s) => s.name === 'solidification_map');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="melt-pool-results">
      <CardRow title="Melt pool" entries={pickSummary(index.summary, POOL_DIMENSION_KEYS)} />
      <CardRow title="Solidification at the trailing edge" entries={pickSummary(index.summary, SOLIDIFICATION_KEYS)} />
      <CardRow title="Plate deflection" entries={pickSummary(index.summary, DEFLECTION_KEYS)} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: 'repeat(2, minmax(0, 1fr))' } }}>
        {maps.map((meta) => (
          <FieldCard key={meta.name} simulationId={simulationId} runId={index.run_id} meta={meta} isoLines={meltPoolOutlines(index.summary, meta.label)} />
        ))}
        {hasMap ? <SolidificationMapCard simulationId={simulationId} index={index} /> : null}
        <DeflectionCard simulationId={simulationId} index={index} />
      </Box>
    </Box>
  );
}
