import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment (node or jsdom).
export default defineConfig({
  test: {
    passWithNoTests: true,
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine, where
    // the second core then idles (the solvers project took 263 s of wall time for 287 s of CPU). The
    // main process only schedules and transforms, so every core gets a worker.
    maxWorkers: availableParallelism(),
    projects: ['packages/contracts', 'packages/solvers', 'apps/server', 'apps/web'],
  },
});
