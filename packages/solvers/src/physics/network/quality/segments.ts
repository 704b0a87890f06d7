// Chains of volume segments (EPANET 2.3 qualroute.c addseg, reversesegs): the first segment at the
// downstream end of a link (a tank's outlet), new water added at the last; used-up segments are kept
// on a free list for reuse.

import { Segment, type QualityState } from './state.js';

export function addSegment(s: QualityState, k: number, v: number, c: number): void {
  let seg = s.free;
  if (seg) {
    s.free = seg.prev;
    seg.v = v;
    seg.c = c;
    seg.prev = null;
  } else seg = new Segment(v, c);
  if (s.first[k] === null) s.first[k] = seg;
  const last = s.last[k];
  if (last) last.prev = seg;
  s.last[k] = seg;
}

export function reverseSegments(s: QualityState, k: number): void {
  let seg = s.first[k] ?? null;
  s.first[k] = s.last[k] ?? null;
  s.last[k] = seg;
  let previous: Segment | null = null;
  while (seg !== null) {
    const next: Segment | null = seg.prev;
    seg.prev = previous;
    previous = seg;
    seg = next;
  }
}
