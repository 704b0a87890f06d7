// The canvas map's view: which part of the map is on screen and how large. It is kept as a zoom
// factor over the fitted view (the view box fitted into the canvas, as the SVG's "xMidYMid meet")
// and the map point at the canvas's centre, so that it survives a resize; the transform drawing and
// picking both use (px = x · scale + dx) is derived from it. Pure functions: zoom about a point keeps
// that point where it is on screen, pan moves the map by screen pixels, and both are clamped — the
// zoom to 1×–2 000× of the fitted view, the centre to a box that is the map's centre at 1× and
// grows to the whole view box as the zoom grows (so zooming in about any point of the map keeps
// that point exactly under the pointer, and zooming all the way out returns to the fitted view).
import type { MapBounds } from './mapGeometry';

/** Map units to CSS pixels: px = x · scale + dx, py = y · scale + dy. */
export interface MapView {
  scale: number;
  dx: number;
  dy: number;
}

/** What a view is fitted to: the map's view box and the canvas's size in CSS pixels. */
export interface Viewport {
  bounds: MapBounds;
  width: number;
  height: number;
}

/** The zoom over the fitted view and the map point (screen axes, map units) at the canvas's centre. */
export interface ZoomState {
  zoom: number;
  cx: number;
  cy: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 2000;

/** The view box scaled to fit the canvas and centred (meet). */
export function fitView(bounds: MapBounds, width: number, height: number): MapView {
  const scale = Math.max(1e-12, Math.min(width / bounds.width, height / bounds.height));
  return { scale, dx: (width - bounds.width * scale) / 2 - bounds.x * scale, dy: (height - bounds.height * scale) / 2 - bounds.y * scale };
}

/** The fitted view as a zoom state: 1×, centred on the view box. */
export function fittedState(bounds: MapBounds): ZoomState {
  return { zoom: 1, cx: bounds.x + bounds.width / 2, cy: bounds.y + bounds.height / 2 };
}

/** The transform of a zoom state. At 1× centred it is the fitted view. */
export function viewOf(vp: Viewport, state: ZoomState): MapView {
  const scale = fitView(vp.bounds, vp.width, vp.height).scale * state.zoom;
  return { scale, dx: vp.width / 2 - state.cx * scale, dy: vp.height / 2 - state.cy * scale };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The zoom within [MIN_ZOOM, MAX_ZOOM], the centre within (1 − 1/zoom) of the view box's half-sides around its middle. */
export function clampState(bounds: MapBounds, state: ZoomState): ZoomState {
  const zoom = clamp(Number.isFinite(state.zoom) ? state.zoom : MIN_ZOOM, MIN_ZOOM, MAX_ZOOM);
  const room = 1 - 1 / zoom;
  const mx = bounds.x + bounds.width / 2;
  const my = bounds.y + bounds.height / 2;
  const hx = (bounds.width / 2) * room;
  const hy = (bounds.height / 2) * room;
  return { zoom, cx: clamp(state.cx, mx - hx, mx + hx), cy: clamp(state.cy, my - hy, my + hy) };
}

/** The map point under a canvas point. */
export function toMap(view: MapView, px: number, py: number): { x: number; y: number } {
  return { x: (px - view.dx) / view.scale, y: (py - view.dy) / view.scale };
}

/** The canvas point of a map point. */
export function toScreen(view: MapView, x: number, y: number): { px: number; py: number } {
  return { px: x * view.scale + view.dx, py: y * view.scale + view.dy };
}

/** Zooms by `factor` about the canvas point (px, py): the map point under it stays under it (unless clamped). */
export function zoomAbout(vp: Viewport, state: ZoomState, factor: number, px: number, py: number): ZoomState {
  const at = toMap(viewOf(vp, state), px, py);
  const zoom = clamp(state.zoom * factor, MIN_ZOOM, MAX_ZOOM);
  const scale = fitView(vp.bounds, vp.width, vp.height).scale * zoom;
  // at · scale + dx = px with dx = width / 2 − c · scale.
  return clampState(vp.bounds, { zoom, cx: at.x + (vp.width / 2 - px) / scale, cy: at.y + (vp.height / 2 - py) / scale });
}

/** Moves the map by (dxPx, dyPx) CSS pixels on screen (as a drag does), within the clamp. */
export function panBy(vp: Viewport, state: ZoomState, dxPx: number, dyPx: number): ZoomState {
  const scale = viewOf(vp, state).scale;
  return clampState(vp.bounds, { zoom: state.zoom, cx: state.cx - dxPx / scale, cy: state.cy - dyPx / scale });
}

/** Two touch points on the canvas (CSS px). */
export type TouchPair = readonly [{ px: number; py: number }, { px: number; py: number }];

/**
 * One step of a two-finger gesture from `from` to `to`: the zoom follows the fingers' spread and the
 * map point under their midpoint moves with the midpoint (pinch and two-finger pan together).
 */
export function pinchStep(vp: Viewport, state: ZoomState, from: TouchPair, to: TouchPair): ZoomState {
  const spread = (t: TouchPair) => Math.hypot(t[1].px - t[0].px, t[1].py - t[0].py);
  const mid = (t: TouchPair) => ({ px: (t[0].px + t[1].px) / 2, py: (t[0].py + t[1].py) / 2 });
  const [a, b] = [mid(from), mid(to)];
  const factor = spread(from) > 0 ? spread(to) / spread(from) : 1;
  return panBy(vp, zoomAbout(vp, state, factor, a.px, a.py), b.px - a.px, b.py - a.py);
}

/** The map rectangle on screen (screen axes, map units), widened by `marginPx` CSS pixels each side. */
export interface MapRect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function visibleRect(view: MapView, width: number, height: number, marginPx = 0): MapRect {
  const a = toMap(view, -marginPx, -marginPx);
  const b = toMap(view, width + marginPx, height + marginPx);
  return { minX: a.x, minY: a.y, maxX: b.x, maxY: b.y };
}
