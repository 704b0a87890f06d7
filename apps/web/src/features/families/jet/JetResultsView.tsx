// The jet's view (issue 7, "Web"): contour maps of velocity, temperature and pressure with
// streamlines and colour bars; Nu and Cp along the target with Martin's correlation; particle tracks
// and the deposition / erosion distributions for the particle types.
import { lazy, Suspense, useMemo, useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Box, Card, CardContent, Checkbox, FormControlLabel, Skeleton, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { FieldMeta, ResultsIndex, Series, SeriesResponse } from '@simforge/contracts';
import { seriesCsv } from '../../simulations/plots/seriesOption';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { errorDetail } from '../../../lib/errorDetail';
import { optionalFieldQuery } from '../shared/fieldQueries';
import { ResultCard } from '../../simulations/results/ResultCard';
import { ResultCardHeader } from '../../simulations/results/ResultCardHeader';
import { fetchEstimate, seriesQuery, simulationQuery, simulationsKeys } from '../../simulations/simulationsApi';
import { distributionSpec, fateCounts, nusseltSpec, pressureCoefficientSpec, tracksSpec, type MartinEstimate } from './jetCharts';
import { jetGeometry, type JetGeometry } from './jetGeometry';
import { closeUpHalfWidth, jetPlane, streamlines } from './jetPlane';
import type { XYSpec } from '../shared/charts/xyOption';

const FieldMap = lazy(() => import('../../simulations/results/FieldMap'));
const XYChart = lazy(() => import('../shared/charts/XYChart'));

// Every field of the jet's plane is drawn here, the same way up as the rig (the generic cards drew
// the solver's (r, x) plane as a thin upright strip).
const CONTOURS = [
  { name: 'velocity_magnitude', label: 'Velocity' },
  { name: 'axial_velocity', label: 'Axial velocity' },
  { name: 'radial_velocity', label: 'Radial velocity' },
  { name: 'temperature', label: 'Temperature' },
  { name: 'pressure', label: 'Pressure' },
  { name: 'turbulent_viscosity', label: 'Turbulent viscosity' },
] as const;

/** The toggle's name of a contour: a slot jet's second velocity is across the slot, not radial. */
const contourLabel = (c: (typeof CONTOURS)[number], meta: FieldMeta | undefined) => (c.name === 'radial_velocity' && meta?.label.startsWith('Cross') ? 'Cross velocity' : c.label);

const STREAMLINE_COLOUR = '#ffffff';

function ChartCard({ title, spec, caption, pending, csvOf }: { title: string; spec: XYSpec | null; caption?: string; pending?: boolean; csvOf?: { name: string; series: Series | undefined } }) {
  const data = csvOf?.series;
  return (
    <ResultCard name={title} csv={data ? () => seriesCsv(data) : null} filename={`${csvOf?.name ?? 'series'}.csv`} pending={pending} height={320} drawing={spec ? <XYChart spec={spec} label={`${title} plot`} /> : null}>
      {caption ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {caption}
        </Typography>
      ) : null}
    </ResultCard>
  );
}

function ContourCard({ simulationId, index, geometry }: { simulationId: string; index: ResultsIndex; geometry: JetGeometry }) {
  const available = CONTOURS.filter((c) => index.fields.some((f) => f.name === c.name));
  const [shown, setShown] = useState<string>(available[0]?.name ?? 'velocity_magnitude');
  const meta = (name: string): FieldMeta | undefined => index.fields.find((f) => f.name === name);
  const field = useQuery(optionalFieldQuery(simulationId, meta(shown), index.run_id));
  const psiMeta = meta('streamfunction');
  const psi = useQuery(optionalFieldQuery(simulationId, psiMeta, index.run_id));
  const solidMeta = meta('solid');
  const solid = useQuery(optionalFieldQuery(simulationId, solidMeta, index.run_id));
  const waitingForSolid = Boolean(solidMeta) && solid.isPending;
  const [whole, setWhole] = useState(false);
  const halfWidth = whole ? undefined : closeUpHalfWidth(geometry.diameter, geometry.distance);
  const grid = useMemo(
    () => (field.data && !waitingForSolid ? jetPlane(field.data, { plate: geometry.distance, mirror: true, solid: solid.data?.values ?? null, halfWidth }) : null),
    [field.data, solid.data, waitingForSolid, geometry.distance, halfWidth],
  );
  const lines = useMemo(() => (psi.data ? streamlines(jetPlane(psi.data, { plate: geometry.distance, mirror: true, halfWidth })) : []), [psi.data, geometry.distance, halfWidth]);
  const label = meta(shown)?.label ?? shown;
  const error = field.error ?? psi.error;
  return (
    <Card component="figure" sx={{ m: 0, gridColumn: '1 / -1' }} aria-label="Flow field">
      <CardContent sx={{ pb: '12px !important' }}>
        <ResultCardHeader label="Flow field with streamlines" csv={null} filename="" />
        <ToggleButtonGroup size="small" exclusive value={shown} onChange={(_, v: string | null) => v && setShown(v)} aria-label="Contour quantity" sx={{ mb: 1, flexWrap: 'wrap' }}>
          {available.map((c) => (
            <ToggleButton key={c.name} value={c.name}>
              {contourLabel(c, meta(c.name))}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <FormControlLabel sx={{ ml: 2 }} control={<Checkbox size="small" checked={whole} onChange={(e) => setWhole(e.target.checked)} />} label="Whole domain" />
        {error ? <ErrorAlert onRetry={() => void (field.isError ? field.refetch() : psi.refetch())}>{errorDetail(error).message}</ErrorAlert> : null}
        {grid ? (
          <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
            <FieldMap
              grid={grid}
              label={`${label} contour map`}
             
              overlays={lines.length ? [{ label: 'Streamlines', colour: STREAMLINE_COLOUR, segments: lines }] : []}
            />
          </Suspense>
        ) : (
          <Skeleton variant="rounded" height={360} />
        )}
        <Typography variant="caption" color="text.secondary" component="p">
          The nozzle exit is at the top (z = H = {(geometry.distance * 1000).toPrecision(4)} mm), the target at z = 0; the half domain the solver computes is mirrored about the jet axis{whole ? '' : ' and shown near the jet (tick Whole domain for all of it)'}.
          {shown === 'radial_velocity' ? ' The velocity across the jet is positive away from the axis on both sides.' : ''}
          {lines.length ? ' White lines: streamlines (iso-lines of the stream function ψ at equal steps, so equal flow between neighbours).' : ''}
        </Typography>
      </CardContent>
    </Card>
  );
}

function useSeriesByName(simulationId: string, index: ResultsIndex, names: readonly string[]) {
  const present = names.filter((n) => index.series.some((s) => s.name === n));
  const results = useQueries({ queries: present.map((name) => seriesQuery(simulationId, name, index.run_id)) });
  const byName = new Map<string, SeriesResponse>();
  present.forEach((name, k) => {
    const data = results[k]?.data;
    if (data) byName.set(name, data);
  });
  return { byName, pending: results.some((r) => r.isPending), error: results.find((r) => r.isError)?.error ?? null };
}

export function JetResultsView({ simulationId, index }: { simulationId: string; index: ResultsIndex }) {
  const simulation = useQuery(simulationQuery(simulationId));
  const geometry = useMemo(() => jetGeometry(simulation.data?.parameters ?? null, index), [simulation.data?.parameters, index]);
  const estimate = useQuery({
    queryKey: simulationsKeys.estimate(simulation.data?.type ?? '', simulation.data?.parameters ?? null),
    queryFn: ({ signal }) => fetchEstimate(simulation.data!.type, simulation.data!.parameters as Record<string, unknown>, signal),
    enabled: Boolean(simulation.data),
    staleTime: Infinity,
    retry: false,
  });
  const trackNames = index.series.filter((s) => /^particle_track_\d+$/.test(s.name)).map((s) => s.name);
  const wall = useSeriesByName(simulationId, index, ['nusselt_number', 'martin_average_nusselt', 'pressure_coefficient', 'deposition', 'erosion', 'target_height', ...trackNames]);
  const martinEstimate: MartinEstimate | null = useMemo(() => {
    const nu = estimate.data?.results['average_nusselt'];
    return nu && typeof nu.value === 'number' && geometry ? { value: nu.value, radius: geometry.averageRadius } : null;
  }, [estimate.data, geometry]);

  if (!geometry) return simulation.isError ? <ErrorAlert onRetry={() => void simulation.refetch()}>{errorDetail(simulation.error).message}</ErrorAlert> : <Skeleton variant="rounded" height={360} />;
  const { round, diameter } = geometry;
  const s = wall.byName;
  const nusselt = s.get('nusselt_number');
  const cp = s.get('pressure_coefficient');
  const tracks = trackNames.map((n) => s.get(n)).filter((t): t is SeriesResponse => Boolean(t));
  const counts = fateCounts(tracks);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }} data-testid="jet-results">
      <ContourCard simulationId={simulationId} index={index} geometry={geometry} />
      {wall.error ? (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <ErrorAlert>{errorDetail(wall.error).message}</ErrorAlert>
        </Box>
      ) : null}
      <ChartCard
        title="Nusselt number along the target"
        csvOf={{ name: 'nusselt_number', series: nusselt }}
        spec={nusselt ? nusseltSpec({ nusselt, martin: s.get('martin_average_nusselt') ?? null, estimate: martinEstimate, diameter, round }) : null}
        pending={wall.pending}
        caption={
          martinEstimate
            ? `Red: Martin (1977) area-average correlation (dashed: evaluated by the solver over its validity range; dot: the estimate at r = ${(geometry.averageRadius * 1000).toPrecision(3)} mm, ${estimate.data?.inside_validity ? 'inside' : 'outside'} its validity range). Compare with the running area average.`
            : 'Red dashed: Martin (1977) area-average correlation over its validity range, to compare with the running area average.'
        }
      />
      <ChartCard title="Pressure coefficient along the target" csvOf={{ name: 'pressure_coefficient', series: cp }} spec={cp ? pressureCoefficientSpec({ cp, diameter, round }) : null} pending={wall.pending} />
      {trackNames.length > 0 ? (
        <ChartCard
          title="Particle tracks"
          spec={tracks.length ? tracksSpec({ tracks, plate: geometry.distance, target: s.get('target_height') ?? null }) : null}
          pending={wall.pending}
          caption={`${tracks.length} sampled tracks: ${Object.entries(counts)
            .map(([fate, n]) => `${n} ${fate}`)
            .join(', ')} (green captured, blue escaped, orange lost).`}
        />
      ) : null}
      {s.get('deposition') ? <ChartCard title="Deposition along the target" csvOf={{ name: 'deposition', series: s.get('deposition') }} spec={distributionSpec({ series: s.get('deposition')!, diameter, round })} /> : null}
      {s.get('erosion') ? <ChartCard title="Erosion along the target (Finnie 1960)" csvOf={{ name: 'erosion', series: s.get('erosion') }} spec={distributionSpec({ series: s.get('erosion')!, diameter, round })} /> : null}
    </Box>
  );
}
