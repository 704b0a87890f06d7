import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Link, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import type { Simulation, SimulationRun } from '@simforge/contracts';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageHeader } from '../../components/ui/PageHeader';
import { chooseDisplayUnit, convertFromSI, formatNumber } from '../../lib/displayUnits';
import { errorDetail } from '../../lib/errorDetail';
import { useUnitSystem } from '../../lib/unitSystems';
import { UnitSystemSwitch } from '../create-v2/UnitSystemSwitch';
import { paths } from '../../lib/redirects';
import { typeLabel } from '../simulations/labels';
import { resultsQuery, runsQuery, seriesQuery, simulationQuery, simulationsPageQuery } from '../simulations/simulationsApi';
import { isNotFound } from '../simulations/view/SimulationViewScreen';
import { comparability, compareUrl, inputRows, parseRunRefs, resultRows, RUNS_PARAM, type ComparedRun, type CompareCell, type CompareRow, type RunRef } from './compareModel';
import { curveDashes, OverlayPlot, runColours, type OverlayCurve } from './OverlayPlot';
import type { XYAxis } from '../families/shared/charts/xyOption';
import { differenceGrid, sameGrid, sharedRange } from './fieldCompare';
import { fieldQuery } from '../simulations/results/fieldApi';
import { arrayMeta, toGrid, type FieldGrid } from '../simulations/results/fieldData';
import { fieldViewKind } from '../simulations/results/fieldViews';
import { SiTooltip } from '../../components/ui/SiTooltip';

const FieldMap = lazy(() => import('../simulations/results/FieldMap'));

function pickRun(simulation: Simulation, runs: readonly SimulationRun[], runId: string | null): SimulationRun | undefined {
  if (runId) return runs.find((r) => r.id === runId);
  return runs.find((r) => r.id === simulation.current_run_id) ?? runs[0];
}

/** The change from the first run: a temperature difference in K (°F), any other number in per cent. */
function change(cell: CompareCell): string {
  if (cell.difference) {
    const { value, unit } = cell.difference;
    return value === 0 ? '' : ` (${value > 0 ? '+' : '−'}${formatNumber(Math.abs(value), 3)} ${unit})`;
  }
  const relative = cell.relative;
  if (relative === undefined || relative === 0) return '';
  return ` (${relative > 0 ? '+' : '−'}${formatNumber(Math.abs(relative) * 100, 3)} %)`;
}

function CompareTable({ label, rows, runs, onlyDifferences }: { label: string; rows: CompareRow[]; runs: ComparedRun[]; onlyDifferences: boolean }) {
  const shown = onlyDifferences ? rows.filter((r) => r.differs) : rows;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Quantity</TableCell>
          <TableCell>Unit</TableCell>
          {runs.map((run, i) => (
            <TableCell key={run.key} align="right" sx={{ color: runColours[i % runColours.length], fontWeight: 600 }}>
              {run.name}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {shown.length === 0 ? (
          <TableRow>
            <TableCell colSpan={runs.length + 2}>
              <Typography variant="body2" color="text.secondary">
                {onlyDifferences ? 'No differences.' : 'Nothing to compare.'}
              </Typography>
            </TableCell>
          </TableRow>
        ) : null}
        {shown.map((row) => (
          <TableRow key={row.key} data-key={row.key} data-differs={row.differs ? 'true' : 'false'}>
            <TableCell sx={{ fontWeight: row.differs ? 600 : 400 }}>{row.label}</TableCell>
            <TableCell sx={{ color: 'text.secondary' }}>{row.unit}</TableCell>
            {row.cells.map((cell, i) => (
              <TableCell key={i} align="right" data-differs={cell.differs ? 'true' : 'false'} sx={{ fontVariantNumeric: 'tabular-nums', bgcolor: cell.differs ? 'warning.light' : undefined, fontWeight: cell.differs ? 600 : 400 }}>
                <SiTooltip si={cell.si}>
                  {cell.text}
                  {i > 0 ? change(cell) : ''}
                </SiTooltip>
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Series present in every run, overlaid on the same axes (units of the first run). */
function SeriesOverlay({ runs, refs }: { runs: ComparedRun[]; refs: { simulationId: string; runId: string }[] }) {
  const indexes = useQueries({ queries: refs.map((r) => ({ ...resultsQuery(r.simulationId, r.runId), retry: false })) });
  const common = useMemo(() => {
    const lists = indexes.map((q) => q.data?.series.map((s) => s.name) ?? null);
    if (lists.some((l) => l === null)) return null;
    return lists[0]!.filter((name) => lists.every((l) => l!.includes(name)));
  }, [indexes]);
  const [chosen, setChosen] = useState<string | null>(null);
  const name = chosen && common?.includes(chosen) ? chosen : common?.[0];
  const series = useQueries({ queries: name ? refs.map((r) => seriesQuery(r.simulationId, name, r.runId)) : [] });
  if (indexes.some((q) => q.isError)) return <Typography color="text.secondary">The results of some runs could not be read.</Typography>;
  if (common === null) return <LinearProgress aria-label="Loading the series" />;
  if (common.length === 0) return <Typography color="text.secondary">These runs have no series in common.</Typography>;
  const loaded = series.map((q) => q.data);
  let plot: { curves: OverlayCurve[]; x: XYAxis; y: XYAxis } | null = null;
  if (loaded.every(Boolean)) {
    const first = loaded[0]!;
    const magnitude = (values: number[]) => Math.max(...values.map(Math.abs).filter(Number.isFinite), 0);
    const xUnit = chooseDisplayUnit(first.x.unit, magnitude(loaded.flatMap((s) => s!.x.values)));
    const yUnit = chooseDisplayUnit(first.y[0]!.unit, magnitude(loaded.flatMap((s) => s!.y.flatMap((c) => (c.unit === first.y[0]!.unit ? c.values : [])))));
    const curves = loaded.flatMap((s, i) =>
      s!.y
        .filter((c) => c.unit === first.y[0]!.unit)
        .map((c, j) => ({
          name: `${runs[i]!.name}: ${c.label}`,
          colour: runColours[i % runColours.length]!,
          ...(curveDashes[j % curveDashes.length] ? { dash: curveDashes[j % curveDashes.length] } : {}),
          points: s!.x.values.map((x, k): [number, number] => [convertFromSI(x, s!.x.unit, xUnit), convertFromSI(c.values[k]!, c.unit, yUnit)]),
        })),
    );
    // The axis names the quantity: the curve's label when there is one curve, else the series'.
    const plotted = first.y.filter((c) => c.unit === first.y[0]!.unit);
    plot = { curves, x: { label: first.x.label, unit: xUnit }, y: { label: plotted.length === 1 ? plotted[0]!.label : first.label, unit: yUnit } };
  }
  return (
    <>
      <TextField select size="small" label="Series" value={name ?? ''} onChange={(e) => setChosen(e.target.value)} sx={{ minWidth: 240, mb: 1 }}>
        {common.map((n) => (
          <MenuItem key={n} value={n}>
            {indexes[0]!.data!.series.find((s) => s.name === n)?.label ?? n}
          </MenuItem>
        ))}
      </TextField>
      {plot ? <OverlayPlot label={`${name} of ${runs.length} runs`} {...plot} /> : <LinearProgress aria-label="Loading the series" />}
    </>
  );
}

/** 2-D fields present in every run, side by side with one colour range, and each run minus the first where the grids match. */
function FieldsSideBySide({ runs, refs }: { runs: ComparedRun[]; refs: { simulationId: string; runId: string }[] }) {
  const indexes = useQueries({ queries: refs.map((r) => ({ ...resultsQuery(r.simulationId, r.runId), retry: false })) });
  const loadedIndexes = indexes.map((q) => q.data);
  const common = loadedIndexes.every(Boolean)
    ? loadedIndexes[0]!.fields.filter((f) => fieldViewKind(f) === 'map' && loadedIndexes.every((index) => index!.fields.some((g) => g.name === f.name && fieldViewKind(g) === 'map')))
    : null;
  const [chosen, setChosen] = useState<string | null>(null);
  const name = chosen && common?.some((f) => f.name === chosen) ? chosen : common?.[0]?.name;
  const fields = useQueries({
    queries: name ? refs.map((r, i) => ({ ...fieldQuery(r.simulationId, loadedIndexes[i]!.fields.find((f) => f.name === name)!, r.runId), retry: false })) : [],
  });
  const grids = useMemo(() => {
    if (fields.length === 0 || !fields.every((q) => q.data)) return null;
    try {
      return fields.map((q) => toGrid(arrayMeta(q.data!), q.data!.values));
    } catch {
      return null;
    }
  }, [fields]);
  if (indexes.some((q) => q.isError)) return <Typography color="text.secondary">The results of some runs could not be read.</Typography>;
  if (common === null) return <LinearProgress aria-label="Loading the fields" />;
  if (common.length === 0) return <Typography color="text.secondary">These runs have no 2-D fields in common.</Typography>;
  const range = grids ? sharedRange(grids) : null;
  const differences: { name: string; grid: FieldGrid }[] = grids
    ? grids.slice(1).flatMap((g, i) => (sameGrid(grids[0]!, g) ? [{ name: `${runs[i + 1]!.name} − ${runs[0]!.name}`, grid: differenceGrid(grids[0]!, g, `${g.label}, difference`) }] : []))
    : [];
  return (
    <>
      <TextField select size="small" label="Field" value={name ?? ''} onChange={(e) => setChosen(e.target.value)} sx={{ minWidth: 240, mb: 1 }}>
        {common.map((f) => (
          <MenuItem key={f.name} value={f.name}>
            {f.label}
          </MenuItem>
        ))}
      </TextField>
      {!grids ? (
        fields.some((q) => q.isError) ? <Typography color="text.secondary">Some fields could not be read.</Typography> : <LinearProgress aria-label="Loading the fields" />
      ) : (
        <Suspense fallback={<LinearProgress aria-label="Loading the field view" />}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `repeat(${Math.min(grids.length, 2)}, minmax(0, 1fr))` } }} data-testid="fields-side-by-side" data-shared-range={range ? `${range.min},${range.max}` : ''}>
            {grids.map((grid, i) => (
              <Box key={runs[i]!.key}>
                <Typography variant="body2" sx={{ fontWeight: 600, color: runColours[i % runColours.length] }}>
                  {runs[i]!.name}
                </Typography>
                <FieldMap grid={grid} label={`${grid.label}, ${runs[i]!.name}`} range={range} maxHeight={320} />
              </Box>
            ))}
            {differences.map((d) => (
              <Box key={d.name} data-testid="field-difference">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {d.name}
                </Typography>
                <FieldMap grid={d.grid} label={`${d.grid.label}: ${d.name}`} maxHeight={320} />
              </Box>
            ))}
          </Box>
          {grids.length > 1 && differences.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              The grids differ, so no difference map is drawn.
            </Typography>
          ) : null}
        </Suspense>
      )}
    </>
  );
}

/**
 * Adds runs: one or more of the user's simulations (their current runs), or, with one simulation
 * chosen, any of its runs.
 */
/** One part of the comparison under its heading; a wide table scrolls within its card. */
function CompareSection({ title, scrolls = false, children }: { title: string; scrolls?: boolean; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={scrolls ? { overflowX: 'auto' } : undefined}>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function AddRun({ onAdd }: { onAdd(refs: RunRef[]): void }) {
  const list = useQuery(simulationsPageQuery('mine', { skip: 0, limit: 100, sort: '-updated_at' }));
  const [simulationIds, setSimulationIds] = useState<string[]>([]);
  const single = simulationIds.length === 1 ? simulationIds[0]! : '';
  const runs = useQuery({ ...runsQuery(single), enabled: single !== '' });
  const [runId, setRunId] = useState('');
  const titleOf = (id: string) => list.data?.data.find((s) => s.id === id)?.title ?? id;
  return (
    <Box component="section" aria-label="Add runs" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Simulations"
        value={simulationIds}
        onChange={(e) => {
          const value = e.target.value as unknown;
          setSimulationIds(typeof value === 'string' ? value.split(',') : (value as string[]));
          setRunId('');
        }}
        slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).map(titleOf).join(', ') } }}
        sx={{ minWidth: 280, maxWidth: 480 }}
      >
        {(list.data?.data ?? []).map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.title} · {typeLabel(s.type)}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="Run" value={runId} onChange={(e) => setRunId(e.target.value)} sx={{ minWidth: 160 }} disabled={!runs.data || simulationIds.length !== 1}>
        <MenuItem value="">Current run</MenuItem>
        {(runs.data?.data ?? []).map((r) => (
          <MenuItem key={r.id} value={r.id}>
            #{r.number} · {r.status}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        disabled={simulationIds.length === 0}
        onClick={() => {
          onAdd(simulationIds.map((id) => ({ simulationId: id, runId: simulationIds.length === 1 && runId ? runId : null })));
          setSimulationIds([]);
          setRunId('');
        }}
      >
        Add to the comparison
      </Button>
    </Box>
  );
}

/** `main/simulations/compare?runs=…`: inputs and results side by side, differences highlighted, series overlaid. */
// Long function: a React component whose hooks and handlers share its state; most of its length is markup.
export function CompareScreen() {
  const [params, setParams] = useSearchParams();
  const refs = parseRunRefs(params.get(RUNS_PARAM));
  const system = useUnitSystem();
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  // One query per simulation, however many of its runs are compared.
  const ids = [...new Set(refs.map((r) => r.simulationId))];
  const simulationAnswers = useQueries({ queries: ids.map((id) => ({ ...simulationQuery(id), retry: false })) });
  const runAnswers = useQueries({ queries: ids.map((id) => ({ ...runsQuery(id), retry: false })) });
  const simulations = refs.map((r) => simulationAnswers[ids.indexOf(r.simulationId)]!);
  const runLists = refs.map((r) => runAnswers[ids.indexOf(r.simulationId)]!);
  const setRefs = (next: RunRef[]) => setParams(new URLSearchParams(compareUrl(next).split('?')[1]), { replace: false });

  const failed = ids.map((id, i) => ({ ref: { simulationId: id }, error: simulationAnswers[i]!.error ?? runAnswers[i]!.error })).filter((f) => f.error);
  const loading = simulations.some((q) => q.isPending) || runLists.some((q) => q.isPending);
  const resolved = refs.flatMap((ref, i) => {
    const simulation = simulations[i]!.data;
    const run = simulation && runLists[i]!.data ? pickRun(simulation, runLists[i]!.data!.data, ref.runId) : undefined;
    return simulation && run ? [{ ref, simulation, run }] : [];
  });
  const runs: ComparedRun[] = resolved.map(({ simulation, run }) => ({
    key: run.id,
    name: `${simulation.title} #${run.number}`,
    type: simulation.type,
    solverVersion: run.solver_version,
    parameters: run.parameters,
    summary: run.summary,
  }));
  const shown = resolved.map(({ simulation, run }) => ({ simulationId: simulation.id, runId: run.id }));
  const check = comparability(runs);
  const inputs = inputRows(runs, system);
  const results = resultRows(runs, (si, magnitude) => chooseDisplayUnit(si, magnitude), convertFromSI);
  const missingRuns = refs.filter((ref, i) => simulations[i]!.data && runLists[i]!.data && !resolved.some((r) => r.ref === ref));

  return (
    <>
      <PageHeader
        title="Compare runs"
        subtitle="Inputs and results side by side; cells that differ from the first run are highlighted. Share the address with anyone who can see these simulations."
        actions={<UnitSystemSwitch />}
      />
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label="Runs compared">
            {resolved.map(({ ref, simulation, run }, i) => (
              <Chip
                key={run.id}
                label={`${simulation.title} #${run.number}`}
                sx={{ borderColor: runColours[i % runColours.length], borderWidth: 2 }}
                variant="outlined"
                component={RouterLink}
                to={paths.simulationView(simulation.id)}
                clickable
                onDelete={() => setRefs(refs.filter((r) => r !== ref))}
              />
            ))}
          </Box>
          <AddRun onAdd={(added) => setRefs(parseRunRefs(compareUrl([...refs, ...added]).split('=')[1]!))} />
        </CardContent>
      </Card>
      {loading ? <LinearProgress aria-label="Loading the runs" sx={{ mb: 2 }} /> : null}
      {failed.map(({ ref, error }) => (
        <ErrorAlert key={ref.simulationId}>{isNotFound(error) ? `Simulation ${ref.simulationId} was not found, or you cannot see it.` : errorDetail(error).message}</ErrorAlert>
      ))}
      {missingRuns.map((ref) => (
        <Alert key={`${ref.simulationId}:${ref.runId}`} severity="warning" sx={{ mb: 2 }}>
          Simulation {ref.simulationId} has {ref.runId ? `no run ${ref.runId}` : 'no runs yet'}.
        </Alert>
      ))}
      {!loading && runs.length < 2 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Choose at least two runs to compare: add them above, or use “Compare” on{' '}
          <Link component={RouterLink} to={paths.simulationsAll}>
            My simulations
          </Link>
          .
        </Alert>
      ) : null}
      {runs.length >= 2 ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {!check.comparable ? (
            <Alert severity="warning" data-testid="not-comparable">
              These runs are not directly comparable.
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {check.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </Box>
            </Alert>
          ) : null}
          <Box>
            <Button size="small" onClick={() => setOnlyDifferences((v) => !v)} aria-pressed={onlyDifferences}>
              {onlyDifferences ? 'Show every row' : 'Show differences only'}
            </Button>
          </Box>
          <CompareSection title="Results" scrolls>
            <CompareTable label="Results compared" rows={results} runs={runs} onlyDifferences={onlyDifferences} />
          </CompareSection>
          <CompareSection title="Inputs" scrolls>
            <CompareTable label="Inputs compared" rows={inputs} runs={runs} onlyDifferences={onlyDifferences} />
          </CompareSection>
          <CompareSection title="Series">
            <SeriesOverlay runs={runs} refs={shown} />
          </CompareSection>
          <CompareSection title="Fields">
            <FieldsSideBySide runs={runs} refs={shown} />
          </CompareSection>
        </Box>
      ) : null}
    </>
  );
}
