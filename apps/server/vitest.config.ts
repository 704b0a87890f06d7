import { defineProject } from 'vitest/config';

// PGlite's first open takes seconds: each test file shares one instance (see test/harness.ts).
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
