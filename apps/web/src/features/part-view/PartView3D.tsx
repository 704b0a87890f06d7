// Loaded lazily (its own chunk with three.js): a [time, x, y, z] field as the part in 3-D, its exposed
// cell faces coloured by the value (viridis, as the 2-D maps) with a colour bar, a time selector,
// orbit controls (drag: rotate, wheel: zoom, right-drag: pan) and the CSV of the time shown.
// Drawn on demand (after a change, not in a loop) and with unlit colours, so a software WebGL stays
// quick. Without WebGL 2 (jsdom, some browsers) the controls stay and a note replaces the drawing.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Checkbox, FormControlLabel, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { chooseDisplayUnit, convertFromSI, formatNumber, formatWithUnit } from '../../lib/displayUnits';
import { ColourBar, quantityTitle } from '../simulations/results/ColourBar';
import { colourRange, normalise, viridis } from '../simulations/results/fieldData';
import type { FieldArray } from '../simulations/results/fieldData';
import { frameFilename, type FieldExport } from '../simulations/results/fieldViews';
import { exposedFaces, fitView } from './faces';
import { createStage, FOV, type Stage } from './stage';
import { hottestTime, partVolume } from './volume';

const HEIGHT = 420;
/** Lengths in m are drawn in mm (comfortable camera distances). */
const SCALE = 1000;

export interface PartView3DProps {
  array: FieldArray;
  label: string;
  onExport?: (target: FieldExport | null) => void;
}

export default function PartView3D({ array, label, onExport }: PartView3DProps) {
  const volume = useMemo(() => partVolume(array), [array]);
  const [index, setIndex] = useState(() => hottestTime(volume));
  const [perTime, setPerTime] = useState(false);
  const [status, setStatus] = useState<'starting' | 'ready' | 'unavailable'>('starting');
  const container = useRef<HTMLDivElement>(null);
  const stage = useRef<(Stage & { fitted: boolean }) | null>(null);
  const time = Math.min(index, volume.times.length - 1);

  const siRange = colourRange(perTime ? volume.frameRange(time) : volume.range, null);
  const unit = chooseDisplayUnit(volume.unit, Math.max(Math.abs(siRange.min), Math.abs(siRange.max)));
  const shown = { min: convertFromSI(siRange.min, volume.unit, unit), max: convertFromSI(siRange.max, volume.unit, unit) };
  const faces = useMemo(
    () =>
      exposedFaces(
        { n: volume.n, edges: volume.edges, value: (ix, iy, iz) => volume.value(time, ix, iy, iz) },
        (v) => viridis(normalise(v, siRange)).map((c) => c / 255) as [number, number, number],
        SCALE,
      ),
    // siRange is rebuilt every render: its bounds are the dependency.
    [volume, time, siRange.min, siRange.max],
  );

  // The three.js stage: created once, disposed with the component.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const created = createStage(el, { label, testId: 'part-view-canvas' });
    if (!created) {
      setStatus('unavailable');
      return;
    }
    const current = Object.assign(created, { fitted: false });
    stage.current = current;
    const resize = () => current.resize(HEIGHT);
    resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(el);
    setStatus('ready');
    return () => {
      observer?.disconnect();
      current.dispose();
      stage.current = null;
    };
    // The label only names the canvas; the stage is not rebuilt for it.
  }, []);

  // The faces of the time shown (and the first camera placement).
  useEffect(() => {
    const s = stage.current;
    if (!s || status !== 'ready') return;
    s.show(faces);
    if (!s.fitted && faces.bounds) {
      s.aim(fitView(faces.bounds, FOV, s.camera.aspect));
      s.fitted = true;
    }
    s.render();
  }, [faces, status]);

  useEffect(() => {
    onExport?.({ csv: () => volume.csv(time), filename: frameFilename(volume.name, volume.times[time]!, volume.timeUnit) });
  }, [onExport, volume, time]);
  useEffect(() => () => onExport?.(null), [onExport]);

  const timeText = (k: number) => formatWithUnit(volume.times[k]!, volume.timeUnit, { digits: 4 });
  const frameRange = volume.frameRange(time);
  const cells = volume.n[0] * volume.n[1] * volume.n[2];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={time}
          onChange={(_, value: number | null) => {
            if (value !== null) setIndex(value);
          }}
          aria-label="Time"
          sx={{ flexWrap: 'wrap' }}
        >
          {volume.times.map((_, k) => (
            <ToggleButton key={k} value={k} aria-label={`t = ${timeText(k)}`} sx={{ textTransform: 'none' }}>
              {timeText(k)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <FormControlLabel control={<Checkbox size="small" checked={perTime} onChange={(e) => setPerTime(e.target.checked)} />} label="Colours scaled to this time" />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Box ref={container} sx={{ flexGrow: 1, minWidth: 0, height: HEIGHT, borderRadius: 1, overflow: 'hidden', bgcolor: '#f4f6f8', position: 'relative' }} data-testid="part-view">
          {status === 'unavailable' ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              The 3-D view needs WebGL 2, which this browser does not offer here.
            </Typography>
          ) : null}
        </Box>
        <ColourBar range={shown} unit={unit} quantity={quantityTitle(volume.unit, volume.name)} height={HEIGHT - 40} />
      </Box>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="part-view-readout">
        t = {timeText(time)}: {frameRange ? `${formatNumber(convertFromSI(frameRange.min, volume.unit, unit))} – ${formatNumber(convertFromSI(frameRange.max, volume.unit, unit))}${unit ? ` ${unit}` : ''}` : 'no values'} ·{' '}
        {volume.filledCells(time).toLocaleString('en-GB')} of {cells.toLocaleString('en-GB')} cells with a value · {faces.faceCount.toLocaleString('en-GB')} faces drawn · drag to rotate, wheel to zoom,
        right-drag to pan
      </Typography>
    </Box>
  );
}
