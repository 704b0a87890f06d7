// Exports, import and the verification report (issue 8): the case file a simulation exports and
// imports, the import request, the download addresses the view page links to, and the shape of the
// verification report that `npm run verify` writes and the server serves.

import { z } from 'zod';
import { INP_FILE_KIND, MAX_INP_LENGTH } from './simulations/types/pipe-network.js';

/** The `format` tag of a SimForge case file; `version` changes when its shape does. */
export const CASE_FILE_FORMAT = 'simforge-case';
export const CASE_FILE_VERSION = 1;

/** A simulation as a file: everything needed to create an equal simulation (values SI). */
export const CaseFile = z.object({
  format: z.literal(CASE_FILE_FORMAT, { error: `This field must be "${CASE_FILE_FORMAT}"` }),
  version: z.literal(CASE_FILE_VERSION, { error: `This field must be ${CASE_FILE_VERSION}` }),
  type: z.string({ error: 'This field is required' }).min(1, { error: 'This field is required' }),
  title: z.string({ error: 'This field is required' }).min(1, { error: 'This field is required' }),
  description: z.string().nullish(),
  parameters: z.record(z.string(), z.unknown(), { error: 'This field must be an object' }),
  /** The solver that produced the exported run (null for a simulation that never ran). */
  solver_version: z.string().nullable().optional(),
  exported_at: z.string().optional(),
  /** Where it came from (informative; import ignores it). */
  source: z.object({ simulation_id: z.string(), run_id: z.string().nullable(), run_number: z.number().int().nullable() }).optional(),
});
export type CaseFile = z.infer<typeof CaseFile>;

/** The longest file the import accepts, characters: an `.inp` at its limit, or its case file. */
export const MAX_IMPORT_LENGTH = 2 * MAX_INP_LENGTH;

/** POST /simulations/import: a case file (`.json`) or an EPANET file (`.inp`) read as text. */
export const SimulationImport = z.object({
  file_name: z.string({ error: 'This field is required' }).trim().min(1, { error: 'This field is required' }).max(255, { error: 'At most 255 characters' }),
  content: z.string({ error: 'This field is required' }).min(1, { error: 'The file is empty' }).max(MAX_IMPORT_LENGTH, { error: `At most ${MAX_IMPORT_LENGTH} characters` }),
  /** Replaces the file's title (an `.inp` file's title is its [TITLE] line, else the file name). */
  title: z.string().trim().min(1).max(200, { error: 'At most 200 characters' }).optional(),
});
export type SimulationImport = z.infer<typeof SimulationImport>;

/** What an imported file must be, by its name, as messages name it ("not a SimForge case file (...)"). */
export function importFileKind(fileName: unknown): string {
  const name = typeof fileName === 'string' ? fileName.trim().toLowerCase() : '';
  if (name.endsWith('.json')) return 'a SimForge case file';
  if (name.endsWith('.inp')) return INP_FILE_KIND;
  return `a SimForge case file (.json) or ${INP_FILE_KIND} (.inp)`;
}

/** The download addresses under /api/v1 (each takes an optional `run_id` query). */
export const exportPaths = {
  seriesCsv: (id: string, name: string) => `/simulations/${id}/export/series/${encodeURIComponent(name)}`,
  fieldVtk: (id: string, name: string) => `/simulations/${id}/export/fields/${encodeURIComponent(name)}`,
  caseJson: (id: string) => `/simulations/${id}/export/case`,
  networkInp: (id: string) => `/simulations/${id}/export/network`,
  reportPdf: (id: string) => `/simulations/${id}/export/report`,
  import: '/simulations/import',
  verificationReport: '/verification-report',
} as const;

/** Types whose case is a pipe network that exports as an EPANET `.inp` file. */
export const networkExportTypes: readonly string[] = ['PIPE_NETWORK', 'PIPE_NETWORK_2'];

// --------------------------------------------------------------------------- verification report

/**
 * Where a verification study (one test file of `npm run verify`) last ran. `npm run verify` runs a
 * study again only when the hash of its sources differs from `sources_hash`; otherwise the study
 * and its cases keep this run's result.
 */
export const VerificationLastRun = z.object({
  /** The commit checked out (git HEAD), or null outside a git checkout. */
  commit: z.string().nullable(),
  /** Whether the study's sources had uncommitted changes against that commit. */
  uncommitted_changes: z.boolean(),
  ran_at: z.string(),
  sources_hash: z.string(),
});
export type VerificationLastRun = z.infer<typeof VerificationLastRun>;

export const VerificationCase = z.object({
  /** Stable id, written literally in the test (`recordCase({ id: 'welding.rosenthal.t85', ... })`). */
  id: z.string(),
  /** The numerical model checked (`duct-developing`, `welding`, ...), as in solver_version. */
  model: z.string(),
  /**
   * verification: against mathematics (exact, manufactured, another code); validation: against
   * experiments or correlations of them; sensitivity: how a result moves when one input moves, against
   * the sign and rough size physics gives (value and reference_value are the ratios new/base).
   */
  kind: z.enum(['verification', 'validation', 'sensitivity']),
  /** What is compared, in words. */
  compared: z.string(),
  /** The reference and where it comes from. */
  reference: z.string(),
  /** Our value and the reference value, when the comparison is of one number. */
  value: z.number().nullable(),
  reference_value: z.number().nullable(),
  unit: z.string(),
  /** How the error is measured: relative (|ours/ref − 1|) or absolute (in `unit`). */
  error_kind: z.enum(['relative', 'absolute']),
  tolerance: z.number(),
  /** null when it could not be computed (NaN): the case fails. */
  error: z.number().nullable(),
  passed: z.boolean(),
  /**
   * A documented deviation: the case is outside its tolerance, the reason is known and stated here,
   * and the test pins the value so that a change shows. null (or absent) for every other case.
   */
  deviation: z.string().nullable().default(null),
  /** The test that computed it: file (from the solvers package) and name. */
  test: z.object({ file: z.string(), name: z.string() }),
  /** When and at which commit its study last ran (absent in a report written before runs were recorded). */
  last_run: VerificationLastRun.optional(),
});
export type VerificationCase = z.infer<typeof VerificationCase>;

export const VerificationStudy = VerificationLastRun.extend({
  /** The test file, from the solvers package. */
  file: z.string(),
  /** The solver family whose sources its hash covers whole (src/physics/<family>), or null. */
  family: z.string().nullable(),
  passed: z.boolean(),
  /** null in a record carried over from a report written before studies were recorded. */
  tests: z.object({ passed: z.number(), failed: z.number(), skipped: z.number(), todo: z.number() }).nullable(),
  duration_s: z.number().nullable(),
});
export type VerificationStudy = z.infer<typeof VerificationStudy>;

export const VerificationReport = z.object({
  generated_at: z.string(),
  /** The command that wrote it. */
  command: z.string(),
  solvers_version: z.string(),
  /** Each model and the simulation types it runs (so a page can pick a type's cases). */
  models: z.array(z.object({ model: z.string(), types: z.array(z.string()) })),
  /** Every study with its last run (absent in a report written before studies were recorded). */
  studies: z.array(VerificationStudy).default([]),
  cases: z.array(VerificationCase),
});
export type VerificationReport = z.infer<typeof VerificationReport>;
