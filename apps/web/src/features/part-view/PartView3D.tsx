// Loaded lazily (its own chunk with three.js): a [time, x, y, z] field as the part in 3-D, its exposed
// cell faces coloured by the value (viridis, as the 2-D maps) with a colour bar, a time selector,
// orbit controls (drag: rotate, wheel: zoom, right-drag: pan) and the CSV of the time shown.
// Drawn on demand (after a change, not in a loop) and with unlit colours, so a software WebGL stays
// quick. Without WebGL 2 (jsdom, some browsers) the controls stay and a note replaces the drawing.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Checkbox, FormControlLabel, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { BufferAttribute, BufferGeometry, Color, LinearSRGBColorSpace, Mesh, MeshBasicMaterial, PerspectiveCamera, Scene, WebGLRenderer } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { chooseDisplayUnit, convertFromSI, formatNumber, formatWithUnit } from '../../lib/displayUnits';
import { ColourBar, quantityTitle } from '../simulations/results/ColourBar';
import { colourRange, normalise, viridis } from '../simulations/results/fieldData';
import type { FieldArray } from '../simulations/results/fieldData';
import { frameFilename, type FieldExport } from '../simulations/results/fieldViews';
import { exposedFaces, fitView } from './faces';
import { hottestTime, partVolume } from './volume';

const HEIGHT = 420;
const FOV = 40;
/** Lengths in m are drawn in mm (comfortable camera distances). */
const SCALE = 1000;

export interface PartView3DProps {
  array: FieldArray;
  label: string;
  onExport?: (target: FieldExport | null) => void;
}

interface Stage {
  renderer: WebGLRenderer;
  scene: Scene;
  camera: PerspectiveCamera;
  controls: OrbitControls;
  mesh: Mesh<BufferGeometry, MeshBasicMaterial>;
  render(): void;
  fitted: boolean;
}

/** A WebGL 2 context for the canvas, or null (jsdom has none and logs when asked). */
function webgl2Context(canvas: HTMLCanvasElement): WebGL2RenderingContext | null {
  if (typeof navigator === 'undefined' || /jsdom/i.test(navigator.userAgent)) return null;
  try {
    return canvas.getContext('webgl2', { antialias: true, alpha: false, powerPreference: 'low-power' });
  } catch {
    return null;
  }
}

export default function PartView3D({ array, label, onExport }: PartView3DProps) {
  const volume = useMemo(() => partVolume(array), [array]);
  const [index, setIndex] = useState(() => hottestTime(volume));
  const [perTime, setPerTime] = useState(false);
  const [status, setStatus] = useState<'starting' | 'ready' | 'unavailable'>('starting');
  const container = useRef<HTMLDivElement>(null);
  const stage = useRef<Stage | null>(null);
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
    const canvas = document.createElement('canvas');
    const context = webgl2Context(canvas);
    if (!context) {
      setStatus('unavailable');
      return;
    }
    const renderer = new WebGLRenderer({ canvas, context, antialias: true });
    // The vertex colours are sRGB already (the colour bar's): no conversion on output.
    renderer.outputColorSpace = LinearSRGBColorSpace;
    renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    renderer.setClearColor(new Color(0xf4f6f8), 1);
    canvas.style.display = 'block';
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label);
    canvas.dataset.testid = 'part-view-canvas';
    el.appendChild(canvas);
    const scene = new Scene();
    const camera = new PerspectiveCamera(FOV, 1, 0.1, 10_000);
    camera.up.set(0, 0, 1);
    const mesh = new Mesh(new BufferGeometry(), new MeshBasicMaterial({ vertexColors: true }));
    scene.add(mesh);
    const controls = new OrbitControls(camera, canvas);
    const render = () => renderer.render(scene, camera);
    controls.addEventListener('change', render);
    const current: Stage = { renderer, scene, camera, controls, mesh, render, fitted: false };
    stage.current = current;
    const resize = () => {
      const width = Math.max(200, el.clientWidth);
      renderer.setSize(width, HEIGHT);
      camera.aspect = width / HEIGHT;
      camera.updateProjectionMatrix();
      render();
    };
    resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(el);
    setStatus('ready');
    return () => {
      observer?.disconnect();
      controls.removeEventListener('change', render);
      controls.dispose();
      mesh.geometry.dispose();
      mesh.material.dispose();
      renderer.dispose();
      // Free the context now (browsers keep only a few): three's listeners are gone, so it stays quiet.
      context.getExtension('WEBGL_lose_context')?.loseContext();
      canvas.remove();
      stage.current = null;
    };
    // The label only names the canvas; the stage is not rebuilt for it.
  }, []);

  // The faces of the time shown (and the first camera placement).
  useEffect(() => {
    const s = stage.current;
    if (!s || status !== 'ready') return;
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(faces.positions, 3));
    geometry.setAttribute('color', new BufferAttribute(faces.colours, 3));
    geometry.setIndex(new BufferAttribute(faces.indices, 1));
    geometry.computeBoundingSphere();
    s.mesh.geometry.dispose();
    s.mesh.geometry = geometry;
    if (!s.fitted && faces.bounds) {
      const view = fitView(faces.bounds, FOV, s.camera.aspect);
      s.camera.position.set(...view.position);
      s.camera.near = view.near;
      s.camera.far = view.far;
      s.camera.updateProjectionMatrix();
      s.controls.target.set(...view.target);
      s.controls.update();
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
        <ColourBar range={shown} title={`${quantityTitle(volume.unit, volume.name)}${unit ? ` (${unit})` : ''}`} height={HEIGHT - 16} />
      </Box>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="part-view-readout">
        t = {timeText(time)}: {frameRange ? `${formatNumber(convertFromSI(frameRange.min, volume.unit, unit))} – ${formatNumber(convertFromSI(frameRange.max, volume.unit, unit))}${unit ? ` ${unit}` : ''}` : 'no values'} ·{' '}
        {volume.filledCells(time).toLocaleString('en-GB')} of {cells.toLocaleString('en-GB')} cells with a value · {faces.faceCount.toLocaleString('en-GB')} faces drawn · drag to rotate, wheel to zoom,
        right-drag to pan
      </Typography>
    </Box>
  );
}
