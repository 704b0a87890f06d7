// `npm test` checks that the committed verification report is current: every recordCase id in the
// test sources is in it (from the file that records it, with the tolerance written there) and it
// holds no case the sources no longer record. When this fails, run `npm run verify` and commit
// packages/solvers/verification-report.json.

import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPORT_PATH, sourceCases } from './report-file.js';
import type { RecordedCase } from './record.js';

interface ReportFile {
  generated_at: string;
  cases: (RecordedCase & { test: { file: string; name: string } })[];
}

const STALE = 'packages/solvers/verification-report.json is not current: run `npm run verify` and commit it';

// Cases the product promises for the thermal core (simulations.md: NAFEMS T3; architecture.md:
// observed order of convergence): removing one from the sources must fail here, not quietly drop
// out of the report.
const PROMISED = [
  'cwm-thermal-3d.core.nafems-t3.explicit',
  'cwm-thermal-3d.core.nafems-t3.backward-euler',
  'cwm-thermal-3d.core.nafems-t3.crank-nicolson',
  'cwm-thermal-3d.core.space-order',
  'cwm-thermal-3d.core.time-order.backward-euler',
  'cwm-thermal-3d.core.time-order.crank-nicolson',
];

// `npm run verify` itself rewrites the report, so there the check has nothing to compare with.
describe.skipIf(process.env.SIMFORGE_VERIFY === 'full')('the verification report', () => {
  const inSources = sourceCases();

  it('every recordCase call has a literal id and a literal (or module-level const) tolerance, ids are unique', () => {
    expect(inSources.filter((c) => c.id.startsWith('<no literal id')).map((c) => c.id)).toEqual([]);
    expect(inSources.filter((c) => c.tolerance === null).map((c) => `${c.id}: tolerance ${c.toleranceText || '(missing)'}`)).toEqual([]);
    const seen = new Set<string>();
    const duplicates = inSources.filter((c) => (seen.has(c.id) ? true : (seen.add(c.id), false))).map((c) => c.id);
    expect(duplicates).toEqual([]);
  });

  it('records the thermal core’s promised cases (NAFEMS T3 per scheme, observed order in space and time) and reports them', () => {
    expect(PROMISED.filter((id) => !inSources.some((c) => c.id === id))).toEqual([]);
    const report = existsSync(REPORT_PATH) ? (JSON.parse(readFileSync(REPORT_PATH, 'utf8')) as ReportFile) : { cases: [] };
    expect(PROMISED.filter((id) => !report.cases.some((c) => c.id === id)), STALE).toEqual([]);
  });

  it('is committed and lists exactly the recorded cases, from the same files, with the same tolerances', () => {
    expect(existsSync(REPORT_PATH), STALE).toBe(true);
    const report = JSON.parse(readFileSync(REPORT_PATH, 'utf8')) as ReportFile;
    const reported = new Map(report.cases.map((c) => [c.id, c]));
    const missing = inSources.filter((c) => !reported.has(c.id)).map((c) => c.id);
    const removed = report.cases.filter((c) => !inSources.some((s) => s.id === c.id)).map((c) => c.id);
    expect({ missing, removed }, STALE).toEqual({ missing: [], removed: [] });
    const changed = inSources
      .filter((c) => reported.get(c.id)!.tolerance !== c.tolerance || reported.get(c.id)!.test.file !== c.file)
      .map((c) => `${c.id}: source ${c.file} tolerance ${c.tolerance}, report ${reported.get(c.id)!.test.file} tolerance ${reported.get(c.id)!.tolerance}`);
    expect(changed, STALE).toEqual([]);
  });
});
