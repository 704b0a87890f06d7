// Loaded lazily (its own chunk): a 2-D field as a heat map on its true (non-uniform) grid, drawn on
// a canvas with equal aspect ratio, a viridis colour bar with the unit in its title, a lockable
// range, a hover readout and iso-lines (marching squares) with a legend.
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { Box, Checkbox, FormControlLabel, TextField, Typography } from '@mui/material';
import { chooseDisplayUnit, convertFromSI, formatNumber } from '../../../lib/displayUnits';
import { fromSIIn, toSIIn, unitInSystem, useUnitSystem, type UnitSystem } from '../../../lib/unitSystems';
import { compactTick, longestTickLabel, textWidth, tickIntervals } from '../plots/chartLayout';
import { COLOUR_BAR_HEAD, ColourBarGroup, niceTicks } from './ColourBar';
import { cellIndex, colourRange, dataRange, marchingSquares, normalise, rgbCss, viridis, type FieldGrid, type Range, type Segment } from './fieldData';
import { mapLayout, mapScaleNote, transposeGrid } from './mapLayout';

export { niceTicks };

export interface IsoLine {
  /** Level in the field's SI unit (K for temperatures). */
  level: number;
  label: string;
  colour?: string;
}

export interface FieldMapProps {
  grid: FieldGrid;
  /** Accessible name of the drawing. */
  label: string;
  isoLines?: IsoLine[];
  /** Largest height of the plot area in px (the width follows the aspect ratio). */
  maxHeight?: number;
  /**
   * Colour range in the field's SI unit when it is not the grid's own (the frames of an animation
   * share the range of all frames); the lock still overrides it.
   */
  range?: Range | null;
  /** Lines of another quantity drawn over the map (streamlines of a jet), in the grid's SI axis units. */
  overlays?: OverlayLines[];
}

export interface OverlayLines {
  label: string;
  colour: string;
  segments: Segment[];
}

const ISO_COLOURS = ['#ff1744', '#ffffff', '#00e5ff', '#ff9100', '#d500f9'];
/** Room around the plot: the y labels and name (left; widened for long labels), x labels and name, the colour bar's unit (top) and ticks (right). */
const MARGIN = { left: 58, right: 96, top: COLOUR_BAR_HEAD + 6, bottom: 40 };
/** Font size of the map's labels, px. */
const FONT_PX = 11;

/**
 * Lengths in mm, except axes metres long (a storage tank's height), which stay in m; in SI or US
 * customary the system's unit at that scale (m; in or ft).
 */
export function lengthUnit(si: string, edges: readonly number[], system: UnitSystem): { unit: string; factor: number } {
  if (si !== 'm') return { unit: si, factor: 1 };
  const span = edges.length ? Math.abs(edges[edges.length - 1]! - edges[0]!) : 0;
  const unit = unitInSystem(system, 'length', span < 5 ? 'mm' : 'm');
  return { unit, factor: convertFromSI(1, 'm', unit) };
}

/** Numbers typed in one display unit, rewritten in another (a lock range or iso-levels after a unit switch). */
function retype(text: string, from: string, to: string): string {
  if (from === to || text.trim() === '') return text;
  return text
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((part) => (Number.isFinite(Number(part)) ? String(Number(fromSIIn(toSIIn(Number(part), from), to).toPrecision(6))) : part))
    .join(', ');
}

const span = (edges: readonly number[]) => (edges.length ? Math.abs(edges[edges.length - 1]! - edges[0]!) : 0);

function parseLevels(text: string): number[] {
  return text
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number)
    .filter(Number.isFinite);
}

// Long function: a React component whose hooks and handlers share its state; most of its length is markup.
export default function FieldMap({ grid: givenGrid, label, isoLines = [], maxHeight = 460, range: givenRange, overlays: givenOverlays = [] }: FieldMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(640);
  const [locked, setLocked] = useState(false);
  const [lockMin, setLockMin] = useState('');
  const [lockMax, setLockMax] = useState('');
  const [extraLevels, setExtraLevels] = useState('');
  const [hover, setHover] = useState<{ i: number; j: number; x: number; y: number } | null>(null);

  // chooseDisplayUnit reads the active unit system: it keys the choice, and subscribing redraws the map on a switch.
  const system = useUnitSystem();
  // Whether the domain is turned to lie across the card (mapLayout.ts): decided on the grid as given.
  const gx = lengthUnit(givenGrid.x.unit, givenGrid.x.edges, system);
  const gy = lengthUnit(givenGrid.y.unit, givenGrid.y.edges, system);
  const turned = mapLayout({
    available: width - MARGIN.left - MARGIN.right,
    spanX: span(givenGrid.x.edges) * gx.factor,
    spanY: span(givenGrid.y.edges) * gy.factor,
    sameUnits: gx.unit === gy.unit,
    maxHeight,
  }).transposed;
  const grid = useMemo(() => (turned ? transposeGrid(givenGrid) : givenGrid), [givenGrid, turned]);
  const overlays = turned ? givenOverlays.map((o) => ({ ...o, segments: o.segments.map(([a, b]): Segment => [[a[1], a[0]], [b[1], b[0]]]) })) : givenOverlays;

  // Everything below is in display units: lengths in mm, temperatures in °C, ...
  const ownRange = useMemo(() => dataRange(grid.values), [grid]);
  const siRange = givenRange ?? ownRange;
  const valueUnit = useMemo(() => chooseDisplayUnit(grid.unit, siRange ? Math.max(Math.abs(siRange.min), Math.abs(siRange.max)) : undefined), [grid, siRange, system]);
  const values = useMemo(() => (valueUnit === grid.unit ? grid.values : grid.values.map((v) => convertFromSI(v, grid.unit, valueUnit))), [grid, valueUnit]);
  const shownRange = useMemo(() => (givenRange ? { min: convertFromSI(givenRange.min, grid.unit, valueUnit), max: convertFromSI(givenRange.max, grid.unit, valueUnit) } : null), [givenRange, grid.unit, valueUnit]);
  const xu = lengthUnit(grid.x.unit, grid.x.edges, system);
  const yu = lengthUnit(grid.y.unit, grid.y.edges, system);
  // What the user typed (lock range, extra iso-levels) follows the unit it was typed in.
  const typedUnit = useRef(valueUnit);
  useEffect(() => {
    const from = typedUnit.current;
    typedUnit.current = valueUnit;
    if (from === valueUnit) return;
    setLockMin((text) => retype(text, from, valueUnit));
    setLockMax((text) => retype(text, from, valueUnit));
    setExtraLevels((text) => retype(text, from, valueUnit));
  }, [valueUnit]);
  const xEdges = useMemo(() => grid.x.edges.map((v) => v * xu.factor), [grid, xu.factor]);
  const yEdges = useMemo(() => grid.y.edges.map((v) => v * yu.factor), [grid, yu.factor]);
  const xs = useMemo(() => grid.x.values.map((v) => v * xu.factor), [grid, xu.factor]);
  const ys = useMemo(() => grid.y.values.map((v) => v * yu.factor), [grid, yu.factor]);
  const data = useMemo(() => dataRange(values), [values]);
  const lockedMin = lockMin.trim() === '' ? null : Number(lockMin);
  const lockedMax = lockMax.trim() === '' ? null : Number(lockMax);
  const lockInvalid = locked && lockedMin !== null && lockedMax !== null && !(lockedMax > lockedMin);
  const range = colourRange(shownRange ?? data, locked ? { min: lockedMin, max: lockedMax } : null);

  const xMin = Math.min(xEdges[0]!, xEdges[xEdges.length - 1]!);
  const xMax = Math.max(xEdges[0]!, xEdges[xEdges.length - 1]!);
  const yMin = Math.min(yEdges[0]!, yEdges[yEdges.length - 1]!);
  const yMax = Math.max(yEdges[0]!, yEdges[yEdges.length - 1]!);
  // The y labels' width sets the left margin, which sets the room left for the plot.
  const yLabelPx = textWidth(longestTickLabel(yMin, yMax), FONT_PX);
  const left = Math.max(MARGIN.left, yLabelPx + 34);
  const layout = mapLayout({ available: width - left - MARGIN.right, spanX: xMax - xMin, spanY: yMax - yMin, sameUnits: xu.unit === yu.unit, maxHeight, turn: false });
  const { plotW, plotH } = layout;
  const scaleNote = mapScaleNote(layout, grid.x.name, grid.y.name);
  const px = (x: number) => ((x - xMin) / (xMax - xMin || 1)) * plotW;
  const py = (y: number) => plotH - ((y - yMin) / (yMax - yMin || 1)) * plotH;
  const svgW = left + plotW + MARGIN.right;
  const svgH = MARGIN.top + plotH + MARGIN.bottom;

  useEffect(() => {
    const el = container.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w) setWidth((prev) => (Math.abs(prev - w) > 1 ? w : prev));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // The cells, as rectangles of their true size.
  useEffect(() => {
    const el = canvas.current;
    if (!el || typeof navigator === 'undefined' || /jsdom/i.test(navigator.userAgent)) return;
    const ctx = el.getContext('2d');
    if (!ctx) return;
    const dpr = window.devicePixelRatio || 1;
    el.width = Math.round(plotW * dpr);
    el.height = Math.round(plotH * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, plotW, plotH);
    const colours = new Map<number, string>();
    for (let j = 0; j < grid.ny; j++) {
      const ya = py(yEdges[j]!);
      const yb = py(yEdges[j + 1]!);
      const top = Math.floor(Math.min(ya, yb) * dpr) / dpr;
      const h = Math.ceil(Math.max(ya, yb) * dpr) / dpr - top;
      for (let i = 0; i < grid.nx; i++) {
        const v = values[j * grid.nx + i]!;
        if (!Number.isFinite(v)) continue;
        const key = Math.round(normalise(v, range) * 255);
        let colour = colours.get(key);
        if (!colour) {
          colour = rgbCss(viridis(key / 255));
          colours.set(key, colour);
        }
        const xa = px(xEdges[i]!);
        const xb = px(xEdges[i + 1]!);
        const left = Math.floor(Math.min(xa, xb) * dpr) / dpr;
        ctx.fillStyle = colour;
        ctx.fillRect(left, top, Math.ceil(Math.max(xa, xb) * dpr) / dpr - left, h);
      }
    }
  }, [values, grid, xEdges, yEdges, plotW, plotH, range.min, range.max]);

  const allIso = useMemo(() => {
    const given = isoLines.map((l, k) => ({ level: convertFromSI(l.level, grid.unit, valueUnit), label: l.label, colour: l.colour ?? ISO_COLOURS[k % ISO_COLOURS.length]! }));
    const extra = parseLevels(extraLevels).map((level, k) => ({ level, label: 'Iso-line', colour: ISO_COLOURS[(given.length + k) % ISO_COLOURS.length]! }));
    return [...given, ...extra];
  }, [isoLines, extraLevels, grid.unit, valueUnit]);

  const isoPaths = useMemo(
    () =>
      allIso.map((line) => {
        const segments = marchingSquares(values, xs, ys, line.level);
        const d = segments.map(([a, b]) => `M${px(a[0]).toFixed(1)} ${py(a[1]).toFixed(1)}L${px(b[0]).toFixed(1)} ${py(b[1]).toFixed(1)}`).join('');
        return { ...line, d, empty: segments.length === 0 };
      }),
    [allIso, values, xs, ys, plotW, plotH, xMin, yMin, xMax, yMax],
  );

  const xTicks = niceTicks(xMin, xMax, tickIntervals(plotW, textWidth(longestTickLabel(xMin, xMax), FONT_PX)));
  const yTicks = niceTicks(yMin, yMax, Math.max(2, Math.round(plotH / 60)));
  const unitSuffix = valueUnit ? ` (${valueUnit})` : '';
  const barX = left + plotW + 18;

  function onMove(event: PointerEvent<SVGRectElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    const fx = (event.clientX - rect.left) / (rect.width || 1);
    const fy = (event.clientY - rect.top) / (rect.height || 1);
    const x = xMin + fx * (xMax - xMin);
    const y = yMax - fy * (yMax - yMin);
    const i = cellIndex(xEdges, x);
    const j = cellIndex(yEdges, y);
    setHover(i >= 0 && j >= 0 ? { i, j, x, y } : null);
  }

  const hoverValue = hover ? values[hover.j * grid.nx + hover.i] : undefined;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box ref={container} sx={{ width: '100%', position: 'relative' }}>
        <Box sx={{ position: 'relative', width: svgW, height: svgH, maxWidth: '100%' }}>
          <canvas ref={canvas} style={{ position: 'absolute', left, top: MARGIN.top, width: plotW, height: plotH }} aria-hidden />
          <svg width={svgW} height={svgH} role="img" aria-label={label} data-testid="field-map" style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible', fontSize: 11, fontFamily: 'inherit' }}>
            <g transform={`translate(${left},${MARGIN.top})`}>
              <rect x={0} y={0} width={plotW} height={plotH} fill="none" stroke="#5f6b77" strokeWidth={1} />
              {xTicks.map((t) => (
                <g key={`x${t}`} transform={`translate(${px(t)},${plotH})`}>
                  <line y2={5} stroke="#5f6b77" />
                  <text y={16} textAnchor="middle" fill="#37424d">
                    {compactTick(t)}
                  </text>
                </g>
              ))}
              {yTicks.map((t) => (
                <g key={`y${t}`} transform={`translate(0,${py(t)})`}>
                  <line x2={-5} stroke="#5f6b77" />
                  <text x={-8} dy="0.32em" textAnchor="end" fill="#37424d">
                    {compactTick(t)}
                  </text>
                </g>
              ))}
              <text x={plotW / 2} y={plotH + 33} textAnchor="middle" fill="#37424d" fontWeight={500}>
                {grid.x.name} ({xu.unit})
              </text>
              <text transform={`translate(${-(yLabelPx + 22)},${plotH / 2}) rotate(-90)`} textAnchor="middle" fill="#37424d" fontWeight={500}>
                {grid.y.name} ({yu.unit})
              </text>
              <svg x={0} y={0} width={plotW} height={plotH} overflow="hidden">
                {overlays.map((o, k) => (
                  <path
                    key={`overlay${k}`}
                    data-testid="overlay-line"
                    d={o.segments.map(([a, b]) => `M${px(a[0] * xu.factor).toFixed(1)} ${py(a[1] * yu.factor).toFixed(1)}L${px(b[0] * xu.factor).toFixed(1)} ${py(b[1] * yu.factor).toFixed(1)}`).join('')}
                    stroke={o.colour}
                    strokeOpacity={0.85}
                    strokeWidth={1}
                    fill="none"
                  />
                ))}
                {isoPaths.map((p, k) => (
                  <g key={k} data-testid="iso-line">
                    <path d={p.d} stroke="#000" strokeOpacity={0.55} strokeWidth={3.2} fill="none" strokeLinecap="round" />
                    <path d={p.d} stroke={p.colour} strokeWidth={1.6} fill="none" strokeLinecap="round" />
                  </g>
                ))}
                {hover ? (
                  <rect
                    x={Math.min(px(xEdges[hover.i]!), px(xEdges[hover.i + 1]!))}
                    y={Math.min(py(yEdges[hover.j]!), py(yEdges[hover.j + 1]!))}
                    width={Math.abs(px(xEdges[hover.i + 1]!) - px(xEdges[hover.i]!))}
                    height={Math.abs(py(yEdges[hover.j + 1]!) - py(yEdges[hover.j]!))}
                    fill="none"
                    stroke="#fff"
                    strokeWidth={1.5}
                  />
                ) : null}
              </svg>
              <rect x={0} y={0} width={plotW} height={plotH} fill="transparent" style={{ cursor: 'crosshair' }} onPointerMove={onMove} onPointerLeave={() => setHover(null)} />
            </g>
            <ColourBarGroup x={barX} y={MARGIN.top} height={plotH} range={range} unit={valueUnit} />
          </svg>
        </Box>
      </Box>

      <Typography variant="body2" aria-live="polite" sx={{ minHeight: 20, fontVariantNumeric: 'tabular-nums' }} data-testid="field-readout">
        {hover
          ? `${grid.x.name} ${formatNumber(hover.x, 4)} ${xu.unit}, ${grid.y.name} ${formatNumber(hover.y, 4)} ${yu.unit}: ${hoverValue !== undefined && Number.isFinite(hoverValue) ? `${formatNumber(hoverValue)}${valueUnit ? ` ${valueUnit}` : ''}` : 'no value'}`
          : `Range ${data ? `${formatNumber(data.min)} – ${formatNumber(data.max)}${valueUnit ? ` ${valueUnit}` : ''}` : '—'} · ${grid.nx} × ${grid.ny} cells · hover for values`}
      </Typography>
      {scaleNote ? (
        <Typography variant="caption" color="text.secondary" data-testid="map-scale-note">
          {scaleNote}
        </Typography>
      ) : null}

      {isoPaths.length > 0 ? (
        <Box component="ul" aria-label="Iso-lines" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, p: 0 }}>
          {isoPaths.map((p, k) => (
            <Box component="li" key={k} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 13 }}>
              <svg width={26} height={10} aria-hidden>
                <line x1={1} x2={25} y1={5} y2={5} stroke="#000" strokeOpacity={0.55} strokeWidth={3.2} />
                <line x1={1} x2={25} y1={5} y2={5} stroke={p.colour} strokeWidth={1.6} />
              </svg>
              {p.label} {formatNumber(p.level)}
              {valueUnit ? ` ${valueUnit}` : ''}
              {p.empty ? ' (not reached)' : ''}
            </Box>
          ))}
        </Box>
      ) : null}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={locked}
              onChange={(e) => {
                setLocked(e.target.checked);
                const shown = shownRange ?? data;
                if (e.target.checked && shown && lockMin === '' && lockMax === '') {
                  setLockMin(String(Number(shown.min.toPrecision(4))));
                  setLockMax(String(Number(shown.max.toPrecision(4))));
                }
              }}
            />
          }
          label="Lock range"
        />
        <RangeBoundField label={`Minimum${unitSuffix}`} value={lockMin} onChange={setLockMin} locked={locked} invalid={lockInvalid} />
        <RangeBoundField label={`Maximum${unitSuffix}`} value={lockMax} onChange={setLockMax} locked={locked} invalid={lockInvalid} helperText={lockInvalid ? 'Must be above the minimum' : undefined} />
        <TextField
          size="small"
          label={`Iso-lines${unitSuffix}`}
          placeholder="e.g. 723, 1450"
          value={extraLevels}
          onChange={(e) => setExtraLevels(e.target.value)}
          sx={{ width: 200 }}
        />
      </Box>
    </Box>
  );
}

/** One end of the locked colour range, in display units; editable only while the range is locked. */
function RangeBoundField({ label, value, onChange, locked, invalid, helperText }: { label: string; value: string; onChange(value: string): void; locked: boolean; invalid: boolean; helperText?: string }) {
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={value}
      disabled={!locked}
      onChange={(e) => onChange(e.target.value)}
      error={invalid}
      helperText={helperText}
      sx={{ width: 150 }}
      slotProps={{ htmlInput: { step: 'any' } }}
    />
  );
}
