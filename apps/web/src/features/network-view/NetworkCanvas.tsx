// The network map on a <canvas>, for networks too large for an SVG element per node and link (100 000
// junctions would be 200 000 React elements). The geometry is packed and indexed for picking once per
// network; the picture is redrawn in an animation frame when the colours, the selection, the size or
// the view change (several wheel events within a frame make one drawing). The map zooms and pans
// (useMapZoom: wheel, drag, double-click, keys, the corner buttons); drawing and picking go through
// the same view transform. A click selects the element under the pointer (a node within a few
// pixels first, else a link); hovering shows the element's description, picked at most once an
// animation frame. From the keyboard, the focused map shows a cross at its centre: the arrow keys
// bring an element under it and Enter (or space) selects it.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { Box, Typography } from '@mui/material';
import { drawNetwork, markerSizes, type DrawOptions, type MarkerSizes } from './drawNetwork';
import { packGeometry, type PackedGeometry } from './mapGeometry';
import { buildPickIndex, pickOnScreen, type MapPick, type PickIndex } from './mapPicking';
import { BACKGROUND, type MapSelection, type NetworkMapProps } from './mapProps';
import { MapZoomControls } from './MapZoomControls';
import { useMapZoom } from './useMapZoom';
import type { MapView } from './viewTransform';

/** The width drawn at when the container reports none (no layout, as in jsdom). */
const FALLBACK_WIDTH = 800;
/** How far from a node or a link's line, beyond its marker, a pointer still picks it (CSS px). */
const PICK_MARGIN_PX = 2;
/** The least picking radius (CSS px), however small the markers. */
const PICK_MIN_PX = 3;

const nextFrame = (callback: () => void): number => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(callback) : window.setTimeout(callback, 16));
const cancelFrame = (frame: number) => (typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame(frame) : window.clearTimeout(frame));

/** The container's width, followed with ResizeObserver where there is one (else the window's resizes). */
function useContainerWidth(container: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const measure = () => {
      const w = el.clientWidth || FALLBACK_WIDTH;
      setWidth((prev) => (Math.abs(prev - w) >= 1 ? w : prev));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [container]);
  return width;
}

const selectionIndex = (ids: readonly string[], selected: MapSelection | null, elements: 'node' | 'link') => (selected?.elements === elements ? ids.indexOf(selected.id) : -1);

/** The element under a point of the canvas (CSS px from its top left), within its marker's size on screen plus a margin. */
function pickPixel(index: PickIndex, view: MapView, sizes: MarkerSizes, px: number, py: number): MapPick | null {
  const nodeRadius = Math.max(PICK_MIN_PX, sizes.junction + PICK_MARGIN_PX);
  const linkRadius = Math.max(PICK_MIN_PX, Math.max(...sizes.link) / 2 + PICK_MARGIN_PX);
  return pickOnScreen(index, view, px, py, nodeRadius, linkRadius);
}

const toSelection = (g: PackedGeometry, pick: MapPick): MapSelection => ({ elements: pick.elements, id: pick.elements === 'node' ? g.nodeIds[pick.index]! : g.linkIds[pick.index]! });

interface Hover {
  /** The view picked in (a new network, size or zoom makes a new one): a hover from an earlier view is not shown. */
  view: MapView;
  pick: MapPick;
  px: number;
  py: number;
}

/**
 * Hover picking, at most once an animation frame, always through the latest view; the hovered
 * element changes state only when it changes. When the view changes under a still pointer (a wheel
 * zoom, a key) the element now under it is picked again.
 */
function useHover(view: MapView, pickAtPixel: (px: number, py: number) => MapPick | null) {
  const [hover, setHover] = useState<Hover | null>(null);
  const pointer = useRef<{ px: number; py: number } | null>(null);
  const frame = useRef(0);
  const current = useRef({ view, pickAtPixel });
  useLayoutEffect(() => {
    current.current = { view, pickAtPixel };
  });
  useEffect(() => () => cancelFrame(frame.current), []);
  const schedule = useCallback(() => {
    if (frame.current) return;
    frame.current = nextFrame(() => {
      frame.current = 0;
      const at = pointer.current;
      if (!at) return;
      const { view: v, pickAtPixel: pick } = current.current;
      const found = pick(at.px, at.py);
      setHover((prev) => (found === null ? null : prev && prev.view === v && prev.pick.elements === found.elements && prev.pick.index === found.index ? prev : { view: v, pick: found, ...at }));
    });
  }, []);
  useEffect(() => {
    if (pointer.current) schedule();
  }, [view, schedule]);
  const onMove = (px: number, py: number) => {
    pointer.current = { px, py };
    schedule();
  };
  const onLeave = () => {
    pointer.current = null;
    setHover(null);
  };
  return { hover, onMove, onLeave };
}

/**
 * Draws in an animation frame whenever what is drawn changes; a change before the frame replaces
 * the pending drawing (several wheel events in a frame are drawn once, at the last view).
 */
function useDrawing(canvas: RefObject<HTMLCanvasElement | null>, geometry: PackedGeometry, options: Omit<DrawOptions, 'pixelRatio'>) {
  const { width, height, colours, coloured, selectedNode, selectedLink, view, zoom } = options;
  useEffect(() => {
    const el = canvas.current;
    if (!el || width <= 0) return;
    const frame = nextFrame(() => {
      const ctx = el.getContext('2d');
      // No 2-D context (jsdom, or a browser out of canvas memory): nothing to draw on.
      if (!ctx) return;
      const ratio = window.devicePixelRatio || 1;
      const w = Math.round(width * ratio);
      const h = Math.round(height * ratio);
      if (el.width !== w) el.width = w;
      if (el.height !== h) el.height = h;
      drawNetwork(ctx, geometry, { width, height, pixelRatio: ratio, colours, coloured, selectedNode, selectedLink, view, zoom });
    });
    return () => cancelFrame(frame);
  }, [canvas, geometry, colours, coloured, selectedNode, selectedLink, width, height, view, zoom]);
}

function MapTooltip({ hover, width, height, text }: { hover: Hover; width: number; height: number; text: string }) {
  return (
    <Box
      data-testid="network-map-tooltip"
      sx={{ position: 'absolute', left: Math.min(hover.px + 12, Math.max(0, width - 240)), top: Math.min(hover.py + 12, Math.max(0, height - 48)), maxWidth: 240, pointerEvents: 'none', bgcolor: 'rgba(97, 97, 97, 0.92)', color: '#fff', fontSize: 12, borderRadius: 1, px: 1, py: 0.5 }}
    >
      {text}
    </Box>
  );
}

/** Where Enter picks: a cross at the canvas's centre while the map has the keyboard focus. */
function CentreCross() {
  const arm = { position: 'absolute', bgcolor: 'primary.main', boxShadow: '0 0 0 1px #fff' } as const;
  return (
    <Box data-testid="network-map-centre" aria-hidden sx={{ position: 'absolute', left: '50%', top: '50%', width: 0, height: 0, pointerEvents: 'none' }}>
      <Box sx={{ ...arm, left: -9, top: -1, width: 18, height: 2 }} />
      <Box sx={{ ...arm, left: -1, top: -9, width: 2, height: 18 }} />
    </Box>
  );
}

const pixel = (event: MouseEvent<HTMLCanvasElement>) => {
  const rect = event.currentTarget.getBoundingClientRect();
  return { px: event.clientX - rect.left, py: event.clientY - rect.top };
};

export function NetworkCanvas({ network, colours, coloured, selected, onSelect, height, describe }: NetworkMapProps) {
  const geometry = useMemo(() => packGeometry(network), [network]);
  const index = useMemo(() => buildPickIndex(geometry), [geometry]);
  const container = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = useContainerWidth(container);
  const zoom = useMapZoom(canvas, geometry.bounds, Math.max(1, width), height);
  const view = zoom.view;
  // Picking needs the sizes only roughly: those of a 1:1 screen.
  const sizes = useMemo(() => markerSizes(geometry, view, 1, zoom.zoom), [geometry, view, zoom.zoom]);
  const selectedNode = useMemo(() => selectionIndex(geometry.nodeIds, selected, 'node'), [geometry, selected]);
  const selectedLink = useMemo(() => selectionIndex(geometry.linkIds, selected, 'link'), [geometry, selected]);
  useDrawing(canvas, geometry, { width, height, colours, coloured, selectedNode, selectedLink, view, zoom: zoom.zoom });

  const { hover, onMove, onLeave } = useHover(view, (px, py) => pickPixel(index, view, sizes, px, py));
  const [focused, setFocused] = useState(false);
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if ((event.key === 'Enter' || event.key === ' ') && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      const pick = pickPixel(index, view, sizes, Math.max(1, width) / 2, height / 2);
      if (pick) onSelect(toSelection(geometry, pick));
      return;
    }
    zoom.handlers.onKeyDown(event);
  };
  const onClick = (event: MouseEvent<HTMLCanvasElement>) => {
    // The release of a drag: the map was moved, nothing is selected.
    if (zoom.clickEndsDrag()) return;
    const { px, py } = pixel(event);
    const pick = pickPixel(index, view, sizes, px, py);
    if (pick) onSelect(toSelection(geometry, pick));
  };
  const nodes = geometry.nodeIds.length.toLocaleString('en-US');
  const links = geometry.linkIds.length.toLocaleString('en-US');
  const cursor = zoom.dragging ? 'grabbing' : hover ? 'pointer' : zoom.canZoomOut ? 'grab' : 'default';

  return (
    <Box>
      <Box sx={{ position: 'relative' }}>
        <Box ref={container} data-testid="network-map" role="img" aria-label="Network map" sx={{ position: 'relative', width: '100%', height }}>
          <canvas
            ref={canvas}
            data-testid="network-map-canvas"
            tabIndex={0}
            aria-label="Network map: + and − zoom, the arrow keys pan, 0 fits the map, Enter selects the element at the centre"
            style={{ display: 'block', width: '100%', height, background: BACKGROUND, cursor, touchAction: 'none' }}
            onClick={onClick}
            {...zoom.handlers}
            onKeyDown={onKeyDown}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onMouseMove={(event) => {
              const { px, py } = pixel(event);
              onMove(px, py);
            }}
            onMouseLeave={onLeave}
          />
          {focused ? <CentreCross /> : null}
          {hover && hover.view === view && !zoom.dragging ? <MapTooltip hover={hover} width={width} height={height} text={describe(toSelection(geometry, hover.pick))} /> : null}
        </Box>
        <MapZoomControls canZoomIn={zoom.canZoomIn} canZoomOut={zoom.canZoomOut} onZoomIn={zoom.zoomIn} onZoomOut={zoom.zoomOut} onFit={zoom.fit} />
      </Box>
      <Typography variant="caption" color="text.secondary" data-testid="network-map-note">
        Drawn on a canvas: {nodes} nodes and {links} links; click an element to select it (or bring it under the centre's cross with the arrow keys and press Enter), point at one to read it; the wheel, a pinch, the buttons or + and − zoom, a drag or the arrow keys pan.
        {geometry.unplaced > 0 ? ` ${geometry.unplaced.toLocaleString('en-US')} nodes have no coordinates and are not drawn.` : ''}
      </Typography>
    </Box>
  );
}
