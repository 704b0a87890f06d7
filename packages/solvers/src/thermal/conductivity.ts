// The conductivity update of a step in TypeScript (the reference of the module's `properties` loop,
// wasm/properties.ts). A cell's conductivity is a function of its temperature; the liquid's may be
// enhanced along x, y and z (the melt pool's Marangoni stand-in: k (1 + (f − 1) f_l(T))). It is
// re-taken only where the temperature has moved, since it was last taken, by more than the table's
// conductivityLag (k then within 10⁻³ of its value at the cell's temperature), or across the solidus
// or the liquidus (solver.ts updateProperties says why).

import type { EnthalpyTable } from './enthalpy-table.js';
import { CELL_SOLID } from './mesh.js';

/**
 * k, ky, kz re-taken in the metal cells (every one unless `incremental`), the temperature each was
 * taken at kept in `taken`; the cells whose values changed listed in `changed` while it has room.
 * Returns how many changed (more than `changed` holds means: assemble every face). Without an
 * enhancement ky and kz may be k itself.
 */
export function retakeConductivities(
  cells: { mask: Uint8Array; T: Float64Array; taken: Float64Array },
  conductivity: { k: Float64Array; ky: Float64Array; kz: Float64Array },
  tableOf: (cell: number) => EnthalpyTable,
  enhancement: { x: number; y: number; z: number } | undefined,
  incremental: boolean,
  changedCells: Int32Array,
): number {
  const { mask, T, taken } = cells;
  const { k: kxOf, ky: kyOf, kz: kzOf } = conductivity;
  const e = enhancement;
  let changed = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] !== CELL_SOLID) continue;
    const t = T[i]!;
    const table = tableOf(i);
    if (incremental) {
      const before = taken[i]!;
      if (t === before || table.keepsConductivity(t, before)) continue;
    }
    taken[i] = t;
    const k = table.conductivityAt(t);
    let kx = k;
    let ky = k;
    let kz = k;
    if (e) {
      const fl = table.liquidFractionAt(t);
      kx = k * (1 + (e.x - 1) * fl);
      ky = k * (1 + (e.y - 1) * fl);
      kz = k * (1 + (e.z - 1) * fl);
    }
    if (incremental && kx === kxOf[i] && ky === kyOf[i] && kz === kzOf[i]) continue;
    kxOf[i] = kx;
    kyOf[i] = ky;
    kzOf[i] = kz;
    if (changed < changedCells.length) changedCells[changed] = i;
    changed++;
  }
  return changed;
}
