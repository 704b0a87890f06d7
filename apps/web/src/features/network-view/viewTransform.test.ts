// The canvas map's view as pure functions: 1× centred is the fitted view, zooming about a point of
// the map keeps it under the pointer, panning moves the map by screen pixels, the zoom and the
// centre are clamped (zooming all the way out is the fitted view again), and screen and map points
// convert both ways.
import { describe, expect, it } from 'vitest';
import { MAX_ZOOM, MIN_ZOOM, clampState, fitView, fittedState, panBy, pinchStep, toMap, toScreen, viewOf, visibleRect, zoomAbout, type Viewport, type ZoomState } from './viewTransform';

// A wide view box in a canvas of another shape: x is the tight axis (fitted exactly), y has room.
const vp: Viewport = { bounds: { x: -100, y: -600, width: 1000, height: 400, size: 900 }, width: 800, height: 520 };
const fitted = fittedState(vp.bounds);

const expectClose = <T extends object>(a: T, b: T, digits = 9) => {
  for (const key of Object.keys(b) as (keyof T)[]) expect(a[key] as number, String(key)).toBeCloseTo(b[key] as number, digits);
};

describe('the view transform', () => {
  it('is the fitted view at 1×, centred on the view box', () => {
    expect(fitted).toEqual({ zoom: 1, cx: 400, cy: -400 });
    expectClose(viewOf(vp, fitted), fitView(vp.bounds, vp.width, vp.height));
  });

  it('converts between screen and map points both ways', () => {
    const view = viewOf(vp, { zoom: 37.5, cx: 123, cy: -321 });
    for (const [px, py] of [[0, 0], [800, 520], [13.25, 400.5]] as const) {
      const m = toMap(view, px, py);
      expectClose(toScreen(view, m.x, m.y), { px, py });
    }
    // The centre of the canvas shows the state's centre.
    expectClose(toMap(view, 400, 260), { x: 123, y: -321 });
  });

  it('keeps the map point under the pointer where it is when zooming about it', () => {
    let state: ZoomState = fitted;
    // Points all over the view box, near its corners included, zooming in by several factors.
    const pointer: [number, number][] = [[10, 120], [790, 400], [400, 260], [55.5, 390], [700, 140], [400, 260]];
    for (const [i, [px, py]] of pointer.entries()) {
      const before = toMap(viewOf(vp, state), px, py);
      state = zoomAbout(vp, state, [2, 1.26, 7, 3, 1.5, 10][i]!, px, py);
      expectClose(toMap(viewOf(vp, state), px, py), before, 6);
    }
    expect(state.zoom).toBeCloseTo(2 * 1.26 * 7 * 3 * 1.5 * 10, 9);
    // Zooming out about a point keeps it too while the centre stays within its clamp.
    const at = toMap(viewOf(vp, state), 400, 260);
    const out = zoomAbout(vp, state, 0.5, 400, 260);
    expectClose(toMap(viewOf(vp, out), 400, 260), at, 6);
  });

  it('clamps the zoom to 1×–2 000×, and zooming all the way out fits the map again', () => {
    let state = fitted;
    for (let i = 0; i < 20; i++) state = zoomAbout(vp, state, 2, 100, 100);
    expect(state.zoom).toBe(MAX_ZOOM);
    expect(zoomAbout(vp, state, 2, 100, 100).zoom).toBe(MAX_ZOOM);
    for (let i = 0; i < 20; i++) state = zoomAbout(vp, state, 0.5, 700, 500);
    expect(state).toEqual({ zoom: MIN_ZOOM, cx: fitted.cx, cy: fitted.cy });
    expect(clampState(vp.bounds, { zoom: Number.NaN, cx: 0, cy: 0 })).toEqual(fitted);
  });

  it('pans by screen pixels, within the view box', () => {
    // At the fitted view there is nowhere to go.
    expect(panBy(vp, fitted, 50, -30)).toEqual(fitted);
    const zoomed = zoomAbout(vp, fitted, 4, 400, 260);
    const view = viewOf(vp, zoomed);
    const moved = panBy(vp, zoomed, 50, -30);
    const p = toScreen(view, 300, -450);
    expectClose(toScreen(viewOf(vp, moved), 300, -450), { px: p.px + 50, py: p.py - 30 });
    // Dragged far to the right: stops with the view box's left edge at the canvas's left edge
    // (x is fitted exactly, so at 4× the canvas shows a quarter of it).
    const far = panBy(vp, zoomed, 1e6, 0);
    expect(toScreen(viewOf(vp, far), vp.bounds.x, 0).px).toBeCloseTo(0, 9);
    // And on the loose axis never beyond the view box's middle ± (1 − 1/zoom) of its half-height.
    const down = panBy(vp, zoomed, 0, -1e6);
    expect(down.cy).toBeCloseTo(-400 + 200 * 0.75, 9);
  });

  it('gives the map rectangle on screen, widened by a margin', () => {
    const view = viewOf(vp, { zoom: 10, cx: 200, cy: -500 });
    const r = visibleRect(view, vp.width, vp.height);
    expect((r.maxX - r.minX) / (r.maxY - r.minY)).toBeCloseTo(800 / 520, 9);
    expectClose({ x: (r.minX + r.maxX) / 2, y: (r.minY + r.maxY) / 2 }, { x: 200, y: -500 });
    const wide = visibleRect(view, vp.width, vp.height, 8);
    expect(r.minX - wide.minX).toBeCloseTo(8 / view.scale, 9);
  });
});

describe('a two-finger gesture', () => {
  it('zooms by the fingers’ spread and keeps the map point under their midpoint under it', () => {
    const from = [{ px: 300, py: 200 }, { px: 400, py: 300 }] as const;
    // Spread ×2.5 and the midpoint moved by (40, −25) px.
    const to = [{ px: 215, py: 62.5 }, { px: 465, py: 312.5 }] as const;
    const under = toMap(viewOf(vp, fitted), 350, 250);
    const state = pinchStep(vp, fitted, from, to);
    expect(state.zoom).toBeCloseTo(2.5, 12);
    expectClose(toMap(viewOf(vp, state), 340, 187.5), under, 6);
  });

  it('pans alone when the spread does not change, and stays within the clamp', () => {
    const zoomed = zoomAbout(vp, fitted, 4, 400, 260);
    const state = pinchStep(vp, zoomed, [{ px: 100, py: 100 }, { px: 200, py: 100 }], [{ px: 130, py: 90 }, { px: 230, py: 90 }]);
    expect(state.zoom).toBeCloseTo(4, 12);
    expectClose(state, panBy(vp, zoomed, 30, -10));
    // Pinching in past the fitted view returns to it.
    expectClose(pinchStep(vp, zoomed, [{ px: 0, py: 0 }, { px: 400, py: 0 }], [{ px: 190, py: 0 }, { px: 210, py: 0 }]), fitted);
  });
});
