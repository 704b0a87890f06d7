// The verification studies: the test files `npm run verify` runs with SIMFORGE_VERIFY=full. Each
// is gated on the hash of its sources (sources.ts) and recorded in the verification report.

import type { SourceTree } from './sources.js';

/** Folders (every test file in them) and files `npm run verify` runs, relative to packages/solvers. */
export const VERIFY_PATHS: readonly string[] = [
  'test/verification',
  'src/physics/duct-developing',
  'src/physics/network',
  'src/physics/jet',
  'src/physics/geothermal/sensitivity.test.ts',
  'src/physics/melt-pool/model/sensitivity.test.ts',
  'src/physics/melt-pool/model/source-split.test.ts',
  'src/physics/welding/model/sensitivity.test.ts',
  'src/physics/welding/model/t85-mesh.verify.test.ts',
  'src/physics/welding/model/peak-mesh.verify.test.ts',
  'src/physics/welding/model/peak-step.verify.test.ts',
];

/** The report's own tests (they check the machinery in `npm test`; they are not studies). */
export const REPORT_FOLDER = 'test/verification/report';

const TEST_FILE = /\.test\.ts$/;
/** A full-size study that only `npm run verify` runs (it skips itself without SIMFORGE_VERIFY=full). */
export const VERIFY_ONLY_FILE = /\.verify\.test\.ts$/;

/** Every study, sorted: the test files of VERIFY_PATHS and every *.verify.test.ts under src/. */
export function studyFiles(tree: SourceTree, paths: readonly string[] = VERIFY_PATHS): string[] {
  const files = new Set<string>();
  for (const path of paths) {
    if (TEST_FILE.test(path)) {
      if (tree.read(path) === null) throw new Error(`VERIFY_PATHS names ${path}, which does not exist`);
      files.add(path);
    } else {
      for (const file of tree.list(path)) if (TEST_FILE.test(file)) files.add(file);
    }
  }
  for (const file of tree.list('src')) if (VERIFY_ONLY_FILE.test(file)) files.add(file);
  return [...files].filter((file) => !file.startsWith(`${REPORT_FOLDER}/`)).sort();
}
