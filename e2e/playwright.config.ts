import { defineConfig } from '@playwright/test';
import { e2eServer } from './support/server.js';

// Real Chromium (Debian's) against the real server with its embedded database, started fresh for
// every run. Two workers share the one server: a test mostly waits (for the page, for a run), so a
// second worker halves the wall time on two cores. Tests keep to their own users: none signs the
// admin out (that ends the admin's tokens everywhere), and each makes the engineers it needs.
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: e2eServer.url,
    video: 'off',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // A fresh data folder each run, so the first superuser and the outbox are known. The compiled
    // server, as `npm start` runs it: `npm run build` (root) writes it, `npm run test:e2e` builds first.
    command: `rm -rf "${e2eServer.dataDir}" && node --enable-source-maps ../apps/server/dist/main.js`,
    url: `${e2eServer.url}/api/v1/utils/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: e2eServer.env,
  },
});
