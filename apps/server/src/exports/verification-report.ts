// The verification report `npm run verify` writes into the solvers package
// (packages/solvers/verification-report.json), read from disk when it changes.

import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { VerificationReport } from '@simforge/contracts';
import { SERVER_PACKAGE_JSON } from '../paths.js';

/** packages/solvers/verification-report.json, found through the package's entry point. */
export function defaultReportPath(): string {
  const entry = createRequire(SERVER_PACKAGE_JSON).resolve('@simforge/solvers');
  return join(dirname(entry), '..', 'verification-report.json');
}

export interface VerificationReportSource {
  /** The report, or null when it has not been generated. */
  load(): Promise<VerificationReport | null>;
}

export function fileReportSource(path = defaultReportPath()): VerificationReportSource {
  let cached: { mtimeMs: number; report: VerificationReport } | null = null;
  return {
    async load() {
      let mtimeMs: number;
      try {
        mtimeMs = (await stat(path)).mtimeMs;
      } catch {
        return null;
      }
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, report: VerificationReport.parse(JSON.parse(await readFile(path, 'utf8'))) };
      return cached.report;
    },
  };
}

/** `@simforge/solvers 0.1.0, duct-developing 1.0.0` -> `duct-developing`. */
export function modelOfSolverVersion(solverVersion: string | null): string | null {
  if (!solverVersion) return null;
  return /(?:^|, )([^\s,]+) [^\s,]+$/.exec(solverVersion)?.[1] ?? null;
}
