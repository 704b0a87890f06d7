// The structure rules of `npm test` (npm run check:structure) catch what they are for: an import
// circle, a file over 500 lines or a function over 120 without a reason.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSource, MAX_FILE_LINES, MAX_FUNCTION_LINES } from '../../../scripts/check-size.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('size rule', () => {
  it('flags a file over the limit unless a "Long file:" line at its top says why', () => {
    const text = `${Array.from({ length: MAX_FILE_LINES + 1 }, (_, i) => `export const c${i} = ${i};`).join('\n')}\n`;
    expect(checkSource('a.ts', text).map((p) => p.message)).toEqual([expect.stringContaining(`${MAX_FILE_LINES + 1} lines`)]);
    expect(checkSource('a.ts', `// Long file: a generated table.\n${text}`)).toEqual([]);
    expect(checkSource('a.ts', text.split('\n').slice(0, MAX_FILE_LINES).join('\n') + '\n')).toEqual([]);
  });

  it('flags a function over the limit, named, unless a "Long function:" line says why', () => {
    const long = `export function stepAll(): void {\n${body(MAX_FUNCTION_LINES - 1)}\n}\n`;
    const problems = checkSource('b.ts', long);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 1, message: expect.stringContaining('stepAll is 121 lines') });
    expect(checkSource('b.ts', `// Long function: one loop over shared arrays.\n${long}`)).toEqual([]);
    const arrow = `const run = () => {\n${body(MAX_FUNCTION_LINES - 1)}\n};\n`;
    expect(checkSource('c.ts', arrow)[0]?.message).toContain('run is 121 lines');
    expect(checkSource('c.ts', `const run = () => {\n${body(MAX_FUNCTION_LINES - 2)}\n};\n`)).toEqual([]);
  });
});

describe('import rules', () => {
  it('dependency-cruiser fails on a circle, even of types only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'circle-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import type { B } from './b.js';\nexport interface A { b?: B }\n");
      writeFileSync(join(dir, 'b.ts'), "import type { A } from './a.js';\nexport interface B { a?: A }\n");
      const run = spawnSync(join(ROOT, 'node_modules/.bin/depcruise'), [dir, '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'err'], { cwd: ROOT, encoding: 'utf8' });
      expect(run.status).not.toBe(0);
      expect(run.stdout).toMatch(/error no-circular: .*a\.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
