// The thermal core's additions for the melt pool: the incremental conductance update, the
// anisotropic liquid enhancement and the evaporation loss.
import { describe, expect, it } from 'vitest';
import { customSolid } from '../materials/solids/custom.js';
import { constantProperty } from '../materials/property-function.js';
import { CELL_VOID, gradedAxis, StructuredMesh, uniformAxis } from './mesh.js';
import { ThermalSolver } from './solver.js';
import { assembleConductances, updateCellConductances } from './terms.js';
import { evaporationFlux, GAS_CONSTANT } from './evaporation.js';

const mesh = () => new StructuredMesh(gradedAxis({ from: 0, to: 1e-3, cells: 7, ratio: 1.2 }), uniformAxis({ from: 0, to: 6e-4, cells: 5 }), gradedAxis({ from: 0, to: 4e-4, cells: 6, ratio: 0.8 }));

describe('melt-pool additions to the thermal core', () => {
  it('updateCellConductances gives bitwise the conductances of a full assembly', () => {
    const m = mesh();
    m.mask[m.index(3, 2, 1)] = CELL_VOID;
    const n = m.cellCount;
    const k = Float64Array.from({ length: n }, (_, i) => 10 + (i % 7));
    const ky = Float64Array.from({ length: n }, (_, i) => 12 + (i % 5));
    const kz = Float64Array.from({ length: n }, (_, i) => 8 + (i % 3));
    const G = { Gx: new Float64Array(n), Gy: new Float64Array(n), Gz: new Float64Array(n) };
    assembleConductances(m, k, G.Gx, G.Gy, G.Gz, ky, kz);
    const changed = Int32Array.from([0, m.index(3, 2, 2), m.index(6, 4, 5), m.index(2, 2, 1)]);
    for (const i of changed) {
      k[i] = k[i]! * 2.5;
      ky[i] = ky[i]! * 3;
    }
    updateCellConductances(m, { k, ky, kz }, G, changed, changed.length);
    const full = { Gx: new Float64Array(n), Gy: new Float64Array(n), Gz: new Float64Array(n) };
    assembleConductances(m, k, full.Gx, full.Gy, full.Gz, ky, kz);
    expect(G.Gx).toEqual(full.Gx);
    expect(G.Gy).toEqual(full.Gy);
    expect(G.Gz).toEqual(full.Gz);
  });

  const material = customSolid({ density: constantProperty('density', 8000), conductivity: constantProperty('conductivity', 20), specificHeat: constantProperty('specific_heat', 500), solidus: 1600, liquidus: 1650, latentHeat: 2.5e5 });

  it('the liquid enhancement multiplies the liquid conductivity per direction: a liquid block spreads heat along x only', () => {
    const m = new StructuredMesh(uniformAxis({ from: 0, to: 9e-5, cells: 9 }), uniformAxis({ from: 0, to: 9e-5, cells: 9 }), uniformAxis({ from: 0, to: 9e-5, cells: 9 }));
    const solver = new ThermalSolver({ mesh: m, materials: [material], initialTemperature: 2000, liquidEnhancement: { x: 4, y: 1, z: 1 } }, { scheme: 'explicit' });
    const centre = m.index(4, 4, 4);
    solver.T[centre] = 2500;
    solver.E[centre] = solver.tables[0]!.enthalpyAt(2500);
    const dt = 0.5 * solver.conservativeStabilityLimit();
    const before = solver.storedEnergy();
    solver.step(dt);
    const riseX = solver.T[m.index(5, 4, 4)]! - 2000;
    const riseY = solver.T[m.index(4, 5, 4)]! - 2000;
    expect(riseX / riseY).toBeCloseTo(4, 6);
    // No losses, no sources: the enthalpy is conserved to round-off.
    expect(Math.abs(solver.storedEnergy() / before - 1)).toBeLessThan(1e-14);
  });

  it('evaporation: the Langmuir flux at the boiling point, taken from hot surface cells only, with the books closed', () => {
    const model = { latentHeat: 6.09e6, molarMass: 0.055845, boilingTemperature: 3134 };
    // At T_b the saturation pressure is p₀: q = (1 − β) L p₀ √(M/(2πRT_b)).
    expect(evaporationFlux(model, 3134).flux).toBeCloseTo(0.82 * 6.09e6 * 101_325 * Math.sqrt(0.055845 / (2 * Math.PI * GAS_CONSTANT * 3134)), 0);
    // The slope is the flux's derivative (central difference).
    const h = 1e-3;
    const numeric = (evaporationFlux(model, 3500 + h).flux - evaporationFlux(model, 3500 - h).flux) / (2 * h);
    expect(Math.abs(evaporationFlux(model, 3500).slope / numeric - 1)).toBeLessThan(1e-6);

    const m = mesh();
    const solver = new ThermalSolver({ mesh: m, materials: [material], initialTemperature: 1000, evaporation: model });
    const dt = 1e-7;
    solver.step(dt);
    expect(solver.ledger.evaporated).toBe(0); // nothing above the liquidus: nothing evaporates
    const hot = new ThermalSolver({ mesh: m, materials: [material], initialTemperature: 3600, evaporation: model }, { scheme: 'explicit' });
    const corner = m.index(0, 0, 0);
    const t0 = hot.T[corner]!;
    hot.step(dt);
    // A corner cell has three exposed faces (area A); the block is uniform, so conduction adds nothing
    // and the cell ends at the T solving E(T) = E(T₀) − Δt A q(T)/V (implicit evaporation).
    const area = m.dy[0]! * m.dz[0]! + m.dx[0]! * m.dz[0]! + m.dx[0]! * m.dy[0]!;
    const cornerLoss = (hot.tables[0]!.enthalpyAt(t0) - hot.E[corner]!) * m.volume(corner);
    const tEnd = hot.T[corner]!;
    expect(tEnd).toBeLessThan(t0);
    expect(Math.abs(cornerLoss / (evaporationFlux(model, tEnd).flux * area * dt) - 1)).toBeLessThan(1e-6);
    // With so small a step that is nearly the flux at the start times the area.
    expect(Math.abs(cornerLoss / (evaporationFlux(model, t0).flux * area * dt) - 1)).toBeLessThan(0.01);
    expect(hot.ledger.evaporated).toBeGreaterThan(0);
    expect(Math.abs(hot.balanceError())).toBeLessThan(1e-10); // round-off of enthalpies referred to 100 K
  });
});
