// Records how long each test file took in the last full `vitest run` on this checkout (vitest's own
// results cache) into scripts/test-durations.json, which scripts/test-order.ts falls back to on a
// checkout without a cache. Run after a full, passing `npm run test:unit` on a quiet machine.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function findResults(dir: string): string[] {
  let found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found = found.concat(findResults(path));
    else if (name === 'results.json') found.push(path);
  }
  return found;
}

const cacheDir = 'node_modules/.vite/vitest';
const [newest] = findResults(cacheDir).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
if (!newest) throw new Error(`no results.json under ${cacheDir}: run \`npm run test:unit\` first`);

const { results } = JSON.parse(readFileSync(newest, 'utf8')) as { results: [string, { duration: number; failed: boolean }][] };
const durations = Object.fromEntries(
  results
    // The cache keeps files of earlier runs too: only test files that still exist.
    .filter(([key]) => !key.includes('node_modules') && existsSync(key.slice(key.indexOf(':') + 1)))
    .map(([key, { duration }]) => [key, Math.round(duration / 100) * 100] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);
const file = 'scripts/test-durations.json';
writeFileSync(file, `${JSON.stringify({ about: 'Milliseconds per test file in a full vitest run; written by npm run test:durations, read by scripts/test-order.ts.', durations }, null, 1)}\n`);
console.log(`${Object.keys(durations).length} files from ${newest} -> ${file}`);
