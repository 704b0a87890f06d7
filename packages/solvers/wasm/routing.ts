// AssemblyScript source of the water-quality transport's loops (src/physics/network/quality/
// transport.ts, the reference), built into wasm/build/routing.wasm: the leading volume of each
// inflow link taken at every node in flow order, a junction's flow-weighted mix, the node's quality
// released into its outflow links, and first-order decay swept over the segment pool. Every value
// is computed with the reference's operations in the reference's order, so the tables are the
// reference's bit for bit (routing-wasm.test.ts).
//
// Layout: a header of byte offsets at HEADER (i32, in the order of the constants below) says where
// each array is in the imported memory; the pool's free-list head, its size and a stopped node's
// inflow volume and mass are kept at SCALARS. Nodes that are not plain junctions (tanks, reservoirs,
// sources) and junctions with no inflow in a reacting run are left to the caller, after their
// inflow is taken: route() stops there and says why.

const HEADER: usize = 8;
const ORDER = 0;
const IN_START = 1;
const IN_LINK = 2;
const OUT_START = 3;
const OUT_LINK = 4;
const ABS_FLOW = 5;
const DEMAND = 6;
const NODE_QUAL = 7;
const SPECIAL = 8;
const FIRST = 9;
const LAST = 10;
const V = 11;
const C = 12;
const PREV = 13;
const LINK = 14;
const CHAIN_RATE = 15;
const SCALARS: usize = 80;

const NONE: i32 = -1;

// The pool's free-list head and size while a call runs (kept at SCALARS between calls).
let free: i32 = NONE;
let size: i32 = 0;

@inline function offset(field: i32): usize { return <usize>load<i32>(HEADER + (<usize>field << 2)); }
@inline function i32at(o: usize, k: i32): i32 { return load<i32>(o + (<usize>k << 2)); }
@inline function i32set(o: usize, k: i32, v: i32): void { store<i32>(o + (<usize>k << 2), v); }
@inline function f64at(o: usize, k: i32): f64 { return load<f64>(o + (<usize>k << 3)); }
@inline function f64set(o: usize, k: i32, v: f64): void { store<f64>(o + (<usize>k << 3), v); }

/**
 * Routes nodes order[j0 …] until one is left to the caller: returns its position j, its inflow taken
 * (volume and mass at SCALARS + 8 and + 16) and the reason at SCALARS + 24 (1: not a plain junction,
 * 2: a junction with no inflow in a reacting run); or nNodes when every node is routed.
 */
export function route(j0: i32, nNodes: i32, dt: f64, tolerance: f64, reactive: bool): i32 {
  const order = offset(ORDER);
  const inStart = offset(IN_START);
  const inLink = offset(IN_LINK);
  const absFlow = offset(ABS_FLOW);
  const demand = offset(DEMAND);
  const nodeQual = offset(NODE_QUAL);
  const special = offset(SPECIAL);
  const first = offset(FIRST);
  const last = offset(LAST);
  const volume = offset(V);
  const quality = offset(C);
  const prev = offset(PREV);
  const outStart = offset(OUT_START);
  const outLink = offset(OUT_LINK);
  const link = offset(LINK);
  free = load<i32>(SCALARS);
  size = load<i32>(SCALARS + 4);
  for (let j = j0; j < nNodes; j++) {
    const n = i32at(order, j);
    // The leading volume of each inflow link for the step (EPANET's getinflow).
    let volin = 0.0;
    let massin = 0.0;
    for (let a = i32at(inStart, j), end = i32at(inStart, j + 1); a < end; a++) {
      const k = i32at(inLink, a);
      let v = f64at(absFlow, k) * dt;
      let vsum = 0.0;
      let mass = 0.0;
      while (v > 0) {
        const seg = i32at(first, k);
        if (seg == NONE) break;
        const vs = f64at(volume, seg);
        const vseg = Math.min(vs, v);
        vsum += vseg;
        mass += vseg * f64at(quality, seg);
        v -= vseg;
        if (v >= 0 && vseg >= vs) {
          const next = i32at(prev, seg);
          i32set(first, k, next);
          if (next == NONE) i32set(last, k, NONE);
          i32set(prev, seg, free);
          free = seg;
        } else f64set(volume, seg, vs - vseg);
      }
      volin += vsum;
      massin += mass;
    }
    let reason = 0;
    if (load<u8>(special + <usize>n) != 0) reason = 1;
    else {
      const inflow = volin - Math.min(0.0, f64at(demand, n)) * dt;
      if (inflow > 0) f64set(nodeQual, n, massin / inflow);
      else if (reactive) reason = 2;
    }
    if (reason != 0) {
      store<i32>(SCALARS, free);
      store<i32>(SCALARS + 4, size);
      store<f64>(SCALARS + 8, volin);
      store<f64>(SCALARS + 16, massin);
      store<i32>(SCALARS + 24, reason);
      return j;
    }
    releaseInto(j, f64at(nodeQual, n), dt, tolerance, outStart, outLink, absFlow, first, last, volume, quality, prev, link);
  }
  store<i32>(SCALARS, free);
  store<i32>(SCALARS + 4, size);
  return nNodes;
}

/** Releases quality c of node order[j] into the trailing end of each of its outflow links (EPANET's release). */
export function release(j: i32, c: f64, dt: f64, tolerance: f64): void {
  free = load<i32>(SCALARS);
  size = load<i32>(SCALARS + 4);
  releaseInto(j, c, dt, tolerance, offset(OUT_START), offset(OUT_LINK), offset(ABS_FLOW), offset(FIRST), offset(LAST), offset(V), offset(C), offset(PREV), offset(LINK));
  store<i32>(SCALARS, free);
  store<i32>(SCALARS + 4, size);
}

@inline function releaseInto(j: i32, c: f64, dt: f64, tolerance: f64, outStart: usize, outLink: usize, absFlow: usize, first: usize, last: usize, volume: usize, quality: usize, prev: usize, link: usize): void {
  for (let a = i32at(outStart, j), end = i32at(outStart, j + 1); a < end; a++) {
    const k = i32at(outLink, a);
    const v = f64at(absFlow, k) * dt;
    const tail = i32at(last, k);
    if (tail != NONE && Math.abs(f64at(quality, tail) - c) < tolerance) {
      const vs = f64at(volume, tail);
      f64set(quality, tail, (f64at(quality, tail) * vs + c * v) / (vs + v));
      f64set(volume, tail, vs + v);
    } else {
      let seg = free;
      if (seg != NONE) free = i32at(prev, seg);
      else seg = size++;
      f64set(volume, seg, v);
      f64set(quality, seg, c);
      i32set(prev, seg, NONE);
      i32set(link, seg, k);
      if (i32at(first, k) == NONE) i32set(first, k, seg);
      if (tail != NONE) i32set(prev, tail, seg);
      i32set(last, k, seg);
    }
  }
}

/** First-order decay of every segment of the pool at its chain's rate (reactions.ts reactPipes, every pipe linear). */
export function react(used: i32, dt: f64): void {
  const link = offset(LINK);
  const quality = offset(C);
  const rates = offset(CHAIN_RATE);
  for (let seg = 0; seg < used; seg++) {
    const rate = f64at(rates, i32at(link, seg));
    if (rate != rate) continue;
    const c0 = f64at(quality, seg);
    f64set(quality, seg, Math.max(0.0, c0 + rate * c0 * dt));
  }
}
