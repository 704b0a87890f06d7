// `npm run verify`: runs, with SIMFORGE_VERIFY=full, the verification studies whose sources
// changed since they last passed (or every one with SIMFORGE_VERIFY=all, or `-- --all`), and
// keeps the recorded result of the others; the reporter merges the run into the report. Prints
// the plan: each study run and why, each kept and the commit it passed at.
//
//   npm run verify                        the changed studies (what CI runs)
//   SIMFORGE_VERIFY=all npm run verify    every study (to refresh the committed report)
//   npm run verify -- jet/terrain         the changed studies whose path contains a filter
//   npm run verify -- --all jet/terrain   those, changed or not
//   npm run verify -- --plan              only print what would run

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { changedSince, mergeReport, planVerify, type PlannedStudy } from './gating.js';
import { PACKAGE_ROOT, readReport, REPORT_PATH } from './report-file.js';
import { fileTree, studyDependencies } from './sources.js';

const args = process.argv.slice(2);
const force = process.env.SIMFORGE_VERIFY === 'all' || args.includes('--all');
const planOnly = args.includes('--plan');
const filters = args.filter((a) => !a.startsWith('--'));
const unknown = args.filter((a) => a.startsWith('--') && a !== '--all' && a !== '--plan');
if (unknown.length > 0) {
  console.error(`npm run verify: unknown option ${unknown.join(' ')} (options: --all, --plan, and path filters)`);
  process.exit(2);
}

const tree = fileTree(PACKAGE_ROOT);
const report = readReport();
const plan = planVerify(tree, report, { force });
const selected = (s: PlannedStudy) => filters.length === 0 || filters.some((f) => s.file.includes(f));
const toRun = plan.studies.filter((s) => s.reason !== null && selected(s));
const kept = plan.studies.filter((s) => !toRun.includes(s));

const short = (commit: string | null) => (commit ? commit.slice(0, 10) : 'no commit');
function explain(study: PlannedStudy): string {
  if (study.reason !== 'sources changed' || !study.recorded?.commit) return study.reason!;
  const changed = changedSince(PACKAGE_ROOT, study.recorded.commit, studyDependencies(tree, study.file).files);
  const list = changed && changed.length > 0 ? `: ${changed.slice(0, 4).join(', ')}${changed.length > 4 ? ` and ${changed.length - 4} more` : ''}` : '';
  return `sources changed since ${short(study.recorded.commit)}${list}`;
}

console.info(`npm run verify: ${plan.studies.length} studies; ${toRun.length} to run${force ? ' (forced)' : ''}, ${kept.length} kept as recorded`);
for (const study of toRun) console.info(`  run   ${study.file} (${explain(study)})`);
for (const study of kept) {
  const r = study.recorded;
  const state = r ? `${r.passed ? 'passed' : 'FAILED'} at ${short(r.commit)}${r.uncommitted_changes ? ' with uncommitted changes' : ''}, ${r.ran_at.slice(0, 10)}` : 'never ran';
  console.info(`  keep  ${study.file} (${state}${study.reason && !selected(study) ? `; filtered out, would run: ${study.reason}` : ''})`);
}
// A recorded study whose file is gone is not kept silently: it is named and leaves the report.
for (const gone of plan.removed) console.warn(`  gone  ${gone.file} (in the report, no longer a study: deleted or renamed; its cases leave the report)`);

if (planOnly) process.exit(0);
if (toRun.length === 0) {
  if (plan.removed.length > 0 && report) {
    const { report: pruned } = mergeReport(report, [], plan.studies.map((s) => s.file), { ...report, generated_at: new Date().toISOString() });
    writeFileSync(REPORT_PATH, JSON.stringify(pruned, null, 2) + '\n');
    console.info(`verification report: removed ${plan.removed.length} studies whose test file is gone`);
  }
  console.info('npm run verify: nothing to run; every study keeps its recorded result');
  process.exit(0);
}

const result = spawnSync(
  process.platform === 'win32' ? 'npx.cmd' : 'npx',
  // Every core gets a worker (vitest's default leaves one of two idle).
  ['vitest', 'run', ...toRun.map((s) => join(PACKAGE_ROOT, s.file)), `--maxWorkers=${availableParallelism()}`, '--reporter=default', '--reporter=./test/verification/report/reporter.ts'],
  { cwd: PACKAGE_ROOT, stdio: 'inherit', env: { ...process.env, SIMFORGE_VERIFY: 'full' } },
);
process.exit(result.status ?? 1);
