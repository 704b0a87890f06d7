// Approximate minimum degree ordering on the quotient graph (after Amestoy, Davis & Duff, "An
// approximate minimum degree ordering algorithm", SIAM J. Matrix Anal. Appl. 17(4), 1996; written
// here from the paper's description, without supervariables). The explicit elimination graph of
// minimum-degree.ts rewrites every neighbour's list into a clique at each step, which made the
// ordering cost about as much as all the Newton trials of a 10 000-junction network; here an
// eliminated node becomes an "element" that stands for its clique, so the lists never grow, and a
// node's degree is bounded from above by the paper's cheap approximation instead of counted.
//
// Variables (nodes not yet eliminated) keep one list: their adjacent elements first (elen of them),
// then their adjacent variables. An element keeps the variables of its clique (its boundary), which
// do not change while it lives: when one of them is eliminated the element is absorbed.

import type { AdjacencyGraph } from './minimum-degree.js';

// kind[i]: 0 while i is a variable.
const ELEMENT = 1;
const ABSORBED = 2;

/**
 * The variables by (degree, index), least first, in a binary heap that knows where each variable
 * sits, so a degree change moves it in place (no stale entries, at most n of them).
 */
class IndexedDegreeHeap {
  readonly degree: Int32Array;
  private readonly heap: Int32Array;
  private readonly position: Int32Array;
  private size = 0;

  constructor(n: number) {
    this.degree = new Int32Array(n);
    this.heap = new Int32Array(n);
    this.position = new Int32Array(n).fill(-1);
  }

  // The (degree, index) comparisons are written out in up and down: a call per comparison is slow
  // while the ordering of a process's first run is still interpreted.
  private up(i: number, slot: number): void {
    const { heap, degree, position } = this;
    const di = degree[i]!;
    while (slot > 0) {
      const parent = (slot - 1) >> 1;
      const above = heap[parent]!;
      const da = degree[above]!;
      // Stop unless i < above.
      if (!(di < da || (di === da && i < above))) break;
      heap[slot] = above;
      position[above] = slot;
      slot = parent;
    }
    heap[slot] = i;
    position[i] = slot;
  }

  private down(i: number, slot: number): void {
    const { heap, degree, position } = this;
    const size = this.size;
    const di = degree[i]!;
    for (;;) {
      const left = 2 * slot + 1;
      if (left >= size) break;
      const right = left + 1;
      let child = left;
      let below = heap[left]!;
      let db = degree[below]!;
      if (right < size) {
        const r = heap[right]!;
        const dr = degree[r]!;
        if (dr < db || (dr === db && r < below)) {
          child = right;
          below = r;
          db = dr;
        }
      }
      // Stop unless below < i.
      if (!(db < di || (db === di && below < i))) break;
      heap[slot] = below;
      position[below] = slot;
      slot = child;
    }
    heap[slot] = i;
    position[i] = slot;
  }

  /**
   * All n variables at once, with these degrees: a counting sort by (degree, index)
   * puts them in heap order directly (a sorted array is a heap), in plain loops instead of n inserts,
   * which are n method calls on the cold path. The pops depend only on the (degree, index) order,
   * which is total, so they come out as after n inserts.
   */
  fill(degrees: Int32Array): void {
    const { heap, degree, position } = this;
    const n = degrees.length;
    let largest = 0;
    for (let i = 0; i < n; i++) if (degrees[i]! > largest) largest = degrees[i]!;
    const count = new Int32Array(largest + 2);
    for (let i = 0; i < n; i++) count[degrees[i]! + 1]!++;
    for (let d = 0; d <= largest; d++) count[d + 1]! += count[d]!;
    for (let i = 0; i < n; i++) {
      const slot = count[degrees[i]!]!++;
      heap[slot] = i;
      position[i] = slot;
      degree[i] = degrees[i]!;
    }
    this.size = n;
  }

  update(i: number, degree: number): void {
    const old = this.degree[i]!;
    this.degree[i] = degree;
    if (degree < old) this.up(i, this.position[i]!);
    else if (degree > old) this.down(i, this.position[i]!);
  }

  pop(): number {
    const top = this.heap[0]!;
    this.position[top] = -1;
    const last = this.heap[--this.size]!;
    if (this.size > 0) this.down(last, 0);
    return top;
  }
}

/**
 * The quotient graph and the elimination steps on it. Each step's parts are small methods called
 * thousands of times, which V8 optimises after a few calls; as one long loop the first (cold)
 * ordering of a process waited for on-stack replacement (bench network, CPU time on a loaded
 * machine: cold ~150 ms as one loop, ~100 ms split; warm ~10–15 ms either way; same order).
 */
class QuotientGraph {
  /** Every list lives in `pool`: start[i], length[i]; new elements are appended (their boundaries
   * total the factor's nonzeros, so the pool grows a few times at most and is never compacted). */
  private pool: Int32Array;
  private used: number;
  private readonly start: Int32Array;
  private readonly length: Int32Array;
  /** Adjacent elements at the front of a variable's list. */
  private readonly elen: Int32Array;
  private readonly kind: Uint8Array;
  /** Boundary size of an element; fixed while it lives. */
  private readonly elementSize: Int32Array;
  /** |L_e \ L_p| for the elements met while eliminating p (valid where wStamp[e] = the step). */
  private readonly w: Int32Array;
  private readonly wStamp: Int32Array;
  /** Members of the current pivot's boundary: mark[i] = the step. */
  private readonly mark: Int32Array;
  private readonly scratch: Int32Array;
  readonly heap: IndexedDegreeHeap;

  constructor(graph: AdjacencyGraph) {
    const { n, xadj, adj } = graph;
    this.pool = new Int32Array(Math.max(64, 2 * adj.length + 4 * n));
    this.pool.set(adj);
    this.used = adj.length;
    // slice copies natively (TypedArray.from iterates, slow on the cold path).
    this.start = xadj.slice(0, n);
    const length = new Int32Array(n);
    this.length = length;
    for (let i = 0; i < n; i++) length[i] = xadj[i + 1]! - xadj[i]!;
    this.elen = new Int32Array(n);
    this.kind = new Uint8Array(n);
    this.elementSize = new Int32Array(n);
    this.w = new Int32Array(n);
    this.wStamp = new Int32Array(n).fill(-1);
    this.mark = new Int32Array(n).fill(-1);
    this.scratch = new Int32Array(n);
    // Least degree first, ties to the lowest index, as the exact ordering of minimum-degree.ts:
    // small networks keep its order, and with it the round-off EPANET's answers were compared with.
    const heap = new IndexedDegreeHeap(n);
    this.heap = heap;
    heap.fill(length);
  }

  /** Eliminates p (the step-th pivot), leaving `remaining` variables. */
  eliminate(p: number, step: number, remaining: number): void {
    this.kind[p] = ELEMENT;
    const lp = this.formBoundary(p, step);
    const size = this.length[p]!;
    for (let b = lp; b < lp + size; b++) this.countOutside(this.pool[b]!, step);
    for (let b = lp; b < lp + size; b++) this.updateVariable(this.pool[b]!, p, step, size, remaining);
  }

  /** The pivot's boundary L_p, appended to the pool: its adjacent variables and the boundaries of its elements, which it absorbs. */
  private formBoundary(p: number, step: number): number {
    const { start, elen, kind, elementSize, mark } = this;
    let boundarySize = this.length[p]! - elen[p]!;
    for (let t = 0; t < elen[p]!; t++) {
      const e = this.pool[start[p]! + t]!;
      if (kind[e] === ELEMENT) boundarySize += elementSize[e]!;
    }
    if (this.used + boundarySize > this.pool.length) {
      const grown = new Int32Array(Math.max(2 * this.pool.length, this.used + boundarySize));
      grown.set(this.pool.subarray(0, this.used));
      this.pool = grown;
    }
    const pool = this.pool;
    const lp = this.used;
    let size = 0;
    mark[p] = step;
    const sp = start[p]!;
    for (let t = 0; t < elen[p]!; t++) {
      const e = pool[sp + t]!;
      if (kind[e] !== ELEMENT) continue;
      for (let q = start[e]!, end = q + elementSize[e]!; q < end; q++) {
        const v = pool[q]!;
        if (mark[v] !== step) {
          mark[v] = step;
          pool[lp + size++] = v;
        }
      }
      kind[e] = ABSORBED;
    }
    for (let t = elen[p]!; t < this.length[p]!; t++) {
      const v = pool[sp + t]!;
      if (mark[v] !== step) {
        mark[v] = step;
        pool[lp + size++] = v;
      }
    }
    this.used += size;
    start[p] = lp;
    this.length[p] = size;
    elen[p] = 0;
    elementSize[p] = size;
    return lp;
  }

  /** Counts boundary variable i out of |L_e| for each live element e next to it: w[e] ends as |L_e \ L_p|. */
  private countOutside(i: number, step: number): void {
    const { pool, kind, w, wStamp } = this;
    const si = this.start[i]!;
    const elements = this.elen[i]!;
    for (let t = 0; t < elements; t++) {
      const e = pool[si + t]!;
      if (kind[e] !== ELEMENT) continue;
      if (wStamp[e] !== step) {
        wStamp[e] = step;
        w[e] = this.elementSize[e]!;
      }
      w[e]!--;
    }
  }

  /**
   * Boundary variable i: drops absorbed elements (and those whose boundary lies inside L_p, absorbed
   * here too), gains p, drops the variables of L_p (reached through p now), and takes the bound
   * d_i = min(remaining, d_i + |L_p \ i|, |A_i| + |L_p \ i| + Σ |L_e \ L_p|).
   */
  private updateVariable(i: number, p: number, step: number, size: number, remaining: number): void {
    const { pool, kind, w, mark, scratch } = this;
    const si = this.start[i]!;
    const total = this.length[i]!;
    const elements = this.elen[i]!;
    for (let t = 0; t < total; t++) scratch[t] = pool[si + t]!;
    let out = si;
    let external = 0;
    for (let t = 0; t < elements; t++) {
      const e = scratch[t]!;
      if (kind[e] !== ELEMENT) continue;
      if (w[e] === 0) {
        kind[e] = ABSORBED;
        continue;
      }
      external += w[e]!;
      pool[out++] = e;
    }
    pool[out++] = p;
    this.elen[i] = out - si;
    for (let t = elements; t < total; t++) {
      const v = scratch[t]!;
      if (mark[v] === step) continue;
      external++;
      pool[out++] = v;
    }
    this.length[i] = out - si;
    const degree = this.heap.degree[i]!;
    this.heap.update(i, Math.min(remaining, degree + size - 1, external + size - 1));
  }
}

/** Returns the elimination order: order[k] = the original node eliminated k-th. */
export function approximateMinimumDegreeOrder(graph: AdjacencyGraph): Int32Array {
  const n = graph.n;
  const order = new Int32Array(n);
  if (n === 0) return order;
  const quotient = new QuotientGraph(graph);
  for (let step = 0; step < n; step++) {
    const p = quotient.heap.pop();
    order[step] = p;
    quotient.eliminate(p, step, n - step - 1);
  }
  return order;
}
