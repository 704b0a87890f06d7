// Loaded lazily (its own chunk): a [time, a, b] field as an animated heat map: one colour range over
// all frames, play/pause, a time slider (the time in its unit) and the CSV of the frame shown.
import { useEffect, useMemo, useState } from 'react';
import { Box, IconButton, Slider, Tooltip, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiPause, mdiPlay } from '@mdi/js';
import { formatWithUnit } from '../../../lib/displayUnits';
import type { FieldArray } from './fieldData';
import FieldMap, { type IsoLine } from './FieldMap';
import { fieldFrames, frameFilename, type FieldExport } from './fieldViews';

/** Time between frames while playing (ms). */
export const FRAME_INTERVAL_MS = 300;

export interface FieldFramesProps {
  array: FieldArray;
  /** Accessible name of the map (`… map`). */
  label: string;
  isoLines?: IsoLine[];
  /** Receives the CSV export of the frame shown whenever it changes. */
  onExport?: (target: FieldExport | null) => void;
}

export default function FieldFrames({ array, label, isoLines, onExport }: FieldFramesProps) {
  const frames = useMemo(() => fieldFrames(array), [array]);
  const count = frames.times.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const frame = Math.min(index, count - 1);

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), FRAME_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing, count]);

  useEffect(() => {
    onExport?.({ csv: () => frames.csv(frame), filename: frameFilename(array.name, frames.times[frame]!, frames.timeUnit) });
  }, [onExport, frames, frame, array.name]);
  useEffect(() => () => onExport?.(null), [onExport]);

  const grid = useMemo(() => frames.grid(frame), [frames, frame]);
  const timeText = (k: number) => formatWithUnit(frames.times[k]!, frames.timeUnit, { digits: 4 });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 0.5 }}>
        <Tooltip title={playing ? 'Pause' : 'Play'}>
          <span>
            <IconButton onClick={() => setPlaying((p) => !p)} aria-label={playing ? 'Pause' : 'Play'} disabled={count < 2} color="primary">
              <Icon path={playing ? mdiPause : mdiPlay} size={1} aria-hidden />
            </IconButton>
          </span>
        </Tooltip>
        <Slider
          value={frame}
          min={0}
          max={Math.max(0, count - 1)}
          step={1}
          marks
          onChange={(_, value) => {
            setPlaying(false);
            setIndex(Array.isArray(value) ? value[0]! : value);
          }}
          aria-label="Time"
          getAriaValueText={timeText}
          valueLabelDisplay="auto"
          valueLabelFormat={timeText}
          sx={{ flexGrow: 1 }}
        />
        <Typography variant="body2" data-testid="frame-time" sx={{ minWidth: 150, fontVariantNumeric: 'tabular-nums' }}>
          t = {timeText(frame)} ({frame + 1} of {count})
        </Typography>
      </Box>
      <FieldMap grid={grid} label={`${label} map`} isoLines={isoLines} range={frames.range} />
    </Box>
  );
}
