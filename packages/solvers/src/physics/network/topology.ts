// Connectivity of the network graph: which junctions some path of links joins to a reservoir or tank.

import type { CompiledNetwork } from './hydraulics/compile.js';
import { CLOSED } from './hydraulics/constants.js';

interface Incidence {
  /** Links at node n: incident[start[n] .. start[n+1]). */
  start: Int32Array;
  incident: Int32Array;
}

// A compiled network's links do not change, and its connectivity is asked several times per run
// (at reading, before simulating, and at every step for the warnings): the lists are built once.
const incidenceOf = new WeakMap<CompiledNetwork, Incidence>();

function incidence(net: CompiledNetwork): Incidence {
  const known = incidenceOf.get(net);
  if (known && known.start.length === net.nNodes + 1 && known.incident.length === 2 * net.nLinks) return known;
  const { nNodes, nLinks, linkFrom, linkTo } = net;
  const start = new Int32Array(nNodes + 1);
  for (let k = 0; k < nLinks; k++) {
    start[linkFrom[k]! + 1]!++;
    start[linkTo[k]! + 1]!++;
  }
  for (let i = 0; i < nNodes; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, nNodes);
  const incident = new Int32Array(2 * nLinks);
  for (let k = 0; k < nLinks; k++) {
    incident[fill[linkFrom[k]!]!++] = k;
    incident[fill[linkTo[k]!]!++] = k;
  }
  const built = { start, incident };
  incidenceOf.set(net, built);
  return built;
}

/**
 * Marks the nodes reachable from the fixed-grade nodes through the links that are not closed by
 * `status` (link status codes; all links when omitted), following links in both directions. A status
 * array rather than a predicate: a call per link is slow while the code is still interpreted.
 */
export function reachableFromSources(net: CompiledNetwork, status?: Uint8Array): Uint8Array {
  const { nNodes, nJunctions, linkFrom, linkTo } = net;
  const { start, incident } = incidence(net);
  const reached = new Uint8Array(nNodes);
  const queue = new Int32Array(nNodes);
  let head = 0;
  let tail = 0;
  for (let n = nJunctions; n < nNodes; n++) {
    reached[n] = 1;
    queue[tail++] = n;
  }
  while (head < tail) {
    const n = queue[head++]!;
    for (let p = start[n]!; p < start[n + 1]!; p++) {
      const k = incident[p]!;
      if (status !== undefined && status[k]! <= CLOSED) continue;
      const other = linkFrom[k] === n ? linkTo[k]! : linkFrom[k]!;
      if (!reached[other]) {
        reached[other] = 1;
        queue[tail++] = other;
      }
    }
  }
  return reached;
}

/** Ids of the junctions that no path of links (open or closed) joins to a reservoir or tank. */
export function unconnectedJunctions(net: CompiledNetwork): string[] {
  const reached = reachableFromSources(net);
  const ids: string[] = [];
  for (let i = 0; i < net.nJunctions; i++) if (!reached[i]) ids.push(net.nodeIds[i]!);
  return ids;
}
