// Where the verification report lives and how its cases are found in the test sources (shared by
// the reporter that writes it and the test that checks it is current).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RecordedCase } from './record.js';

/** packages/solvers */
export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const REPORT_PATH = join(PACKAGE_ROOT, 'verification-report.json');
export const VERIFY_COMMAND =
  'npm run verify (packages/solvers: test/verification/report/verify.ts runs, with SIMFORGE_VERIFY=full, the studies whose sources changed since they last passed; SIMFORGE_VERIFY=all runs every one)';

/** Where and on what a study (and so each of its cases) last ran. */
export interface LastRun {
  /** The commit checked out (git HEAD), or null outside a git checkout. */
  commit: string | null;
  /** Whether the study's sources differed from that commit (uncommitted changes). */
  uncommitted_changes: boolean;
  ran_at: string;
  /** sources.ts: the hash of everything the study imports and of its family's sources. */
  sources_hash: string;
}

export interface StudyRecord extends LastRun {
  /** The test file, relative to packages/solvers. */
  file: string;
  /** The folder hashed whole (src/physics/<family>), or null. */
  family: string | null;
  passed: boolean;
  /** The tests' outcomes and the file's duration; null in a record carried over from a report written before studies were recorded. */
  tests: { passed: number; failed: number; skipped: number; todo: number } | null;
  duration_s: number | null;
}

export type ReportCase = Omit<RecordedCase, 'error'> & { error: number | null; test: { file: string; name: string }; last_run: LastRun };

export interface ReportFile {
  generated_at: string;
  command: string;
  solvers_version: string;
  models: { model: string; types: string[] }[];
  /** Every study `npm run verify` knows, with its last run: the gate compares sources_hash. */
  studies: StudyRecord[];
  cases: ReportCase[];
}

/** The committed report, or null when there is none. */
export function readReport(path = REPORT_PATH): ReportFile | null {
  if (!existsSync(path)) return null;
  const report = JSON.parse(readFileSync(path, 'utf8')) as ReportFile;
  // A report written before studies were recorded has none: every study then runs.
  return { ...report, studies: report.studies ?? [] };
}

export interface SourceCase {
  id: string;
  file: string;
  /** The tolerance as written: a number, or null when it is not a literal or a module-level const. */
  tolerance: number | null;
  toleranceText: string;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The text of the call starting at `open` (the index of its opening parenthesis). */
function callText(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

function constValue(source: string, name: string): number | null {
  const m = new RegExp(`^const ${name}\\s*=\\s*([-+0-9.eE_]+)\\s*;`, 'm').exec(source);
  return m ? Number(m[1]!.replace(/_/g, '')) : null;
}

/** The recordCase calls of one source file. */
export function casesInSource(source: string, file: string): SourceCase[] {
  const cases: SourceCase[] = [];
  for (const m of source.matchAll(/\brecordCase\(/g)) {
    const call = callText(source, m.index! + m[0].length - 1);
    const id = /\bid:\s*'([^']+)'/.exec(call)?.[1] ?? /\bid:\s*"([^"]+)"/.exec(call)?.[1];
    // The property, not the word inside a reference text: it follows `{`, `,` or a line start.
    const toleranceText = /(?:^|[{,])\s*tolerance:\s*([^,}\n]+)/m.exec(call)?.[1]?.trim() ?? '';
    const tolerance = /^[-+0-9.eE_]+$/.test(toleranceText) ? Number(toleranceText.replace(/_/g, '')) : /^[A-Z_][A-Z0-9_]*$/.test(toleranceText) ? constValue(source, toleranceText) : null;
    cases.push({ id: id ?? `<no literal id at ${file}:${source.slice(0, m.index).split('\n').length}>`, file, tolerance, toleranceText });
  }
  return cases;
}

/** Every `recordCase({ id: '...', ..., tolerance: ... })` in the package's test files (this folder's own tests excepted). */
export function sourceCases(root = PACKAGE_ROOT): SourceCase[] {
  const own = join(root, 'test', 'verification', 'report');
  return [...testFiles(join(root, 'src')), ...testFiles(join(root, 'test'))]
    .filter((path) => !path.startsWith(own))
    .flatMap((path) => casesInSource(readFileSync(path, 'utf8'), relative(root, path)));
}
