// The vitest reporter of `npm run verify`: collects the cases the verification tests recorded
// (recordCase) and the outcome of each study (test file) that ran, and merges them into
// packages/solvers/verification-report.json: a study that ran replaces its record, with the hash of
// its sources and the commit it ran at; one that did not run keeps its recorded result (gating.ts).
// Sorted by file and id so that a diff shows what changed. Runs only with SIMFORGE_VERIFY=full.

import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule, TestRunEndReason, TestSpecification } from 'vitest/node';
import { solverRegistry } from '../../../src/run/registry.js';
import { SOLVERS_VERSION } from '../../../src/version.js';
import { gitState, mergeReport, type GitState, type StudyRun } from './gating.js';
import { PACKAGE_ROOT, readReport, REPORT_PATH, VERIFY_COMMAND, type ReportFile } from './report-file.js';
import { fileTree, familyOf, sourcesHash, studyDependencies } from './sources.js';
import { studyFiles } from './studies.js';

function modelsOfSolvers(cases: ReportFile['cases']): ReportFile['models'] {
  const models = new Map<string, Set<string>>();
  for (const module of solverRegistry.values()) {
    // A type with two models (CIRCULAR_PIPE) names both: its own and the one its defaults select.
    for (const model of [module.model, module.modelOf?.(module.parameterDefaults)?.model].filter((m): m is string => Boolean(m))) {
      if (!models.has(model)) models.set(model, new Set());
      models.get(model)!.add(module.type);
    }
  }
  for (const c of cases) if (!models.has(c.model)) models.set(c.model, new Set());
  return [...models].map(([model, types]) => ({ model, types: [...types].sort() })).sort((a, b) => a.model.localeCompare(b.model));
}

/** A finished study: its record (from the hash taken when the run started) and its cases. */
function studyRun(module: TestModule, file: string, hash: string, git: GitState, files: readonly string[], startedAt: string, cleanRun: boolean): StudyRun {
  const tests = { passed: 0, failed: 0, skipped: 0, todo: 0 };
  const cases: StudyRun['cases'] = [];
  for (const test of module.children.allTests()) {
    const state = test.result().state;
    if (state === 'passed') tests.passed++;
    else if (state === 'failed') tests.failed++;
    else if (test.options.mode === 'todo') tests.todo++;
    else tests.skipped++;
    // JSON has no NaN: an error that could not be computed is null (and the case fails).
    for (const recorded of test.meta().verification ?? []) cases.push({ ...recorded, error: Number.isFinite(recorded.error) ? recorded.error : null, test: { file, name: test.fullName } });
  }
  // A study whose every test skipped itself ran nothing to fail; its counts say so.
  const passed = cleanRun && module.state() !== 'failed' && tests.failed === 0;
  return {
    file,
    family: familyOf(file),
    sources_hash: hash,
    commit: git.commit,
    uncommitted_changes: files.some((f) => git.changed.has(f)),
    ran_at: startedAt,
    passed,
    tests,
    duration_s: Math.round(module.diagnostic().duration / 100) / 10,
    cases,
  };
}

export default class VerificationReportReporter implements Reporter {
  private readonly hashes = new Map<string, { hash: string; files: string[] }>();
  private git: GitState = { commit: null, changed: new Set() };
  private startedAt = new Date().toISOString();
  private studies: string[] = [];

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    // Hash what runs now, not what the files hold when the run ends (they may be edited meanwhile).
    const tree = fileTree(PACKAGE_ROOT);
    this.studies = studyFiles(tree);
    this.startedAt = new Date().toISOString();
    this.git = gitState(PACKAGE_ROOT);
    const isStudy = new Set(this.studies);
    for (const spec of specifications) {
      const file = relative(PACKAGE_ROOT, spec.moduleId);
      if (!isStudy.has(file) || this.hashes.has(file)) continue;
      const deps = studyDependencies(tree, file);
      this.hashes.set(file, { hash: sourcesHash(tree, deps), files: deps.files });
    }
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>, reason: TestRunEndReason): void {
    if (process.env.SIMFORGE_VERIFY !== 'full') {
      console.warn('verification report not written: SIMFORGE_VERIFY is not "full"');
      return;
    }
    // Tests cut short show as skipped: an interrupted run records nothing.
    if (reason === 'interrupted') {
      console.warn('verification report not written: the run was interrupted');
      return;
    }
    // An error outside any test cannot be pinned on a study: none of them counts as passed.
    const cleanRun = unhandledErrors.length === 0;
    const runs: StudyRun[] = [];
    for (const module of testModules) {
      const file = relative(PACKAGE_ROOT, module.moduleId);
      const hashed = this.hashes.get(file);
      // Not a study (the report's own tests record example cases), or it did not finish (interrupted).
      if (!hashed || !['passed', 'failed', 'skipped'].includes(module.state())) continue;
      runs.push(studyRun(module, file, hashed.hash, this.git, hashed.files, this.startedAt, cleanRun));
    }
    const previous = readReport();
    const caseList = [...(previous?.cases ?? []), ...runs.flatMap((r) => r.cases.map((c) => ({ ...c, last_run: r })))];
    const header = { generated_at: new Date().toISOString(), command: VERIFY_COMMAND, solvers_version: SOLVERS_VERSION, models: modelsOfSolvers(caseList) };
    const { report, removedStudies, removedCases } = mergeReport(previous, runs, this.studies, header);
    writeFileSync(REPORT_PATH, JSON.stringify(report, null, 2) + '\n');
    const failed = report.cases.filter((c) => !c.passed && !c.deviation).length;
    const deviations = report.cases.filter((c) => !c.passed && c.deviation).length;
    const kept = report.studies.length - runs.length;
    console.info(
      `verification report: ${runs.length} studies ran (${runs.filter((r) => !r.passed).length} failed), ${kept} kept from earlier runs; ` +
        `${report.cases.length} cases (${failed} outside tolerance, ${deviations} documented deviations) -> ${relative(process.cwd(), REPORT_PATH)}`,
    );
    if (removedStudies.length > 0) console.warn(`removed from the report (their test file is gone): ${[...removedStudies, ...removedCases].join(', ')}`);
  }
}
