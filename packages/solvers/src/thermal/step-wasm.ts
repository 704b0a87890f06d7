// The thermal solver's per-cell loops that are not the conduction kernel or the linear solve, run
// by the WebAssembly module (sources: wasm/enthalpy.ts, wasm/newton.ts, wasm/table.ts): T = T(E)
// and the running peak after a step, the conductivity update's scan, the face conductances, the conduction
// fluxes, face sums and stored energy, and the implicit step's Newton loops on the enthalpy (the table-reading ones for a
// mesh of one material). solver.ts keeps the TypeScript loops as the reference and the fallback; the
// module computes the same operations in the same order per cell, so every iterate is bitwise the
// same (wasm-kernel.test.ts, step-wasm.test.ts). Measured before the move: T(E) and the peaks 40 %
// of an explicit melt-pool run (the conduction kernel itself 3 %); the Newton loops about a third of
// an implicit welding run.
//
// The module reads only its own memory, so the solver keeps its whole state in one block
// (thermalStateBlock): the cell arrays, its table's enthalpy nodes, the conjugate-gradient solver's
// region, the list of metal cells and a copy of the mesh's mask (taken again when its version changes).
import type { EnthalpyTable } from './enthalpy-table.js';
import type { BalanceArrays, NewtonArrays, NewtonLoops } from './newton-loops.js';
import { OP_ASSEMBLE, OP_CONSERVATIVE, OP_FACE_SUMS, OP_FLUXES, OP_IMPLICIT_START, OP_NEWTON_START, OP_NEWTON_SYSTEM, OP_NEWTON_UPDATE, OP_PEAKS, OP_PROPERTIES, OP_SWEEP, OP_TEMPERATURES, OP_UPDATE_CELLS, type ThreadTeam } from './thread-team.js';
import { wasmBuffer, wasmExportsFor } from './wasm-kernel.js';

interface StepExports {
  /** oT, oGx, oGy, oGz, oR, oExtra, oE, nx, ny, nz, pairFrom, pairTo, last. */
  sweepPairs(...offsetsThenSizes: number[]): void;
  useTable(oH: number, oK: number, size: number, min: number, step: number, invStep: number, endSlope: number): void;
  properties(...offsetsThenScalars: number[]): number;
  conductionFluxes(oT: number, oGx: number, oGy: number, oGz: number, nx: number, ny: number, nz: number, oOut: number, from: number, to: number): void;
  faceSums(oGx: number, oGy: number, oGz: number, nx: number, ny: number, n: number, oOut: number): void;
  /** The same gathered over cells [from, to) in chunks from the counter at oNext (wasm/shared.ts). */
  faceSumsShared(oGx: number, oGy: number, oGz: number, nx: number, ny: number, from: number, to: number, oOut: number, oNext: number, chunk: number): void;
  /** assembleConductances' arguments, then oNext: the planes taken one by one from the counter. */
  assembleShared(...offsetsThenSizes: number[]): void;
  /** updateCellConductances' arguments, then oNext and the chunk: the listed cells in chunks from the counter. */
  updateCellsShared(...offsetsThenSizes: number[]): void;
  storedEnergy(oV: number, oE: number, oMask: number, n: number): number;
  assembleConductances(...offsetsThenSizes: number[]): void;
  updateCellConductances(...offsetsThenSizes: number[]): void;
  temperatures(oE: number, oT: number, oMask: number, from: number, to: number): void;
  peaks(oT: number, oPeak: number, oMask: number, from: number, to: number): void;
  /** The same over [from, to) in chunks of `chunk` cells taken from the counter at oNext (wasm/shared.ts). */
  temperaturesShared(oE: number, oT: number, oMask: number, from: number, to: number, oNext: number, chunk: number): void;
  peaksShared(oT: number, oPeak: number, oMask: number, from: number, to: number, oNext: number, chunk: number): void;
  /** oT, oGx, oGy, oGz, oR, oExtra, oE, nx, ny, nz, oNext: the pairs of layers taken one by one from the counter. */
  sweepShared(...offsetsThenSizes: number[]): void;
  newtonStart(...offsetsThenScalars: number[]): void;
  newtonSystem(...offsetsThenScalars: number[]): void;
  /** oT, oPreviousT, oEnthalpy, oPreviousE, oSlope, oEold, oTnext, oSolid, count, plain, oMaxima. */
  newtonUpdate(...offsetsThenScalars: number[]): void;
  /** oE, oT, oEold, oFlux, oFluxOld, oQ, oVolume, oMask, n, dt, theta. */
  conservativeUpdate(...offsetsThenScalars: number[]): void;
  /** oE, oEold, oFluxOld, oGx, oGy, oGz, oOx, oOy, oOz, oMask, oT, oD, oRhs, oTnext, from, to (and oNext, chunk shared). */
  implicitStart(...offsetsThenRange: number[]): void;
  implicitStartShared(...offsetsThenRange: number[]): void;
}

const NAMES = ['sweepPairs', 'useTable', 'properties', 'conductionFluxes', 'faceSums', 'storedEnergy', 'assembleConductances', 'updateCellConductances', 'temperatures', 'peaks', 'temperaturesShared', 'peaksShared', 'sweepShared', 'newtonStart', 'newtonSystem', 'newtonUpdate', 'conservativeUpdate', 'implicitStart', 'implicitStartShared', 'faceSumsShared', 'assembleShared', 'updateCellsShared'] as const;

/**
 * Cells per chunk of the loops shared out between two threads (wasm/shared.ts): a few tens of
 * microseconds of T(E) each, so taking one costs nothing against it and the threads end within a
 * chunk of each other.
 */
const CELL_CHUNK = 4096;
/** Listed cells per chunk (six faces each, read from scattered places). */
const LIST_CHUNK = 512;

/** The solver's state in one block. */
export interface ThermalStateBlock {
  /** `arrays` cell arrays of n values. */
  arrays: Float64Array[];
  /** The enthalpy nodes of the one material's table, then its conductivity nodes (empty with several materials). */
  nodes: Float64Array;
  /** `regionBytes` bytes at `region.offset` for the caller (the conjugate-gradient solver). */
  region: { buffer: ArrayBuffer; offset: number };
  /** Room for the list of metal cells. */
  solid: Int32Array;
  /** Room for the list of cells whose conductivity changed (a third of the cells). */
  changed: Int32Array;
  /** As much room again, for the list of a helper thread's half. */
  changedSpare: Int32Array;
  /** The mesh's cell widths along x, y and z (nx + ny + nz values, in that order). */
  widths: Float64Array;
  mask: Uint8Array;
  loops: WasmStepLoops | undefined;
}

/**
 * The block: `arrays` arrays of n values, one table's nodes, two maxima, `regionBytes` bytes, n cell
 * indices, two lists of changed cells (n / 3 each) and n mask bytes, in a WebAssembly memory where the
 * module runs (else an ArrayBuffer, and no loops).
 */
export function thermalStateBlock(arrays: number, n: number, table: EnthalpyTable | undefined, regionBytes: number, widths = 0): ThermalStateBlock {
  const size = table ? 2 * table.size : 0;
  const regionOffset = 8 * (arrays * n + size + widths + 2);
  const solidOffset = regionOffset + 8 * Math.ceil(regionBytes / 8);
  const changedLength = Math.ceil(n / 3);
  const maskOffset = solidOffset + 4 * (n + 2 * changedLength);
  const bytes = maskOffset + n;
  const buffer = wasmBuffer(bytes) ?? new ArrayBuffer(bytes);
  const nodes = new Float64Array(buffer, 8 * arrays * n, size);
  if (table) {
    nodes.set(table.enthalpy);
    nodes.set(table.conductivity, table.size);
  }
  const maxima = new Float64Array(buffer, 8 * (arrays * n + size), 2);
  const exports = wasmExportsFor(buffer);
  const loops = exports && NAMES.every((name) => typeof exports[name] === 'function') ? new WasmStepLoops(exports as unknown as StepExports, maxima) : undefined;
  return {
    arrays: Array.from({ length: arrays }, (_, k) => new Float64Array(buffer, 8 * k * n, n)),
    nodes,
    region: { buffer, offset: regionOffset },
    solid: new Int32Array(buffer, solidOffset, n),
    changed: new Int32Array(buffer, solidOffset + 4 * n, changedLength),
    changedSpare: new Int32Array(buffer, solidOffset + 4 * (n + changedLength), changedLength),
    widths: new Float64Array(buffer, 8 * (arrays * n + size + 2), widths),
    mask: new Uint8Array(buffer, maskOffset, n),
    loops,
  };
}

/** What the conductance loops read: k along each axis, the faces' G, the mask copy and the widths. */
export interface ConductanceArrays {
  k: Float64Array;
  ky: Float64Array;
  kz: Float64Array;
  Gx: Float64Array;
  Gy: Float64Array;
  Gz: Float64Array;
  mask: Uint8Array;
  /** dx, dy, dz one after another. */
  widths: Float64Array;
}

/**
 * The module's step loops bound to one memory; each method is the solver.ts loop it names. With a
 * team whose helper is ready (thread-team.ts) the Newton system and update run on two threads, the
 * metal cells cut in two halves: every cell's values are the one-thread loop's, and the maxima of the
 * update do not depend on the order of the cells.
 */
export class WasmStepLoops implements NewtonLoops {
  private team: ThreadTeam | undefined;
  /** useTable's arguments (the helper's instance selects the table with each command). */
  private table: number[] = [];

  constructor(
    private readonly k: StepExports,
    private readonly maxima: Float64Array,
  ) {}

  /** Runs the Newton system and update on two threads with this team from now on (undefined: one). */
  useTeam(team: ThreadTeam | undefined): void {
    this.team = team;
  }

  /** Selects the table the table-reading loops use (`nodes`: its enthalpy then its conductivity, in this memory). */
  useTable(table: EnthalpyTable, nodes: Float64Array): void {
    this.table = [nodes.byteOffset, nodes.byteOffset + 8 * table.size, table.size, table.min, table.step, table.invStep, table.endSlope];
    this.k.useTable(...(this.table as [number, number, number, number, number, number, number]));
  }

  /** The team when its helper is serving and there are cells to share. */
  private shared(count: number): ThreadTeam | undefined {
    return this.team?.ready && count >= 2 && this.table.length > 0 ? this.team : undefined;
  }

  /**
   * The conductivity update's scan (solver.ts updateProperties): k, ky, kz re-taken in the metal
   * cells whose temperature left the band of `taken` (all of them when not incremental), those cells
   * listed in `changed` while it has room; returns how many changed. With a helper it scans the upper
   * half of the cells into `spare` (as long as `changed`), and its list is appended to the caller's:
   * the same list as one scan's.
   */
  properties(a: { T: Float64Array; taken: Float64Array; k: Float64Array; ky: Float64Array; kz: Float64Array }, mask: Uint8Array, lists: { changed: Int32Array; spare: Int32Array }, incremental: boolean, table: EnthalpyTable, enhancement: { x: number; y: number; z: number } | undefined): number {
    const e = enhancement ?? { x: 1, y: 1, z: 1 };
    const { solidus, liquidus } = table.material;
    const { changed, spare } = lists;
    const n = a.T.length;
    const head = [a.T.byteOffset, a.taken.byteOffset, mask.byteOffset, a.k.byteOffset, a.ky.byteOffset, a.kz.byteOffset];
    const tail = [incremental ? 1 : 0, table.solidEnd, table.liquidStart, table.conductivityLag, enhancement ? 1 : 0, e.x, e.y, e.z, solidus, liquidus];
    const team = this.shared(n);
    if (!team) return this.k.properties(...head, changed.byteOffset, changed.length, 0, n, ...tail);
    const half = n >> 1;
    team.post(OP_PROPERTIES, [...this.table, ...head, spare.byteOffset, spare.length, half, n, ...tail]);
    const lower = this.k.properties(...head, changed.byteOffset, changed.length, 0, half, ...tail);
    team.join();
    const upper = team.scratch[0]!;
    if (lower < changed.length) changed.set(spare.subarray(0, Math.min(upper, changed.length - lower)), lower);
    return lower + upper;
  }

  /** out = Σ_faces G (T_nb − T) per cell (terms.ts conductionFluxes); the helper takes the upper half of the rows. */
  conductionFluxes(T: Float64Array, G: { Gx: Float64Array; Gy: Float64Array; Gz: Float64Array }, mesh: { nx: number; ny: number; nz: number }, out: Float64Array): void {
    const head = [T.byteOffset, G.Gx.byteOffset, G.Gy.byteOffset, G.Gz.byteOffset, mesh.nx, mesh.ny, mesh.nz, out.byteOffset] as const;
    const n = T.length;
    const team = this.team?.ready && n >= 2 * mesh.nx ? this.team : undefined;
    if (!team) return this.k.conductionFluxes(...head, 0, n);
    const half = mesh.nx * ((n / mesh.nx) >> 1);
    team.post(OP_FLUXES, [...head, half, n]);
    this.k.conductionFluxes(...head, 0, half);
    team.join();
  }

  /**
   * out = the sum of each cell's face conductances (solver.ts faceSums without the boundary faces);
   * with a helper, gathered (the same sums: wasm/fluxes.ts faceSumsGather) and shared out in chunks.
   */
  faceSums(G: { Gx: Float64Array; Gy: Float64Array; Gz: Float64Array }, mesh: { nx: number; ny: number }, out: Float64Array): void {
    const head = [G.Gx.byteOffset, G.Gy.byteOffset, G.Gz.byteOffset, mesh.nx, mesh.ny] as const;
    const n = out.length;
    const team = this.team?.ready && mesh.nx >= 2 && mesh.ny >= 2 && n >= 2 ? this.team : undefined;
    if (!team) return this.k.faceSums(...head, n, out.byteOffset);
    team.post(OP_FACE_SUMS, [...head, 0, n, out.byteOffset, team.next, CELL_CHUNK]);
    this.k.faceSumsShared(...head, 0, n, out.byteOffset, team.next, CELL_CHUNK);
    team.join();
  }

  /** Every face conductance (terms.ts assembleConductances); with a helper, the planes shared out between the two threads. */
  assembleConductances(a: ConductanceArrays, mesh: { nx: number; ny: number; nz: number }): void {
    const offsets = conductanceOffsets(a, mesh);
    const team = this.team?.ready && mesh.nz >= 2 ? this.team : undefined;
    if (!team) return this.k.assembleConductances(...offsets);
    team.post(OP_ASSEMBLE, [...offsets, team.next]);
    this.k.assembleShared(...offsets, team.next);
    team.join();
  }

  /**
   * The six face conductances of the first `count` cells listed (terms.ts updateCellConductances);
   * with a helper, the list shared out in chunks (a face two listed cells share gets its one value
   * from either).
   */
  updateCellConductances(a: ConductanceArrays, mesh: { nx: number; ny: number; nz: number }, cells: Int32Array, count: number): void {
    const offsets = conductanceOffsets(a, mesh);
    const team = this.team?.ready && count >= 2 * LIST_CHUNK ? this.team : undefined;
    if (!team) return this.k.updateCellConductances(...offsets, cells.byteOffset, count);
    team.post(OP_UPDATE_CELLS, [...offsets, cells.byteOffset, count, team.next, LIST_CHUNK]);
    this.k.updateCellsShared(...offsets, cells.byteOffset, count, team.next, LIST_CHUNK);
    team.join();
  }

  /** Σ V E over the cells where mask is 1, in cell order. */
  storedEnergy(volume: Float64Array, E: Float64Array, mask: Uint8Array): number {
    return this.k.storedEnergy(volume.byteOffset, E.byteOffset, mask.byteOffset, E.length);
  }

  /** T = T(E) where mask is 1, over cells [from, to) (with a helper, shared out between the two threads in chunks). */
  temperatures(E: Float64Array, T: Float64Array, mask: Uint8Array, from = 0, to = T.length): void {
    const arrays = [E.byteOffset, T.byteOffset, mask.byteOffset] as const;
    const team = this.shared(to - from);
    if (!team) return this.k.temperatures(...arrays, from, to);
    team.post(OP_TEMPERATURES, [...this.table, ...arrays, from, to, team.next, CELL_CHUNK]);
    this.k.temperaturesShared(...arrays, from, to, team.next, CELL_CHUNK);
    team.join();
  }

  /** peak = max(peak, T) where mask is 1, over cells [from, to) (with a helper, shared out between the two threads in chunks). */
  peaks(T: Float64Array, peak: Float64Array, mask: Uint8Array, from = 0, to = T.length): void {
    const arrays = [T.byteOffset, peak.byteOffset, mask.byteOffset] as const;
    const team = this.team?.ready && to - from >= 2 ? this.team : undefined;
    if (!team) return this.k.peaks(...arrays, from, to);
    team.post(OP_PEAKS, [...arrays, from, to, team.next, CELL_CHUNK]);
    this.k.peaksShared(...arrays, from, to, team.next, CELL_CHUNK);
    team.join();
  }

  /**
   * The explicit conduction update (terms.ts explicitConductionUpdate) when a helper is ready: the
   * pairs of layers shared out between the two threads one by one, the odd top layer with the last
   * pair (each cell's E reads T only). Returns false without a helper (the caller runs the one-thread
   * kernel).
   */
  explicitSweep(a: { T: Float64Array; Gx: Float64Array; Gy: Float64Array; Gz: Float64Array; r: Float64Array; extra: Float64Array; E: Float64Array }, mesh: { nx: number; ny: number; nz: number }): boolean {
    const team = this.team?.ready && (mesh.nz >> 1) >= 2 ? this.team : undefined;
    if (!team) return false;
    const head = [a.T, a.Gx, a.Gy, a.Gz, a.r, a.extra, a.E].map((v) => v.byteOffset).concat([mesh.nx, mesh.ny, mesh.nz, team.next]);
    team.post(OP_SWEEP, head);
    this.k.sweepShared(...head);
    team.join();
    return true;
  }

  /** The first iterate in the `solid` cells: T extrapolated by `extrapolation` (if > 0), Tlast = T, E(T). */
  newtonStart(T: Float64Array, Tlast: Float64Array, enthalpy: Float64Array, solid: Int32Array, extrapolation: number, split = solid.length >> 1): void {
    const arrays = [T.byteOffset, Tlast.byteOffset, enthalpy.byteOffset];
    const team = this.shared(solid.length);
    if (!team) return this.k.newtonStart(...arrays, solid.byteOffset, solid.length, extrapolation);
    const half = split;
    team.post(OP_NEWTON_START, [...this.table, ...arrays, solid.byteOffset + 4 * half, solid.length - half, extrapolation]);
    this.k.newtonStart(...arrays, solid.byteOffset, half, extrapolation);
    team.join();
  }

  /** One iteration's slopes, matrix diagonal, right-hand side and CG start in the `solid` cells. */
  newtonSystem(a: NewtonArrays, solid: Int32Array, secant: boolean, dt: number, theta: number, split = solid.length >> 1): void {
    const arrays = [a.T, a.previousT, a.enthalpy, a.previousE, a.slope, a.volume, a.sums, a.Eold, a.fluxOld, a.Q, a.D, a.rhs, a.Tnext].map((v) => v.byteOffset);
    const team = this.shared(solid.length);
    if (!team) return this.k.newtonSystem(...arrays, solid.byteOffset, solid.length, secant ? 1 : 0, dt, theta);
    const half = split;
    team.post(OP_NEWTON_SYSTEM, [...this.table, ...arrays, solid.byteOffset + 4 * half, solid.length - half, secant ? 1 : 0, dt, theta]);
    this.k.newtonSystem(...arrays, solid.byteOffset, half, secant ? 1 : 0, dt, theta);
    team.join();
  }

  /** The iterate after the linear solve; the largest linearisation error and enthalpy change. */
  newtonUpdate(a: NewtonArrays, solid: Int32Array, plain: boolean, split = solid.length >> 1): { worst: number; scale: number } {
    const arrays = [a.T, a.previousT, a.enthalpy, a.previousE, a.slope, a.Eold, a.Tnext].map((v) => v.byteOffset);
    const team = this.shared(solid.length);
    if (!team) {
      this.k.newtonUpdate(...arrays, solid.byteOffset, solid.length, plain ? 1 : 0, this.maxima.byteOffset);
      return { worst: this.maxima[0]!, scale: this.maxima[1]! };
    }
    const half = split;
    team.post(OP_NEWTON_UPDATE, [...this.table, ...arrays, solid.byteOffset + 4 * half, solid.length - half, plain ? 1 : 0, team.scratch.byteOffset]);
    this.k.newtonUpdate(...arrays, solid.byteOffset, half, plain ? 1 : 0, this.maxima.byteOffset);
    team.join();
    return { worst: Math.max(this.maxima[0]!, team.scratch[0]!), scale: Math.max(this.maxima[1]!, team.scratch[1]!) };
  }

  /**
   * The start of a backward-Euler step (solver.ts advanceImplicit with θ = 1): Eold = E, fluxOld = 0,
   * the off-diagonals O = G, and the rows without metal decoupled (D = 1, rhs = Tnext = T); with a
   * helper, shared out between the two threads in chunks.
   */
  implicitStart(a: { E: Float64Array; Eold: Float64Array; fluxOld: Float64Array; Gx: Float64Array; Gy: Float64Array; Gz: Float64Array; Ox: Float64Array; Oy: Float64Array; Oz: Float64Array; T: Float64Array; D: Float64Array; rhs: Float64Array; Tnext: Float64Array }, mask: Uint8Array): void {
    const offsets = [a.E, a.Eold, a.fluxOld, a.Gx, a.Gy, a.Gz, a.Ox, a.Oy, a.Oz, mask, a.T, a.D, a.rhs, a.Tnext].map((v) => v.byteOffset);
    const n = a.T.length;
    const team = this.shared(n);
    if (!team) return this.k.implicitStart(...offsets, 0, n);
    team.post(OP_IMPLICIT_START, [...offsets, 0, n, team.next, CELL_CHUNK]);
    this.k.implicitStartShared(...offsets, 0, n, team.next, CELL_CHUNK);
    team.join();
  }

  /** E = E⁰ + Δt (θ flux + fluxOld + Q) / V and T = T(E) where mask is 1. */
  conservativeUpdate(a: BalanceArrays, mask: Uint8Array, dt: number, theta: number): void {
    const arrays = [a.E, a.T, a.Eold, a.flux, a.fluxOld, a.Q, a.volume];
    const n = a.T.length;
    // Cells from..to − 1: each array and the mask from there (every cell is independent).
    const range = (from: number, to: number) => [...arrays.map((v) => v.byteOffset + 8 * from), mask.byteOffset + from, to - from, dt, theta];
    const team = this.shared(n);
    if (!team) return this.k.conservativeUpdate(...range(0, n));
    const half = n >> 1;
    team.post(OP_CONSERVATIVE, [...this.table, ...range(half, n)]);
    this.k.conservativeUpdate(...range(0, half));
    team.join();
  }
}

/** The conductance loops' leading arguments: the arrays' byte offsets, then nx, ny, nz. */
function conductanceOffsets(a: ConductanceArrays, mesh: { nx: number; ny: number; nz: number }): number[] {
  const w = a.widths.byteOffset;
  return [a.k, a.ky, a.kz, a.Gx, a.Gy, a.Gz].map((v) => v.byteOffset).concat([a.mask.byteOffset, w, w + 8 * mesh.nx, w + 8 * (mesh.nx + mesh.ny), mesh.nx, mesh.ny, mesh.nz]);
}
