// Loaded lazily (its own chunk with three.js): the plate's deflection as a warped, coloured surface
// with orbit controls. Without WebGL 2 (jsdom, some browsers) a note replaces the drawing.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { DoubleSide } from 'three';
import { chooseDisplayUnit, convertFromSI, formatNumber } from '../../../lib/displayUnits';
import { fitView } from '../../part-view/faces';
import { createStage, FOV } from '../../part-view/stage';
import { ColourBar } from '../../simulations/results/ColourBar';
import { colourRange, dataRange, normalise, viridis, type FieldGrid } from '../../simulations/results/fieldData';
import { warpedSurface } from './warpedSurface';

const HEIGHT = 380;

export default function DeflectionSurface3D({ grid, label }: { grid: FieldGrid; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'starting' | 'ready' | 'unavailable'>('starting');
  const range = useMemo(() => colourRange(dataRange(grid.values), null), [grid]);
  const unit = chooseDisplayUnit(grid.unit, Math.max(Math.abs(range.min), Math.abs(range.max)));
  const shown = { min: convertFromSI(range.min, grid.unit, unit), max: convertFromSI(range.max, grid.unit, unit) };
  const surface = useMemo(() => warpedSurface(grid, (v) => viridis(normalise(v, range)).map((c) => c / 255) as [number, number, number]), [grid, range]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const stage = createStage(el, { label, side: DoubleSide });
    if (!stage) {
      setStatus('unavailable');
      return;
    }
    stage.show(surface);
    stage.resize(HEIGHT);
    const view = fitView(surface.bounds, FOV, stage.camera.aspect);
    const back = 0.6 * (surface.bounds.max[1] - surface.bounds.min[1]);
    stage.aim({ ...view, position: [view.position[0], view.position[1] - back, view.position[2]] });
    stage.render();
    setStatus('ready');
    return () => stage.dispose();
  }, [surface, label]);

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'stretch' }}>
      <Box ref={container} sx={{ flexGrow: 1, minHeight: status === 'unavailable' ? 0 : HEIGHT }} data-testid="deflection-3d">
        {status === 'unavailable' ? <Typography color="text.secondary">The 3-D view needs WebGL 2, which this browser does not offer; the 2-D map shows the same field.</Typography> : null}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <ColourBar range={shown} unit={unit} quantity="Deflection" height={HEIGHT - 60} />
        <Typography variant="caption" color="text.secondary" data-testid="warp-factor">
          Heights × {formatNumber(surface.exaggeration, 3)}
        </Typography>
      </Box>
    </Box>
  );
}
