// The heat source of a welding run's pass (solver.ts solvePhase switches it from pass to pass).

import type { GoldakSource, HeatSource, SourceDeposit, StructuredMesh } from '../../../thermal/index.js';

/**
 * The heat source of the pass under way (none between passes): one HeatSource for the thermal core.
 * The core asks for the source at mid-step; with `pointsPerCell` > 0 the deposit is instead the mean
 * over the step (`stepLength`) of the source at the midpoints of sub-intervals in which it moves at
 * most dx/pointsPerCell, the composite midpoint rule of ∫q dt/Δt.
 */
export class PassSources implements HeatSource {
  readonly label = 'Goldak double ellipsoid (the current pass)';
  current: GoldakSource | undefined;
  stepLength = 0;
  pointsPerCell = 0;
  travel = 0;
  dx = 1;
  private scratch = new Float64Array(0);
  deposit(mesh: StructuredMesh, time: number, out: Float64Array): SourceDeposit {
    const source = this.current;
    if (!source) return { nominal: 0, applied: 0 };
    const n = this.pointsPerCell > 0 ? Math.ceil((this.pointsPerCell * this.travel * this.stepLength) / this.dx - 1e-9) : 1;
    if (n <= 1) return source.deposit(mesh, time, out);
    if (this.scratch.length !== out.length) this.scratch = new Float64Array(out.length);
    const scratch = this.scratch;
    scratch.fill(0);
    let nominal = 0;
    let applied = 0;
    for (let j = 0; j < n; j++) {
      const d = source.deposit(mesh, time + this.stepLength * ((j + 0.5) / n - 0.5), scratch);
      nominal += d.nominal / n;
      applied += d.applied / n;
    }
    for (let i = 0; i < out.length; i++) if (scratch[i] !== 0) out[i] += scratch[i]! / n;
    return { nominal, applied };
  }
}
