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
  // Sort each list and drop repeated neighbours.
  const xadj = new Int32Array(n + 1);
  const adj = new Int32Array(raw.length);
  let out = 0;
  for (let i = 0; i < n; i++) {
    const list = raw.subarray(count[i]!, count[i + 1]!).sort();
    xadj[i] = out;
    for (let p = 0; p < list.length; p++) if (p === 0 || list[p] !== list[p - 1]) adj[out++] = list[p]!;
  }
  xadj[n] = out;
  return { n, xadj, adj: adj.slice(0, out) };
}

/** Binary min-heap of (degree, node) pairs, compared lexicographically. */
class DegreeHeap {
  private keys: number[] = [];
  private nodes: number[] = [];

  get size(): number {
    return this.nodes.length;
  }

  push(key: number, node: number): void {
    this.keys.push(key);
    this.nodes.push(node);
    let i = this.nodes.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** Removes the least pair; returns its node and leaves its key in `lastKey`. */
  pop(): number {
    const node = this.nodes[0]!;
    this.lastKey = this.keys[0]!;
    const lastNode = this.nodes.pop()!;
    const lastKeyValue = this.keys.pop()!;
    if (this.nodes.length > 0) {
      this.nodes[0] = lastNode;
      this.keys[0] = lastKeyValue;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < this.nodes.length && this.less(left, smallest)) smallest = left;
        if (right < this.nodes.length && this.less(right, smallest)) smallest = right;
        if (smallest === i) break;
        this.swap(i, smallest);
        i = smallest;
      }
    }
    return node;
  }

  lastKey = 0;

  private less(i: number, j: number): boolean {
    const ki = this.keys[i]!;
    const kj = this.keys[j]!;
    return ki < kj || (ki === kj && this.nodes[i]! < this.nodes[j]!);
  }

  private swap(i: number, j: number): void {
    const k = this.keys[i]!;
    this.keys[i] = this.keys[j]!;
    this.keys[j] = k;
    const n = this.nodes[i]!;
    this.nodes[i] = this.nodes[j]!;
    this.nodes[j] = n;
  }
}

/** Returns the elimination order: order[k] = the original node eliminated k-th. */
export function minimumDegreeOrder(graph: AdjacencyGraph): Int32Array {
  const { n, xadj, adj } = graph;
  const neighbours: number[][] = new Array(n);
  for (let i = 0; i < n; i++) neighbours[i] = Array.from(adj.subarray(xadj[i]!, xadj[i + 1]!));
  const eliminated = new Uint8Array(n);
  const mark = new Int32Array(n);
  let stamp = 0;
  const heap = new DegreeHeap();
  for (let i = 0; i < n; i++) heap.push(neighbours[i]!.length, i);
  const order = new Int32Array(n);
  let count = 0;
  while (count < n) {
    const v = heap.pop();
    // Stale heap entries (the node's degree changed since it was pushed) are skipped.
    if (eliminated[v] || heap.lastKey !== neighbours[v]!.length) continue;
    // The least degree equals the number of other remaining nodes: they form one clique, and any
    // order of a clique gives the same fill.
    if (heap.lastKey === n - count - 1) {
      for (let i = 0; i < n; i++) if (!eliminated[i]) order[count++] = i;
      break;
    }
    eliminated[v] = 1;
    order[count++] = v;
    const clique = neighbours[v]!;
    for (const u of clique) {
      const list = neighbours[u]!;
      stamp++;
      // Drop v from u's list and mark the rest.
      let w = 0;
      for (let p = 0; p < list.length; p++) {
        const x = list[p]!;
        if (x === v) continue;
        mark[x] = stamp;
        list[w++] = x;
      }
      list.length = w;
      mark[u] = stamp;
      for (const x of clique) {
        if (mark[x] !== stamp) {
          mark[x] = stamp;
          list.push(x);
        }
      }
      heap.push(list.length, u);
    }
    neighbours[v] = [];
  }
  return order;
}
