// The vitest reporter of `npm run verify`: collects the cases the verification tests recorded
// (recordCase) and writes packages/solvers/verification-report.json, sorted by id so that a diff
// shows what changed. Runs only with SIMFORGE_VERIFY=full (the full-size cases are part of it).

import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { solverRegistry } from '../../../src/run/registry.js';
import { SOLVERS_VERSION } from '../../../src/version.js';
import type { RecordedCase } from './record.js';
import { PACKAGE_ROOT, REPORT_PATH, VERIFY_COMMAND } from './report-file.js';

const OWN_TESTS = 'test/verification/report/';

export default class VerificationReportReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (process.env.SIMFORGE_VERIFY !== 'full') {
      console.warn('verification report not written: SIMFORGE_VERIFY is not "full"');
      return;
    }
    const cases: (Omit<RecordedCase, 'error'> & { error: number | null; test: { file: string; name: string } })[] = [];
    for (const module of testModules) {
      const file = relative(PACKAGE_ROOT, module.moduleId);
      // This folder's own tests record example cases to test recordCase itself.
      if (file.startsWith(OWN_TESTS)) continue;
      for (const test of module.children.allTests()) {
        // JSON has no NaN: an error that could not be computed is null (and the case fails).
        for (const recorded of test.meta().verification ?? []) cases.push({ ...recorded, error: Number.isFinite(recorded.error) ? recorded.error : null, test: { file, name: test.fullName } });
      }
    }
    cases.sort((a, b) => a.id.localeCompare(b.id));
    // One id, one case: an id inside it.each or a loop would record several (give each its own literal id).
    const repeated = cases.filter((c, i) => i > 0 && cases[i - 1]!.id === c.id).map((c) => c.id);
    if (repeated.length > 0) throw new Error(`verification report not written: ids recorded more than once: ${[...new Set(repeated)].join(', ')}`);
    const models = new Map<string, Set<string>>();
    for (const module of solverRegistry.values()) {
      // A type with two models (CIRCULAR_PIPE) names both: its own and the one its defaults select.
      for (const model of [module.model, module.modelOf?.(module.parameterDefaults)?.model].filter((m): m is string => Boolean(m))) {
        if (!models.has(model)) models.set(model, new Set());
        models.get(model)!.add(module.type);
      }
    }
    for (const c of cases) if (!models.has(c.model)) models.set(c.model, new Set());
    const report = {
      generated_at: new Date().toISOString(),
      command: VERIFY_COMMAND,
      solvers_version: SOLVERS_VERSION,
      models: [...models].map(([model, types]) => ({ model, types: [...types].sort() })).sort((a, b) => a.model.localeCompare(b.model)),
      cases,
    };
    writeFileSync(REPORT_PATH, JSON.stringify(report, null, 2) + '\n');
    const failed = cases.filter((c) => !c.passed).length;
    console.info(`verification report: ${cases.length} cases (${failed} outside tolerance) -> ${relative(process.cwd(), REPORT_PATH)}`);
  }
}
