import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { DurationOrder } from './scripts/test-order.js';

// Server test files that measure their own process (its memory ceiling, how long its event loop is
// held) run in a process of their own. The others share one module graph per worker, which saves
// the server's seconds-long import (Fastify, the OpenID provider, drizzle) in every file; no server
// test mocks a module.
const serverOwnProcess = ['src/jobs/solver-pool.test.ts', 'src/db/database.test.ts', 'test/heavy-requests-off-the-event-loop.test.ts', 'test/estimates-off-the-event-loop.test.ts'];
// The same for the solvers: their files share one module graph per worker (importing the solvers
// afresh for each of ~160 files cost a minute of CPU), except those that mock a module or import
// one again after changing the environment.
const solversOwnGraph = ['src/run/solve-finite.test.ts', 'src/thermal/wasm-kernel.test.ts'];

// One run covers every workspace; each project keeps its own environment (node or jsdom).
export default defineConfig({
  test: {
    passWithNoTests: true,
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine, where
    // the second core then idles (the solvers project took 263 s of wall time for 287 s of CPU). The
    // main process only schedules and transforms, so every core gets a worker.
    maxWorkers: availableParallelism(),
    // Longest files first, from recorded durations where this checkout has none of its own.
    sequence: { sequencer: DurationOrder },
    projects: [
      'packages/contracts',
      { test: { name: 'solvers', root: './packages/solvers', environment: 'node', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], isolate: false, exclude: [...configDefaults.exclude, ...solversOwnGraph] } },
      { test: { name: 'solvers-own-graph', root: './packages/solvers', environment: 'node', include: solversOwnGraph } },
      'apps/web',
      { extends: './apps/server/vitest.config.ts', test: { name: 'server', root: './apps/server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], isolate: false, exclude: [...configDefaults.exclude, ...serverOwnProcess] } },
      { extends: './apps/server/vitest.config.ts', test: { name: 'server-own-process', root: './apps/server', include: serverOwnProcess } },
    ],
  },
});
