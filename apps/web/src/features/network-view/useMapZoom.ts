// Zoom and pan of the canvas map, as a map is used: the wheel zooms about the pointer, a drag with
// the primary button pans (and is then not a click: only a press and release that barely moves
// selects), a double-click zooms in about the point, and with the canvas focused + and − zoom about
// the centre, the arrow keys pan and 0 fits; on a touch screen one finger pans and two pinch
// (useTouchGestures.ts). The view is React state (a zoom over the fitted view
// and the map point at the centre, see viewTransform.ts), reset to the fitted view for a new
// network; every wheel event updates it, and the canvas redraws once an animation frame whatever
// the number of updates in between.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import type { MapBounds } from './mapGeometry';
import { useTouchGestures } from './useTouchGestures';
import { MAX_ZOOM, MIN_ZOOM, fittedState, panBy, viewOf, zoomAbout, type Viewport, type ZoomState } from './viewTransform';

/** The zoom step of the buttons, the keys and a double-click. */
export const ZOOM_STEP = 2;
/** A press that moves farther than this (CSS px) before its release is a drag, not a click. */
export const DRAG_THRESHOLD_PX = 4;
/** How far an arrow key moves the map (CSS px). */
export const KEY_PAN_PX = 80;

/** The zoom factor of a wheel event: a mouse wheel's notch (100 px) zooms by 2^(1/3), a trackpad pinch (ctrl + wheel) as Chromium scales pages. */
export function wheelFactor(event: Pick<WheelEvent, 'deltaY' | 'deltaMode' | 'ctrlKey'>, pageHeight: number): number {
  const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? pageHeight : 1;
  const delta = Math.min(300, Math.max(-300, event.deltaY * unit));
  return event.ctrlKey ? Math.exp(-delta / 100) : 2 ** (-delta / 300);
}

interface Held {
  bounds: MapBounds;
  state: ZoomState;
}

const same = (a: ZoomState, b: ZoomState) => a.zoom === b.zoom && a.cx === b.cx && a.cy === b.cy;

/** The view state and its changes; a state held for other bounds (another network) reads as the fitted view. */
function useZoomState(bounds: MapBounds, width: number, height: number) {
  const [held, setHeld] = useState<Held | null>(null);
  const fitted = useMemo(() => fittedState(bounds), [bounds]);
  const state = held && held.bounds === bounds ? held.state : fitted;
  const viewport = useMemo<Viewport>(() => ({ bounds, width, height }), [bounds, width, height]);
  const latest = useRef({ viewport, state });
  useLayoutEffect(() => {
    latest.current = { viewport, state };
  });
  const update = useCallback((change: (vp: Viewport, s: ZoomState) => ZoomState) => {
    setHeld((prev) => {
      const vp = latest.current.viewport;
      const s = prev && prev.bounds === vp.bounds ? prev.state : fittedState(vp.bounds);
      const next = change(vp, s);
      return same(next, s) ? prev : { bounds: vp.bounds, state: next };
    });
  }, []);
  const view = useMemo(() => viewOf(viewport, state), [viewport, state]);
  return { state, view, update, latest };
}

/** Panning by dragging: window listeners from the press to the release, so a drag may leave the canvas. */
function useDragPan(update: ReturnType<typeof useZoomState>['update']) {
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ startX: number; startY: number; lastX: number; lastY: number; moved: boolean } | null>(null);
  const wasDrag = useRef(false);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const onMouseDown = (event: MouseEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    // No text selection while dragging; the canvas is focused by hand (the default would have).
    event.preventDefault();
    event.currentTarget.focus({ preventScroll: true });
    stop.current?.();
    drag.current = { startX: event.clientX, startY: event.clientY, lastX: event.clientX, lastY: event.clientY, moved: false };
    wasDrag.current = false;
    const move = (e: globalThis.MouseEvent) => {
      const d = drag.current;
      if (!d) return;
      if (!d.moved && Math.hypot(e.clientX - d.startX, e.clientY - d.startY) <= DRAG_THRESHOLD_PX) return;
      if (!d.moved) setDragging(true);
      d.moved = true;
      const [dx, dy] = [e.clientX - d.lastX, e.clientY - d.lastY];
      d.lastX = e.clientX;
      d.lastY = e.clientY;
      update((vp, s) => panBy(vp, s, dx, dy));
    };
    const up = () => {
      wasDrag.current = drag.current?.moved ?? false;
      stop.current?.();
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
    stop.current = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      drag.current = null;
      stop.current = null;
      setDragging(false);
    };
  };
  /** Whether the click now arriving ends a drag (and so selects nothing); asks once. */
  const clickEndsDrag = () => {
    const was = wasDrag.current;
    wasDrag.current = false;
    return was;
  };
  return { dragging, onMouseDown, clickEndsDrag };
}

const pointIn = (event: { clientX: number; clientY: number }, el: Element) => {
  const rect = el.getBoundingClientRect();
  return { px: event.clientX - rect.left, py: event.clientY - rect.top };
};

/** Zoom and pan of the map drawn in `canvas` over `bounds`, at the canvas's CSS size. */
export function useMapZoom(canvas: RefObject<HTMLCanvasElement | null>, bounds: MapBounds, width: number, height: number) {
  const { state, view, update, latest } = useZoomState(bounds, width, height);
  const { dragging, onMouseDown, clickEndsDrag: clickEndsMouseDrag } = useDragPan(update);
  const clickEndsTouchDrag = useTouchGestures(canvas, update);
  // Both asked, so that neither keeps a stale answer for the next click.
  const clickEndsDrag = () => [clickEndsMouseDrag(), clickEndsTouchDrag()].some(Boolean);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    // Not React's onWheel: it is passive, and the page would scroll as the map zooms.
    const onWheel = (event: WheelEvent) => {
      const factor = wheelFactor(event, latest.current.viewport.height);
      // Zooming out of the fitted view: the page scrolls instead, so a map does not trap the wheel.
      if (factor < 1 && latest.current.state.zoom <= MIN_ZOOM) return;
      event.preventDefault();
      const { px, py } = pointIn(event, el);
      update((vp, s) => zoomAbout(vp, s, factor, px, py));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [canvas, update, latest]);

  const zoomCentre = useCallback((factor: number) => update((vp, s) => zoomAbout(vp, s, factor, vp.width / 2, vp.height / 2)), [update]);
  const fit = useCallback(() => update((vp) => fittedState(vp.bounds)), [update]);

  const onDoubleClick = (event: MouseEvent<HTMLCanvasElement>) => {
    const { px, py } = pointIn(event, event.currentTarget);
    update((vp, s) => zoomAbout(vp, s, ZOOM_STEP, px, py));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const pans: Record<string, [number, number]> = { ArrowLeft: [KEY_PAN_PX, 0], ArrowRight: [-KEY_PAN_PX, 0], ArrowUp: [0, KEY_PAN_PX], ArrowDown: [0, -KEY_PAN_PX] };
    const pan = pans[event.key];
    if (pan) update((vp, s) => panBy(vp, s, pan[0], pan[1]));
    else if (event.key === '+' || event.key === '=') zoomCentre(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_' || event.key === '\u2212') zoomCentre(1 / ZOOM_STEP);
    else if (event.key === '0') fit();
    else return;
    event.preventDefault();
  };

  return {
    view,
    zoom: state.zoom,
    canZoomIn: state.zoom < MAX_ZOOM,
    canZoomOut: state.zoom > MIN_ZOOM,
    dragging,
    zoomIn: () => zoomCentre(ZOOM_STEP),
    zoomOut: () => zoomCentre(1 / ZOOM_STEP),
    fit,
    clickEndsDrag,
    handlers: { onMouseDown, onDoubleClick, onKeyDown },
  };
}
