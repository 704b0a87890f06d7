// The results of a pipe network run (PIPE_NETWORK, PIPE_NETWORK_2): the network from its coordinates
// coloured by the chosen quantity at the chosen reporting time, with the colour bar; clicking an
// element shows its values over the run. The values come from the run's compact tables (one field a
// quantity: [reporting times, elements]), the clicked element's series is fetched by name; the layout
// from the simulation's .inp through the server's conversion (the same parser as the run, so the
// columns are the document's nodes and links in order).
import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Card, CardContent, LinearProgress, MenuItem, Skeleton, Slider, TextField, Typography } from '@mui/material';
import { networkLinkIds, networkNodeIds, type FieldMeta, type Series } from '@simforge/contracts';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { chooseDisplayUnit, convertFromSI, formatWithUnit } from '../../lib/displayUnits';
import { errorDetail } from '../../lib/errorDetail';
import { conversionMessage, inpToNetwork } from '../pipe-diagram-editor/conversionApi';
import { ColourBar, quantityTitle } from '../simulations/results/ColourBar';
import { fieldQuery } from '../simulations/results/fieldApi';
import { resultsQuery, seriesQuery } from '../simulations/simulationsApi';
import { clockLabel, colourOf, columnIndex, tableRange, valueAt, viewQuantities, type NetworkTable } from './colourMapping';
import { NetworkMap, type MapSelection } from './NetworkMap';

const SeriesChart = lazy(() => import('../simulations/plots/SeriesChart'));

const MAP_HEIGHT = 520;

function ElementSeries({ simulationId, runId, selection, hasSeries, fallback }: { simulationId: string; runId: string; selection: MapSelection; hasSeries: boolean; fallback: Series }) {
  const name = `${selection.elements}:${selection.id}`;
  const series = useQuery({ ...seriesQuery(simulationId, name, runId), enabled: hasSeries });
  const shown = hasSeries ? series.data : fallback;
  if (hasSeries && series.isError) return <ErrorAlert onRetry={() => void series.refetch()}>{errorDetail(series.error).message}</ErrorAlert>;
  if (!shown) return <Skeleton variant="rounded" height={260} />;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
      <SeriesChart series={shown} height={260} label={`${shown.label} over time`} />
    </Suspense>
  );
}

// Long function: a React component whose hooks and handlers share its state; most of its length is markup.
export function NetworkResultsView({ simulationId, inp, documentKey }: { simulationId: string; inp: string; documentKey: string }) {
  const results = useQuery(resultsQuery(simulationId, null));
  const layout = useQuery({ queryKey: ['network-document', simulationId, documentKey], queryFn: ({ signal }) => inpToNetwork(inp, signal), staleTime: Infinity, retry: false });
  const quantities = useMemo(() => viewQuantities(results.data?.fields ?? []), [results.data]);
  const [quantityName, setQuantityName] = useState<string | null>(null);
  const quantity = quantities.find((q) => q.name === quantityName) ?? quantities[0];
  const meta: FieldMeta | undefined = results.data?.fields.find((f) => f.name === quantity?.name);
  const table = useQuery({ ...fieldQuery(simulationId, meta ?? ({ name: '' } as FieldMeta), results.data?.run_id ?? ''), enabled: Boolean(meta && results.data) });
  const [timeIndex, setTimeIndex] = useState(0);
  const [selection, setSelection] = useState<MapSelection | null>(null);

  const network = layout.data?.network;
  const ids = useMemo(() => (network && quantity ? (quantity.elements === 'node' ? networkNodeIds(network) : networkLinkIds(network)) : []), [network, quantity]);
  const data: NetworkTable | null = table.data ? { times: table.data.shape[0]!, columns: table.data.shape[1]!, values: table.data.values } : null;
  const times = table.data?.axes[0]?.values ?? [];
  const time = Math.min(timeIndex, Math.max(0, times.length - 1));
  const reservoirColumns = useMemo(() => (network ? new Set(network.reservoirs.map((_, r) => network.junctions.length + r)) : new Set<number>()), [network]);
  const range = useMemo(
    () => (data && quantity ? tableRange(data, quantity.magnitude, quantity.name === 'network_node_pressure' ? (j) => !reservoirColumns.has(j) : undefined) : null),
    [data, quantity, reservoirColumns],
  );
  const colours = useMemo(() => {
    const map = new Map<string, string>();
    if (!data || !range || !quantity || data.columns !== ids.length) return map;
    ids.forEach((id, j) => map.set(id, colourOf(valueAt(data, time, j, quantity.magnitude), range)));
    return map;
  }, [data, range, quantity, ids, time]);
  const column = useMemo(() => columnIndex(ids), [ids]);

  if (results.isPending || layout.isPending) return <Skeleton variant="rounded" height={MAP_HEIGHT} />;
  if (results.isError) return <ErrorAlert onRetry={() => void results.refetch()}>{errorDetail(results.error).message}</ErrorAlert>;
  if (layout.isError) return <ErrorAlert>The network cannot be drawn: {conversionMessage(layout.error)}</ErrorAlert>;
  if (!quantity || !network) return <Typography color="text.secondary">This run has no network tables to draw (the network was too large for them; see the log).</Typography>;
  const mismatch = data !== null && data.columns !== ids.length;
  const unit = range && quantity ? chooseDisplayUnit(quantity.unit, Math.max(Math.abs(range.min), Math.abs(range.max))) : quantity.unit;
  const displayRange = range ? { min: convertFromSI(range.min, quantity.unit, unit), max: convertFromSI(range.max, quantity.unit, unit) } : null;

  const describe = (s: MapSelection) => {
    const j = s.elements === quantity.elements ? column.get(s.id) : undefined;
    if (j === undefined || !data || mismatch) return `${s.elements === 'node' ? 'Node' : 'Link'} ${s.id}`;
    return `${s.id}: ${quantity.label.toLowerCase()} ${formatWithUnit(valueAt(data, time, j), quantity.unit, { unit })} at ${clockLabel(times[time] ?? 0)}`;
  };

  const selectedColumn = selection && selection.elements === quantity.elements ? column.get(selection.id) : undefined;
  const fallback: Series | null =
    selection && data && selectedColumn !== undefined
      ? {
          label: `${quantity.label} at ${selection.id}`,
          x: { name: 'time', unit: 's', label: 'Time', values: times },
          y: [{ name: quantity.name, unit: quantity.unit, label: quantity.label, values: Array.from({ length: data.times }, (_, t) => valueAt(data, t, selectedColumn)) }],
        }
      : null;
  // The index counts the per-element series (element_series) instead of listing them; an older
  // index listed them by name.
  const elementSeries = results.data.element_series;
  const hasSeries = Boolean(
    selection &&
      (elementSeries ? (selection.elements === 'node' ? elementSeries.nodes : elementSeries.links) > 0 : results.data.series.some((s) => s.name === `${selection.elements}:${selection.id}`)),
  );

  return (
    <Card component="figure" sx={{ m: 0 }} aria-label="Network results">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
          <TextField select size="small" label="Colour by" value={quantity.name} onChange={(e) => setQuantityName(e.target.value)} sx={{ minWidth: 200 }}>
            {quantities.map((q) => (
              <MenuItem key={q.name} value={q.name}>
                {q.magnitude ? `${q.label} (magnitude)` : q.label}
              </MenuItem>
            ))}
          </TextField>
          {times.length > 1 ? (
            <Box sx={{ flexGrow: 1, minWidth: 240, display: 'flex', alignItems: 'center', gap: 2 }}>
              <Slider
                aria-label="Reporting time"
                value={time}
                min={0}
                max={times.length - 1}
                step={1}
                marks={times.length <= 49}
                onChange={(_e, value) => setTimeIndex(value as number)}
                valueLabelDisplay="auto"
                valueLabelFormat={(i) => clockLabel(times[i] ?? 0)}
                getAriaValueText={(i) => clockLabel(times[i] ?? 0)}
              />
              <Typography variant="body2" sx={{ minWidth: 72 }} data-testid="network-time">
                {clockLabel(times[time] ?? 0)}
              </Typography>
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Steady state
            </Typography>
          )}
        </Box>
        {table.isPending ? <LinearProgress aria-label="Loading the results table" /> : null}
        {table.isError ? <ErrorAlert onRetry={() => void table.refetch()}>{errorDetail(table.error).message}</ErrorAlert> : null}
        {mismatch ? <ErrorAlert>The results table does not match the network of the parameters (was the file changed after the run?).</ErrorAlert> : null}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <NetworkMap network={network} colours={colours} coloured={quantity.elements} selected={selection} onSelect={setSelection} height={MAP_HEIGHT} describe={describe} />
          </Box>
          {displayRange ? <ColourBar range={displayRange} unit={unit} quantity={quantityTitle(quantity.unit, quantity.label)} height={MAP_HEIGHT - 40} /> : null}
        </Box>
        {selection ? (
          <Box sx={{ mt: 2 }} data-testid="network-selection">
            <Typography variant="subtitle2">{describe(selection)}</Typography>
            {hasSeries || fallback ? (
              <ElementSeries simulationId={simulationId} runId={results.data.run_id} selection={selection} hasSeries={hasSeries} fallback={fallback!} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                Choose a {selection.elements === 'node' ? 'node' : 'link'} quantity to see this element over time.
              </Typography>
            )}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Click a node or a link to see its values over the run.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

export default NetworkResultsView;
