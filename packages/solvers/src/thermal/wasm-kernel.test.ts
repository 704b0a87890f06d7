// The WebAssembly SIMD conduction kernel (wasm/kernel.ts, loaded by wasm-kernel.ts) against its
// reference, the TypeScript kernel of terms.ts: the same inputs must give bit for bit the same E on
// every mesh shape (rows of one cell, odd rows that end in a one-cell remainder, rows of two or
// four-cell blocks plus remainders, single layers, odd layer counts), with the arrays anywhere in the
// memory; the TypeScript path must run where the module is absent or WebAssembly SIMD is missing;
// and a small explicit thermal run must end bitwise the same on both paths.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customSolid } from '../materials/solids/custom.js';
import { constantProperty } from '../materials/property-function.js';
import { gradedAxis, StructuredMesh, uniformAxis } from './mesh.js';
import { ThermalSolver } from './solver.js';
import { GaussianSurfaceSource } from './sources.js';
import { contiguousFloat64Arrays, explicitConductionUpdate } from './terms.js';
import { thermalStateBlock } from './step-wasm.js';
import { seededRandom } from '../numerics/random.js';
import { bits, kernelInputs, meltingTable } from '../../test/thermal-kernel-inputs.js';
import { compileConductionModule, instantiateKernel, readModuleBytes, useWasmKernel, wasmBuffer, wasmKernelAvailable, wasmKernelFor, type WasmApi } from './wasm-kernel.js';

// Both paths are tested whatever SIMFORGE_WASM says: each test starts with the WebAssembly kernel on.
beforeEach(() => useWasmKernel(true));

/**
 * E after one update by the WebAssembly kernel and by the TypeScript kernel, on the same arrays in
 * WebAssembly memory: in the solver's order (contiguousFloat64Arrays) or reversed, each array one
 * to seven values after the previous one (so at offsets of either parity, v128 loads unaligned).
 */
function bothKernels(nx: number, ny: number, nz: number, layout: 'solver' | 'shuffled'): { wasm: Float64Array; ts: Float64Array } {
  const data = kernelInputs(nx, ny, nz);
  const n = data[0]!.length;
  let views: Float64Array[];
  if (layout === 'solver') views = contiguousFloat64Arrays(7, n);
  else {
    const buffer = wasmBuffer(8 * (7 * (n + 7) + 3));
    expect(buffer).toBeDefined();
    views = data.map((_, k) => new Float64Array(buffer!, 8 * ((6 - k) * (n + 7) + k + 1), n));
  }
  expect(wasmKernelFor(views[0]!.buffer)).toBeDefined();
  views.forEach((v, k) => v.set(data[k]!));
  const [T, Gx, Gy, Gz, r, extra, E] = views as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  explicitConductionUpdate(T, Gx, Gy, Gz, nx, ny, nz, r, extra, E);
  const wasm = Float64Array.from(E);
  // The inputs other than E are only read.
  views.slice(0, 6).forEach((v, k) => expect(bits(v)).toEqual(bits(data[k]!)));
  E.set(data[6]!);
  useWasmKernel(false);
  explicitConductionUpdate(T, Gx, Gy, Gz, nx, ny, nz, r, extra, E);
  useWasmKernel(true);
  return { wasm, ts: Float64Array.from(E) };
}

describe('the WebAssembly SIMD conduction kernel', () => {
  it('is built and runs here (npm install builds it; SIMFORGE_WASM=0 switches it off)', () => {
    expect(wasmKernelAvailable()).toBe(true);
  });

  it('matches the TypeScript kernel bit for bit on rows of 1 to 13 cells and 1 to 9 layers', () => {
    for (const nx of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]) {
      for (const ny of [1, 3]) {
        for (const nz of [1, 2, 3, 4, 5, 6, 7, 8, 9]) {
          const { wasm, ts } = bothKernels(nx, ny, nz, 'solver');
          expect(bits(wasm), `${nx}×${ny}×${nz}`).toEqual(bits(ts));
        }
      }
    }
  });

  it('matches it with the arrays in any order and at unaligned offsets, and on larger meshes', () => {
    for (const [nx, ny, nz] of [[1, 1, 1], [5, 3, 2], [7, 2, 3], [13, 5, 5], [40, 17, 13], [33, 9, 8]] as const) {
      for (const layout of ['solver', 'shuffled'] as const) {
        const { wasm, ts } = bothKernels(nx, ny, nz, layout);
        expect(bits(wasm), `${nx}×${ny}×${nz} ${layout}`).toEqual(bits(ts));
      }
    }
  });
});

describe('the TypeScript fallback', () => {
  const bytes = readModuleBytes();
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly!;

  it('is taken where the module is not built, WebAssembly SIMD is missing or WebAssembly is absent', () => {
    expect(bytes).toBeDefined();
    expect(compileConductionModule(bytes, api)).toBeDefined();
    expect(readModuleBytes('@simforge/solvers/wasm/not-built.wasm')).toBeUndefined();
    expect(compileConductionModule(undefined, api)).toBeUndefined();
    const noSimd: WasmApi = { ...api, validate: () => false };
    expect(compileConductionModule(bytes, noSimd)).toBeUndefined();
    expect(compileConductionModule(bytes, undefined)).toBeUndefined();
    expect(compileConductionModule(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 255]), api)).toBeUndefined();
    // No module: no WebAssembly block, so contiguousFloat64Arrays takes an ArrayBuffer.
    expect(instantiateKernel(1024, undefined, api)).toBeUndefined();
    expect(instantiateKernel(1024, compileConductionModule(bytes, api), undefined)).toBeUndefined();
    expect(instantiateKernel(1024, compileConductionModule(bytes, api), api)).toBeDefined();
  });

  it('runs the TypeScript kernel, with the same results, on blocks allocated while the kernel is off', () => {
    const { wasm } = bothKernels(9, 4, 5, 'solver');
    useWasmKernel(false);
    const views = contiguousFloat64Arrays(7, 9 * 4 * 5);
    expect(wasmKernelFor(views[0]!.buffer)).toBeUndefined();
    kernelInputs(9, 4, 5).forEach((a, k) => views[k]!.set(a));
    const [T, Gx, Gy, Gz, r, extra, E] = views as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    explicitConductionUpdate(T, Gx, Gy, Gz, 9, 4, 5, r, extra, E);
    expect(bits(E)).toEqual(bits(wasm));
  });

  it('is the only path under SIMFORGE_WASM=0', async () => {
    vi.stubEnv('SIMFORGE_WASM', '0');
    vi.resetModules();
    try {
      const fresh = await import('./wasm-kernel.js');
      expect(fresh.wasmKernelAvailable()).toBe(false);
      expect(fresh.wasmBuffer(1024)).toBeUndefined();
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});

describe('T from E and the peaks in WebAssembly (step-wasm.ts)', () => {
  it('match EnthalpyTable.temperatureAt and the peak loop bit for bit, below, inside and beyond the table', () => {
    const table = meltingTable();
    const n = 4001;
    const block = thermalStateBlock(3, n, table, 0);
    expect(block.loops).toBeDefined();
    const [E, T, peak] = block.arrays as [Float64Array, Float64Array, Float64Array];
    const random = seededRandom(7);
    const H = table.enthalpy;
    for (let i = 0; i < n; i++) {
      // Enthalpies from below the first node to beyond the last, guesses anywhere (long walks both ways).
      E[i] = H[0]! - 2e8 + random() * (H[H.length - 1]! - H[0]! + 4e8);
      T[i] = i % 97 === 0 ? 1e6 : i % 89 === 0 ? -1e6 : 100 + random() * 2500;
      peak[i] = 1000 + random() * 500;
      block.mask[i] = i % 5 === 0 ? 0 : 1;
    }
    const expectedT = T.map((t, i) => (block.mask[i] === 1 ? table.temperatureAt(E[i]!, t) : t));
    block.loops!.useTable(table, block.nodes);
    block.loops!.temperatures(E, T, block.mask, 0, 2000);
    block.loops!.temperatures(E, T, block.mask, 2000, n);
    expect(bits(T)).toEqual(bits(expectedT));
    const expectedPeak = peak.map((p, i) => (block.mask[i] === 1 && T[i]! > p ? T[i]! : p));
    block.loops!.peaks(T, peak, block.mask);
    expect(bits(peak)).toEqual(bits(expectedPeak));
  });
});

describe('an explicit thermal run on both paths', () => {
  const material = customSolid({ density: constantProperty('density', 8000), conductivity: constantProperty('conductivity', 20), specificHeat: constantProperty('specific_heat', 500), solidus: 1600, liquidus: 1650, latentHeat: 2.5e5 });

  function run(wasm: boolean): { T: Float64Array; E: Float64Array; peak: Float64Array; ledger: string; onWasm: boolean } {
    useWasmKernel(wasm);
    // Odd nx and nz (remainders along x, a left-over layer), graded cells, a moving surface source
    // that melts a little, convection and radiation on every face.
    const mesh = new StructuredMesh(gradedAxis({ from: 0, to: 1.1e-3, cells: 11, ratio: 1.1 }), uniformAxis({ from: 0, to: 6e-4, cells: 6 }), gradedAxis({ from: -5e-4, to: 0, cells: 5, ratio: 0.8 }));
    const source = new GaussianSurfaceSource({ power: 150, radius: 1.5e-4, path: { start: { x: 2e-4, y: 3e-4, z: 0 }, speed: 0.05 } });
    const solver = new ThermalSolver(
      { mesh, materials: [material], initialTemperature: 300, sources: [source], surface: { convectionCoefficient: 20, emissivity: 0.4, ambientTemperature: 300 } },
      { scheme: 'explicit' },
    );
    const onWasm = wasmKernelFor(solver.T.buffer) !== undefined;
    const dt = 0.5 * solver.conservativeStabilityLimit();
    for (let s = 0; s < 60; s++) solver.step(dt);
    return { T: Float64Array.from(solver.T), E: Float64Array.from(solver.E), peak: Float64Array.from(solver.peak), ledger: JSON.stringify(solver.ledger), onWasm };
  }

  it('ends with bitwise the same temperatures (T from E and the peaks in WebAssembly too), enthalpies, peaks and ledger', () => {
    const wasm = run(true);
    const ts = run(false);
    expect([wasm.onWasm, ts.onWasm]).toEqual([true, false]);
    expect(Math.max(...wasm.T), 'peak').toBeGreaterThan(1650); // the source melted some cells
    expect(bits(wasm.T)).toEqual(bits(ts.T));
    expect(bits(wasm.E)).toEqual(bits(ts.E));
    expect(bits(wasm.peak)).toEqual(bits(ts.peak));
    expect(wasm.ledger).toBe(ts.ledger);
  });
});
