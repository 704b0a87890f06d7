// The quality transport's loops in WebAssembly (source: wasm/routing.ts, built into
// wasm/build/routing.wasm by `npm install` and `npm run build`): transport.ts stays the reference,
// and the module repeats its operations in its order, so the tables are bit for bit the same
// (routing-wasm.test.ts) in about half the routing time.
//
// The module reads only its own memory, so a router's segment pool, node qualities and transport
// plan live in one block of it (RoutingBlock) and its TypeScript code works on views of the block;
// each interval's flows and decay rates are copied in. The module routes the plain junctions and
// stops at every other node (tanks, reservoirs, sources; a junction with no inflow in a reacting
// run) with its inflow taken: the TypeScript code mixes it (transport.ts nodeQuality) and the module
// releases it and goes on. When the pool grows, the block is made again, larger, with everything
// copied (or, where no larger memory can be had, the router goes on in TypeScript). Where the module
// cannot run (no WebAssembly, not built, SIMFORGE_WASM=0, useWasmRouting(false)), or for a trace
// (every node is a source of its own), transport.ts runs.

import { PAGE, plainWasmModule, trackWasmMemory, wasmApi } from '../../../numerics/wasm-module.js';
import { reactPipes, reactTanks } from './reactions.js';
import type { SegmentPool } from './segments.js';
import type { QualityInterval } from './planner.js';
import { AGE, CHEMICAL, type QualityState } from './state.js';
import { nodeQuality, noFlowQuality, transport } from './transport.js';

interface RoutingExports {
  route(j0: number, nNodes: number, dt: number, tolerance: number, reactive: boolean): number;
  release(j: number, c: number, dt: number, tolerance: number): void;
  react(used: number, dt: number): void;
}

/** The arrays in the block, in the order of wasm/routing.ts's header. */
const FIELDS = ['order', 'inStart', 'inLink', 'outStart', 'outLink', 'absFlow', 'demand', 'nodeQual', 'special', 'first', 'last', 'v', 'c', 'prev', 'link', 'chainRate'] as const;
type Field = (typeof FIELDS)[number];
const HEADER = 8;
const SCALARS = 80;
const DATA = 128;

const routing = plainWasmModule('@simforge/solvers/wasm/routing.wasm');

/** Whether routers route in WebAssembly (tests switch it). */
export function useWasmRouting(on: boolean): void {
  routing.use(on);
}

/** Whether the module is switched on and can run here. */
export function wasmRoutingAvailable(): boolean {
  return routing.module() !== undefined;
}

/** A router's arrays in WebAssembly memory, with the module's instance on it. */
export class RoutingBlock {
  private exports!: RoutingExports;
  private views!: Record<Field, Int32Array | Float64Array | Uint8Array>;
  private counters!: Int32Array;
  private inflow!: Float64Array;

  private constructor(private readonly s: QualityState) {}

  /** Moves router state `s`'s pool, node qualities and plan into a block, or undefined where the module cannot run. */
  static adopt(s: QualityState): RoutingBlock | undefined {
    if ((s.q.parameter !== CHEMICAL && s.q.parameter !== AGE) || !routing.module()) return undefined;
    const block = new RoutingBlock(s);
    if (!block.allocate(s.segments.v.length)) return undefined;
    s.segments.storage = block;
    return block;
  }

  /**
   * SegmentPool's storage: the block made again with room for `capacity` segments; where no larger
   * memory can be had, the router goes on in TypeScript on plain arrays with everything copied.
   */
  resize(pool: SegmentPool, capacity: number): void {
    if (!this.allocate(capacity)) this.detach(pool, capacity);
  }

  private detach(pool: SegmentPool, capacity: number): void {
    const s = this.s;
    const grown = <T extends Float64Array | Int32Array>(from: T): T => {
      const to = new (from.constructor as new (n: number) => T)(capacity);
      to.set(from.subarray(0, Math.min(capacity, from.length)));
      return to;
    };
    pool.v = grown(pool.v);
    pool.c = grown(pool.c);
    pool.prev = grown(pool.prev);
    pool.link = grown(pool.link);
    pool.first = pool.first.slice();
    pool.last = pool.last.slice();
    pool.storage = undefined;
    s.nodeQual = s.nodeQual.slice();
    for (const key of ['order', 'inStart', 'inLink', 'outStart', 'outLink'] as const) s.plan[key] = s.plan[key].slice();
    s.routing = undefined;
  }

  /** Copies an interval's flows and the decay rates in (after the router has planned it into the block). */
  load(interval: QualityInterval): void {
    this.views.absFlow.set(interval.record.absFlow);
    this.views.demand.set(interval.record.demand);
    if (this.s.chainRate.length === this.views.chainRate.length) this.views.chainRate.set(this.s.chainRate);
  }

  /** One quality step (transport.ts transport, the same operations in the same order). */
  transport(dt: number): void {
    const s = this.s;
    const net = s.net;
    const pool = s.segments;
    // Room first (transport.ts makes it after the reactions; they do not touch the pool's size): a
    // block that could not grow hands the step, and the run, to transport.ts.
    pool.reserve(net.nLinks + 2 * (net.nNodes - net.nJunctions));
    if (s.routing !== this) return transport(s, dt);
    if (s.reactive) {
      if (s.allLinear && s.q.parameter !== AGE) this.exports.react(pool.used, dt);
      else reactPipes(s, dt);
      reactTanks(s, dt);
    }
    const { tolerance } = s.q;
    const counters = this.counters;
    counters[0] = pool.free;
    counters[1] = pool.used;
    for (let j = this.exports.route(0, net.nNodes, dt, tolerance, s.reactive); j < net.nNodes; j = this.exports.route(j + 1, net.nNodes, dt, tolerance, s.reactive)) {
      const n = s.plan.order[j]!;
      pool.free = this.counters[0]!;
      pool.used = this.counters[1]!;
      let c: number;
      if (this.counters[6] === 2) {
        s.nodeQual[n] = noFlowQuality(s, n);
        c = s.nodeQual[n]!;
      } else c = nodeQuality(s, n, this.inflow[1]!, this.inflow[2]!, s.plan.outRate[j]! * dt, dt);
      // The mixing may have added or released segments (and made the block again).
      this.counters[0] = pool.free;
      this.counters[1] = pool.used;
      this.exports.release(j, c, dt, tolerance);
    }
    pool.free = this.counters[0]!;
    pool.used = this.counters[1]!;
  }

  private allocate(capacity: number): boolean {
    const s = this.s;
    const { net } = s;
    const pool = s.segments;
    const nChains = pool.first.length;
    const sizes: Record<Field, [number, 1 | 4 | 8]> = {
      order: [net.nNodes, 4],
      inStart: [net.nNodes + 1, 4],
      inLink: [net.nLinks, 4],
      outStart: [net.nNodes + 1, 4],
      outLink: [net.nLinks, 4],
      absFlow: [net.nLinks, 8],
      demand: [net.nNodes, 8],
      nodeQual: [net.nNodes, 8],
      special: [net.nNodes, 1],
      first: [nChains, 4],
      last: [nChains, 4],
      v: [capacity, 8],
      c: [capacity, 8],
      prev: [capacity, 4],
      link: [capacity, 4],
      chainRate: [nChains, 8],
    };
    const offsets = {} as Record<Field, number>;
    let bytes = DATA;
    for (const field of FIELDS) {
      offsets[field] = bytes;
      bytes += Math.ceil((sizes[field][0] * sizes[field][1]) / 8) * 8;
    }
    const pages = Math.ceil(bytes / PAGE);
    let memory: { buffer: ArrayBuffer };
    let exports: RoutingExports;
    try {
      memory = new wasmApi!.Memory({ initial: pages, maximum: pages });
      exports = new wasmApi!.Instance(routing.module()!, { env: { memory } }).exports as unknown as RoutingExports;
    } catch {
      return false;
    }
    trackWasmMemory(memory.buffer, pages * PAGE);
    const buffer = memory.buffer;
    const views = {} as Record<Field, Int32Array | Float64Array | Uint8Array>;
    const header = new Int32Array(buffer, HEADER, FIELDS.length);
    FIELDS.forEach((field, i) => {
      const [length, width] = sizes[field];
      views[field] = width === 8 ? new Float64Array(buffer, offsets[field], length) : width === 4 ? new Int32Array(buffer, offsets[field], length) : new Uint8Array(buffer, offsets[field], length);
      header[i] = offsets[field];
    });
    // Everything the router holds, copied over (the old block, or the router's own arrays at first).
    const old = this.views;
    views.order.set(s.plan.order);
    views.inStart.set(s.plan.inStart);
    views.inLink.set(s.plan.inLink);
    views.outStart.set(s.plan.outStart);
    views.outLink.set(s.plan.outLink);
    views.nodeQual.set(s.nodeQual);
    views.first.set(pool.first);
    views.last.set(pool.last);
    views.v.set(pool.v.subarray(0, Math.min(capacity, pool.v.length)));
    views.c.set(pool.c.subarray(0, Math.min(capacity, pool.c.length)));
    views.prev.set(pool.prev.subarray(0, Math.min(capacity, pool.prev.length)));
    views.link.set(pool.link.subarray(0, Math.min(capacity, pool.link.length)));
    if (old) {
      views.absFlow.set(old.absFlow);
      views.demand.set(old.demand);
      views.chainRate.set(old.chainRate);
      views.special.set(old.special);
    } else {
      const special = views.special;
      for (let n = 0; n < net.nNodes; n++) special[n] = n >= net.nJunctions || s.q.hasSource[n] !== 0 ? 1 : 0;
    }
    this.exports = exports;
    this.views = views;
    this.counters = new Int32Array(buffer, SCALARS, 8);
    this.inflow = new Float64Array(buffer, SCALARS, 4);
    s.plan.order = views.order as Int32Array;
    s.plan.inStart = views.inStart as Int32Array;
    s.plan.inLink = views.inLink as Int32Array;
    s.plan.outStart = views.outStart as Int32Array;
    s.plan.outLink = views.outLink as Int32Array;
    s.nodeQual = views.nodeQual as Float64Array;
    pool.first = views.first as Int32Array;
    pool.last = views.last as Int32Array;
    pool.v = views.v as Float64Array;
    pool.c = views.c as Float64Array;
    pool.prev = views.prev as Int32Array;
    pool.link = views.link as Int32Array;
    return true;
  }
}
