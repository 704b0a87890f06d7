// CPU time per cell of the diffusion operator of src/physics/jet/nonorthogonal-diffusion.ts on the
// default ridge's σ grid (45° faces) against FlowGrid's rectangles of the same size (same axial faces and
// columns): one residual evaluation (with the deferred correction, and the 5-point part alone) and one
// outer iteration (residual + the V-cycle-preconditioned CG solve to 1e-3). The choice of the σ grid
// assumed ×1.3 per cell-iteration for a curvilinear solver; this measures the diffusion operator's share.
// Usage (from packages/solvers): nice -n 10 node --import tsx bench/nonorthogonal-diffusion.mts [refinements]
import { faceGeometry, type FaceGeometry } from '../src/physics/jet/grid/face-geometry.js';
import { FlowGrid } from '../src/physics/jet/grid/grid.js';
import { jetDefaults, readJetCase } from '../src/physics/jet/model/parameters.js';
import { jetFlowCase } from '../src/physics/jet/model/flow-case.js';
import { terrainGrid } from '../src/physics/jet/grid/terrain-grid.js';
import { diffusionResidual, residualWork, solveDiffusion } from '../src/physics/jet/numerics/nonorthogonal-diffusion.js';

const refine = (faces: ArrayLike<number>): number[] => {
  const out: number[] = [faces[0]!];
  for (let k = 1; k < faces.length; k++) out.push(0.5 * (faces[k - 1]! + faces[k]!), faces[k]!);
  return out;
};

/** CPU µs per cell of `run`, repeated until at least 0.5 s of CPU; the best of three such batches. */
function perCell(cells: number, run: () => void): number {
  let best = Infinity;
  for (let batch = 0; batch < 3; batch++) {
    const start = process.cpuUsage();
    let count = 0;
    let used = 0;
    do {
      run();
      count++;
      const t = process.cpuUsage(start);
      used = t.user + t.system;
    } while (used < 500_000);
    best = Math.min(best, used / (count * cells));
  }
  return best;
}

function fields(fg: FaceGeometry): { phi: Float64Array; source: Float64Array } {
  const phi = Float64Array.from({ length: fg.size }, (_, k) => Math.sin(0.01 * k));
  const source = Float64Array.from({ length: fg.size }, (_, k) => Math.cos(0.02 * k));
  return { phi, source };
}

function measure(fg: FaceGeometry): { residual: number; fivePoint: number; outer: number; outerFivePoint: number } {
  const { phi, source } = fields(fg);
  const out = new Float64Array(fg.size);
  const work = residualWork(fg);
  const cells = fg.nx * fg.ny;
  const residual = perCell(cells, () => diffusionResidual(fg, 1, phi, source, out, work, true));
  const fivePoint = perCell(cells, () => diffusionResidual(fg, 1, phi, source, out, work, false));
  // One outer iteration: a fresh solve capped at one outer step (residual, inner solve, update, residual).
  // (Setup included: the matrix, the multigrid levels' storage and the Galerkin operators.)
  const outer = perCell(cells, () => solveDiffusion(fg, { gamma: 1, source, phi: Float64Array.from(phi), maxOuter: 1 }));
  const outerFivePoint = perCell(cells, () => solveDiffusion(fg, { gamma: 1, source, phi: Float64Array.from(phi), maxOuter: 1, correction: false }));
  return { residual, fivePoint, outer, outerFivePoint };
}

const jet = readJetCase('JET_IMPINGING_RIDGE', jetDefaults('JET_IMPINGING_RIDGE'));
const polygon = jet.ridge!.polygon;
let axial: ArrayLike<number> = jetFlowCase({ ...jet, ridge: undefined }).grid.xFaces;
const base = terrainGrid({ axialFaces: axial, columnFaces: jetFlowCase(jet).grid.yFaces, polygon });
if (base.kind !== 'grid') throw new Error(base.reason);
let columns: ArrayLike<number> = base.columns;
const refinements = Number(process.argv[2] ?? 1);
for (let level = 0; level <= refinements; level++) {
  const sigma = terrainGrid({ axialFaces: axial, columnFaces: columns, polygon });
  if (sigma.kind !== 'grid') throw new Error(sigma.reason);
  const cartesian = faceGeometry(new FlowGrid({ geometry: 'planar', xFaces: axial, yFaces: columns }));
  const s = measure(sigma.faces);
  const c = measure(cartesian);
  const f = (v: number) => v.toFixed(4);
  console.log(`${sigma.nx}×${sigma.ny} = ${sigma.nx * sigma.ny} cells, CPU µs per cell (σ / Cartesian):`);
  console.log(`  residual with correction   ${f(s.residual)} / ${f(c.residual)}  ratio ${(s.residual / c.residual).toFixed(2)}`);
  console.log(`  residual, 5-point part     ${f(s.fivePoint)} / ${f(c.fivePoint)}`);
  console.log(`  σ with correction vs Cartesian 5-point: ratio ${(s.residual / c.fivePoint).toFixed(2)}`);
  console.log(`  one outer iteration        ${f(s.outer)} / ${f(c.outer)}  ratio ${(s.outer / c.outer).toFixed(2)}`);
  console.log(`  σ outer with correction vs Cartesian 5-point outer: ratio ${(s.outer / c.outerFivePoint).toFixed(2)}`);
  [axial, columns] = [refine(axial), refine(columns)];
}
