// Chains of volume segments (EPANET 2.3 qualroute.c addseg, reversesegs), kept in typed arrays: a
// segment is an index into `v` (volume), `c` (quality) and `prev` (the next segment upstream, −1 at
// the end). Chain k runs from `first[k]` (the downstream end of a link, a tank's outlet) to `last[k]`,
// where new water joins. Used-up segments go on a free list and are reused, so a run allocates
// little after its first steps.

export const NONE = -1;

export class SegmentPool {
  v: Float64Array;
  c: Float64Array;
  prev: Int32Array;
  /** The chain each segment was last added to (reactions sweep the pool in index order by it). */
  link: Int32Array;
  /** Segments handed out so far (the free list reuses them). */
  used = 0;
  free = NONE;
  /** Where larger arrays come from when the pool grows, if not plain arrays (routing-wasm.ts). */
  storage: { resize(pool: SegmentPool, capacity: number): void } | undefined;

  constructor(
    public first: Int32Array,
    public last: Int32Array,
    capacity: number,
  ) {
    this.v = new Float64Array(capacity);
    this.c = new Float64Array(capacity);
    this.prev = new Int32Array(capacity);
    this.link = new Int32Array(capacity);
    first.fill(NONE);
    last.fill(NONE);
  }

  /** Appends a segment of volume v and quality c at the upstream end of chain k. */
  add(k: number, v: number, c: number): void {
    let seg = this.free;
    if (seg !== NONE) this.free = this.prev[seg]!;
    else {
      if (this.used === this.v.length) this.grow(1);
      seg = this.used++;
    }
    this.v[seg] = v;
    this.c[seg] = c;
    this.prev[seg] = NONE;
    this.link[seg] = k;
    if (this.first[k] === NONE) this.first[k] = seg;
    const last = this.last[k]!;
    if (last !== NONE) this.prev[last] = seg;
    this.last[k] = seg;
  }

  /** Returns segment `seg` to the free list. */
  release(seg: number): void {
    this.prev[seg] = this.free;
    this.free = seg;
  }

  reverse(k: number): void {
    let seg = this.first[k]!;
    this.first[k] = this.last[k]!;
    this.last[k] = seg;
    let previous = NONE;
    while (seg !== NONE) {
      const next = this.prev[seg]!;
      this.prev[seg] = previous;
      previous = seg;
      seg = next;
    }
  }

  /** Makes room for `count` more segments without growing (callers that cache the arrays). */
  reserve(count: number): void {
    if (this.used + count > this.v.length) this.grow(count);
  }

  private grow(count: number): void {
    const capacity = Math.max(1024, this.v.length * 2, this.used + count);
    if (this.storage) return this.storage.resize(this, capacity);
    const v = new Float64Array(capacity);
    const c = new Float64Array(capacity);
    const prev = new Int32Array(capacity);
    const link = new Int32Array(capacity);
    link.set(this.link);
    v.set(this.v);
    c.set(this.c);
    prev.set(this.prev);
    this.v = v;
    this.c = c;
    this.prev = prev;
    this.link = link;
  }
}
