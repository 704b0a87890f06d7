import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom and one module graph per worker instead of per file: the setup file's afterEach
    // resets the DOM, storage, cookies, stubs, mocks and timers, and no test mocks a module. Halves
    // the project's time (404 s -> 197 s on one worker: jsdom and MUI were set up 79 times).
    isolate: false,
    // Rendering MUI screens in jsdom takes seconds when the server suites share the two cores.
    testTimeout: 20_000,
  },
});
