// Zoom and pan of the canvas map in jsdom (no 2-D context: what is checked is what a click picks
// afterwards, and the drawing calls on a recording context): the wheel zooms about the pointer, a
// drag pans and selects nothing while a press that barely moves still selects, the tooltip follows
// the zoom under a still pointer, the corner buttons and the keys zoom, pan and fit, one finger pans and two pinch, and several
// wheel events in a frame are drawn once. Expected screen positions are worked out here from the
// fitted view: zooming by f about P takes a point s to P + (s − P) · f, and a pan adds its offset.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { packGeometry } from './mapGeometry';
import { NetworkMap } from './NetworkMap';
import { gridNetwork, recordingContext } from './testSupport';
import { fitView } from './viewTransform';

const WIDTH = 800; // jsdom has no layout: the canvas falls back to 800 px wide
const HEIGHT = 520;
const LEFT = 30;
const TOP = 40;
// 60 × 50 junctions 100 apart: fitted, about 9.3 px apart on screen.
const network = gridNetwork(60, 50);
const fitted = fitView(packGeometry(network).bounds, WIDTH, HEIGHT);

type Point = { x: number; y: number };
/** Canvas position of a map point (x, y up as in the document) at the fitted view. */
const fittedAt = (x: number, y: number): Point => ({ x: x * fitted.scale + fitted.dx, y: -y * fitted.scale + fitted.dy });
const zoomed = (s: Point, about: Point, f: number): Point => ({ x: about.x + (s.x - about.x) * f, y: about.y + (s.y - about.y) * f });
const client = (p: Point) => ({ clientX: p.x + LEFT, clientY: p.y + TOP });
const CENTRE = { x: WIDTH / 2, y: HEIGHT / 2 };

function renderMap(onSelect = vi.fn()) {
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({ left: LEFT, top: TOP, x: LEFT, y: TOP, width: WIDTH, height: HEIGHT, right: LEFT + WIDTH, bottom: TOP + HEIGHT, toJSON: () => ({}) });
  render(<NetworkMap network={network} colours={new Map()} coloured="node" selected={null} onSelect={onSelect} height={HEIGHT} describe={(s) => `${s.elements} ${s.id}`} />);
  return { canvas: screen.getByTestId('network-map-canvas'), onSelect };
}

/** A press and release at one point, and the click the browser then sends. */
function tap(canvas: HTMLElement, p: Point) {
  fireEvent.mouseDown(canvas, { ...client(p), button: 0 });
  fireEvent.mouseUp(canvas, { ...client(p), button: 0 });
  fireEvent.click(canvas, client(p));
}

const frames = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

describe('the canvas map zooms and pans', () => {
  it('zooms about the pointer with the wheel: a click then picks at the new scale', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { canvas, onSelect } = renderMap();
    // 40 units right of J30_25 on the pipe H30_25: 3.7 px from the junction when fitted.
    const q = fittedAt(3040, 2500);
    tap(canvas, q);
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J30_25' });
    // Zooming out of the fitted view is left to the page (it scrolls); zooming in is the map's.
    expect(fireEvent.wheel(canvas, { ...client(q), deltaY: 100 })).toBe(true);
    for (let i = 0; i < 3; i++) expect(fireEvent.wheel(canvas, { ...client(q), deltaY: -300 })).toBe(false);
    // 8×: the same point is now 30 px from the junction, on the pipe.
    tap(canvas, q);
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'link', id: 'H30_25' });
    // J31_26 moved away from q eightfold; where it was is now empty.
    const before = fittedAt(3100, 2600);
    tap(canvas, zoomed(before, q, 8));
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J31_26' });
    onSelect.mockClear();
    tap(canvas, before);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('describes what is under a still pointer after a wheel zoom', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { canvas } = renderMap();
    const q = fittedAt(3040, 2500);
    fireEvent.mouseMove(canvas, client(q));
    await waitFor(() => expect(screen.getByTestId('network-map-tooltip').textContent).toBe('node J30_25'));
    for (let i = 0; i < 3; i++) fireEvent.wheel(canvas, { ...client(q), deltaY: -300 });
    await waitFor(() => expect(screen.getByTestId('network-map-tooltip').textContent).toBe('link H30_25'));
  });

  it('pans with a drag that selects nothing, while a press that barely moves selects', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { canvas, onSelect } = renderMap();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    const node = zoomed(fittedAt(2000, 1500), CENTRE, 2);
    const moved = { x: node.x + 60, y: node.y - 40 };
    fireEvent.mouseDown(canvas, { ...client(node), button: 0 });
    fireEvent.mouseMove(canvas, client({ x: node.x + 30, y: node.y - 20 }));
    fireEvent.mouseMove(canvas, client(moved));
    fireEvent.mouseUp(canvas, { ...client(moved), button: 0 });
    // The release of the drag is over J20_15's new place, and still selects nothing.
    fireEvent.click(canvas, client(moved));
    expect(onSelect).not.toHaveBeenCalled();
    tap(canvas, moved);
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J20_15' });
    // A press that moves 2 px before its release is a click.
    const next = zoomed(fittedAt(2100, 1500), CENTRE, 2);
    const at = { x: next.x + 60, y: next.y - 40 };
    fireEvent.mouseDown(canvas, { ...client(at), button: 0 });
    fireEvent.mouseMove(canvas, client({ x: at.x + 2, y: at.y + 1 }));
    fireEvent.mouseUp(canvas, { ...client({ x: at.x + 2, y: at.y + 1 }), button: 0 });
    fireEvent.click(canvas, client({ x: at.x + 2, y: at.y + 1 }));
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J21_15' });
  });

  it('zooms in and out about the centre and fits with the corner buttons; double-click zooms in about the point', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { canvas, onSelect } = renderMap();
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    const fit = screen.getByRole('button', { name: 'Fit' });
    expect([zoomOut.hasAttribute('disabled'), fit.hasAttribute('disabled')]).toEqual([true, true]);
    fireEvent.click(zoomIn);
    fireEvent.click(zoomIn);
    expect([zoomOut.hasAttribute('disabled'), fit.hasAttribute('disabled')]).toEqual([false, false]);
    const j = fittedAt(2800, 2300);
    tap(canvas, zoomed(j, CENTRE, 4));
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J28_23' });
    fireEvent.click(zoomOut);
    tap(canvas, zoomed(j, CENTRE, 2));
    expect(onSelect).toHaveBeenCalledTimes(2);
    fireEvent.click(fit);
    expect(fit.hasAttribute('disabled')).toBe(true);
    onSelect.mockClear();
    tap(canvas, j);
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J28_23' });
    // A double-click (its two clicks select as clicks do) zooms in twice about its point.
    const p = fittedAt(1040, 800);
    fireEvent.doubleClick(canvas, client(p));
    tap(canvas, zoomed(fittedAt(1100, 900), p, 2));
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J11_9' });
  });

  it('zooms with + and −, pans with the arrow keys and fits with 0 when focused', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { canvas, onSelect } = renderMap();
    expect(canvas.tabIndex).toBe(0);
    canvas.focus();
    expect(fireEvent.keyDown(canvas, { key: '+' })).toBe(false);
    expect(fireEvent.keyDown(canvas, { key: 'ArrowRight' })).toBe(false);
    fireEvent.keyDown(canvas, { key: 'ArrowUp' });
    // ×2 about the centre, then the map moved 80 px left and 80 px down.
    const j = fittedAt(3300, 2700);
    const now = zoomed(j, CENTRE, 2);
    tap(canvas, { x: now.x - 80, y: now.y + 80 });
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J33_27' });
    fireEvent.keyDown(canvas, { key: '0' });
    tap(canvas, j);
    expect(onSelect).toHaveBeenCalledTimes(2);
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J33_27' });
    fireEvent.keyDown(canvas, { key: '+' });
    fireEvent.keyDown(canvas, { key: '-' });
    tap(canvas, j);
    expect(onSelect).toHaveBeenCalledTimes(3);
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J33_27' });
    // Other keys are left alone, and so is the browser's own zoom.
    expect(fireEvent.keyDown(canvas, { key: 'a' })).toBe(true);
    expect(fireEvent.keyDown(canvas, { key: '+', ctrlKey: true })).toBe(true);
  });

  it('pans with one finger and zooms with two about their midpoint; a tap selects, a touch that moved the map does not', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { canvas, onSelect } = renderMap();
    expect(canvas.style.touchAction).toBe('none');
    const touch = (identifier: number, p: Point) => ({ identifier, ...client(p) });
    // Two fingers 100 px apart about J20_15, spread to 300 px: ×3 about it, the midpoint kept.
    const j = fittedAt(2000, 1500);
    const [a, b] = [{ x: j.x - 50, y: j.y }, { x: j.x + 50, y: j.y }];
    fireEvent.touchStart(canvas, { changedTouches: [touch(1, a), touch(2, b)], touches: [touch(1, a), touch(2, b)] });
    const [a2, b2] = [{ x: j.x - 150, y: j.y }, { x: j.x + 150, y: j.y }];
    // The page does not scroll under the fingers.
    expect(fireEvent.touchMove(canvas, { changedTouches: [touch(1, a2), touch(2, b2)], touches: [touch(1, a2), touch(2, b2)] })).toBe(false);
    fireEvent.touchEnd(canvas, { changedTouches: [touch(1, a2), touch(2, b2)], touches: [] });
    fireEvent.click(canvas, client(j));
    expect(onSelect).not.toHaveBeenCalled();
    // J21_15 moved away from J20_15 threefold.
    tap(canvas, zoomed(fittedAt(2100, 1500), j, 3));
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J21_15' });
    // One finger drags the map 50 px right and 30 px up: J21_15 follows it.
    const from = zoomed(fittedAt(2100, 1500), j, 3);
    const to = { x: from.x + 50, y: from.y - 30 };
    fireEvent.touchStart(canvas, { changedTouches: [touch(3, from)], touches: [touch(3, from)] });
    fireEvent.touchMove(canvas, { changedTouches: [touch(3, { x: from.x + 25, y: from.y - 15 })], touches: [touch(3, { x: from.x + 25, y: from.y - 15 })] });
    fireEvent.touchMove(canvas, { changedTouches: [touch(3, to)], touches: [touch(3, to)] });
    fireEvent.touchEnd(canvas, { changedTouches: [touch(3, to)], touches: [] });
    onSelect.mockClear();
    fireEvent.click(canvas, client(to));
    expect(onSelect).not.toHaveBeenCalled();
    tap(canvas, to);
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J21_15' });
    // A touch that stays within the slop is a tap: its click selects.
    fireEvent.touchStart(canvas, { changedTouches: [touch(4, to)], touches: [touch(4, to)] });
    fireEvent.touchMove(canvas, { changedTouches: [touch(4, { x: to.x + 3, y: to.y })], touches: [touch(4, { x: to.x + 3, y: to.y })] });
    fireEvent.touchEnd(canvas, { changedTouches: [touch(4, { x: to.x + 3, y: to.y })], touches: [] });
    onSelect.mockClear();
    fireEvent.click(canvas, client(to));
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J21_15' });
  });

  it('zooms by a pinch whose fingers lift before the map draws again (the browser renders after both events)', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { canvas, onSelect } = renderMap();
    const touch = (identifier: number, p: Point) => ({ identifier, ...client(p) });
    const j = fittedAt(2000, 1500);
    const [a, b] = [{ x: j.x - 50, y: j.y }, { x: j.x + 50, y: j.y }];
    const [a2, b2] = [{ x: j.x - 150, y: j.y }, { x: j.x + 150, y: j.y }];
    fireEvent.touchStart(canvas, { changedTouches: [touch(1, a), touch(2, b)], touches: [touch(1, a), touch(2, b)] });
    // The move and the lift in one batch: the view changes only after the fingers are gone, so the
    // change must carry the positions of the move (it once read them when applied and threw).
    act(() => {
      fireEvent.touchMove(canvas, { changedTouches: [touch(1, a2), touch(2, b2)], touches: [touch(1, a2), touch(2, b2)] });
      fireEvent.touchEnd(canvas, { changedTouches: [touch(1, a2), touch(2, b2)], touches: [] });
    });
    // The click that ends the gesture selects nothing; the next one picks at the new scale (×3).
    fireEvent.click(canvas, client(j));
    expect(onSelect).not.toHaveBeenCalled();
    tap(canvas, zoomed(fittedAt(2100, 1500), j, 3));
    expect(onSelect).toHaveBeenLastCalledWith({ elements: 'node', id: 'J21_15' });
  });

  it('selects from the keyboard: the focused map shows a cross at its centre, the arrow keys bring an element under it, Enter selects it', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { canvas, onSelect } = renderMap();
    expect(screen.queryByTestId('network-map-centre')).toBeNull();
    act(() => canvas.focus());
    expect(screen.getByTestId('network-map-centre')).toBeTruthy();
    // Zoomed 2× about the centre, Enter selects what is under the cross; panned 80 px (the map moves
    // left), Enter selects another element, the one a click at the centre now picks, and the first
    // is where the pan took it.
    fireEvent.keyDown(canvas, { key: '+' });
    expect(fireEvent.keyDown(canvas, { key: 'Enter' })).toBe(false);
    const first = onSelect.mock.calls.at(-1)?.[0];
    expect(first).toBeDefined();
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    fireEvent.keyDown(canvas, { key: ' ' });
    const second = onSelect.mock.calls.at(-1)?.[0];
    expect(second).toBeDefined();
    expect(second).not.toEqual(first);
    tap(canvas, CENTRE);
    expect(onSelect.mock.calls.at(-1)?.[0]).toEqual(second);
    tap(canvas, { x: CENTRE.x - 80, y: CENTRE.y });
    expect(onSelect.mock.calls.at(-1)?.[0]).toEqual(first);
    act(() => canvas.blur());
    expect(screen.queryByTestId('network-map-centre')).toBeNull();
  });

  it('draws once for several wheel events in a frame, fewer links zoomed in', async () => {
    const ctx = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    const { canvas } = renderMap();
    await frames();
    expect(ctx.named('clearRect')).toHaveLength(1);
    const links = ctx.named('moveTo').length;
    ctx.calls.length = 0;
    for (let i = 0; i < 4; i++) fireEvent.wheel(canvas, { ...client(fittedAt(1000, 1000)), deltaY: -300 });
    await frames();
    expect(ctx.named('clearRect')).toHaveLength(1);
    // 16× about J10_10: a few dozen pipes on screen of 5 891.
    expect(ctx.named('moveTo').length).toBeLessThan(links / 20);
    expect(ctx.named('moveTo').length).toBeGreaterThan(10);
  });
});
