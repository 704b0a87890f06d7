import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment (node or jsdom).
export default defineConfig({
  test: {
    passWithNoTests: true,
    projects: ['packages/contracts', 'packages/solvers', 'apps/server', 'apps/web'],
  },
});
