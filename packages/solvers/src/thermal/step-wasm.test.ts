// The thermal solver's loops in WebAssembly (wasm/newton.ts, wasm/properties.ts, wasm/table.ts,
// step-wasm.ts) against their reference, the TypeScript loops of solver.ts: the table's E(T) and
// dE/dT bit for bit below, inside and beyond the table, and runs that melt (backward Euler,
// Crank–Nicolson, explicit; with and without a liquid conductivity enhancement, so both branches of
// the conductivity scan; on two materials, where the table-reading loops stay TypeScript; with a bead
// deposited mid-run, a new mask) ending bitwise the same on both paths, iteration counts included.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customSolid } from '../materials/solids/custom.js';
import { constantProperty, tableProperty } from '../materials/property-function.js';
import { seededRandom } from '../numerics/random.js';
import { bits, meltingTable } from '../../test/thermal-kernel-inputs.js';
import { CELL_FILLER, gradedAxis, StructuredMesh, uniformAxis } from './mesh.js';
import type { TimeScheme } from './problem.js';
import { ThermalSolver } from './solver.js';
import { GaussianSurfaceSource } from './sources.js';
import { thermalStateBlock } from './step-wasm.js';
import { useWasmKernel, wasmKernelFor } from './wasm-kernel.js';

beforeEach(() => useWasmKernel(true));
// The solver tests share a module graph: the next file starts with the kernel on.
afterEach(() => useWasmKernel(true));

describe("the module's enthalpy table", () => {
  it('gives EnthalpyTable.enthalpyAt and capacityAt bit for bit, below, inside and beyond the table', () => {
    const table = meltingTable();
    const n = 3001;
    const block = thermalStateBlock(16, n, table, 0);
    const loops = block.loops!;
    expect(loops).toBeDefined();
    const a = block.arrays;
    const [T, previousT, enthalpy, previousE, slope, volume, sums, Eold, fluxOld, Q, D, rhs, Tnext, Tlast] = a as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    const random = seededRandom(11);
    for (let i = 0; i < n; i++) {
      T[i] = i % 7 === 0 ? 200 + 1.5 * (i % 1500) : -500 + random() * 3500;
      previousT[i] = T[i]! + (i % 3 === 0 ? 0 : random() * 10 - 5);
      previousE[i] = random() * 1e10;
      volume[i] = 1e-9 * (1 + random());
      [sums[i], Eold[i], fluxOld[i], Q[i]] = [random(), random() * 1e10, random() - 0.5, random() * 10];
    }
    const solid = block.solid.subarray(0, n - 5);
    for (let c = 0; c < solid.length; c++) solid[c] = c + (c % 2);
    loops.useTable(table, block.nodes);
    loops.newtonStart(T, Tlast, enthalpy, solid, 0);
    for (const i of solid) expect(enthalpy[i], `E(${T[i]})`).toBe(table.enthalpyAt(T[i]!));
    for (const secant of [false, true]) {
      loops.newtonSystem({ T, previousT, enthalpy, previousE, slope, volume, sums, Eold, fluxOld, Q, D, rhs, Tnext }, solid, secant, 0.01, 1);
      for (const i of solid) {
        const change = T[i]! - previousT[i]!;
        const s = secant && Math.abs(change) >= 1e-9 ? (enthalpy[i]! - previousE[i]!) / change : table.capacityAt(T[i]!);
        expect(slope[i], `slope at ${T[i]}`).toBe(s);
        const c = (volume[i]! * s) / 0.01;
        expect(D[i]).toBe(c + 1 * sums[i]!);
        expect(rhs[i]).toBe(c * T[i]! - (volume[i]! * (enthalpy[i]! - Eold[i]!)) / 0.01 + fluxOld[i]! + Q[i]!);
      }
    }
  });
});

describe('an implicit thermal run on both paths', () => {
  // Conductivity and specific heat vary with T (the table's kinks), the source melts a little.
  const material = customSolid({
    density: constantProperty('density', 7900),
    conductivity: tableProperty('conductivity', [[100, 14], [300, 15], [900, 22], [1600, 30], [1700, 32], [6100, 32]]),
    specificHeat: tableProperty('specific_heat', [[100, 470], [300, 480], [900, 600], [1600, 700], [6100, 700]]),
    solidus: 1650,
    liquidus: 1700,
    latentHeat: 2.6e5,
  });

  // A second alloy below (more conductive, no table kinks): with two materials the table-reading loops
  // run in TypeScript and the rest in the module, with the same results.
  const lower = customSolid({ density: constantProperty('density', 8900), conductivity: constantProperty('conductivity', 60), specificHeat: constantProperty('specific_heat', 420), solidus: 1600, liquidus: 1650, latentHeat: 2.1e5 });

  interface Variant {
    liquidEnhancement?: { x: number; y: number; z: number };
    twoMaterials?: boolean;
    /** The top layer's cells along y ≥ 4 start as filler and are deposited in step 8 (a new mask mid-run). */
    deposit?: boolean;
  }

  function run(scheme: TimeScheme, wasm: boolean, variant: Variant = {}) {
    useWasmKernel(wasm);
    const mesh = new StructuredMesh(gradedAxis({ from: 0, to: 8e-3, cells: 13, ratio: 1.1 }), uniformAxis({ from: 0, to: 4e-3, cells: 7 }), gradedAxis({ from: -3e-3, to: 0, cells: 6, ratio: 0.8 }));
    const filler: number[] = [];
    for (let iy = 0; iy < 7; iy++)
      for (let ix = 0; ix < 13; ix++) {
        if (variant.twoMaterials) for (let iz = 0; iz < 3; iz++) mesh.material[mesh.index(ix, iy, iz)] = 1;
        if (variant.deposit && iy >= 4) filler.push(mesh.index(ix, iy, 5));
      }
    for (const i of filler) mesh.mask[i] = CELL_FILLER;
    mesh.maskVersion++;
    const source = new GaussianSurfaceSource({ power: 900, radius: 1.2e-3, path: { start: { x: 1e-3, y: 2e-3, z: 0 }, speed: 0.004 } });
    const { liquidEnhancement } = variant;
    const solver = new ThermalSolver(
      { mesh, materials: variant.twoMaterials ? [material, lower] : [material], initialTemperature: 300, sources: [source], surface: { convectionCoefficient: 15, emissivity: 0.5, ambientTemperature: 300 }, ...(liquidEnhancement ? { liquidEnhancement } : {}) },
      { scheme, linearSolver: { preconditioner: 'ic0', tolerance: 1e-9, maxIterations: 500 } },
    );
    const onWasm = wasmKernelFor(solver.T.buffer) !== undefined;
    const iterations: number[] = [];
    const explicitStep = scheme === 'explicit' ? 0.5 * solver.conservativeStabilityLimit() : 0;
    for (let s = 0; s < (scheme === 'explicit' ? 400 : 25); s++) {
      if (s === 8 && filler.length > 0) solver.activate(filler, 1800);
      const report = solver.step(explicitStep || (s < 5 ? 0.02 : 0.05));
      iterations.push(report.nonlinearIterations, report.linearIterations);
    }
    return { T: Float64Array.from(solver.T), E: Float64Array.from(solver.E), peak: Float64Array.from(solver.peak), ledger: JSON.stringify(solver.ledger), iterations, onWasm };
  }

  const cases: [TimeScheme, string, Variant][] = [
    ['backward-euler', '', {}],
    ['crank-nicolson', '', {}],
    // The liquid's conductivity enhanced unequally along x, y, z (the conductivity scan's other branch).
    ['backward-euler', ' and a liquid enhancement', { liquidEnhancement: { x: 2.5, y: 1.5, z: 4 } }],
    ['explicit', ' and a liquid enhancement', { liquidEnhancement: { x: 2, y: 1, z: 3 } }],
    ['backward-euler', ' on two materials', { twoMaterials: true }],
    ['explicit', ' on two materials', { twoMaterials: true }],
    // Filler deposited mid-run: the mask copy, the metal cells' list and the coupled rows renewed.
    ['backward-euler', ' and a bead deposited', { deposit: true }],
    ['explicit', ' and a bead deposited', { deposit: true }],
  ];
  for (const [scheme, what, variant] of cases) {
    it(`ends bitwise the same with ${scheme}${what}, with the same iterations`, () => {
      const wasm = run(scheme, true, variant);
      const ts = run(scheme, false, variant);
      expect([wasm.onWasm, ts.onWasm]).toEqual([true, false]);
      expect(Math.max(...wasm.peak), 'peak').toBeGreaterThan(1700);
      expect(wasm.iterations).toEqual(ts.iterations);
      expect(bits(wasm.T)).toEqual(bits(ts.T));
      expect(bits(wasm.E)).toEqual(bits(ts.E));
      expect(bits(wasm.peak)).toEqual(bits(ts.peak));
      expect(wasm.ledger).toBe(ts.ledger);
    });
  }
});
