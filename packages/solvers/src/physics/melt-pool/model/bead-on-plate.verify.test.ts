// Full size (SIMFORGE_VERIFY=full only; about 4 min on one core: the 11 rows of both studies took 8.5
// CPU-minutes together, about 45 % of it here): the melt-pool model against Trapp et
// al. 2017's 316L bead-on-plate cross-sections (0.5 mm discs, r₀ 30 µm, 500 mm/s, absorptivity measured by
// calorimetry on the same tracks; bead-on-plate.data.ts), from conduction (32-65 W) through the transition
// (83 W) to the keyhole (99 W). Each row is solved once (LASER_RIGID_PLATE, coarse preset, the product's
// default Marangoni factors, a 0.45 mm track) and recorded as two cases, width and depth; two summary
// cases give the mean absolute errors. The IN625 and Ti-6Al-4V rows are the companion study
// bead-on-plate-in625-ti64.verify.test.ts (split so that each stays within a few minutes).
//
// Targets: mean absolute error ≤ 15 % on the width and ≤ 20 % on the depth, no case worse than 30 %.
// The measured figures and the rows that miss are in docs/physics/melt-pool.md ("Validation"); the test
// asserts the targets that are met (MEETS) and records every case, met or not.

// Measured (coarse, Marangoni 2.5 / 2.5): MAE width 10.2 %, depth 13.5 %; every row within 30 % (the worst
// the 32 W depth, −26.8 %, within the digitisation's ±3 µm of 17 µm), so all three targets are asserted.
import { describe, expect, it } from 'vitest';
import { recordCase } from '../../../../test/verification/report/record.js';
import { maeCase, rowCase, rowReport, solveRow, type SolvedRow } from './bead-on-plate.case.js';
import { BEAD_ON_PLATE_ROWS } from './bead-on-plate.data.js';

const FULL = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.['SIMFORGE_VERIFY'] === 'full';
const ROW_TOLERANCE = 0.3;
const WIDTH_MAE_TOLERANCE = 0.15;
const DEPTH_MAE_TOLERANCE = 0.2;

/** The targets the model meets on these rows (docs/physics/melt-pool.md, "Validation"): asserted; the others are recorded only. */
const MEETS = { widthMae: true, depthMae: true, everyRow: true };

describe.skipIf(!FULL)('melt-pool model against Trapp et al. 2017 (316L bead on plate, measured absorptivity)', () => {
  it('width and depth of every row; mean absolute errors', async () => {
    const solved = new Map<string, SolvedRow>();
    for (const row of BEAD_ON_PLATE_ROWS.filter((r) => r.material === '316L')) solved.set(row.id, await solveRow(row));
    const errors = [
      recordCase({ ...rowCase(solved, 'trapp2017-316l-32w', 'width'), id: 'melt-pool.bead-on-plate.trapp2017-316l-32w.width', tolerance: ROW_TOLERANCE }),
      recordCase({ ...rowCase(solved, 'trapp2017-316l-32w', 'depth'), id: 'melt-pool.bead-on-plate.trapp2017-316l-32w.depth', tolerance: ROW_TOLERANCE }),
      recordCase({ ...rowCase(solved, 'trapp2017-316l-48w', 'width'), id: 'melt-pool.bead-on-plate.trapp2017-316l-48w.width', tolerance: ROW_TOLERANCE }),
      recordCase({ ...rowCase(solved, 'trapp2017-316l-48w', 'depth'), id: 'melt-pool.bead-on-plate.trapp2017-316l-48w.depth', tolerance: ROW_TOLERANCE }),
      recordCase({ ...rowCase(solved, 'trapp2017-316l-65w', 'width'), id: 'melt-pool.bead-on-plate.trapp2017-316l-65w.width', tolerance: ROW_TOLERANCE }),
      recordCase({ ...rowCase(solved, 'trapp2017-316l-65w', 'depth'), id: 'melt-pool.bead-on-plate.trapp2017-316l-65w.depth', tolerance: ROW_TOLERANCE }),
      recordCase({ ...rowCase(solved, 'trapp2017-316l-83w', 'width'), id: 'melt-pool.bead-on-plate.trapp2017-316l-83w.width', tolerance: ROW_TOLERANCE }),
      recordCase({ ...rowCase(solved, 'trapp2017-316l-83w', 'depth'), id: 'melt-pool.bead-on-plate.trapp2017-316l-83w.depth', tolerance: ROW_TOLERANCE }),
      recordCase({ ...rowCase(solved, 'trapp2017-316l-99w', 'width'), id: 'melt-pool.bead-on-plate.trapp2017-316l-99w.width', tolerance: ROW_TOLERANCE }),
      recordCase({ ...rowCase(solved, 'trapp2017-316l-99w', 'depth'), id: 'melt-pool.bead-on-plate.trapp2017-316l-99w.depth', tolerance: ROW_TOLERANCE }),
    ];
    expect(errors.length).toBe(2 * solved.size);
    const reference = 'Trapp et al. 2017, Fig. 3(a) (width, depth) and Fig. 4 (absorptivity)';
    const widthMae = recordCase({ ...maeCase(solved, 'width', reference), id: 'melt-pool.bead-on-plate.trapp2017.mae.width', tolerance: WIDTH_MAE_TOLERANCE });
    const depthMae = recordCase({ ...maeCase(solved, 'depth', reference), id: 'melt-pool.bead-on-plate.trapp2017.mae.depth', tolerance: DEPTH_MAE_TOLERANCE });
    (globalThis as { console?: { info(m: string): void } }).console?.info(`${rowReport(solved)}\nMAE width ${(100 * widthMae).toFixed(1)} %, depth ${(100 * depthMae).toFixed(1)} %`);
    if (MEETS.widthMae) expect(widthMae).toBeLessThanOrEqual(WIDTH_MAE_TOLERANCE);
    if (MEETS.depthMae) expect(depthMae).toBeLessThanOrEqual(DEPTH_MAE_TOLERANCE);
    if (MEETS.everyRow) expect(Math.max(...errors)).toBeLessThanOrEqual(ROW_TOLERANCE);
  }, 1_800_000);
});
