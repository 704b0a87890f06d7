// The water-quality transport in WebAssembly (wasm/routing.ts, driven by quality/routing-wasm.ts)
// against the TypeScript transport (quality/transport.ts, the reference): the node and link tables of
// a whole day bit for bit, on networks that send every kind of node back to TypeScript (tanks in each
// mixing model, reservoirs, sources of each type, junctions with no inflow), with linear and
// second-order decay, water age, and a tolerance of 0 that makes the segment pool outgrow its block.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateNetwork } from './networks.js';
import { compileNetwork } from '../src/physics/network/hydraulics/compile.js';
import type { NetworkModel, NetworkQuality } from '../src/physics/network/model.js';
import { RoutingBlock, useWasmRouting, wasmRoutingAvailable } from '../src/physics/network/quality/routing-wasm.js';
import { simulateQuality, type QualitySimulation } from '../src/physics/network/quality/simulate.js';
import { simulateNetwork } from '../src/physics/network/simulate.js';

afterEach(() => {
  useWasmRouting(true);
  vi.restoreAllMocks();
});

/** A looped grid with a pumped reservoir, a tank and a patterned second reservoir, 24 h. */
function grid(quality: NetworkQuality, mixing?: 'mixed' | '2comp' | 'fifo' | 'lifo'): NetworkModel {
  const model = generateNetwork({ seed: 3, rows: 12, cols: 12, headloss: 'H-W', flowUnits: 'LPS', hours: 24, devices: true });
  model.quality = { ...quality, ...(mixing ? { mixing: { T1: { model: mixing, ...(mixing === '2comp' ? { fraction: 0.4 } : {}) } } } : {}) };
  return model;
}

const chlorine = (extra: Partial<NetworkQuality> = {}): NetworkQuality => ({
  parameter: 'chemical',
  chemical: 'Chlorine',
  units: 'mg/L',
  globalBulk: -0.5,
  globalWall: -0.1,
  initial: { R1: 1, R2: 0.4, T1: 0.6 },
  ...extra,
});

function bothPaths(model: NetworkModel): { wasm: QualitySimulation; typescript: QualitySimulation } {
  const sim = simulateNetwork(compileNetwork(model));
  useWasmRouting(true);
  const wasm = simulateQuality(sim, model)!;
  useWasmRouting(false);
  const typescript = simulateQuality(sim, model)!;
  return { wasm, typescript };
}

const sameBits = (a: Float64Array[], b: Float64Array[]) => a.length === b.length && a.every((row, i) => row.length === b[i]!.length && row.every((v, k) => Object.is(v, b[i]![k])));

function expectSameTables(model: NetworkModel): QualitySimulation {
  const { wasm, typescript } = bothPaths(model);
  expect(sameBits(wasm.node, typescript.node)).toBe(true);
  expect(sameBits(wasm.link, typescript.link)).toBe(true);
  return wasm;
}

describe('water-quality transport in WebAssembly', () => {
  it('is built and taken by a chemical or an age run (npm install builds it)', () => {
    expect(wasmRoutingAvailable()).toBe(true);
    const adopt = vi.spyOn(RoutingBlock, 'adopt');
    bothPaths(grid(chlorine()));
    expect(adopt.mock.results.map((r) => r.value !== undefined)).toEqual([true, false]);
  });

  it('gives the TypeScript tables bit for bit with linear decay, in each tank mixing model', () => {
    for (const mixing of ['mixed', '2comp', 'fifo', 'lifo'] as const) {
      const tables = expectSameTables(grid(chlorine(), mixing));
      // The chlorine moved and decayed: neither the initial values nor nothing.
      const last = tables.node[tables.node.length - 1]!;
      expect(Math.max(...last)).toBeGreaterThan(0.3);
      expect(Math.min(...last)).toBeLessThan(0.3);
    }
  });

  it('gives the TypeScript tables with sources of every type and second-order decay with a limit', () => {
    expectSameTables(
      grid(
        chlorine({
          bulkOrder: 2,
          limitingConcentration: 0.05,
          sources: { J3_3: { type: 'setpoint', strength: 1.2 }, J5_7: { type: 'mass', strength: 600 }, J8_2: { type: 'flowpaced', strength: 0.15 }, R2: { type: 'concen', strength: 0.9 } },
        }),
        'fifo',
      ),
    );
  });

  it('gives the TypeScript tables for water age', () => {
    const tables = expectSameTables(grid({ parameter: 'age' }, '2comp'));
    expect(Math.max(...tables.node[tables.node.length - 1]!)).toBeGreaterThan(1);
  });

  it('grows its block with the segment pool and keeps every segment (tolerance 0: a segment per release)', () => {
    const resize = vi.spyOn(RoutingBlock.prototype, 'resize');
    expectSameTables(grid(chlorine({ tolerance: 0 }), 'lifo'));
    expect(resize).toHaveBeenCalled();
  });

  it('goes on in TypeScript, to the same tables, when no larger block can be had', () => {
    // The first block (the router's start) is had; every later one is refused.
    const allocate = (RoutingBlock.prototype as unknown as { allocate(capacity: number): boolean }).allocate;
    let blocks = 0;
    vi.spyOn(RoutingBlock.prototype as unknown as { allocate(capacity: number): boolean }, 'allocate').mockImplementation(function (this: unknown, capacity: number) {
      return blocks++ === 0 && allocate.call(this, capacity);
    });
    expectSameTables(grid(chlorine({ tolerance: 0 }), 'fifo'));
    expect(blocks).toBeGreaterThan(1);
  });
});
