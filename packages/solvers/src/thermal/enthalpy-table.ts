// Tabulated material functions for the conduction loop: volumetric enthalpy E(T) (J/m³, sensible plus
// latent) and conductivity k(T) on a uniform temperature grid, with O(1) look-up and an inversion
// T(E) that walks from the cell's previous temperature. Linear between nodes; beyond the table E is
// extended with its end slope and k is held.
//
//   E(T) = ∫_{T_min}^{T} ρ(T') c(T') dT' + ρ(T_s) L f_l(T),  f_l linear between solidus and liquidus
//
// Why the enthalpy method (and not an apparent heat capacity): E is the conserved variable, so the
// latent heat is released exactly however large the step is (an apparent c_p peak can be stepped over
// when a cell crosses the mushy range within one step and the latent heat is then lost), and the
// energy ledger closes by construction. The implicit scheme linearises E with its slope dE/dT
// (the apparent capacity) inside a Newton-type iteration and ends with the conservative enthalpy
// update, so the apparent capacity only steers the iteration.

import type { SolidMaterial } from '../materials/solids/solid.js';

export interface TemperatureGrid {
  /** K */
  min: number;
  /** K */
  max: number;
  /** K */
  step: number;
}

export const DEFAULT_TEMPERATURE_GRID: TemperatureGrid = { min: 100, max: 6100, step: 1 };

/** Sub-intervals of the Simpson rule per grid step when integrating ρ c. */
const SIMPSON_PANELS = 4;

/**
 * A cell's conductivity is re-taken when its temperature has moved by more than the table's
 * `conductivityLag` since it was last taken: the change over which k moves by at most this share
 * outside the melting range (where it is always re-taken), and never more than MAX_CONDUCTIVITY_LAG.
 * 0.1 % of k is fifty times below the scatter of the alloys' conductivity data (±5 % and more) and
 * moved every default's summary by at most 3·10⁻⁵; it spares re-taking k, and re-assembling the
 * faces, in most cells of an explicit melt-pool step (a default laser run 13.4 → 9.7 s).
 */
const CONDUCTIVITY_LAG_RELATIVE = 1e-3;
const MAX_CONDUCTIVITY_LAG = 1;

export class EnthalpyTable {
  readonly min: number;
  readonly step: number;
  readonly size: number;
  /** J/m³ at each node. */
  readonly enthalpy: Float64Array;
  /** W/(m·K) at each node. */
  readonly conductivity: Float64Array;
  /** The smallest sensible ρ c (J/(m³·K)) on the table: sets the explicit stability limit. */
  readonly minCapacity: number;
  /** The largest conductivity on the table (W/(m·K)). */
  readonly maxConductivity: number;
  /** True when k does not depend on T (conductances need no update between steps). */
  readonly constantConductivity: boolean;
  /** K: outside the melting range, k changes by at most 10⁻³ of itself over this change of T. */
  readonly conductivityLag: number;
  /** The table's last node at or below the solidus and first at or above the liquidus (K). */
  readonly solidEnd: number;
  readonly liquidStart: number;
  /** 1 / step (1/K). */
  readonly invStep: number;
  /** dE/dT beyond the table's last node (J/(m³·K)). */
  readonly endSlope: number;

  constructor(
    readonly material: SolidMaterial,
    grid: TemperatureGrid = DEFAULT_TEMPERATURE_GRID,
  ) {
    this.min = grid.min;
    this.step = grid.step;
    this.invStep = 1 / grid.step;
    this.size = Math.round((grid.max - grid.min) / grid.step) + 1;
    this.enthalpy = new Float64Array(this.size);
    this.conductivity = new Float64Array(this.size);
    const rhoCp = (T: number): number => material.density(T) * material.specificHeat(T);
    const latent = material.density(material.solidus) * material.latentHeat;
    const fl = (T: number): number => (T <= material.solidus ? 0 : T >= material.liquidus ? 1 : (T - material.solidus) / (material.liquidus - material.solidus));
    let sensible = 0;
    let minCapacity = Number.POSITIVE_INFINITY;
    let k0 = material.conductivity(grid.min);
    let constantK = true;
    for (let j = 0; j < this.size; j++) {
      const T = grid.min + j * grid.step;
      if (j > 0) {
        const h = grid.step / SIMPSON_PANELS;
        const a = T - grid.step;
        let s = rhoCp(a) + rhoCp(T);
        for (let p = 1; p < SIMPSON_PANELS; p++) s += (p % 2 === 1 ? 4 : 2) * rhoCp(a + p * h);
        sensible += (s * h) / 3;
      }
      this.enthalpy[j] = sensible + latent * fl(T);
      const k = material.conductivity(T);
      this.conductivity[j] = k;
      if (j === 0) k0 = k;
      else if (k !== k0) constantK = false;
      minCapacity = Math.min(minCapacity, rhoCp(T));
    }
    this.minCapacity = minCapacity;
    this.maxConductivity = this.conductivity.reduce((a, b) => Math.max(a, b), 0);
    this.constantConductivity = constantK;
    this.endSlope = (this.enthalpy[this.size - 1]! - this.enthalpy[this.size - 2]!) * this.invStep;
    this.solidEnd = this.min + Math.floor((material.solidus - this.min) * this.invStep) * this.step;
    this.liquidStart = this.min + Math.ceil((material.liquidus - this.min) * this.invStep) * this.step;
    this.conductivityLag = this.lagOutsideMelting();
  }

  /**
   * Whether a cell whose conductivity was taken at `before` may keep it at `t`: both on the solid
   * side of the table's last node below the solidus, or both beyond its first node above the
   * liquidus (between those nodes the table's k already mixes in the melting range), and no more than
   * `conductivityLag` apart.
   */
  keepsConductivity(t: number, before: number): boolean {
    const { solidEnd, liquidStart } = this;
    return ((t <= solidEnd && before <= solidEnd) || (t >= liquidStart && before >= liquidStart)) && Math.abs(t - before) <= this.conductivityLag;
  }

  /** The steepest relative slope of k over the table's intervals outside [solidEnd, liquidStart] sets the lag. */
  private lagOutsideMelting(): number {
    const k = this.conductivity;
    let steepest = 0;
    for (let j = 0; j + 1 < this.size; j++) {
      const below = this.min + j * this.step;
      if (below + this.step > this.solidEnd && below < this.liquidStart) continue;
      steepest = Math.max(steepest, Math.abs(k[j + 1]! - k[j]!) / (this.step * Math.min(k[j]!, k[j + 1]!)));
    }
    return steepest > 0 ? Math.min(MAX_CONDUCTIVITY_LAG, CONDUCTIVITY_LAG_RELATIVE / steepest) : MAX_CONDUCTIVITY_LAG;
  }


  /** Volumetric enthalpy (J/m³) at T. */
  enthalpyAt(T: number): number {
    const u = (T - this.min) * this.invStep;
    if (u <= 0) return this.enthalpy[0]! + (T - this.min) * (this.enthalpy[1]! - this.enthalpy[0]!) * this.invStep;
    const j = Math.floor(u);
    if (j >= this.size - 1) return this.enthalpy[this.size - 1]! + (T - this.min - (this.size - 1) * this.step) * this.endSlope;
    const w = u - j;
    return this.enthalpy[j]! + w * (this.enthalpy[j + 1]! - this.enthalpy[j]!);
  }

  /** dE/dT (J/(m³·K)) at T: the apparent volumetric heat capacity, latent heat included. */
  capacityAt(T: number): number {
    const u = (T - this.min) * this.invStep;
    let j = Math.floor(u);
    if (j < 0) j = 0;
    if (j >= this.size - 1) return this.endSlope;
    return (this.enthalpy[j + 1]! - this.enthalpy[j]!) * this.invStep;
  }

  /** Liquid fraction at T: linear between solidus and liquidus (as the latent heat is released). */
  liquidFractionAt(T: number): number {
    const { solidus, liquidus } = this.material;
    return T <= solidus ? 0 : T >= liquidus ? 1 : (T - solidus) / (liquidus - solidus);
  }

  conductivityAt(T: number): number {
    const u = (T - this.min) * this.invStep;
    if (u <= 0) return this.conductivity[0]!;
    const j = Math.floor(u);
    if (j >= this.size - 1) return this.conductivity[this.size - 1]!;
    const w = u - j;
    return this.conductivity[j]! + w * (this.conductivity[j + 1]! - this.conductivity[j]!);
  }

  /** The temperature with enthalpy E; `guess` (the previous temperature) starts the walk. */
  temperatureAt(E: number, guess: number): number {
    const H = this.enthalpy;
    const last = this.size - 1;
    if (E <= H[0]!) return this.min + ((E - H[0]!) / (H[1]! - H[0]!)) * this.step;
    if (E >= H[last]!) return this.min + last * this.step + (E - H[last]!) / this.endSlope;
    let j = Math.floor((guess - this.min) * this.invStep);
    if (j < 0) j = 0;
    if (j > last - 1) j = last - 1;
    while (E < H[j]!) j--;
    while (E >= H[j + 1]!) j++;
    return this.min + (j + (E - H[j]!) / (H[j + 1]! - H[j]!)) * this.step;
  }
}
