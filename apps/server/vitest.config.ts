import { defineProject } from 'vitest/config';

// PGlite's first open takes seconds: each test file shares one instance (see test/harness.ts), and
// every instance starts from one migrated template (test/pglite-template.ts). The root config runs
// these files in two projects (shared module graph, and a process per file): see ../../vitest.config.ts.
// No `include` here: the projects there set theirs, and extending merges arrays.
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    globalSetup: ['./test/pglite-template.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
