// The start-up script as an operator meets it.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

describe('npm start in production', () => {
  it('refuses to start with default or missing secrets: clear message, exit 1', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'simforge-main-'));
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, SECRET_KEY: 'changethis', PORT: '0' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('SimForge cannot start.');
      expect(result.stderr).toContain('SECRET_KEY is a well-known default');
      expect(result.stderr).toContain('FIRST_SUPERUSER_PASSWORD must be set in production');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
