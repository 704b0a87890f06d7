/** The package version (kept equal to package.json by version.test.ts). */
export const SOLVERS_VERSION = '0.1.0';
