// The enthalpy table's conductivity lag: the change of temperature over which a cell keeps the
// conductivity it was last given (solver.ts, updateProperties). Outside the melting range k must stay
// within 10⁻³ of its value at the cell's temperature for every library alloy; inside it, where the
// liquid enhancement and the latent heat change k and E steeply (and between the table's nodes
// around it), the lag does not apply.

import { describe, expect, it } from 'vitest';
import { builtInSolids } from '../materials/solids/index.js';
import type { SolidMaterial } from '../materials/solids/solid.js';
import { EnthalpyTable } from './enthalpy-table.js';

const alloys = Object.values(builtInSolids) as SolidMaterial[];

describe('EnthalpyTable.conductivityLag', () => {
  for (const material of alloys) {
    it(`${material.id}: k within 1e-3 over the lag everywhere outside the melting range`, () => {
      const table = new EnthalpyTable(material);
      const lag = table.conductivityLag;
      expect(lag).toBeGreaterThan(0);
      expect(lag).toBeLessThanOrEqual(1);
      let worst = 0;
      for (let T = 150; T < 6000; T += 0.37) {
        for (const other of [T + lag, T - lag]) {
          if (other < 100 || !table.keepsConductivity(other, T)) continue;
          const k = table.conductivityAt(T);
          worst = Math.max(worst, Math.abs(table.conductivityAt(other) - k) / k);
        }
      }
      expect(worst).toBeLessThanOrEqual(1e-3 * (1 + 1e-9));
    });
  }

  it('a constant conductivity has the largest lag, 1 K; a steep one a short lag', () => {
    const base = alloys[0]!;
    expect(new EnthalpyTable({ ...base, conductivity: () => 30 }).conductivityLag).toBe(1);
    // k doubling over 100 K: relative slope up to 1 %/K, so the lag is at most 0.1 K.
    const steep = new EnthalpyTable({ ...base, conductivity: (T: number) => 20 + 20 * Math.min(1, Math.max(0, (T - 500) / 100)) });
    expect(steep.conductivityLag).toBeLessThanOrEqual(0.1 * (1 + 1e-9));
    expect(steep.conductivityLag).toBeGreaterThan(0.04);
  });
});
