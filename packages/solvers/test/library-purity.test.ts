// The library is pure numerics: no Node or DOM APIs, no timers, no randomness, outside cli.ts.
// (tsconfig.lib.json also type-checks src/ without Node's types.)

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json';
import { SOLVERS_VERSION } from '../src/version.js';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'cli.ts' ? [path] : [];
  });
}

/** Import specifiers are strings, so these are matched against the text as written. */
const FORBIDDEN_IMPORTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/from\s+['"]node:/, 'a node: import'],
  [/from\s+['"](fs|path|os|child_process|worker_threads|url)['"]/, 'a Node built-in import'],
  [/\brequire\(/, 'require()'],
];

/** Matched against the code with its quoted strings emptied: a field path such as 'process.travel_speed' is data. */
const FORBIDDEN: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bprocess\./, 'process'],
  [/\b(setTimeout|setInterval|setImmediate|queueMicrotask)\(/, 'a timer'],
  [/\bMath\.random\(/, 'randomness'],
  // Not after a dot: `o.window.from` is a property of ours, not the browser's window.
  [/(?<![.\w$])(window|document|globalThis|performance)\./, 'a host global'],
  [/\bconsole\./, 'console output'],
];

describe('library purity', () => {
  const files = sourceFiles(SRC);

  it('finds the library sources', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [relative(SRC, f), f]))('%s uses no host APIs', (_name, file) => {
    const text = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('//') && !line.trimStart().startsWith('*'))
      .join('\n');
    for (const [pattern, what] of FORBIDDEN_IMPORTS) expect(pattern.test(text), what).toBe(false);
    const code = text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''");
    for (const [pattern, what] of FORBIDDEN) expect(pattern.test(code), what).toBe(false);
  });

  it('reports the package version', () => {
    expect(SOLVERS_VERSION).toBe(packageJson.version);
  });
});
