// recordCase(): a verification test states what it compared, against which reference, with which
// tolerance and what error it measured. The case rides on the test's metadata to the reporter of
// `npm run verify` (reporter.ts), which writes packages/solvers/verification-report.json. Call it
// with a literal `id` and a literal (or module-level `const`) tolerance: report-current.test.ts
// reads both from the source to check that the committed report is current.

import { TestRunner } from 'vitest';

export interface CaseRecord {
  /** Stable, unique, literal: `<model>.<case>[.<quantity>]`. */
  id: string;
  /** The numerical model (as in solver_version): cwm-thermal-3d, duct-developing, duct-1d, network-gga, jet... */
  model: string;
  kind: 'verification' | 'validation' | 'sensitivity';
  compared: string;
  reference: string;
  value?: number;
  reference_value?: number;
  unit?: string;
  /** relative: |value/reference − 1| (the default); absolute: |value − reference| in `unit`. */
  error_kind?: 'relative' | 'absolute';
  tolerance: number;
  /** Given, or computed from value and reference_value. */
  error?: number;
  /** A documented deviation: outside the tolerance for a stated, understood reason (the report shows it as such). */
  deviation?: string;
}

export interface RecordedCase extends Required<Omit<CaseRecord, 'value' | 'reference_value' | 'deviation'>> {
  value: number | null;
  reference_value: number | null;
  passed: boolean;
  deviation: string | null;
}

declare module 'vitest' {
  interface TaskMeta {
    verification?: RecordedCase[];
  }
}

function errorOf(record: CaseRecord, kind: 'relative' | 'absolute'): number {
  if (record.error !== undefined) return Math.abs(record.error);
  if (record.value === undefined || record.reference_value === undefined) throw new Error(`recordCase ${record.id}: give error, or value and reference_value`);
  return kind === 'relative' ? Math.abs(record.value / record.reference_value - 1) : Math.abs(record.value - record.reference_value);
}

/** Records the case on the running test and returns its error (so the test asserts on the same number). */
export function recordCase(record: CaseRecord): number {
  const test = TestRunner.getCurrentTest();
  if (!test) throw new Error(`recordCase ${record.id}: call it inside a test`);
  const errorKind = record.error_kind ?? 'relative';
  const error = errorOf(record, errorKind);
  const recorded: RecordedCase = {
    id: record.id,
    model: record.model,
    kind: record.kind,
    compared: record.compared,
    reference: record.reference,
    value: record.value ?? null,
    reference_value: record.reference_value ?? null,
    unit: record.unit ?? '',
    error_kind: errorKind,
    tolerance: record.tolerance,
    error,
    passed: Number.isFinite(error) && error <= record.tolerance,
    deviation: record.deviation ?? null,
  };
  const list = (test.meta.verification ??= []);
  if (list.some((c) => c.id === record.id)) throw new Error(`recordCase ${record.id}: recorded twice in one test`);
  list.push(recorded);
  return error;
}
