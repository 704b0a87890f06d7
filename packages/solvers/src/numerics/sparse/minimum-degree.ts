// Minimum degree ordering of a symmetric sparse matrix (Tinney–Walker scheme 2 on the explicit
// elimination graph): repeatedly eliminate the node of least current degree (ties: lowest index, so
// the order is deterministic) and join its neighbours into a clique, which is the fill the
// factorisation will create. Networks are sparse and nearly planar, so the cliques stay small.

/** A symmetric sparsity pattern as adjacency lists: neighbours of node i are adj[xadj[i] .. xadj[i+1]). */
export interface AdjacencyGraph {
  n: number;
  xadj: Int32Array;
  adj: Int32Array;
}

/** Builds the adjacency graph of n nodes from undirected edges (a[k], b[k]); duplicates and loops are dropped. */
export function graphFromEdges(n: number, a: ArrayLike<number>, b: ArrayLike<number>): AdjacencyGraph {
  const count = new Int32Array(n + 1);
  for (let k = 0; k < a.length; k++) {
    if (a[k] === b[k]) continue;
    count[a[k]! + 1]!++;
    count[b[k]! + 1]!++;
  }
  for (let i = 0; i < n; i++) count[i + 1]! += count[i]!;
  const fill = count.slice(0, n);
  const raw = new Int32Array(count[n]!);
  for (let k = 0; k < a.length; k++) {
    const i = a[k]!;
    const j = b[k]!;
    if (i === j) continue;
    raw[fill[i]!++] = j;
    raw[fill[j]!++] = i;
  }
  // Sort each list and drop repeated neighbours. The lists are short (a network node has a few
  // links): an insertion sort in place, not a subarray and a sort call per node.
  const xadj = new Int32Array(n + 1);
  const adj = new Int32Array(raw.length);
  let out = 0;
  for (let i = 0; i < n; i++) {
    const first = count[i]!;
    const end = count[i + 1]!;
    for (let p = first + 1; p < end; p++) {
      const v = raw[p]!;
      let q = p;
      for (; q > first && raw[q - 1]! > v; q--) raw[q] = raw[q - 1]!;
      raw[q] = v;
    }
    xadj[i] = out;
    for (let p = first; p < end; p++) if (p === first || raw[p] !== raw[p - 1]) adj[out++] = raw[p]!;
  }
  xadj[n] = out;
  return { n, xadj, adj: adj.slice(0, out) };
}

/**
 * Binary min-heap of (degree, node) pairs, compared lexicographically. A pair is stored as the one
 * number degree·n + node (exact in a double for any n this solver meets), so a comparison is one
 * subtraction and the heap lives in one typed array.
 */
class DegreeHeap {
  private items: Float64Array;
  size = 0;

  constructor(
    private readonly n: number,
    capacity: number,
  ) {
    this.items = new Float64Array(Math.max(16, capacity));
  }

  push(key: number, node: number): void {
    if (this.size === this.items.length) {
      const grown = new Float64Array(2 * this.items.length);
      grown.set(this.items);
      this.items = grown;
    }
    const items = this.items;
    const value = key * this.n + node;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]! <= value) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = value;
  }

  /** Removes the least pair; returns its node and leaves its key in `lastKey`. */
  pop(): number {
    const items = this.items;
    const top = items[0]!;
    const last = items[--this.size]!;
    const size = this.size;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= size) break;
      const right = left + 1;
      const child = right < size && items[right]! < items[left]! ? right : left;
      if (items[child]! >= last) break;
      items[i] = items[child]!;
      i = child;
    }
    if (size > 0) items[i] = last;
    const node = top % this.n;
    this.lastKey = (top - node) / this.n;
    return node;
  }

  lastKey = 0;
}

/** Returns the elimination order: order[k] = the original node eliminated k-th. */
export function minimumDegreeOrder(graph: AdjacencyGraph): Int32Array {
  const { n, xadj, adj } = graph;
  // The current neighbours of node u are pool[start[u] .. start[u] + size[u]), with room up to
  // capacity[u]; a list that outgrows its room moves to the end of the pool (the pool grows by
  // doubling). One typed array instead of one array object per node.
  const start = new Int32Array(n);
  const size = new Int32Array(n);
  const capacity = new Int32Array(n);
  let used = 0;
  for (let i = 0; i < n; i++) {
    const degree = xadj[i + 1]! - xadj[i]!;
    start[i] = used;
    size[i] = degree;
    capacity[i] = 2 * degree + 4;
    used += capacity[i]!;
  }
  let pool = new Int32Array(Math.max(16, 2 * used));
  for (let i = 0; i < n; i++) pool.set(adj.subarray(xadj[i]!, xadj[i + 1]!), start[i]!);

  const eliminated = new Uint8Array(n);
  const mark = new Int32Array(n);
  let stamp = 0;
  const heap = new DegreeHeap(Math.max(n, 1), 2 * n + adj.length);
  for (let i = 0; i < n; i++) heap.push(size[i]!, i);
  const order = new Int32Array(n);
  let count = 0;
  while (count < n) {
    const v = heap.pop();
    // Stale heap entries (the node's degree changed since it was pushed) are skipped.
    if (eliminated[v] || heap.lastKey !== size[v]) continue;
    // The least degree equals the number of other remaining nodes: they form one clique, and any
    // order of a clique gives the same fill.
    if (heap.lastKey === n - count - 1) {
      for (let i = 0; i < n; i++) if (!eliminated[i]) order[count++] = i;
      break;
    }
    eliminated[v] = 1;
    order[count++] = v;
    // v's neighbours become a clique: each keeps its other neighbours (in order) and gains the
    // clique members it lacked (in the clique's order).
    const cliqueSize = size[v]!;
    for (let c = 0; c < cliqueSize; c++) {
      const u = pool[start[v]! + c]!;
      if (size[u]! + cliqueSize > capacity[u]!) {
        const room = 2 * (size[u]! + cliqueSize);
        if (used + room > pool.length) {
          const grown = new Int32Array(Math.max(2 * pool.length, used + room));
          grown.set(pool.subarray(0, used));
          pool = grown;
        }
        pool.copyWithin(used, start[u]!, start[u]! + size[u]!);
        start[u] = used;
        capacity[u] = room;
        used += room;
      }
      stamp++;
      const su = start[u]!;
      let w = 0;
      for (let p = 0; p < size[u]!; p++) {
        const x = pool[su + p]!;
        if (x === v) continue;
        mark[x] = stamp;
        pool[su + w++] = x;
      }
      mark[u] = stamp;
      const sv = start[v]!;
      for (let q = 0; q < cliqueSize; q++) {
        const x = pool[sv + q]!;
        if (mark[x] !== stamp) {
          mark[x] = stamp;
          pool[su + w++] = x;
        }
      }
      size[u] = w;
      heap.push(w, u);
    }
    size[v] = 0;
  }
  return order;
}
