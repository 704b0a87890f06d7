// Which verification studies `npm run verify` runs (those whose sources changed since they last
// passed, or all when forced) and how a run's results merge into the committed report, so that a
// study not run keeps its recorded result, with the commit it ran at (docs/adr/0006-verify-gating.md).

import { execFileSync } from 'node:child_process';
import type { LastRun, ReportCase, ReportFile, StudyRecord } from './report-file.js';
import { familyOf, sourcesHash, studyDependencies, type SourceTree } from './sources.js';
import { studyFiles } from './studies.js';

export type RunReason = 'forced' | 'not recorded' | 'sources changed' | 'failed when it last ran';

export interface PlannedStudy {
  file: string;
  family: string | null;
  sources_hash: string;
  /** Why it runs; null: it is kept as recorded. */
  reason: RunReason | null;
  recorded: StudyRecord | null;
}

export interface VerifyPlan {
  studies: PlannedStudy[];
  /** Studies in the report whose test file is gone (deleted or renamed): dropped from it. */
  removed: StudyRecord[];
}

/** The current studies, their hashes, and which of them must run. */
export function planVerify(tree: SourceTree, report: Pick<ReportFile, 'studies'> | null, options: { force: boolean; paths?: readonly string[] }): VerifyPlan {
  const recorded = new Map((report?.studies ?? []).map((s) => [s.file, s]));
  const files = studyFiles(tree, options.paths);
  const studies = files.map((file): PlannedStudy => {
    const hash = sourcesHash(tree, studyDependencies(tree, file));
    const record = recorded.get(file) ?? null;
    const reason: RunReason | null = options.force
      ? 'forced'
      : !record
        ? 'not recorded'
        : record.sources_hash !== hash
          ? 'sources changed'
          : !record.passed
            ? 'failed when it last ran'
            : null;
    return { file, family: familyOf(file), sources_hash: hash, reason, recorded: record };
  });
  const current = new Set(files);
  return { studies, removed: [...recorded.values()].filter((s) => !current.has(s.file)) };
}

/** One study as this run left it, with the cases its tests recorded. */
export interface StudyRun extends StudyRecord {
  cases: Omit<ReportCase, 'last_run'>[];
}

export interface MergedReport {
  report: ReportFile;
  /** Studies dropped because their file is gone, and the cases that went with them. */
  removedStudies: string[];
  removedCases: string[];
}

/**
 * The report after a run: each study that ran replaces its record and all its cases; every other
 * current study keeps its record and cases; studies whose file is gone leave, with their cases.
 */
export function mergeReport(
  previous: ReportFile | null,
  runs: StudyRun[],
  current: readonly string[],
  header: Pick<ReportFile, 'generated_at' | 'command' | 'solvers_version' | 'models'>,
): MergedReport {
  const ran = new Set(runs.map((r) => r.file));
  const isCurrent = new Set(current);
  const kept = (previous?.studies ?? []).filter((s) => isCurrent.has(s.file) && !ran.has(s.file));
  const keptCases = (previous?.cases ?? []).filter((c) => isCurrent.has(c.test.file) && !ran.has(c.test.file));
  const removedStudies = (previous?.studies ?? []).filter((s) => !isCurrent.has(s.file)).map((s) => s.file);
  const removedCases = (previous?.cases ?? []).filter((c) => !isCurrent.has(c.test.file)).map((c) => c.id);
  const studies: StudyRecord[] = [...kept, ...runs.map(({ cases: _cases, ...record }) => record)].sort((a, b) => a.file.localeCompare(b.file));
  const newCases: ReportCase[] = runs.flatMap((run) => run.cases.map((c) => ({ ...c, last_run: lastRunOf(run) })));
  const cases = [...keptCases, ...newCases].sort((a, b) => a.id.localeCompare(b.id));
  // One id, one case: an id inside it.each or a loop would record several (give each its own literal id).
  const repeated = cases.filter((c, i) => i > 0 && cases[i - 1]!.id === c.id).map((c) => c.id);
  if (repeated.length > 0) throw new Error(`verification report not written: ids recorded more than once: ${[...new Set(repeated)].join(', ')}`);
  return { report: { ...header, studies, cases }, removedStudies, removedCases };
}

export function lastRunOf(record: LastRun): LastRun {
  return { commit: record.commit, uncommitted_changes: record.uncommitted_changes, ran_at: record.ran_at, sources_hash: record.sources_hash };
}

export interface GitState {
  commit: string | null;
  /** Package-relative paths with uncommitted changes (modified, added, untracked). */
  changed: Set<string>;
}

/** The checked-out commit and the uncommitted files of the package at `root`, or no commit outside git. */
export function gitState(root: string): GitState {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const commit = git('rev-parse', 'HEAD').trim();
    const prefix = git('rev-parse', '--show-prefix').trim();
    const changed = new Set<string>();
    // Porcelain paths are relative to the repository's top; -z keeps them unquoted.
    const entries = git('status', '--porcelain=v1', '-z', '--untracked-files=all', '--', '.').split('\0');
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      if (entry.length < 4) continue;
      const path = entry.slice(3);
      if (path.startsWith(prefix)) changed.add(path.slice(prefix.length));
      // A rename is followed by its old path.
      if (entry[0] === 'R' || entry[0] === 'C') i++;
    }
    return { commit, changed };
  } catch {
    return { commit: null, changed: new Set() };
  }
}

/** The files of a study's sources that differ from the recorded commit (to say why it runs), or null without git. */
export function changedSince(root: string, commit: string, files: readonly string[]): string[] | null {
  try {
    const out = execFileSync('git', ['diff', '--name-only', '--relative', commit, '--', ...files], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.split('\n').filter(Boolean);
  } catch {
    return null;
  }
}
