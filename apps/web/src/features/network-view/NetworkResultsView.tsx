// The results of a pipe network run (PIPE_NETWORK, PIPE_NETWORK_2): the network from its coordinates
// coloured by the chosen quantity (hydraulics, temperature, water quality) at the chosen reporting
// time, with the colour bar and the coloured table as CSV; clicking an element shows its values over
// the run; below, the pumps' energy when the run has pumps. The values come from the run's compact
// tables (one field a quantity: [reporting times, elements]), the clicked element's series is fetched
// by name; the layout from the simulation's .inp, read by the server (the same parser as the run, so
// the columns are the document's nodes and links in order).
import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, IconButton, LinearProgress, MenuItem, Skeleton, Slider, TextField, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiFileDelimitedOutline, mdiPause, mdiPlay } from '@mdi/js';
import { networkLinkIds, networkNodeIds, type FieldMeta, type NetworkDocument, type ResultsIndex, type Series } from '@simforge/contracts';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { chooseDisplayUnit, convertFromSI, formatWithUnit } from '../../lib/displayUnits';
import { errorDetail } from '../../lib/errorDetail';
import { saveText } from '../../lib/saveFile';
import { useUnitSystem } from '../../lib/unitSystems';
import { conversionMessage, simulationNetwork } from '../pipe-diagram-editor/conversionApi';
import { COLOUR_BAR_WIDTH, ColourBar } from '../simulations/results/ColourBar';
import { fieldQuery, fieldSliceQuery } from '../simulations/results/fieldApi';
import { resultsQuery } from '../simulations/simulationsApi';
import { clockLabel, colourOf, columnIndex, inSentence, tableRange, valueAt, viewQuantities, type NetworkTable, type ViewQuantity } from './colourMapping';
import { ElementSeries } from './ElementSeries';
import { NetworkEnergyTable } from './NetworkEnergyTable';
import { networkTableCsv } from './networkCsv';
import { NetworkMap, type MapSelection } from './NetworkMap';
import { QueryError } from '../../components/ui/QueryError';
import { usePlayback } from './usePlayback';

const MAP_HEIGHT = 520;

/**
 * A table larger than this is read one reporting time at a time (the server cuts the slice out of
 * the stored table): a 100 000-junction day is 10 MB a quantity, a year of hours far more.
 */
export const TABLE_SLICE_BYTES = 8 * 2 ** 20;

/**
 * The chosen table (whole, or at the chosen time only when it is large), its element ids, its colour
 * range (over the run, or at the chosen time for a sliced table) and each element's colour at `timeIndex`.
 */
function useColouredTable(simulationId: string, index: ResultsIndex, network: NetworkDocument, quantity: ViewQuantity | undefined, timeIndex: number) {
  const meta = index.fields.find((f) => f.name === quantity?.name);
  const times = useMemo(() => meta?.grid.axes[0]?.values ?? [], [meta]);
  const time = Math.min(timeIndex, Math.max(0, times.length - 1));
  const sliced = meta !== undefined && meta.shape.length === 2 && meta.byte_length > TABLE_SLICE_BYTES;
  const fieldMeta: FieldMeta = meta ?? ({ name: '', label: '', unit: '', shape: [], grid: { axes: [] } } satisfies FieldMeta);
  const whole = useQuery({ ...fieldQuery(simulationId, fieldMeta, index.run_id), enabled: Boolean(meta) && !sliced });
  // While the next time loads, the map keeps the last one's colours rather than going blank.
  const slice = useQuery({ ...fieldSliceQuery(simulationId, fieldMeta, index.run_id, time), enabled: sliced, placeholderData: keepPreviousData });
  const table = sliced ? slice : whole;
  /** The row of `data` that holds the chosen time. */
  const row = sliced ? 0 : time;
  const ids = useMemo(() => (quantity ? (quantity.elements === 'node' ? networkNodeIds(network) : networkLinkIds(network)) : []), [network, quantity]);
  const data: NetworkTable | null = useMemo(() => (table.data ? { times: table.data.shape[0]!, columns: table.data.shape[1]!, values: table.data.values } : null), [table.data]);
  // Reservoirs' pressure is 0 by definition: in the range it would squeeze the junctions' colours.
  const reservoirColumns = useMemo(() => new Set(network.reservoirs.map((_, r) => network.junctions.length + r)), [network]);
  const range = useMemo(
    () => (data && quantity ? tableRange(data, quantity.magnitude, quantity.name === 'network_node_pressure' ? (j) => !reservoirColumns.has(j) : undefined) : null),
    [data, quantity, reservoirColumns],
  );
  const mismatch = data !== null && data.columns !== ids.length;
  const colours = useMemo(() => {
    const map = new Map<string, string>();
    if (!data || !range || !quantity || mismatch) return map;
    ids.forEach((id, j) => map.set(id, colourOf(valueAt(data, row, j, quantity.magnitude), range)));
    return map;
  }, [data, range, quantity, ids, row, mismatch]);
  const column = useMemo(() => columnIndex(ids), [ids]);
  // The time of the values on the map: a sliced table shows the last time read until the chosen one
  // arrives, and every readout (selection, CSV) names the time its values belong to.
  const shownTime = sliced ? (table.data?.axes[0]?.values[0] ?? times[time] ?? 0) : (times[time] ?? 0);
  const loading = table.isPending || table.isPlaceholderData;
  const csvTimes = sliced ? [shownTime] : times;
  const csv = data && !mismatch && !loading && csvTimes.length === data.times ? () => networkTableCsv(data, csvTimes, ids, quantity?.unit ?? '') : null;
  return { table, data, times, time, row, sliced, shownTime, loading, ids, range, mismatch, colours, column, csv };
}

/** Whether the run kept the element's series: the index counts them (element_series); an older index listed them. */
function keptSeries(index: ResultsIndex, selection: MapSelection | null): boolean {
  if (!selection) return false;
  const counts = index.element_series;
  if (counts) return (selection.elements === 'node' ? counts.nodes : counts.links) > 0;
  return index.series.some((s) => s.name === `${selection.elements}:${selection.id}`);
}

interface ControlsProps {
  quantities: ViewQuantity[];
  quantity: ViewQuantity;
  onQuantity(name: string): void;
  times: readonly number[];
  time: number;
  onTime(index: number): void;
  csv: (() => string) | null;
  /** The CSV holds the chosen time only (a table read one time at a time). */
  csvAtThisTime: boolean;
  playing: boolean;
  onPlay(): void;
}

/** The "Colour by" menu, the time slider with its play button and the coloured table's CSV. */
function Controls({ quantities, quantity, onQuantity, times, time, onTime, csv, csvAtThisTime, playing, onPlay }: ControlsProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
      <TextField select size="small" label="Colour by" value={quantity.name} onChange={(e) => onQuantity(e.target.value)} sx={{ minWidth: 200 }}>
        {quantities.map((q) => (
          <MenuItem key={q.name} value={q.name}>
            {q.magnitude ? `${q.label} (magnitude)` : q.label}
          </MenuItem>
        ))}
      </TextField>
      {times.length > 1 ? (
        <Box sx={{ flexGrow: 1, minWidth: 240, display: 'flex', alignItems: 'center', gap: 2 }}>
          <IconButton size="small" onClick={onPlay} aria-label={playing ? 'Pause' : 'Play through the reporting times'}>
            <Icon path={playing ? mdiPause : mdiPlay} size={0.9} aria-hidden />
          </IconButton>
          <Slider
            aria-label="Reporting time"
            value={time}
            min={0}
            max={times.length - 1}
            step={1}
            marks={times.length <= 49}
            onChange={(_e, value) => onTime(value as number)}
            valueLabelDisplay="auto"
            valueLabelFormat={(i) => clockLabel(times[i] ?? 0)}
            getAriaValueText={(i) => clockLabel(times[i] ?? 0)}
          />
          <Typography variant="body2" sx={{ minWidth: 72 }} data-testid="network-time">
            {clockLabel(times[time] ?? 0)}
          </Typography>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          Steady state
        </Typography>
      )}
      <Button
        size="small"
        disabled={!csv}
        onClick={() => csv && saveText(csv(), `${quantity.name}.csv`, 'text/csv;charset=utf-8')}
        startIcon={<Icon path={mdiFileDelimitedOutline} size={0.7} aria-hidden />}
        aria-label={`Download ${inSentence(quantity.valueLabel)} at every ${quantity.elements}${csvAtThisTime ? ' at this time' : ''} as CSV`}
      >
        CSV
      </Button>
    </Box>
  );
}

function NetworkMapCard({ simulationId, index, network }: { simulationId: string; index: ResultsIndex; network: NetworkDocument }) {
  // Display units follow the user's unit system (the helpers read it).
  useUnitSystem();
  const quantities = useMemo(() => viewQuantities(index.fields), [index]);
  const [quantityName, setQuantityName] = useState<string | null>(null);
  const quantity = quantities.find((q) => q.name === quantityName) ?? quantities[0];
  const [timeIndex, setTimeIndex] = useState(0);
  const [selection, setSelection] = useState<MapSelection | null>(null);
  const { table, data, times, time, row, sliced, shownTime, loading, range, mismatch, colours, column, csv } = useColouredTable(simulationId, index, network, quantity, timeIndex);
  const playback = usePlayback(times.length, time, setTimeIndex, loading);
  // Moving the slider by hand stops the playing.
  const moveTo = (i: number) => {
    playback.pause();
    setTimeIndex(i);
  };
  const selectedColumn = selection && selection.elements === quantity?.elements ? column.get(selection.id) : undefined;
  const fallback: Series | null = useMemo(
    () =>
      // A sliced table holds one time: the element's values over the run are not at hand.
      selection && data && !sliced && quantity && selectedColumn !== undefined
        ? {
            label: `${quantity.valueLabel} at ${selection.id}`,
            x: { name: 'time', unit: 's', label: 'Time', values: [...times] },
            y: [{ name: quantity.axis, unit: quantity.unit, label: quantity.valueLabel, values: Array.from({ length: data.times }, (_, t) => valueAt(data, t, selectedColumn)) }],
          }
        : null,
    [selection, data, sliced, quantity, selectedColumn, times],
  );

  if (!quantity) return <Typography color="text.secondary">This run has no network tables to draw (the network was too large for them; see the log).</Typography>;
  // One unit for the colour bar and every value read off the map: the one that suits the range.
  const unit = range ? chooseDisplayUnit(quantity.unit, Math.max(Math.abs(range.min), Math.abs(range.max))) : quantity.unit;
  const displayRange = range ? { min: convertFromSI(range.min, quantity.unit, unit), max: convertFromSI(range.max, quantity.unit, unit) } : null;
  const describe = (s: MapSelection) => {
    const j = s.elements === quantity.elements ? column.get(s.id) : undefined;
    if (j === undefined || !data || mismatch) return `${s.elements === 'node' ? 'Node' : 'Link'} ${s.id}`;
    return `${s.id}: ${inSentence(quantity.valueLabel)} ${formatWithUnit(valueAt(data, row, j), quantity.unit, { unit })} at ${clockLabel(shownTime)}`;
  };
  const hasSeries = keptSeries(index, selection);

  return (
    <Card component="figure" sx={{ m: 0 }} aria-label="Network results">
      <CardContent>
        <Controls quantities={quantities} quantity={quantity} onQuantity={setQuantityName} times={times} time={time} onTime={moveTo} csv={csv} csvAtThisTime={sliced} playing={playback.playing} onPlay={playback.toggle} />
        {/* The progress bar and the colour bar keep their places while the table loads: the map does
            not move or change its size under the pointer when the values arrive. */}
        <Box sx={{ height: 4 }}>{loading ? <LinearProgress aria-label={sliced ? 'Loading the results at this time' : 'Loading the results table'} /> : null}</Box>
        <QueryError query={table} />
        {mismatch ? <ErrorAlert>The results table does not match the network of the parameters (was the file changed after the run?).</ErrorAlert> : null}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <NetworkMap network={network} colours={colours} coloured={quantity.elements} selected={selection} onSelect={setSelection} height={MAP_HEIGHT} describe={describe} />
          </Box>
          {displayRange ? (
            <ColourBar range={displayRange} unit={unit} quantity={sliced ? `${quantity.label} (range at this time)` : quantity.label} height={MAP_HEIGHT - 40} />
          ) : (
            <Box sx={{ width: COLOUR_BAR_WIDTH, flexShrink: 0 }} />
          )}
        </Box>
        {selection ? (
          <Box sx={{ mt: 2 }} data-testid="network-selection">
            <Typography variant="subtitle2">{describe(selection)}</Typography>
            {hasSeries || fallback ? (
              <ElementSeries
                key={`${selection.elements}:${selection.id}`}
                simulationId={simulationId}
                runId={index.run_id}
                selection={selection}
                hasSeries={hasSeries}
                fallback={fallback}
                coloured={quantity.axis}
                time={times[time] ?? 0}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {sliced
                  ? 'This network is too large to keep each element’s values over the run: its tables are read one reporting time at a time (move the time slider).'
                  : `Choose a ${selection.elements === 'node' ? 'node' : 'link'} quantity to see this element over time.`}
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

export function NetworkResultsView({ simulationId, documentKey }: { simulationId: string; documentKey: string }) {
  const results = useQuery(resultsQuery(simulationId, null));
  const layout = useQuery({ queryKey: ['network-document', simulationId, documentKey], queryFn: ({ signal }) => simulationNetwork(simulationId, signal), staleTime: Infinity, retry: false });
  if (results.isPending || layout.isPending) return <Skeleton variant="rounded" height={MAP_HEIGHT} />;
  if (results.isError) return <ErrorAlert onRetry={() => void results.refetch()}>{errorDetail(results.error).message}</ErrorAlert>;
  const network = layout.data?.network;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {network ? <NetworkMapCard simulationId={simulationId} index={results.data} network={network} /> : <ErrorAlert>The network cannot be drawn: {conversionMessage(layout.error)}</ErrorAlert>}
      {/* The energy comes from the summary: it needs no drawing, only the pumps' order from the file when there is one. */}
      <NetworkEnergyTable summary={results.data.summary} pumpOrder={network?.pumps.map((p) => p.id)} />
    </Box>
  );
}

export default NetworkResultsView;
