// The gate of `npm run verify`: a study runs when the hash of what it imports (and of its family's
// sources) differs from the one recorded when it last passed; otherwise its recorded result stays,
// with the commit it ran at. Checked on small made-up packages, then on this one.

import { describe, expect, it } from 'vitest';
import { mergeReport, planVerify, type StudyRun } from './gating.js';
import { PACKAGE_ROOT, readReport, sourceCases, type ReportFile } from './report-file.js';
import { codeOf, fileTree, importClosure, importsOf, sourcesHash, studyDependencies, type SourceTree } from './sources.js';
import { REPORT_FOLDER, studyFiles, VERIFY_PATHS } from './studies.js';

function memoryTree(files: Record<string, string>): SourceTree {
  return {
    read: (path) => files[path] ?? null,
    list: (dir) => Object.keys(files).filter((path) => path.startsWith(`${dir}/`)),
  };
}

const LOCK = JSON.stringify({ packages: { 'node_modules/epanet-js': { version: '0.9.0' } } });

/** A package with a shared core (src/numerics), two families (jet, network) and a study in each. */
const PACKAGE: Record<string, string> = {
  '../../package-lock.json': LOCK,
  'src/numerics/solve.ts': 'export const solve = (x: number) => x * 2;\n',
  'src/numerics/unused.ts': 'export const unused = 1;\n',
  'src/run/registry.ts': "import { solve } from '../numerics/solve.js';\nexport const registry = [solve];\n",
  'src/physics/jet/grid.ts': "import { solve } from '../../numerics/solve.js';\nexport const grid = solve(2);\n",
  'src/physics/jet/index.ts': "export { grid } from './grid.js';\n",
  'src/physics/jet/post.ts': 'export const post = 3;\n',
  'src/physics/jet/types.ts': "import type { Registry } from '../../run/registry.js';\nexport type Grid = Registry;\n",
  'src/physics/jet/grid.test.ts': "import { grid } from './index.js';\nimport type { Grid } from './types.js';\nimport { it } from 'vitest';\nit('grid', () => grid);\n",
  'src/physics/jet/quick.test.ts': "import { it } from 'vitest';\nit('quick', () => 1);\n",
  'src/physics/network/oracle.test.ts': "import { epanet } from 'epanet-js';\nimport { solve } from '../../numerics/solve.js';\nexport const x = [epanet, solve];\n",
  'test/verification/energy.test.ts': "import { registry } from '../../src/run/registry.js';\nexport const y = registry;\n",
  'test/verification/report/record.test.ts': 'export {};\n',
};

/** This made-up package's verify paths (the real ones are VERIFY_PATHS). */
const PATHS = ['test/verification', 'src/physics/jet', 'src/physics/network'];

const withFile = (path: string, text: string) => memoryTree({ ...PACKAGE, [path]: text });

/** The report a passing run of every planned study would leave (what a full `npm run verify` writes). */
function reportAfterFullRun(tree: SourceTree): ReportFile {
  const plan = planVerify(tree, null, { force: true, paths: PATHS });
  const runs: StudyRun[] = plan.studies.map((s) => ({
    file: s.file,
    family: s.family,
    sources_hash: s.sources_hash,
    commit: 'c0ffee',
    uncommitted_changes: false,
    ran_at: '2026-01-01T00:00:00.000Z',
    passed: true,
    tests: { passed: 1, failed: 0, skipped: 0, todo: 0 },
    duration_s: 60,
    cases: s.file === 'src/physics/jet/grid.test.ts' ? [exampleCase('jet.grid', s.file)] : [],
  }));
  return mergeReport(null, runs, plan.studies.map((s) => s.file), { generated_at: 'x', command: 'x', solvers_version: '0', models: [] }).report;
}

function exampleCase(id: string, file: string) {
  return { id, model: 'jet', kind: 'verification' as const, compared: 'c', reference: 'r', value: null, reference_value: null, unit: '', error_kind: 'relative' as const, tolerance: 0.1, error: 0.01, passed: true, deviation: null, test: { file, name: 'grid' } };
}

const toRun = (tree: SourceTree, report: ReportFile | null, force = false) =>
  planVerify(tree, report, { force, paths: PATHS })
    .studies.filter((s) => s.reason !== null)
    .map((s) => `${s.file}: ${s.reason}`);

describe('the dependencies of a study, from its imports', () => {
  it('reads static, side-effect, dynamic and re-exports and new URL(…, import.meta.url), not type-only ones or comments', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { T } from './types.js';",
      "export type { U } from './u.js';",
      "import {\n  b,\n  type B,\n} from '../b.js';",
      "import './side-effect.js';",
      "export * from './all.js';",
      "const c = await import('./c.js');",
      "const w = new URL('./worker.js', import.meta.url);",
      "// import { old } from './old.js';",
      "/* import { older } from './older.js'; */",
      "import { readFileSync } from 'node:fs';",
    ].join('\n');
    expect(importsOf(source).sort()).toEqual(['../b.js', './a.js', './all.js', './c.js', './side-effect.js', './worker.js', 'node:fs'].sort());
  });

  it('takes no string that ends in "import" for a side-effect import', () => {
    const source = "export const paths = {\n  import: '/simulations/import',\n  report: '/report',\n};\nimport './real.js';\n";
    expect(importsOf(source)).toEqual(['./real.js']);
  });

  it('follows the repository’s contracts package into its sources (it has no locked version)', () => {
    const tree = memoryTree({
      ...PACKAGE,
      'src/physics/network/case.ts': "import { LIMIT } from '@simforge/contracts';\nexport const limit = LIMIT;\n",
      'src/physics/network/case.test.ts': "import { limit } from './case.js';\n",
      '../contracts/src/index.ts': "export { LIMIT } from './limits.js';\n",
      '../contracts/src/limits.ts': 'export const LIMIT = 2;\n',
    });
    expect(importClosure(tree, 'src/physics/network/case.test.ts')).toEqual({
      files: ['../contracts/src/index.ts', '../contracts/src/limits.ts', 'src/physics/network/case.test.ts', 'src/physics/network/case.ts'],
      packages: [],
    });
  });

  it('follows them through barrels to the shared cores, and names the npm packages (not the test runner)', () => {
    const tree = memoryTree(PACKAGE);
    expect(importClosure(tree, 'src/physics/jet/grid.test.ts')).toEqual({
      files: ['src/numerics/solve.ts', 'src/physics/jet/grid.test.ts', 'src/physics/jet/grid.ts', 'src/physics/jet/index.ts'],
      packages: [],
    });
    expect(importClosure(tree, 'src/physics/network/oracle.test.ts').packages).toEqual(['epanet-js']);
  });

  it('adds its family’s non-test sources, not the family’s other tests', () => {
    const deps = studyDependencies(memoryTree(PACKAGE), 'src/physics/jet/grid.test.ts');
    expect(deps.files).toEqual(['src/numerics/solve.ts', 'src/physics/jet/grid.test.ts', 'src/physics/jet/grid.ts', 'src/physics/jet/index.ts', 'src/physics/jet/post.ts', 'src/physics/jet/types.ts']);
  });

  it('stops at an import it cannot resolve rather than hash less than the study runs', () => {
    expect(() => importClosure(withFile('src/physics/jet/index.ts', "export * from './gone.js';\n"), 'src/physics/jet/grid.test.ts')).toThrow(/cannot resolve the import '\.\/gone\.js'/);
  });

  it('hashes code, not comments or blank lines; the locked version of each package counts', () => {
    const hash = (tree: SourceTree, study: string) => sourcesHash(tree, studyDependencies(tree, study));
    const base = memoryTree(PACKAGE);
    const jet = 'src/physics/jet/grid.test.ts';
    const solve = PACKAGE['src/numerics/solve.ts']!;
    expect(hash(withFile('src/numerics/solve.ts', `// Doubles.\n/**\n * Really.\n */\n\n${solve}\r\n`), jet)).toBe(hash(base, jet));
    expect(hash(withFile('src/numerics/solve.ts', solve.replace('2', '3')), jet)).not.toBe(hash(base, jet));
    expect(hash(withFile('src/numerics/solve.ts', solve.replace(';', '; // a trailing comment stays')), jet)).not.toBe(hash(base, jet));
    expect(hash(withFile('../../package-lock.json', LOCK.replace('0.9.0', '0.9.1')), 'src/physics/network/oracle.test.ts')).not.toBe(hash(base, 'src/physics/network/oracle.test.ts'));
    expect(codeOf('a;\n  // x\n/* y\n z */\nb; // c\n')).toBe('a;\nb; // c');
  });
});

describe('which studies npm run verify runs', () => {
  const tree = memoryTree(PACKAGE);
  const studies = ['src/physics/jet/grid.test.ts', 'src/physics/jet/quick.test.ts', 'src/physics/network/oracle.test.ts', 'test/verification/energy.test.ts'];

  it('the studies are the test files of the verify folders, not the report’s own tests', () => {
    expect(studyFiles(tree, PATHS)).toEqual(studies);
  });

  it('with no record, every study; with a record of a full run and nothing changed, none', () => {
    expect(toRun(tree, null)).toEqual(studies.map((s) => `${s}: not recorded`));
    expect(toRun(tree, reportAfterFullRun(tree))).toEqual([]);
  });

  it('a changed family runs its studies; a changed shared core runs the studies that import it', () => {
    const report = reportAfterFullRun(tree);
    expect(toRun(withFile('src/physics/jet/post.ts', 'export const post = 4;\n'), report)).toEqual(['src/physics/jet/grid.test.ts: sources changed', 'src/physics/jet/quick.test.ts: sources changed']);
    expect(toRun(withFile('src/numerics/solve.ts', 'export const solve = (x: number) => x * 3;\n'), report)).toEqual([
      'src/physics/jet/grid.test.ts: sources changed',
      'src/physics/network/oracle.test.ts: sources changed',
      'test/verification/energy.test.ts: sources changed',
    ]);
    expect(toRun(withFile('src/numerics/unused.ts', 'export const unused = 2;\n'), report)).toEqual([]);
    expect(toRun(withFile('src/physics/jet/quick.test.ts', "import { it } from 'vitest';\nit('quick', () => 2);\n"), report)).toEqual(['src/physics/jet/quick.test.ts: sources changed']);
  });

  it('runs a study that failed when it last ran, and every study when forced', () => {
    const report = reportAfterFullRun(tree);
    report.studies[2]!.passed = false;
    expect(toRun(tree, report)).toEqual(['src/physics/network/oracle.test.ts: failed when it last ran']);
    expect(toRun(tree, report, true)).toEqual(studies.map((s) => `${s}: forced`));
  });

  it('names a recorded study whose file is gone, and the merged report drops it and its cases', () => {
    const report = reportAfterFullRun(tree);
    const { 'src/physics/jet/grid.test.ts': _gone, ...rest } = PACKAGE;
    const renamed = memoryTree({ ...rest, 'src/physics/jet/grid2.test.ts': PACKAGE['src/physics/jet/grid.test.ts']! });
    const plan = planVerify(renamed, report, { force: false, paths: PATHS });
    expect(plan.removed.map((s) => s.file)).toEqual(['src/physics/jet/grid.test.ts']);
    expect(plan.studies.filter((s) => s.reason).map((s) => s.file)).toEqual(['src/physics/jet/grid2.test.ts']);
    const merged = mergeReport(report, [], plan.studies.map((s) => s.file), report);
    expect(merged.removedStudies).toEqual(['src/physics/jet/grid.test.ts']);
    expect(merged.removedCases).toEqual(['jet.grid']);
    expect(merged.report.cases).toEqual([]);
  });

  it('a study not run keeps its record and cases with the commit they ran at; one that ran replaces both', () => {
    const report = reportAfterFullRun(tree);
    expect(report.cases[0]!.last_run).toEqual({ commit: 'c0ffee', uncommitted_changes: false, ran_at: '2026-01-01T00:00:00.000Z', sources_hash: report.studies[0]!.sources_hash });
    const rerun: StudyRun = { ...report.studies[2]!, commit: 'beef', ran_at: '2026-02-01T00:00:00.000Z', cases: [] };
    const merged = mergeReport(report, [rerun], studies, report).report;
    expect(merged.studies.map((s) => s.commit)).toEqual(['c0ffee', 'c0ffee', 'beef', 'c0ffee']);
    expect(merged.cases).toEqual(report.cases);
    const failedAgain: StudyRun = { ...report.studies[0]!, commit: 'beef', passed: false, cases: [{ ...exampleCase('jet.grid', studies[0]!), error: 0.5, passed: false }] };
    const after = mergeReport(report, [failedAgain], studies, report).report;
    expect(after.cases).toMatchObject([{ id: 'jet.grid', passed: false, last_run: { commit: 'beef' } }]);
    expect(toRun(tree, after)).toEqual(['src/physics/jet/grid.test.ts: failed when it last ran']);
  });
});

describe('the studies of this package', () => {
  const tree = fileTree(PACKAGE_ROOT);
  const studies = studyFiles(tree);

  it('every verify path exists, and every study’s imports resolve (the hash covers what it runs)', () => {
    for (const path of VERIFY_PATHS) expect(tree.read(path) !== null || tree.list(path).length > 0, path).toBe(true);
    expect(studies.length).toBeGreaterThan(40);
    for (const study of studies) expect(() => studyDependencies(tree, study), study).not.toThrow();
  });

  it('the thermal studies’ sources include the shared thermal core, found from their imports', () => {
    const deps = studyDependencies(tree, 'test/verification/thermal-nafems-t3.test.ts').files;
    expect(deps.some((f) => f.startsWith('src/thermal/'))).toBe(true);
    expect(deps.some((f) => f.startsWith('src/physics/jet/'))).toBe(false);
  });

  it('every recorded case comes from a study (a case elsewhere would never reach the report)', () => {
    const isStudy = new Set(studies);
    expect(sourceCases().filter((c) => !isStudy.has(c.file)).map((c) => `${c.id} in ${c.file}`)).toEqual([]);
  });

  it('every test that asks for SIMFORGE_VERIFY=full is in a study (a full-size test elsewhere would never run)', () => {
    const isStudy = new Set(studies);
    const inStudies = new Set(studies.flatMap((s) => studyDependencies(tree, s).files));
    const asking = [...tree.list('src'), ...tree.list('test')].filter((f) => /\.ts$/.test(f) && !f.startsWith(`${REPORT_FOLDER}/`) && tree.read(f)!.includes('SIMFORGE_VERIFY'));
    expect(asking.length).toBeGreaterThan(10);
    expect(asking.filter((f) => (/\.test\.ts$/.test(f) ? !isStudy.has(f) : !inStudies.has(f)))).toEqual([]);
  });

  it('the committed report names no study whose file is gone (run npm run verify and commit the report)', () => {
    const isStudy = new Set(studies);
    expect((readReport()?.studies ?? []).filter((s) => !isStudy.has(s.file)).map((s) => s.file)).toEqual([]);
  });
});
