// Touch on the canvas map, as on any map: one finger pans, two fingers pinch to zoom about their
// midpoint and pan with it (viewTransform.ts pinchStep). A tap still selects: the browser's click
// follows a touch that did not move, and a touch that moved the map reports itself to the click
// that may follow it, which then selects nothing. Native listeners, not React's, because React
// registers touchmove as passive and the page would scroll under the finger; the canvas also says
// `touch-action: none`.
import { useEffect, useRef, type RefObject } from 'react';
import { panBy, pinchStep, type TouchPair, type Viewport, type ZoomState } from './viewTransform';

type Update = (change: (vp: Viewport, s: ZoomState) => ZoomState) => void;
type Point = { px: number; py: number };

/** A finger that moves farther than this (CSS px) from where it touched pans the map. */
export const TOUCH_SLOP_PX = 6;
/** How long after the last finger lifts a click may still be that touch's (ms). */
const CLICK_AFTER_TOUCH_MS = 800;

export function useTouchGestures(canvas: RefObject<HTMLCanvasElement | null>, update: Update) {
  const moved = useRef(false);
  const liftedAt = useRef(-Infinity);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const fingers = new Map<number, Point>();
    let start: Point | null = null;
    let panning = false;
    const at = (t: Touch): Point => {
      const rect = el.getBoundingClientRect();
      return { px: t.clientX - rect.left, py: t.clientY - rect.top };
    };
    const onStart = (event: TouchEvent) => {
      for (const t of Array.from(event.changedTouches)) fingers.set(t.identifier, at(t));
      if (fingers.size === 1) {
        start = [...fingers.values()][0]!;
        panning = false;
        moved.current = false;
      }
    };
    const onMove = (event: TouchEvent) => {
      if (fingers.size === 0) return;
      event.preventDefault();
      const before = new Map(fingers);
      for (const t of Array.from(event.changedTouches)) if (fingers.has(t.identifier)) fingers.set(t.identifier, at(t));
      const ids = [...fingers.keys()];
      if (ids.length >= 2) {
        const [a, b] = [ids[0]!, ids[1]!];
        moved.current = true;
        // The positions are taken now: React applies the change when it renders next, after a
        // touchend may have removed these fingers from the map.
        const from: TouchPair = [before.get(a)!, before.get(b)!];
        const to: TouchPair = [fingers.get(a)!, fingers.get(b)!];
        update((vp, s) => pinchStep(vp, s, from, to));
        return;
      }
      const now = fingers.get(ids[0]!)!;
      const from = panning ? before.get(ids[0]!)! : start;
      if (!from) return;
      if (!panning && Math.hypot(now.px - from.px, now.py - from.py) <= TOUCH_SLOP_PX) return;
      panning = true;
      moved.current = true;
      update((vp, s) => panBy(vp, s, now.px - from.px, now.py - from.py));
    };
    const onEnd = (event: TouchEvent) => {
      for (const t of Array.from(event.changedTouches)) fingers.delete(t.identifier);
      // One finger left of a pinch pans on from where it is, without a jump.
      panning = fingers.size === 1 && moved.current;
      if (fingers.size === 0) liftedAt.current = performance.now();
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, [canvas, update]);

  /** Whether the click now arriving ends a touch that moved the map (a mouse click later does not); asks once. */
  return () => {
    const was = moved.current && performance.now() - liftedAt.current < CLICK_AFTER_TOUCH_MS;
    moved.current = false;
    return was;
  };
}
